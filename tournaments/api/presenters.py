"""JSON shapes for rounds and brackets, shared by the API and the live pages."""

from ..models import Round


def round_payload(round_, only=None):
    matches = round_.matches.prefetch_related("seats__entrant").order_by("table")
    if only is not None:
        matches = matches.filter(pk=only.pk)
    tables = [table_payload(match) for match in matches]
    if only is not None:
        return tables[0]
    return {"number": round_.number, "stage": round_.stage, "tables": tables, "notes": round_.notes}


def table_payload(match):
    seats = list(match.seats.all())
    return {
        "table": match.table,
        "match": match.pk,
        "entrants": [seat.entrant_id for seat in seats],
        "names": [seat.entrant.name for seat in seats],
        "bye": match.is_bye,
        "status": match.status,
        "wins": {str(seat.entrant_id): seat.game_wins for seat in seats} if match.status == "confirmed" else None,
        "placements": {str(seat.entrant_id): seat.placement for seat in seats if seat.placement} or None,
        "draws": match.draws,
    }


def bracket_payload(event):
    rounds = event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("number")
    return {"size": event.top_cut, "status": event.status, "rounds": [round_payload(r) for r in rounds]}
