"""The prize sheet as pages and the CSV show it: each line with the player's record."""

from ..services.standings import event_standings
from .standings import record_text


def with_records(event, sheet):
    """The sheet with each line's record from the standings (a fixed sheet's players are final)."""
    records = {row["entrant"]: record_text(row) for row in event_standings(event)}
    lines = [{**line, "record": records.get(line["entrant"], "")} for line in sheet.get("lines", [])]
    return {**sheet, "lines": lines}
