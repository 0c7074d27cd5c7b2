"""Pod standings on one scale (issue 32): the tie-breaker reads the same places-table points as the
ranking, the game's totals break the ties left, and rows show places instead of wins-losses-draws.
The expected table below was counted by hand, not taken from the engine."""

from fractions import Fraction

import pytest

from tournaments.engine.match_result import MatchResult
from tournaments.engine.standings import compute_standings

A, B, C, D, E, F, G, H = "ABCDEFGH"
TABLE = {"win": 4, "2": 2, "3": 1, "4": 0}

# (round, {player: place}, {player: Reclamation total}); B and E share 1st in round 2.
PODS = [
    (1, {A: 1, B: 2, C: 3, D: 4}, {A: 30, B: 22, C: 15, D: 10}),
    (1, {E: 1, F: 2, G: 3, H: 4}, {E: 31, F: 25, G: 18, H: 12}),
    (2, {F: 1, A: 2, H: 3, C: 4}, {F: 28, A: 24, H: 20, C: 5}),
    (2, {B: 1, E: 1, D: 3, G: 4}, {B: 26, E: 26, D: 12, G: 10}),
]

# Counted by hand. Points: 4/2/1/0, two tied firsts share (4 + 2) / 2 = 3 each. A player's share
# is points / (4 × 2 rounds): E 7/8, A and F 6/8, B 5/8, C D G H 1/8. OMP% is the mean of the
# six opponents' shares, e.g. A met B C D F C H: (5 + 1 + 1 + 6 + 1 + 1) / 8 / 6 = 15/48 = 31.25 %;
# F met E G H A C H: 17/48; G met E F H B E D: 27/48; C met A B D A F H: 25/48.
# Then the game totals: H 12 + 20 = 32 over G 18 + 10 = 28, D 10 + 12 = 22 over C 15 + 5 = 20.
EXPECTED = [
    # rank, player, points, places, OMP%, game total
    (1, E, 7, {"1": 2}, Fraction(15, 48), 57),
    (2, F, 6, {"1": 1, "2": 1}, Fraction(17, 48), 53),
    (3, A, 6, {"1": 1, "2": 1}, Fraction(15, 48), 54),
    (4, B, 5, {"1": 1, "2": 1}, Fraction(17, 48), 48),
    (5, H, 1, {"3": 1, "4": 1}, Fraction(27, 48), 32),
    (6, G, 1, {"3": 1, "4": 1}, Fraction(27, 48), 28),
    (7, D, 1, {"3": 1, "4": 1}, Fraction(25, 48), 22),
    (8, C, 1, {"3": 1, "4": 1}, Fraction(25, 48), 20),
]


def outcomes():
    return [
        outcome
        for round_number, places, totals in PODS
        for outcome in MatchResult(tuple(places), placements=places).outcomes(round_number, TABLE, totals)
    ]


def test_a_hand_counted_pod_event():
    table = compute_standings("ABCDEFGH", outcomes(), pod_top=4, totals_break_ties=True)
    rows = [row.as_dict() for row in table]
    shown = [(r["rank"], r["entrant"], r["match_points"], r["places"], r["omw"], r["game_total"]) for r in rows]
    assert shown == [
        (rank, p, pts, places, round(float(omp), 4), total) for rank, p, pts, places, omp, total in EXPECTED
    ]


def test_without_game_totals_the_equal_players_share_a_rank():
    table = compute_standings("ABCDEFGH", outcomes(), pod_top=4)
    ranks = {row.player: row.rank for row in table}
    assert (ranks[G], ranks[H], ranks[C], ranks[D]) == (5, 5, 7, 7)
    assert "game_total" not in table[0].as_dict()


def test_a_sole_second_counts_on_the_points_scale_not_as_a_loss():
    """Both players below lost to A alone: X was 2nd (2 of 4 points) twice, Y 4th twice. The old
    OMW% floored both at 1/3 as losses; their opponents' share now tells them apart."""
    pods = [
        (1, {"A": 1, "X": 2, "Y": 3, "Z": 4}),
        (2, {"A": 1, "X": 2, "Z": 3, "Y": 4}),
    ]
    results = [o for n, places in pods for o in MatchResult(tuple(places), placements=places).outcomes(n, TABLE)]
    rows = {row.player: row for row in compute_standings("AXYZ", results, pod_top=4)}
    assert rows["X"].mw == pytest.approx(4 / 8) and rows["Y"].mw == pytest.approx(1 / 8)
    # A's opponents earned (4 + 1 + 1) / 8 / 3 of their points, twice over
    assert rows["A"].omw == pytest.approx((4 + 1 + 1) / 8 / 3)


def test_one_against_one_rows_keep_wins_losses_draws():
    result = MatchResult(("A", "B"), wins={"A": 2, "B": 1})
    row = compute_standings("AB", result.outcomes(1))[0].as_dict()
    assert (row["wins"], row["losses"], row["draws"]) == (1, 0, 0) and "places" not in row
    assert row["omw"] == pytest.approx(1 / 3, abs=1e-4)  # the MTR floor, as before
