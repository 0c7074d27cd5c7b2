"""An event as the open formats carry it (engine/interchange.py): rows into an EventRecord, and the
preview of an import in words. The exports themselves are written by the engine."""

from django.db.models import Prefetch
from django.utils import timezone

from core.errors import DomainError
from core.exports import neutralised

from ..access import can
from ..engine.interchange import EventRecord, PlayerRecord, RoundRecord, Standing, TableRecord
from ..engine.interchange_csv import write_standings
from ..engine.interchange_json import write_json
from ..engine.interchange_trf import write_trf
from ..models import Match, Round, Seat
from ..services.standings import event_standings

# The exports: (writer of an EventRecord, media type, file suffix).
EXPORTS = {
    "trf": (write_trf, "text/plain; charset=utf-8", "trf"),
    "json": (write_json, "application/json", "json"),
}


def export_variant(event, user, kind):
    """The export's cache name for this reader. The pairing seed lets anyone compute a round before
    it is posted, so it goes only in the exports of those who run the event, and in everyone's
    once the event is finished."""
    seeded = kind != "csv" and (event.is_finished or can(user, event, "manage"))
    return f"export-{kind}" + ("-seeded" if seeded else "")


def export_text(event, kind, seeded=True):
    """The event in an open format (`EXPORTS`); a DomainError for an event the format cannot hold."""
    if kind == "csv":
        # Plain and English for other tools, but a name a spreadsheet would run as a formula stays text.
        return write_standings([{**row, "name": neutralised(row["name"])} for row in event_standings(event)])
    return EXPORTS[kind][0](event_record(event, seeded))


def event_record(event, seeded=True):
    """The event's players (start numbers in order of entry), Swiss rounds and standings."""
    if event.mode != event.Mode.VERSUS:
        raise DomainError("interchange.not_swiss", reason=event.get_mode_display(), status=409)
    entrants = list(event.entrants.order_by("pk").values_list("pk", "name", "joined_round", "dropped_after"))
    number = {pk: index for index, (pk, *_rest) in enumerate(entrants, start=1)}
    players = tuple(PlayerRecord(number[pk], name, joined, dropped) for pk, name, joined, dropped in entrants)
    standings = {
        number[row["entrant"]]: Standing(row.get("swiss_rank", row["rank"]), row["match_points"], row["omw"])
        for row in event_standings(event)
    }
    return EventRecord(
        name=event.name,
        game=event.game.slug,
        format=event.format_slug,
        best_of=event.best_of,
        swiss_rounds=event.swiss_rounds,
        seed=event.settings.seed if seeded else None,
        tiebreakers=event.settings.tiebreakers,
        late_entry_losses=event.settings.late_entry_losses,
        starts_on=timezone.localdate(event.starts_at).isoformat() if event.starts_at else "",
        venue=event.venue,
        players=players,
        rounds=_rounds(event, number),
        standings=standings,
    )


def _rounds(event, number):
    seats = Prefetch("seats", queryset=Seat.objects.order_by("pk"))
    matches = Prefetch("matches", queryset=Match.objects.order_by("table").prefetch_related(seats))
    swiss = event.rounds.filter(stage=Round.Stage.SWISS).order_by("number").prefetch_related(matches)
    return tuple(
        RoundRecord(round_.number, tuple(_table(match, number) for match in round_.matches.all())) for round_ in swiss
    )


def _table(match, number):
    seated = list(match.seats.all())
    players = tuple(number[seat.entrant_id] for seat in seated)
    if match.is_bye or match.status != Match.Status.CONFIRMED:
        return TableRecord(match.table, players)
    return TableRecord(match.table, players, tuple(seat.game_wins for seat in seated), match.draws)


SHOWN_NAMES = 50


def import_preview(record):
    """What an import will create, for the preview page and the API (plain data)."""
    dropped = [player for player in record.players if player.dropped_after is not None]
    return {
        "name": record.name,
        "game": record.game,
        "format": record.format,
        "best_of": record.best_of,
        "players": len(record.players),
        "names": [player.name for player in record.players[:SHOWN_NAMES]],
        "dropped": len(dropped),
        "rounds": [
            {
                "number": round_.number,
                "tables": sum(1 for table in round_.tables if not table.is_bye),
                "byes": sum(1 for table in round_.tables if table.is_bye),
                "results": sum(1 for table in round_.tables if table.has_result and not table.is_bye),
            }
            for round_ in record.rounds
        ],
        "next_round": len(record.rounds) + (1 if all(round_.complete for round_ in record.rounds) else 0),
    }
