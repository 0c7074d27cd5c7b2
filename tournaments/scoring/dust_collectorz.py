"""Dust Collectorz scoring, plain Python (rules V202310.09: Scoring, Tie Game, each game mode).

A game report gives each side's capture pile, as counts by rank or as card ids, and who won
the last round. Piles are checked against what the decks in play can hold.
"""

from collections import Counter

from .base import GameResult, ScoringError, place_by_score, require_member

# Points per captured card (Scoring: Bronze & Silver 1, Gold 0, Platinum & Epic 3, Counter Type 0).
RANK_POINTS = {"bronze": 1, "silver": 1, "gold": 0, "platinum": 3, "epic": 3, "counter": 0}

# Extra points for winning the last round, per game mode (versus and free-for-all 3, team 6).
LAST_ROUND_BONUS = {"versus": 3, "team": 6, "ffa": 3}

MODES = ("versus", "team", "ffa", "young_champions")

# What one 32-card prerelease deck holds (Deck Composition 1-2): 2 Bronze, 2 Silver, 1 Gold and
# 1 Platinum-or-Epic in each of 5 tribes, and 2 Counter type cards.
DECK_HOLDS = {"bronze": 10, "silver": 10, "gold": 5, "platinum": 5, "epic": 5, "counter": 2}
TOP_RANKS = ("platinum", "epic")
DECK_SIZE = 32


def pile_counts(pile, field, rank_of=None):
    """Counts by rank from {"bronze": n, ...} or a list of card ids (ranks looked up with `rank_of`)."""
    if isinstance(pile, dict):
        return _checked_counts(pile, field)
    if isinstance(pile, list):
        return _counts_from_cards(pile, field, rank_of)
    raise ScoringError(field, "give counts by rank or a list of card ids")


def _checked_counts(pile, field):
    unknown = set(pile) - set(RANK_POINTS)
    if unknown:
        raise ScoringError(f"{field}.{sorted(unknown)[0]}", f"unknown rank; use {', '.join(RANK_POINTS)}")
    counts = Counter()
    for rank, count in pile.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ScoringError(f"{field}.{rank}", "must be a whole number, 0 or more")
        counts[rank] = count
    return counts


def _counts_from_cards(cards, field, rank_of):
    if rank_of is None:
        raise ScoringError(field, "card ids cannot be looked up here")
    counts = Counter()
    for card in cards:
        rank = rank_of(card)
        if rank is None:
            raise ScoringError(field, f"unknown card id {card!r}")
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
            raise ScoringError(f"{field}.{rank}", f"more {rank} cards than {decks} deck(s) hold ({holds * decks})")
    if sum(counts[rank] for rank in TOP_RANKS) > DECK_HOLDS["platinum"] * decks:
        raise ScoringError(field, f"more Platinum and Epic cards than {decks} deck(s) hold")
    if sum(counts.values()) > DECK_SIZE * decks:
        raise ScoringError(field, f"more cards than {decks} deck(s) of {DECK_SIZE} hold")


def pile_points(counts):
    return sum(RANK_POINTS[rank] * count for rank, count in counts.items())


def score_captures(report, sides, mode, rank_of=None, decks=None):
    """Points per side: captured cards plus the last-round bonus; a tie goes to the last-round winner."""
    captures = report.get("captures")
    if not isinstance(captures, dict) or set(map(str, captures)) != {str(side) for side in sides}:
        raise ScoringError("captures", "give a capture pile for each side of the match, and only for them")
    last = require_member(report.get("last_round_winner"), sides, "last_round_winner")
    piles = {
        f"captures.{side}": pile_counts(captures[_key(captures, side)], f"captures.{side}", rank_of) for side in sides
    }
    check_piles(piles, decks or (len(sides) if mode != "team" else 4))
    points = {side: pile_points(piles[f"captures.{side}"]) for side in sides}
    points[last] += LAST_ROUND_BONUS[mode]
    return points, last


def _key(mapping, side):
    return side if side in mapping else str(side)


def score_versus(report, sides, rank_of=None):
    """Two players: higher score wins; on equal scores the last-round winner wins."""
    points, last = score_captures(report, sides, "versus", rank_of)
    best = max(points.values())
    leaders = [side for side in sides if points[side] == best]
    return GameResult(points, leaders[0] if len(leaders) == 1 else last)


def score_team(report, teams, rank_of=None):
    """Two teams of two: each team's pile, a last-round bonus of 6, the same tie rule."""
    points, last = score_captures(report, teams, "team", rank_of, decks=4)
    best = max(points.values())
    leaders = [team for team in teams if points[team] == best]
    return GameResult(points, leaders[0] if len(leaders) == 1 else last)


def score_ffa(report, players, rank_of=None):
    """3-4 players: places by score; a tie is broken by the last-round winner, otherwise shared."""
    points, last = score_captures(report, players, "ffa", rank_of)
    placements = place_by_score(points, favoured=last)
    winners = [player for player, place in placements.items() if place == 1]
    return GameResult(points, winners[0] if len(winners) == 1 else None, placements)


def score_young_champions(report, players):
    """Young Champions: a player who has exhausted their deck and hand wins; otherwise the fewest
    cards in hand; on a tie, the player who made the last successful play."""
    cards = report.get("cards_left")
    if not isinstance(cards, dict) or {str(k) for k in cards} != {str(p) for p in players}:
        raise ScoringError("cards_left", "give the cards left (deck and hand) of each player")
    last = require_member(report.get("last_play"), players, "last_play")
    left = {player: _cards_left(cards[_key(cards, player)], f"cards_left.{player}") for player in players}
    out = [player for player in players if left[player] == (0, 0)]
    if len(out) == 1:
        return GameResult({p: -sum(left[p]) for p in players}, out[0])
    fewest = min(hand for _deck, hand in left.values())
    holders = [player for player in players if left[player][1] == fewest]
    winner = holders[0] if len(holders) == 1 else last
    return GameResult({p: -left[p][1] for p in players}, winner)


def _cards_left(value, field):
    if not isinstance(value, dict):
        raise ScoringError(field, 'give {"deck": n, "hand": n}')
    numbers = (value.get("deck", 0), value.get("hand"))
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > DECK_SIZE for n in numbers):
        raise ScoringError(field, f"deck and hand are whole numbers from 0 to {DECK_SIZE}")
    return numbers
