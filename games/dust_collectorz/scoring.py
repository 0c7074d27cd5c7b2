"""Dust Collectorz scoring: capture piles by rank, the last-round bonus, and Young Champions.

A game report gives each side's capture pile, as counts by rank or as card ids, and who won the
last round. Piles are checked against what the decks in play can hold. At an event that plays Young
Champions (its `young_champions` option) a report gives instead each player's cards left and who
made the last successful play; a report of the other kind is refused.
"""

from collections import Counter

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages

from ..scoring import GameResult, PointsLine, per_side, place_by_score, require_member, whole_number
from .cards import RANKS
from .options import plays_young_champions

define_messages(
    {
        "scoring.pile_shape": _("Give counts by rank or a list of card ids."),
        "scoring.unknown_pile_rank": _("Unknown rank “%(rank)s”; use %(expected)s."),
        "scoring.card_ids_unavailable": _("Card ids cannot be looked up here: give counts by rank."),
        "scoring.unknown_card_id": _("There is no card with id %(card)s in this game."),
        "scoring.rank_over_decks": ngettext_lazy(
            "More %(rank)s cards than %(decks)s deck holds (%(holds)s).",
            "More %(rank)s cards than %(decks)s decks hold (%(holds)s).",
            "decks",
        ),
        "scoring.top_ranks_over_decks": ngettext_lazy(
            "More Platinum and Epic cards than %(decks)s deck holds.",
            "More Platinum and Epic cards than %(decks)s decks hold.",
            "decks",
        ),
        "scoring.cards_over_decks": ngettext_lazy(
            "More cards than %(decks)s deck of %(size)s holds.",
            "More cards than %(decks)s decks of %(size)s hold.",
            "decks",
        ),
        "scoring.cards_left_shape": _("Give the cards left as a deck count and a hand count."),
        "scoring.young_champions_teams": _("Young Champions is played by players, not teams: report the captures."),
        "scoring.young_champions_expected": _(
            "This event plays Young Champions: give each player's cards left in deck and hand and who made "
            "the last successful play, not capture piles."
        ),
        "scoring.young_champions_not_played": _(
            "This event does not play Young Champions: give the capture piles and the winner of the last "
            "round. The organiser chooses Young Champions in the event's settings."
        ),
        "scoring.young_champions_one_out": _(
            "Only one player can run out of cards: the game ends when the first player has none left."
        ),
    }
)

# Points per captured card (Scoring: Bronze & Silver 1, Gold 0, Platinum & Epic 3, Counter Type 0).
RANK_POINTS = {"bronze": 1, "silver": 1, "gold": 0, "platinum": 3, "epic": 3, "counter": 0}

# Extra points for winning the last round, per game mode (versus and free-for-all 3, team 6).
LAST_ROUND_BONUS = {"versus": 3, "team": 6, "ffa": 3}

# What one 32-card prerelease deck holds (Deck Composition 1-2): 2 Bronze, 2 Silver, 1 Gold and
# 1 Platinum-or-Epic in each of 5 tribes, and 2 Counter type cards.
DECK_HOLDS = {"bronze": 10, "silver": 10, "gold": 5, "platinum": 5, "epic": 5, "counter": 2}
TOP_RANKS = ("platinum", "epic")
DECK_SIZE = 32


def score_game(report, context):
    """One game of any Dust Collectorz mode, of the kind the event plays: Young Champions reports
    give the cards left, the others the capture piles."""
    if plays_young_champions(context.options):
        if "cards_left" not in report:
            raise DomainError("scoring.young_champions_expected", "cards_left")
        return score_young_champions(report, context.sides, context.mode)
    if "cards_left" in report:
        raise DomainError("scoring.young_champions_not_played", "cards_left")
    rank_of = _rank_lookup(report, context)
    if context.mode == "ffa":
        return score_ffa(report, context.sides, rank_of)
    if context.mode == "team":
        return score_team(report, context.sides, rank_of)
    return score_versus(report, context.sides, rank_of)


def _rank_lookup(report, context):
    captures = report.get("captures")
    piles = captures.values() if isinstance(captures, dict) else ()
    ids = [card for pile in piles if isinstance(pile, list) for card in pile if isinstance(card, int)]
    if not ids or context.cards is None:
        return None
    ranks = {
        card: facts["rank"] or ("counter" if facts["type"] == "counter" else None)
        for card, facts in context.cards(ids).items()
    }
    return ranks.get


def pile_counts(pile, field, rank_of=None):
    """Counts by rank from {"bronze": n, ...} or a list of card ids (ranks looked up with `rank_of`)."""
    if isinstance(pile, dict):
        return _checked_counts(pile, field)
    if isinstance(pile, list):
        return _counts_from_cards(pile, field, rank_of)
    raise DomainError("scoring.pile_shape", field)


def _checked_counts(pile, field):
    unknown = set(pile) - set(RANK_POINTS)
    if unknown:
        rank = sorted(map(str, unknown))[0]
        raise DomainError("scoring.unknown_pile_rank", f"{field}.{rank}", rank=rank, expected=list(RANK_POINTS))
    counts = Counter()
    for rank, count in pile.items():
        counts[rank] = whole_number(count, f"{field}.{rank}", 0, DECK_SIZE * 4)
    return counts


def _counts_from_cards(cards, field, rank_of):
    if rank_of is None:
        raise DomainError("scoring.card_ids_unavailable", field)
    counts = Counter()
    for card in cards:
        rank = rank_of(card) if isinstance(card, int) else None
        if rank is None:
            raise DomainError("scoring.unknown_card_id", field, card=str(card)[:20])
        counts[rank] += 1
    return counts


def check_piles(piles, decks):
    """No pile, nor all piles together, can hold more of a rank than the decks in play."""
    total = Counter()
    for field, counts in piles.items():
        _check_within(counts, decks, field)
        total.update(counts)
    _check_within(total, decks, "captures")


def _check_within(counts, decks, field):
    for rank, holds in DECK_HOLDS.items():
        if counts[rank] > holds * decks:
            label = RANKS.get(rank, _("Counter type"))
            raise DomainError(
                "scoring.rank_over_decks", f"{field}.{rank}", rank=label, decks=decks, holds=holds * decks
            )
    if sum(counts[rank] for rank in TOP_RANKS) > DECK_HOLDS["platinum"] * decks:
        raise DomainError("scoring.top_ranks_over_decks", field, decks=decks)
    if sum(counts.values()) > DECK_SIZE * decks:
        raise DomainError("scoring.cards_over_decks", field, decks=decks, size=DECK_SIZE)


def pile_points(counts):
    return sum(RANK_POINTS[rank] * count for rank, count in counts.items())


def score_captures(report, sides, mode, rank_of=None, decks=None):
    """Points per side: captured cards plus the last-round bonus, with the lines that add up to them."""
    captures = per_side(report.get("captures"), sides, "captures")
    last = require_member(report.get("last_round_winner"), sides, "last_round_winner")
    piles = {f"captures.{side}": pile_counts(captures[side], f"captures.{side}", rank_of) for side in sides}
    check_piles(piles, decks or (len(sides) if mode != "team" else 4))
    captured = {side: pile_points(piles[f"captures.{side}"]) for side in sides}
    bonus = {side: LAST_ROUND_BONUS[mode] if side == last else 0 for side in sides}
    points = {side: captured[side] + bonus[side] for side in sides}
    return points, last, [PointsLine("captures", captured), PointsLine("last_round", bonus)]


def score_versus(report, sides, rank_of=None):
    """Two players: higher score wins; on equal scores the last-round winner wins."""
    points, last, lines = score_captures(report, sides, "versus", rank_of)
    best = max(points.values())
    leaders = [side for side in sides if points[side] == best]
    return GameResult(points, leaders[0] if len(leaders) == 1 else last, lines=lines)


def score_team(report, teams, rank_of=None):
    """Two teams of two: each team's pile, a last-round bonus of 6, the same tie rule."""
    points, last, lines = score_captures(report, teams, "team", rank_of, decks=4)
    best = max(points.values())
    leaders = [team for team in teams if points[team] == best]
    return GameResult(points, leaders[0] if len(leaders) == 1 else last, lines=lines)


def score_ffa(report, players, rank_of=None):
    """3-4 players: places by score; a tie is broken by the last-round winner, otherwise shared."""
    points, last, lines = score_captures(report, players, "ffa", rank_of)
    placements = place_by_score(points, favoured=last)
    winners = [player for player, place in placements.items() if place == 1]
    return GameResult(points, winners[0] if len(winners) == 1 else None, placements, lines)


def score_young_champions(report, players, mode="versus"):
    """Young Champions (any number of players): a player who has exhausted deck and hand wins;
    otherwise the fewest cards in hand. A tie on cards in hand goes to the player who made the last
    successful play only when that player is among the tied; otherwise the tied players share it."""
    if mode == "team":
        raise DomainError("scoring.young_champions_teams", "cards_left")
    cards = per_side(report.get("cards_left"), players, "cards_left")
    last = require_member(report.get("last_play"), players, "last_play")
    left = {player: _cards_left(cards[player], f"cards_left.{player}") for player in players}
    out = [player for player in players if left[player] == (0, 0)]
    if len(out) > 1:
        raise DomainError("scoring.young_champions_one_out", "cards_left")
    hands = {player: -left[player][1] for player in players}
    if out:
        others = place_by_score({player: hands[player] for player in players if player not in out}, favoured=last)
        placements = {out[0]: 1, **{player: place + 1 for player, place in others.items()}}
    else:
        placements = place_by_score(hands, favoured=last)
    firsts = [player for player, place in placements.items() if place == 1]
    lines = [
        PointsLine("cards_in_deck", {player: left[player][0] for player in players}),
        PointsLine("cards_in_hand", {player: left[player][1] for player in players}),
        PointsLine("last_play", {player: int(player == last) for player in players}),
    ]
    return GameResult(hands, firsts[0] if len(firsts) == 1 else None, placements, lines)


def _cards_left(value, field):
    if not isinstance(value, dict):
        raise DomainError("scoring.cards_left_shape", field)
    return (
        whole_number(value.get("deck", 0), f"{field}.deck", 0, DECK_SIZE),
        whole_number(value.get("hand"), f"{field}.hand", 0, DECK_SIZE),
    )
