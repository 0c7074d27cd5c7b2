"""Dust: Reclamation scoring, plain Python (four rounds; see docs/scoring.md for the reading).

Each round every player scores +1 per trick won, +/-1 per Dust card won in tricks (the sign
set by that round's Dust Value card) and 2 for meeting the Work Order quota. By default each
player who meets the quota gets the 2 points; with `split_work_order` the 2 points are shared
between them (rounded down). The highest total wins; equal totals share the victory.
"""

from .base import GameResult, ScoringError, place_by_score

ROUNDS = 4
TRICK_POINTS = 1
DUST_POINTS = 1
WORK_ORDER_POINTS = 2
MAX_TRICKS = 20  # a generous ceiling against typing mistakes


def score_game(report, players, split_work_order=False):
    rounds = report.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != ROUNDS:
        raise ScoringError("rounds", f"give the {ROUNDS} rounds of the game")
    totals = dict.fromkeys(players, 0)
    for number, round_report in enumerate(rounds, start=1):
        for player, points in round_points(round_report, players, f"rounds.{number}", split_work_order).items():
            totals[player] += points
    placements = place_by_score(totals)
    winners = [player for player, place in placements.items() if place == 1]
    return GameResult(totals, winners[0] if len(winners) == 1 else None, placements)


def round_points(report, players, field, split_work_order):
    if not isinstance(report, dict):
        raise ScoringError(field, "give tricks, dust, dust_value and work_order")
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
    raise ScoringError(field, "the Dust Value card is + or -")


def _per_player(values, players, field):
    if not isinstance(values, dict):
        raise ScoringError(field, "give a number for each player")
    known = {str(p): p for p in players}
    if not set(map(str, values)) <= set(known):
        raise ScoringError(field, "a player who is not in this match")
    result = dict.fromkeys(players, 0)
    for key, count in values.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_TRICKS:
            raise ScoringError(f"{field}.{key}", f"a whole number from 0 to {MAX_TRICKS}")
        result[known[str(key)]] = count
    return result


def _work_order(values, players, field):
    if not isinstance(values, list):
        raise ScoringError(field, "list the players who met the Work Order quota")
    known = {str(p): p for p in players}
    if not {str(v) for v in values} <= set(known):
        raise ScoringError(field, "a player who is not in this match")
    return {known[str(v)] for v in values}
