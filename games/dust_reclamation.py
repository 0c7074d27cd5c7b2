"""Dust: Reclamation, a trick-taking game scored over four rounds (see docs/scoring.md for the reading).

Each round every player scores +1 per trick won, +/-1 per Dust card won in tricks (the sign set by
that round's Dust Value card) and 2 for meeting the Work Order quota. By default each player who
meets the quota gets the 2 points; with `split_work_order` the 2 points are shared between them
(rounded down). The highest total wins; equal totals share the victory.
"""

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from . import quick
from .base import GameDefinition
from .scoring import GameResult, place_by_score, require_member, whole_number

define_messages(
    {
        "scoring.rounds_count": _("Give the %(rounds)s rounds of the game."),
        "scoring.round_shape": _("Give tricks, dust, dust_value and work_order for the round."),
        "scoring.dust_value": _("The Dust Value card is + or −."),
        "scoring.per_player_shape": _("Give a number for each player."),
        "scoring.work_order_shape": _("List the players who met the Work Order quota."),
    }
)

SLUG = "dust-reclamation"
ROUNDS = 4
TRICK_POINTS = 1
DUST_POINTS = 1
WORK_ORDER_POINTS = 2
MAX_TRICKS = 20  # a generous ceiling against typing mistakes


def score_game(report, context):
    players = context.sides
    rounds = report.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != ROUNDS:
        raise DomainError("scoring.rounds_count", "rounds", rounds=ROUNDS)
    totals = dict.fromkeys(players, 0)
    for number, round_report in enumerate(rounds, start=1):
        for player, points in round_points(round_report, players, f"rounds.{number}", context.split_work_order).items():
            totals[player] += points
    placements = place_by_score(totals)
    winners = [player for player, place in placements.items() if place == 1]
    return GameResult(totals, winners[0] if len(winners) == 1 else None, placements)


def round_points(report, players, field, split_work_order):
    if not isinstance(report, dict):
        raise DomainError("scoring.round_shape", field)
    sign = _dust_sign(report.get("dust_value"), f"{field}.dust_value")
    tricks = _per_player(report.get("tricks", {}), players, f"{field}.tricks")
    dust = _per_player(report.get("dust", {}), players, f"{field}.dust")
    met = _work_order(report.get("work_order", []), players, f"{field}.work_order")
    bonus = (WORK_ORDER_POINTS // len(met) if met else 0) if split_work_order else WORK_ORDER_POINTS
    return {p: TRICK_POINTS * tricks[p] + sign * DUST_POINTS * dust[p] + (bonus if p in met else 0) for p in players}


def _dust_sign(value, field):
    if value in ("+", "plus", 1, "1", "positive"):
        return 1
    if value in ("-", "minus", -1, "-1", "negative"):
        return -1
    raise DomainError("scoring.dust_value", field)


def _per_player(values, players, field):
    if not isinstance(values, dict):
        raise DomainError("scoring.per_player_shape", field)
    result = dict.fromkeys(players, 0)
    for key, count in values.items():
        result[require_member(key, players, field)] = whole_number(count, f"{field}.{key}", 0, MAX_TRICKS)
    return result


def _work_order(values, players, field):
    if not isinstance(values, list):
        raise DomainError("scoring.work_order_shape", field)
    return {require_member(value, players, field) for value in values}


def quick_reference(source):
    return [
        quick.heading(_("Scoring")),
        quick.paragraph(_("A game lasts %(rounds)s rounds. In each round every player scores:") % {"rounds": ROUNDS}),
        quick.items(
            [
                _("+%(points)s per trick won;") % {"points": TRICK_POINTS},
                _("±%(points)s per Dust card won in tricks, plus or minus as the round's Dust Value card says;")
                % {"points": DUST_POINTS},
                _("+%(points)s for meeting the Work Order quota.") % {"points": WORK_ORDER_POINTS},
            ]
        ),
        quick.paragraph(
            _("The highest total after the last round wins; equal totals share the victory. There is no deck building.")
        ),
    ]


GAME = GameDefinition(
    slug=SLUG,
    name="Dust: Reclamation",
    has_decks=False,
    score_game=score_game,
    quick_reference=quick_reference,
    reference_documents=(("en", "dust-reclamation-rules-en*.txt"),),
)
