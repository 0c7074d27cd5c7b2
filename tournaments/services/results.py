"""Entering results. After the next round is paired a result changes only by an explicit,
logged correction, which makes the standings recompute."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..access import require
from ..engine.match_result import MatchResult
from ..models import AuditAction, AuditEntry, Match, Report, Round, Seat
from .common import bump_results, locked, locked_match, log

define_messages(
    {
        "result.bye": _("A bye has no result to enter."),
        "result.round_finished": _("Round %(number)s is finished: enter a correction with a reason instead."),
        "result.event_finished": _("The event is finished."),
        "result.bracket_played": _(
            "%(name)s has already played the next top-cut round: correct that later match first, or leave "
            "this result as it is."
        ),
        "result.stale": _(
            "Table %(table)s changed after you opened it (now: %(state)s). Nothing was saved: check the current "
            "result, then save yours again to overwrite it."
        ),
        "result.no_such_claim": _("That report is not a claim that can be accepted any more."),
    }
)


def seated_result(match, seats):
    """The MatchResult recorded on a match's seats (confirmed or not)."""
    sides = [seat.entrant_id for seat in seats]
    if any(seat.placement for seat in seats):
        return MatchResult(tuple(sides), placements={seat.entrant_id: seat.placement for seat in seats})
    return MatchResult(tuple(sides), wins={seat.entrant_id: seat.game_wins for seat in seats}, draws=match.draws)


def organiser_result(event, match, sides, wins=None, draws=0, placements=None):
    """The organiser's entry as a checked MatchResult: the same rules as a player's report."""
    if event.is_pods:
        result = MatchResult.from_placements(sides, placements or {})
    else:
        result = MatchResult.from_wins(sides, wins or {}, draws)
    return result.check(event.best_of, top_cut=match.round.stage == Round.Stage.TOP_CUT)


@transaction.atomic
def record_result(
    match, actor, wins=None, draws=0, placements=None, correction="", expected_version=None, overwrite=False
):
    """`wins`: {entrant id: game wins} (one against one); `placements`: {entrant id: place} (pods).
    `expected_version` is the match version the form was built from: a change since then is refused
    (409) unless the organiser chose to `overwrite` it."""
    event, match, seats = _open_for_result(match, actor, correction, expected_version, overwrite)
    result = organiser_result(event, match, list(seats), wins, draws, placements)
    action = AuditAction.RESULT_CORRECT if correction else AuditAction.RESULT_ENTER
    return _write(event, match, seats, result, actor, action, {"reason": correction} if correction else {})


@transaction.atomic
def accept_report(match, actor, report_id, expected_version=None):
    """The organiser accepts one side's scored claim of a reported or disputed table as the result."""
    event, match, seats = _open_for_result(match, actor, "", expected_version, False)
    report = match.reports.filter(pk=report_id, status=Report.Status.SCORED).select_related("entrant").first()
    if report is None or match.status == Match.Status.CONFIRMED:
        raise DomainError("result.no_such_claim", status=409)
    result = MatchResult.from_dict(list(seats), report.result)
    extra = {"report": report.pk, "reported_by": report.entrant.name if report.entrant else ""}
    return _write(event, match, seats, result, actor, AuditAction.RESULT_ACCEPT, extra)


def _open_for_result(match, actor, correction, expected_version, overwrite):
    """Lock the event and the match and check the organiser may write this table's result now."""
    event = locked(match.round.event)
    require(actor, event, "enter_results")
    match = locked_match(match)
    if correction or match.status == Match.Status.CONFIRMED:
        require(actor, event, "correct_results")  # scorekeepers fill in results; changing one is a judge's call
    if match.is_bye:
        raise DomainError("result.bye")
    _check_round_open(event, match, correction)
    if expected_version is not None and expected_version != match.version and not overwrite:
        raise DomainError(
            "result.stale",
            "version",
            status=409,
            table=match.table,
            state=match.get_status_display(),
            details={"version": match.version, "match_status": match.status},
        )
    return event, match, {seat.entrant_id: seat for seat in match.seats.all()}


def _write(event, match, seats, result, actor, action, extra):
    before = _snapshot(match, seats)
    advanced = seated_result(match, list(seats.values())).winner if match.status == Match.Status.CONFIRMED else None
    apply_result(match, seats, result)
    if advanced is not None and result.winner != advanced:
        _reseat_next_round(event, match, advanced, result.winner, actor)
    bump_results(event)
    log(event, actor, action, match=match, before=before, after={**_snapshot(match, seats), **extra})
    return match


RESULT_ACTIONS = (
    AuditAction.RESULT_ENTER,
    AuditAction.RESULT_CORRECT,
    AuditAction.RESULT_CONFIRM,
    AuditAction.RESULT_ACCEPT,
)


def last_result_entry(match):
    """The log entry that wrote the match's current result (who entered it, and when), or None."""
    entries = AuditEntry.objects.filter(
        event_id=match.round.event_id, round_number=match.round.number, table=match.table, action__in=RESULT_ACTIONS
    )
    return entries.select_related("actor").order_by("-created_at", "-pk").first()


def _reseat_next_round(event, match, before, after, actor):
    """A corrected top-cut result changes who advanced: the next round's match takes the new
    winner, as long as that match has no result yet (the log records the change)."""
    if match.round.stage != Round.Stage.TOP_CUT:
        return
    later = Seat.objects.filter(
        match__round__event=event, match__round__number=match.round.number + 1, entrant_id=before
    ).select_related("match__round", "entrant")
    seat = later.first()
    if seat is None:
        return
    if seat.match.status == Match.Status.CONFIRMED:
        raise DomainError("result.bracket_played", name=seat.entrant.name, status=409)
    seat.entrant_id = after
    seat.save(update_fields=["entrant"])
    log(
        event, actor, AuditAction.TOP_CUT_RESEAT, match=seat.match, before={"entrant": before}, after={"entrant": after}
    )


def apply_result(match, seats, result):
    """Write a checked result onto the match and its seats ({entrant id: seat}) and confirm it."""
    set_result(match, seats, result)
    for seat in seats.values():
        seat.save(update_fields=["game_wins", "placement"])
    match.save(update_fields=["status", "draws", "version", "updated_at"])


def set_result(match, seats, result):
    """The same in memory, for callers that write many tables at once."""
    for entrant, seat in seats.items():
        seat.game_wins = result.wins[entrant] if result.wins is not None else 0
        seat.placement = result.placements[entrant] if result.is_pod else None
    match.draws = 0 if result.is_pod else result.draws
    match.status = Match.Status.CONFIRMED
    match.version += 1


def _check_round_open(event, match, correction):
    latest = event.rounds.order_by("-number").values_list("pk", flat=True).first()
    if match.round_id != latest and not correction:
        raise DomainError("result.round_finished", number=match.round.number)
    if event.is_finished and not correction:
        raise DomainError("result.event_finished")


def _snapshot(match, seats):
    return {
        "status": match.status,
        "draws": match.draws,
        "seats": {str(entrant): {"wins": seat.game_wins, "place": seat.placement} for entrant, seat in seats.items()},
    }
