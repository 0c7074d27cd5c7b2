"""MTR Appendix C worked examples and tiebreaker behaviour (pure module, no database)."""

from fractions import Fraction

import pytest

from tournaments.engine.standings import (
    Outcome,
    bye_outcome,
    compute_standings,
    game_win_percentage,
    match_win_percentage,
    versus_outcomes,
)


def test_mtr_match_win_percentage_examples():
    assert round(float(match_win_percentage(5 * 3 + 1, 8)), 3) == 0.667  # 5-2-1 over 8 rounds
    assert match_win_percentage(3, 4) == Fraction(1, 3)  # 1-3-0 is 0.25, floored to 0.33


def test_mtr_game_win_percentage_example():
    assert game_win_percentage(21, 10) == Fraction(7, 10)  # 21 game points of 30 possible
    assert game_win_percentage(1, 3) == Fraction(1, 3)


def record(player, results):
    """Outcomes for `player` from (result, opponent, games won, games lost) tuples, one per round."""
    outcomes = []
    for round_number, (opponent, won, lost) in enumerate(results, start=1):
        if opponent is None:
            outcomes.append(bye_outcome(round_number, player))
        else:
            outcomes.append(versus_outcomes(round_number, player, opponent, won, lost)[0])
    return outcomes


def test_omw_averages_floored_opponents_and_skips_byes():
    # A: bye, beats B, loses to C.  B: loses to D, loses to A, loses to E (0-3 -> floored 1/3).
    # C: 3-0.  So A's opponents are B (1/3) and C (1): OMW 2/3; the bye is left out.
    outcomes = record("A", [(None, 0, 0), ("B", 2, 0), ("C", 0, 2)])
    outcomes += record("B", [("D", 0, 2), ("A", 0, 2), ("E", 1, 2)])
    outcomes += record("C", [("E", 2, 0), ("D", 2, 1), ("A", 2, 0)])
    outcomes += record("D", [("B", 2, 0), ("C", 1, 2), (None, 0, 0)])
    outcomes += record("E", [("C", 0, 2), (None, 0, 0), ("B", 2, 1)])
    table = {s.player: s for s in compute_standings("ABCDE", outcomes)}
    assert table["A"].omw == pytest.approx(2 / 3)
    assert table["A"].match_points == 6 and table["A"].byes == 1
    # A's GW%: bye 2-0, 2-0, 0-2 -> 12 of 18 game points.
    assert table["A"].gw == pytest.approx(12 / 18)
    assert table["B"].gw == pytest.approx(1 / 3)


def test_order_is_points_then_omw_then_gw_then_ogw_and_ties_share_a_rank():
    outcomes = versus_outcomes(1, "A", "B", 2, 0) + versus_outcomes(1, "C", "D", 2, 1)
    outcomes += versus_outcomes(2, "A", "C", 2, 1) + versus_outcomes(2, "B", "D", 2, 0)
    standings = compute_standings("ABCD", outcomes)
    # B and C are 1-1 with equal OMW% (2/3), GW% (1/2) and OGW%: they share second place.
    assert [(s.player, s.rank, s.match_points) for s in standings] == [
        ("A", 1, 6),
        ("B", 2, 3),
        ("C", 2, 3),
        ("D", 4, 0),
    ]
    # Now C wins 2-0 instead of 2-1: same points and OMW%, better GW%.
    outcomes[2:4] = versus_outcomes(1, "C", "D", 2, 0)
    assert [s.player for s in compute_standings("ABCD", outcomes)] == ["A", "C", "B", "D"]
    same = versus_outcomes(1, "A", "B", 1, 1, 1) + versus_outcomes(1, "C", "D", 1, 1, 1)
    assert {s.rank for s in compute_standings("ABCD", same)} == {1}


def test_dropped_players_keep_their_standing():
    outcomes = versus_outcomes(1, "A", "B", 2, 0) + versus_outcomes(1, "C", "D", 0, 2)
    standings = {s.player: s for s in compute_standings("ABCD", outcomes, dropped={"A"})}
    assert standings["A"].dropped and standings["A"].rank == 1


def test_resistance_option():
    outcomes = versus_outcomes(1, "A", "B", 2, 0) + versus_outcomes(1, "C", "D", 2, 0)
    outcomes += versus_outcomes(2, "A", "C", 2, 0) + versus_outcomes(2, "B", "D", 1, 1, 1)
    table = {s.player: s for s in compute_standings("ABCD", outcomes, method="resistance")}
    # B: 0-1-1 -> (0 + 0.5) / 2 = 25%; C: 1-1 -> 50%. A's resistance: (25% + 50%) / 2.
    assert table["A"].omw == pytest.approx(0.375)
    assert table["D"].mw == pytest.approx(0.25)  # 0-1-1 = 25%, at the floor


def test_pod_outcomes_count_like_matches():
    outcomes = [
        Outcome("A", 1, "win", ("B", "C"), 3, 1),
        Outcome("B", 1, "loss", ("A", "C"), 0, 1),
        Outcome("C", 1, "loss", ("A", "B"), 0, 1),
    ]
    table = {s.player: s for s in compute_standings("ABC", outcomes)}
    assert table["A"].match_points == 3 and table["B"].omw == pytest.approx((1 + 1 / 3) / 2)


def random_event(count=40, rounds=6, seed=3):
    import random

    rng = random.Random(seed)
    outcomes = []
    for round_number in range(1, rounds + 1):
        order = list(range(count))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            wins = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
            outcomes += versus_outcomes(round_number, a, b, *wins, 1 if wins == (1, 1) else 0)
    return outcomes


def summary(table):
    return [(s.player, s.rank, s.match_points, round(s.omw, 9), round(s.gw, 9), round(s.ogw, 9)) for s in table]


def test_python_integer_fallback_gives_the_same_standings(monkeypatch):
    from tournaments.engine import standings as module

    outcomes = random_event()
    fast = summary(compute_standings(range(40), outcomes))
    monkeypatch.setattr(module, "INT64_SAFE", 1)  # every step now uses Python integers
    assert summary(compute_standings(range(40), outcomes)) == fast


def test_integer_and_text_ids_rank_alike():
    outcomes = random_event()
    as_text = [
        Outcome(str(o.player), o.round, o.result, tuple(map(str, o.opponents)), o.game_points, o.games, o.bye)
        for o in outcomes
    ]
    by_int = [(str(p), r, m) for p, r, m, *_ in summary(compute_standings(range(40), outcomes))]
    by_text = [(p, r, m) for p, r, m, *_ in summary(compute_standings([str(i) for i in range(40)], as_text))]
    assert sorted(by_int, key=lambda row: (row[1], int(row[0]))) == sorted(
        by_text, key=lambda row: (row[1], int(row[0]))
    )


def pod_outcomes(round_number, placements, table=None):
    from tournaments.engine.match_result import MatchResult

    places = dict(placements)
    return MatchResult(tuple(places), placements=places).outcomes(round_number, table)


def test_pod_match_points_from_a_table():
    outcomes = pod_outcomes(1, [("A", 1), ("B", 2), ("C", 3)], {"2": 1})
    table = {s.player: s for s in compute_standings("ABC", outcomes)}
    assert (table["A"].match_points, table["B"].match_points, table["C"].match_points) == (3, 1, 0)
    assert table["B"].mw == pytest.approx(1 / 3)  # MW% still counts a second place as a loss
    default = {
        s.player: s.match_points for s in compute_standings("ABC", pod_outcomes(1, [("A", 1), ("B", 1), ("C", 3)]))
    }
    assert default == {"A": 2, "B": 2, "C": 0}  # tied firsts share 1st and 2nd: (3 + 0) / 2, half up
