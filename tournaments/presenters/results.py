"""Results for people: score text, a table's result and state, players' reports and their problems; and
the log's words for entered, reported and confirmed results."""

from collections import namedtuple

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import DomainError

from ..engine import penalties
from ..engine.match_result import MatchResult
from ..models import AuditAction, Match, Report
from ..models.entrants import labels_among
from ..services.results import seated_result
from .audit import describes

# A seat read as a plain row, without the ORM.
PlainSeat = namedtuple("PlainSeat", ("entrant_id", "name", "game_wins", "placement", "games_conceded"))


def drawn_games(count):
    return ngettext("%(count)s drawn game", "%(count)s drawn games", count) % {"count": count}


def score_text(result, names=None, first=None):
    """“2–1 (1 drawn game)” with `first`'s games first; pods: “1. Ana · 2. Bo” when names are given."""
    if result.is_pod:
        if names is None:
            return ""
        placed = sorted(result.sides, key=lambda side: (result.placements[side], names.get(side, "")))
        return " · ".join(f"{result.placements[side]}. {names.get(side, '?')}" for side in placed)
    order = [first, *(side for side in result.sides if side != first)] if first in result.sides else result.sides
    score = "–".join(str(result.wins[side]) for side in order)
    return f"{score} ({drawn_games(result.draws)})" if result.draws else score


def confirmed_result(match, seats):
    """The match's result once confirmed (not for byes), else None."""
    if match.is_bye or match.status != Match.Status.CONFIRMED:
        return None
    return seated_result(match, seats)


def head_start(seats):
    """A table without a result that starts from game losses given before it ("ben leads 1–0: game
    loss to lena"), as plain data for templates (tournaments/_head_start.html) and the API; None
    without one. `seats`: Seats or PlainSeats."""
    losses = {seat.entrant_id: seat.games_conceded for seat in seats}
    if not any(losses.values()):
        return None
    start = penalties.head_start(list(losses), losses)
    names = {seat.entrant_id: getattr(seat, "name", None) or seat.entrant.name for seat in seats}
    ordered = sorted(losses, key=lambda side: -start.wins[side])
    return {
        "wins": {str(side): start.wins[side] for side in losses},
        "game_losses": {str(side): games for side, games in losses.items() if games},
        "leader": names[start.winner] if start.winner is not None else "",
        "score": "–".join(str(start.wins[side]) for side in ordered),
        "penalised": ", ".join(names[side] for side in losses if losses[side]),
        "games": sum(losses.values()),
    }


def outcome_for(match, seats, entrant_id):
    """pending, bye, win, draw or loss from one entrant's seat, with the score from their side."""
    result = confirmed_result(match, seats)
    if match.status != Match.Status.CONFIRMED:
        return "pending", ""
    if match.is_bye:
        return "bye", ""
    return result.outcome_of(entrant_id), "" if result.is_pod else score_text(result, first=entrant_id)


def table_payload(match, seats=None):
    seats = list(match.seats.all()) if seats is None else seats
    return _plain_table_payload(
        match, [PlainSeat(s.entrant_id, s.entrant.name, s.game_wins, s.placement, s.games_conceded) for s in seats]
    )


def _plain_table_payload(match, seats):
    """`match`: a Match or a PlainMatch; `seats`: PlainSeats."""
    confirmed = match.status == Match.Status.CONFIRMED
    return {
        "table": match.table,
        "match": match.pk,
        "entrants": [seat.entrant_id for seat in seats],
        "names": [seat.name for seat in seats],
        "bye": match.is_bye,
        "status": match.status,
        "wins": {str(seat.entrant_id): seat.game_wins for seat in seats} if confirmed else None,
        "placements": {str(seat.entrant_id): seat.placement for seat in seats if seat.placement} or None,
        "draws": match.draws,
        "version": match.version,
        "extra_minutes": match.extra_minutes,
        "head_start": head_start(seats) if not confirmed else None,
    }


def report_problem(report):
    """Why a report could not be scored, in the reader's language."""
    return DomainError.from_dict(report.problem).message if report.problem else None


def unscored_reports(event):
    """Reports that could not be scored and still matter to the organiser: the match has no confirmed
    result and the player has not reported again since. Rows: round, table, match, player, reason."""
    # A player's new report replaces their earlier one (services.results_reports.submit_report), so reading
    # only the invalid ones keeps this query to the few that matter, not the whole round's reports.
    reports = (
        Report.objects.filter(match__round__event=event, status=Report.Status.INVALID)
        .exclude(match__status=Match.Status.CONFIRMED)
        .select_related("match__round", "entrant")
        .order_by("match__round__number", "match__table", "created_at", "pk")
    )
    latest = {}
    for report in reports:
        latest[report.match_id, report.entrant_id] = report
    return [
        {
            "round": report.match.round.number,
            "table": report.match.table,
            "match": report.match_id,
            "player": report.entrant.name if report.entrant else "",
            "reason": report_problem(report),
        }
        for report in latest.values()
        if report.status == Report.Status.INVALID
    ]


def report_state(report):
    return {
        "id": report.pk,
        "match": report.match_id,
        "entrant": report.entrant_id,
        "status": report.status,
        "result": report.result,
        "error": report_problem(report),
        "created_at": report.created_at.isoformat(),
    }


def match_state(match, with_reports=True):
    """A match's status, its result once confirmed, and (for its players and organiser) its reports."""
    reports = list(match.reports.order_by("created_at", "pk"))
    seats = list(match.seats.all())
    result = None
    confirmed = confirmed_result(match, seats)
    if confirmed is not None:
        latest = next((r for r in reversed(reports) if r.status == Report.Status.SCORED), None)
        games = (latest.result or {}).get("games", []) if latest else []
        wins = {str(seat.entrant_id): seat.game_wins for seat in seats}
        placements = confirmed.as_dict()["placements"]
        result = {
            "winner": confirmed.winner,
            "wins": wins,
            "draws": match.draws,
            "games": games,
            "placements": placements,
        }
    return {
        "id": match.pk,
        "round": match.round.number,
        "table": match.table,
        "status": match.status,
        "version": match.version,
        "entrants": [seat.entrant_id for seat in seats],
        "reports": [report_state(report) for report in reports] if with_reports else [],
        "result": result,
        "head_start": head_start(seats) if confirmed is None and not match.is_bye else None,
    }


def report_lines(report, seats):
    """[(name, games won or place)] of a scored report, in seat order."""
    result = MatchResult.from_dict([seat.entrant_id for seat in seats], report.result)
    values = result.placements if result.is_pod else result.wins
    return [(seat.entrant.name, values.get(seat.entrant_id)) for seat in seats]


def points_text(points):
    return ngettext("%(count)s point", "%(count)s points", points) % {"count": points}


def _result_words(snapshot, names):
    seats = (snapshot or {}).get("seats") or {}
    if not seats:
        return ""
    if any(seat.get("place") for seat in seats.values()):
        placed = sorted(seats.items(), key=lambda item: item[1].get("place") or 99)
        return " · ".join(f"{seat.get('place') or '–'}. {names.get(int(entrant), '?')}" for entrant, seat in placed)
    words = ", ".join(f"{names.get(int(entrant), '?')} {seat.get('wins', 0)}" for entrant, seat in seats.items())
    if snapshot.get("draws"):
        words += ", " + drawn_games(snapshot["draws"])
    return words


def _confirmed_words(result, names):
    """A players' confirmation records the agreed MatchResult."""
    wins, placements = result.get("wins"), result.get("placements")
    seats = {key: {"wins": value} for key, value in (wins or {}).items()}
    seats.update({key: {"place": value} for key, value in (placements or {}).items()})
    return _result_words({"seats": seats, "draws": result.get("draws", 0)}, names)


@describes(AuditAction.RESULT_ENTER, AuditAction.RESULT_CORRECT, AuditAction.RESULT_ACCEPT)
def _entered_result(entry, after, before, names):
    details = [_result_words(after, names)]
    if after.get("reported_by"):
        details.append(_("as reported by %(name)s") % {"name": after["reported_by"]})
    if entry.action == AuditAction.RESULT_CORRECT and before.get("status") == Match.Status.CONFIRMED:
        details.append(_("was: %(result)s") % {"result": _result_words(before, names)})
    if after.get("reason"):
        details.append(_("reason: %(reason)s") % {"reason": after["reason"]})
    return details


@describes(AuditAction.RESULT_CONFIRM, AuditAction.REPORT_SUBMIT, AuditAction.REPORT_CONFIRM)
def _agreed_result(entry, after, before, names):
    return _confirmed_words(after["result"], names) if after.get("result") else []


# The phone's report form where the game has no score sheet: game wins (and drawn games), or places.
REPORT_GROUPS = {"wins": "wins_", "placements": "place_"}


def report_form(seats, me, pods, data=None, error=None):
    """The report's inputs for templates/tournaments/_report_fields.html, the reporter's own first
    (`seats` in that order), filled with `data` after a refusal; `error` (a DomainError) marks the
    fields it names (a group: everyone's wins) and is linked from the error summary to the first."""
    data = data or {}
    key = "place" if pods else "wins"
    labels = labels_among(me.event_id, [seat.entrant.name for seat in seats])
    fields = [
        {
            "id": f"r-{seat.entrant_id}",
            "name": f"{key}_{seat.entrant_id}",
            "label": _report_label(seat, me, pods, labels),
            "low": 1 if pods else 0,
            "high": len(seats) if pods else 2,
            "value": data.get(f"{key}_{seat.entrant_id}", ""),
            "required": True,
        }
        for seat in seats
    ]
    if not pods:
        draws = data.get("draws", "0")
        fields.append(
            {"id": "r-draws", "name": "draws", "label": _("Drawn games"), "low": 0, "high": 3, "value": draws}
        )
    named = error.field if error is not None else ""
    group = REPORT_GROUPS.get(named)
    for field in fields:
        field["invalid"] = field["name"] == named or bool(group) and field["name"].startswith(group)
    marked = [field["id"] for field in fields if field["invalid"]]
    return {
        "fields": fields,
        "error": error.message if error is not None else "",
        "problems": [{"message": error.message, "target": marked[0] if marked else ""}] if error is not None else [],
    }


def _report_label(seat, me, pods, labels):
    if seat.entrant_id == me.pk:
        return _("Your place") if pods else _("Games you won")
    name = labels.get(seat.entrant_id, seat.entrant.name)
    return _("Place of %(name)s") % {"name": name} if pods else _("Games won by %(name)s") % {"name": name}
