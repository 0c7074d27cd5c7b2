"""Entering results. After the next round is paired a result changes only by an explicit,
logged correction, which makes the standings recompute."""

from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Event, Match, Round
from .common import EventError, bump_results, locked, log


def check_score(best_of, wins, draws, top_cut=False):
    """An error message for an impossible score (e.g. 2-2 in a best of 3), or None."""
    needed = best_of // 2 + 1
    values = list(wins.values())
    if any(value < 0 for value in values) or draws < 0:
        return _("Game wins and draws cannot be negative.")
    if any(value > needed for value in values):
        return _("In a best of %(best_of)s nobody wins more than %(needed)s games.") % {
            "best_of": best_of,
            "needed": needed,
        }
    if values.count(needed) > 1:
        return _("Both players cannot win the match.")
    if draws > best_of:
        return _("More drawn games than a best of %(best_of)s allows.") % {"best_of": best_of}
    if top_cut and len(set(values)) == 1:
        return _("A top-cut match needs a winner.")
    return None


@transaction.atomic
def record_result(match, actor, wins=None, draws=0, placements=None, correction=""):
    """`wins`: {entrant id: game wins} (one against one); `placements`: {entrant id: place} (pods)."""
    event = locked(match.round.event)
    if actor != event.organiser:
        raise EventError(_("Only the event's organiser can enter results."))
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.is_bye:
        raise EventError(_("A bye has no result to enter."))
    _check_round_open(event, match, correction)
    seats = {seat.entrant_id: seat for seat in match.seats.all()}
    before = _snapshot(match, seats)
    if event.mode == Event.Mode.FFA:
        _set_placements(seats, placements or {})
    else:
        _set_wins(event, match, seats, wins or {}, draws)
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["status", "draws", "updated_at"])
    bump_results(event)
    action = "result.correct" if correction else "result.enter"
    log(
        event,
        actor,
        action,
        f"round {match.round.number} table {match.table}",
        before=before,
        after={**_snapshot(match, seats), **({"reason": correction} if correction else {})},
    )
    return match


def _check_round_open(event, match, correction):
    latest = event.rounds.order_by("-number").values_list("pk", flat=True).first()
    if match.round_id != latest and not correction:
        raise EventError(
            _("Round %(number)s is finished: enter a correction with a reason instead.")
            % {"number": match.round.number}
        )
    if event.status == Event.Status.FINISHED and not correction:
        raise EventError(_("The event is finished."))


def _set_wins(event, match, seats, wins, draws):
    try:
        wins = {int(entrant): int(count) for entrant, count in wins.items()}
        draws = int(draws)
    except (TypeError, ValueError):
        raise EventError(_("Game wins and draws are whole numbers."), "wins") from None
    if set(wins) != set(seats):
        raise EventError(_("Give the game wins of exactly the entrants at this table."), "wins")
    problem = check_score(event.best_of, wins, draws, top_cut=match.round.stage == Round.Stage.TOP_CUT)
    if problem:
        raise EventError(problem, "wins")
    apply_wins(seats, wins)
    match.draws = draws


def apply_wins(seats, wins):
    """Write checked game wins onto the match's seats ({entrant id: seat})."""
    for entrant, seat in seats.items():
        seat.game_wins = wins[entrant]
        seat.placement = None
        seat.save(update_fields=["game_wins", "placement"])


def apply_placements(seats, placements):
    for entrant, seat in seats.items():
        seat.placement = placements[entrant]
        seat.save(update_fields=["placement"])


def _set_placements(seats, placements):
    try:
        placements = {int(entrant): int(place) for entrant, place in placements.items()}
    except (TypeError, ValueError):
        raise EventError(_("Placements are whole numbers."), "placements") from None
    if set(placements) != set(seats) or not all(1 <= place <= len(seats) for place in placements.values()):
        raise EventError(
            _("Give a place from 1 to %(count)s for everyone in the pod.") % {"count": len(seats)}, "placements"
        )
    apply_placements(seats, placements)


def _snapshot(match, seats):
    return {
        "status": match.status,
        "draws": match.draws,
        "seats": {str(entrant): {"wins": seat.game_wins, "place": seat.placement} for entrant, seat in seats.items()},
    }
