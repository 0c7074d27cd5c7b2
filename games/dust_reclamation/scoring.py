"""Dust: Reclamation scoring, over four rounds (see docs/scoring.md for the reading).

Each round every player scores +1 per trick won, +/-1 per Dust card won in tricks (the sign set by
that round's Dust Value card) and 2 for meeting the Work Order quota. Each player who
meets the quota shares the 2 points (the `split_work_order` option, on by default, as the rules read),
rounded to the nearest whole point (halves up); with the option off each of them gets the 2 points.
A round is exactly eight tricks. The highest total wins; equal totals share the
victory. Reports that no deal can produce (more tricks than cards dealt, more Dust cards than the
deck holds) are refused, naming the field.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages

from ..scoring import GameResult, PointsLine, place_by_score, require_member, whole_number
from .options import SPLIT_WORK_ORDER

define_messages(
    {
        "scoring.rounds_count": _("Give the %(rounds)s rounds of the game."),
        "scoring.round_shape": _("Give tricks, dust, dust_value and work_order for the round."),
        "scoring.dust_value": _("The Dust Value card is + or −."),
        "scoring.dust_values_used": _(
            "The Dust Value cards are two + and two −: a third %(sign)s round cannot happen."
        ),
        "scoring.per_player_shape": _("Give a number for each player."),
        "scoring.work_order_shape": _("List the players who met the Work Order quota."),
        "scoring.tricks_per_round": ngettext_lazy(
            "%(tricks)s trick in one round, but a round is exactly %(dealt)s tricks: one per card dealt to each "
            "player.",
            "%(tricks)s tricks in one round, but a round is exactly %(dealt)s tricks: one per card dealt to each "
            "player.",
            "tricks",
        ),
        "scoring.dust_over_deck": ngettext_lazy(
            "%(dust)s Dust cards in one round, but the deck holds only %(cards)s Dust card.",
            "%(dust)s Dust cards in one round, but the deck holds only %(cards)s Dust cards.",
            "cards",
        ),
        "scoring.dust_without_tricks": ngettext_lazy(
            "%(dust)s Dust card won by a player who won no trick: Dust cards are won only in tricks.",
            "%(dust)s Dust cards won by a player who won no trick: Dust cards are won only in tricks.",
            "dust",
        ),
        # Only reached with at least one trick: then the Dust cards outnumber 2 or more cards, a plural.
        "scoring.dust_over_tricks": ngettext_lazy(
            "%(dust)s Dust cards won in %(tricks)s trick of %(players)s cards.",
            "%(dust)s Dust cards won in %(tricks)s tricks of %(players)s cards.",
            "tricks",
        ),
    }
)

ROUNDS = 4
TRICK_POINTS = 1
DUST_POINTS = 1
WORK_ORDER_POINTS = 2
# The deck (Game Components, Setup): 4 suits of 14 cards and 4 Dust cards; every player is dealt 8
# cards whatever the player count, and a round is 8 tricks.
CARDS_DEALT = 8
DUST_CARDS = 4
# The Dust Value deck: two rounds where Dust is worth +, two where it is worth −.
DUST_VALUES = {1: ROUNDS // 2, -1: ROUNDS // 2}


def score_game(report, context):
    players = context.sides
    rounds = report.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != ROUNDS:
        raise DomainError("scoring.rounds_count", "rounds", rounds=ROUNDS)
    totals, lines = dict.fromkeys(players, 0), []
    signs_left = dict(DUST_VALUES)
    split_work_order = context.options.get(SPLIT_WORK_ORDER.key, SPLIT_WORK_ORDER.default)
    for number, round_report in enumerate(rounds, start=1):
        field = f"rounds.{number}"
        if not isinstance(round_report, dict):
            raise DomainError("scoring.round_shape", field)
        sign = _dust_sign(round_report.get("dust_value"), f"{field}.dust_value", signs_left)
        points = round_points(round_report, players, field, sign, split_work_order)
        lines.append(PointsLine("round", points, number))
        for player, scored in points.items():
            totals[player] += scored
    placements = place_by_score(totals)
    winners = [player for player, place in placements.items() if place == 1]
    return GameResult(totals, winners[0] if len(winners) == 1 else None, placements, lines)


def round_points(report, players, field, sign, split_work_order):
    tricks = _tricks(report.get("tricks", {}), players, f"{field}.tricks")
    dust = _dust(report.get("dust", {}), players, f"{field}.dust", tricks)
    met = _work_order(report.get("work_order", []), players, f"{field}.work_order")
    bonus = work_order_share(len(met)) if split_work_order else WORK_ORDER_POINTS
    return {p: TRICK_POINTS * tricks[p] + sign * DUST_POINTS * dust[p] + (bonus if p in met else 0) for p in players}


def work_order_share(qualifiers):
    """Each qualifier's part of the shared Work Order points: the 2 points divided between them,
    rounded to the nearest whole point, halves up (so 1 each for 2, 3 or 4 qualifiers)."""
    if not qualifiers:
        return 0
    return (2 * WORK_ORDER_POINTS + qualifiers) // (2 * qualifiers)


def _dust_sign(value, field, signs_left):
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        value = None  # JSON true is not a +, nor 1.0 a card: refused below like any other value
    if value in ("+", "plus", 1, "1", "positive"):
        sign = 1
    elif value in ("-", "−", "minus", -1, "-1", "negative"):
        sign = -1
    else:
        raise DomainError("scoring.dust_value", field)
    if not signs_left[sign]:
        raise DomainError("scoring.dust_values_used", field, sign="+" if sign > 0 else "−")
    signs_left[sign] -= 1
    return sign


def _tricks(values, players, field):
    tricks = _per_player(values, players, field, CARDS_DEALT)
    total = sum(tricks.values())
    if total != CARDS_DEALT:  # every card dealt is played: a round ends after its eighth trick
        raise DomainError("scoring.tricks_per_round", field, tricks=total, dealt=CARDS_DEALT)
    return tricks


def _dust(values, players, field, tricks):
    """Dust cards won in tricks: no more than the deck's Dust cards in all, and no more than the
    cards of the tricks each player won (one card per player in a trick)."""
    dust = _per_player(values, players, field, DUST_CARDS)
    for player, count in dust.items():
        if count and not tricks[player]:
            raise DomainError("scoring.dust_without_tricks", f"{field}.{player}", dust=count)
        if count > tricks[player] * len(players):
            raise DomainError(
                "scoring.dust_over_tricks", f"{field}.{player}", dust=count, tricks=tricks[player], players=len(players)
            )
    total = sum(dust.values())
    if total > DUST_CARDS:
        raise DomainError("scoring.dust_over_deck", field, dust=total, cards=DUST_CARDS)
    return dust


def _per_player(values, players, field, most):
    if not isinstance(values, dict):
        raise DomainError("scoring.per_player_shape", field)
    result = dict.fromkeys(players, 0)
    for key, count in values.items():
        result[require_member(key, players, field)] = whole_number(count, f"{field}.{key}", 0, most)
    return result


def _work_order(values, players, field):
    if not isinstance(values, list):
        raise DomainError("scoring.work_order_shape", field)
    return {require_member(value, players, field) for value in values}
