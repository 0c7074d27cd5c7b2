"""Entering results. After the next round is paired a result changes only by an explicit,
logged correction, which makes the standings recompute."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..access import require
from ..match_result import MatchResult
from ..models import AuditAction, Event, Match, Round, Seat
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
def record_result(match, actor, wins=None, draws=0, placements=None, correction=""):
    """`wins`: {entrant id: game wins} (one against one); `placements`: {entrant id: place} (pods)."""
    event = locked(match.round.event)
    require(actor, event, "enter_results")
    match = locked_match(match)
    if correction or match.status == Match.Status.CONFIRMED:
        require(actor, event, "correct_results")  # scorekeepers fill in results; changing one is a judge's call
    if match.is_bye:
        raise DomainError("result.bye")
    _check_round_open(event, match, correction)
    seats = {seat.entrant_id: seat for seat in match.seats.all()}
    before = _snapshot(match, seats)
    advanced = seated_result(match, list(seats.values())).winner if match.status == Match.Status.CONFIRMED else None
    result = organiser_result(event, match, list(seats), wins, draws, placements)
    apply_result(match, seats, result)
    if advanced is not None and result.winner != advanced:
        _reseat_next_round(event, match, advanced, result.winner, actor)
    bump_results(event)
    action = AuditAction.RESULT_CORRECT if correction else AuditAction.RESULT_ENTER
    after = {**_snapshot(match, seats), **({"reason": correction} if correction else {})}
    log(event, actor, action, match=match, before=before, after=after)
    return match


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
    for entrant, seat in seats.items():
        seat.game_wins = result.wins[entrant] if result.wins is not None else 0
        seat.placement = result.placements[entrant] if result.is_pod else None
        seat.save(update_fields=["game_wins", "placement"])
    match.draws = 0 if result.is_pod else result.draws
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["status", "draws", "updated_at"])


def _check_round_open(event, match, correction):
    latest = event.rounds.order_by("-number").values_list("pk", flat=True).first()
    if match.round_id != latest and not correction:
        raise DomainError("result.round_finished", number=match.round.number)
    if event.status == Event.Status.FINISHED and not correction:
        raise DomainError("result.event_finished")


def _snapshot(match, seats):
    return {
        "status": match.status,
        "draws": match.draws,
        "seats": {str(entrant): {"wins": seat.game_wins, "place": seat.placement} for entrant, seat in seats.items()},
    }
