"""The Swiss pairing engine (pure module, no database), held against exact references."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import DomainError
from tests.tournaments.engine.pairing_reference import pods_cost, pods_optimum, versus_cost, versus_optimum
from tournaments.engine.pairing import Player, pair_round
from tournaments.engine.pairing.pods import pod_sizes
from tournaments.presenters.rounds import describe_note

ROOT = Path(__file__).resolve().parents[3]


def field(points, opponents=None, byes=None, dropped=()):
    """Players ranked in the given order; `points[i]` for player i."""
    opponents = opponents or {}
    return [
        Player(i, p, i + 1, frozenset(opponents.get(i, ())), (byes or {}).get(i, 0), i in dropped)
        for i, p in enumerate(points)
    ]


def named(points, opponents):
    """Players by name, ranked by points: `points` {name: points}, `opponents` {name: names}."""
    order = sorted(points, key=lambda name: -points[name])
    return [Player(name, points[name], order.index(name) + 1, frozenset(opponents.get(name, ""))) for name in order]


def met(pairs):
    opponents = {}
    for a, b in pairs:
        opponents.setdefault(a, set()).add(b)
        opponents.setdefault(b, set()).add(a)
    return opponents


def cost(players, pairing):
    return versus_cost(players, pairing.tables, pairing.byes)


def without_bye_rank(cost):
    """Round 1's bye is random: its rank is left out of the comparison."""
    return cost[0], cost[2]


# Regressions: the smallest cases of issue 26 (the bye) and of issue 12


def test_the_bye_goes_to_the_lowest_ranked_player_even_if_that_means_a_pair_down():
    # A 3 points, B and C 0, C ranked last, nobody has met: C has the bye and A-B play.
    players = named({"A": 3, "B": 0, "C": 0}, {})
    for seed in range(5):
        pairing = pair_round(players, 2, seed)
        assert pairing.byes == ["C"] and pairing.tables == [["A", "B"]]
        assert cost(players, pairing) == versus_optimum(players) == (0, 0, 9)
        assert pairing.notes[0] == {"kind": "bye", "player": "C", "points": 0, "earlier_byes": 0, "lowest": True}
        assert (
            describe_note(pairing.notes[0], {"C": "Cat"}) == "Bye: Cat, 0 points (lowest-ranked player without a bye)"
        )


def test_the_bye_moves_up_only_to_avoid_a_rematch_and_says_why():
    # A 9, B 6, C 6 (C ranked last), A and B have met: C's bye forces A-B again, B's does not.
    players = named({"A": 9, "B": 6, "C": 6}, {"A": "B", "B": "A"})
    for seed in range(5):
        pairing = pair_round(players, 4, seed)
        assert pairing.byes == ["B"] and pairing.tables == [["A", "C"]]
        assert cost(players, pairing) == versus_optimum(players) == (0, 1, 9)
    assert pairing.notes[0] == {"kind": "bye", "player": "B", "points": 6, "earlier_byes": 0, "lowest": False}
    assert describe_note(pairing.notes[0], {"B": "Ben"}) == (
        "Bye: Ben, 6 points (fewest byes; each lower-ranked player's bye would have forced a rematch this pairing avoids)"
    )


def test_a_higher_ranked_player_never_gets_the_bye_to_make_pair_downs_smaller():
    # 3, 3, 3, 0, 0, player 4 has had a bye: player 3 (0 points) takes it and a 3-point player
    # pairs down to player 4, although a 3-point player's bye would have left no pair-down.
    players = field([3, 3, 3, 0, 0], byes={4: 1})
    pairing = pair_round(players, 3, 1)
    assert pairing.byes == [3]
    assert pairing.notes[0] == {"kind": "bye", "player": 3, "points": 0, "earlier_byes": 0, "lowest": True}
    assert cost(players, pairing) == versus_optimum(players) == (0, 0, 9)


def test_pair_downs_are_minimal_on_a_small_event():
    # Round 6, points 12/10/9/7/6/6/6/3: the old engine played squared gaps of 95 on most seeds; 89 exists.
    points = {0: 7, 1: 12, 2: 3, 3: 9, 4: 6, 5: 10, 6: 6, 7: 6}
    opponents = {
        0: [1, 2, 3, 4, 5],
        1: [0, 2, 3, 5, 6],
        2: [0, 1, 4, 6, 7],
        3: [0, 1, 4, 5, 7],
        4: [0, 2, 3, 6, 7],
        5: [0, 1, 3, 6, 7],
        6: [1, 2, 4, 5, 7],
        7: [2, 3, 4, 5, 6],
    }
    players = named(points, opponents)
    assert versus_optimum(players) == (0, 0, 89)
    for seed in range(20):
        assert cost(players, pair_round(players, 6, seed)) == (0, 0, 89)


def test_an_unavoidable_rematch_still_keeps_point_gaps_small():
    # A (7 points) has met everyone: one rematch is forced; A-B and C-D cost 25 + 1, not A-D and B-C (49 + 1).
    players = named({"A": 7, "B": 2, "C": 1, "D": 0}, {"A": "BCD", "B": "A", "C": "A", "D": "A"})
    pairing = pair_round(players, 4, 1)
    assert cost(players, pairing) == (1, 0, 26)
    assert sorted(sorted(t) for t in pairing.tables) == [["A", "B"], ["C", "D"]]
    assert {"kind": "rematch", "players": ["A", "B"]} in pairing.notes


def test_pods_avoid_repeat_pod_mates_when_a_seating_allows_it():
    # 9 players, pods of 3, round 3: the old greedy fill seated two pairs of former pod-mates together.
    points = {0: 0, 1: 3, 2: 3, 3: 0, 4: 6, 5: 3, 6: 3, 7: 0, 8: 0}
    opponents = {
        0: [1, 2, 7],
        1: [0, 2, 7],
        2: [0, 1, 3, 4],
        3: [2, 4, 8],
        4: [2, 3, 8],
        5: [6, 7, 8],
        6: [5, 7, 8],
        7: [0, 1, 5, 6],
        8: [3, 4, 5, 6],
    }
    players = named(points, opponents)
    for seed in range(10):
        pairing = pair_round(players, 3, seed, pod_size=3)
        assert pods_cost(players, pairing.tables, pairing.byes)[0] == 0
        assert not [n for n in pairing.notes if n["kind"] == "rematch"]


@pytest.mark.parametrize(
    ("count", "preferred", "sizes"),
    [
        (12, 3, [3, 3, 3, 3]),
        (12, 4, [4, 4, 4]),
        (10, 4, [4, 3, 3]),
        (10, 3, [4, 3, 3]),
        (9, 4, [3, 3, 3]),
        (8, 3, [4, 4]),
        (7, 3, [4, 3]),
        (6, 4, [3, 3]),
        (15, 3, [3, 3, 3, 3, 3]),
        (15, 4, [4, 4, 4, 3]),
        (5, 4, [4]),
        (5, 3, [4]),
        (2, 3, [2]),
    ],
)
def test_pod_sizes_keep_as_many_of_the_preferred_size_as_possible(count, preferred, sizes):
    assert pod_sizes(count, preferred) == sizes


def test_two_players_in_a_pods_event_play_one_table():
    pairing = pair_round(field([3, 0, 0], dropped={2}), 2, 1, pod_size=4)
    assert pairing.tables == [[0, 1]] and pairing.byes == []


def test_pod_notes_give_each_player_paired_up_their_own_points():
    # Pods of 3 from 9 players; the top pod is 9, 6, 3: two players paired up, with different totals.
    players = field([9, 6, 3, 3, 3, 3, 0, 0, 0])
    pairing = pair_round(players, 3, 1, pod_size=3)
    leader, second, third = pairing.tables[0]
    assert (leader, second) == (0, 1) and third in (2, 3, 4, 5)
    downs = [n for n in pairing.notes if n["kind"] == "pair_down" and n["table"] == 1]
    assert [(n["players"], n["from_points"], n["to_points"]) for n in downs] == [([1], 9, 6), ([third], 9, 3)]
    names = {0: "Ann", 1: "Ben", third: "Cat"}
    assert [describe_note(n, names) for n in downs] == [
        "Table 1: Ben (6 points) paired up into a pod led by 9 points",
        "Table 1: Cat (3 points) paired up into a pod led by 9 points",
    ]


# Behaviour an organiser relies on


def test_round_one_is_random_and_reproducible():
    players = field([0] * 16)
    first = pair_round(players, 1, seed=7).tables
    assert first == pair_round(players, 1, seed=7).tables
    assert first != pair_round(players, 1, seed=8).tables
    assert sorted(p for table in first for p in table) == list(range(16))


def test_equal_points_meet_and_the_lowest_ranked_pairs_down():
    players = field([6, 6, 6, 3, 3, 3, 0, 0])
    pairing = pair_round(players, 3)
    tables = [sorted(t) for t in pairing.tables]
    downs = [n for n in pairing.notes if n["kind"] == "pair_down"]
    assert [(n["player"], n["from_points"], n["to_points"]) for n in downs] == [(2, 6, 3)]
    assert [0, 1] in tables and [6, 7] in tables
    assert pairing.stats(players) == {"pair_downs": 1, "point_gap": 3, "squared_gap": 9, "rematches": 0}


def test_no_rematch_when_one_can_be_avoided():
    players = field([3, 3, 3, 3], opponents=met([(2, 3)]))
    for seed in range(20):
        assert [2, 3] not in [sorted(t) for t in pair_round(players, 2, seed).tables]


def test_rematch_free_pairing_found_across_score_groups():
    players = field([6, 6, 3, 3], opponents=met([(0, 1), (2, 3)]))
    pairing = pair_round(players, 3, 1)
    assert sorted(sorted(t) for t in pairing.tables) in ([[0, 2], [1, 3]], [[0, 3], [1, 2]])


def test_second_bye_only_when_everyone_has_had_one():
    assert pair_round(field([3, 3, 3], byes={0: 1, 1: 1, 2: 1}), 4, 1).byes == [2]
    assert pair_round(field([0, 0, 0], byes={0: 1, 1: 0, 2: 1}), 4, 1).byes == [1]


def test_dropped_players_are_not_paired():
    pairing = pair_round(field([3, 3, 0, 0], dropped={1}), 2, 1)
    assert 1 not in [p for t in pairing.tables for p in t] and pairing.byes


def test_fewer_than_two_active_players_is_an_error():
    with pytest.raises(DomainError, match="At least 2 active players"):
        pair_round(field([3, 0], dropped={0}), 2)


def test_pods_of_ten():
    pairing = pair_round(field([0] * 10), 1, seed=3, pod_size=4)
    assert sorted(len(t) for t in pairing.tables) == [3, 3, 4] and pairing.byes == []


def test_command_line(tmp_path):
    document = {
        "round": 2,
        "seed": 5,
        "players": [
            {"id": "a", "points": 3, "opponents": ["b"]},
            {"id": "b", "opponents": ["a"]},
            {"id": "c", "points": 3, "opponents": ["d"]},
            {"id": "d", "opponents": ["c"]},
        ],
    }
    path = tmp_path / "in.json"
    path.write_text(json.dumps(document))
    result = subprocess.run(
        [sys.executable, "-m", "tournaments.engine.pairing", str(path)], cwd=ROOT, capture_output=True, text=True
    )
    output = json.loads(result.stdout)
    assert sorted(sorted(t) for t in output["tables"]) == [["a", "c"], ["b", "d"]]
    assert output["stats"] == {"pair_downs": 0, "point_gap": 0, "squared_gap": 0, "rematches": 0}
    path.write_text("{")
    broken = subprocess.run(
        [sys.executable, "-m", "tournaments.engine.pairing", str(path)], cwd=ROOT, capture_output=True, text=True
    )
    assert broken.returncode == 2 and "in.json" in broken.stderr


# Generated histories against the exact references


def play(count, rounds, seed, pod_size=2, draws=0.0, drops=0.0, met_before=0.0, pods_of_five=False):
    """Random events: results with draws, drops, late byes, and opponents met before the event
    (`met_before`: the share of pairs), so that rematches are sometimes forced. Yields each
    round's (players, pairing)."""
    rng = random.Random(seed)
    state = {i: {"points": 0, "met": set(), "byes": 0, "dropped": False} for i in range(count)}
    for a in range(count):
        for b in range(a + 1, count):
            if rng.random() < met_before:
                state[a]["met"].add(b)
                state[b]["met"].add(a)
    for round_number in range(1, rounds + 1):
        if sum(not s["dropped"] for s in state.values()) < 2:
            return
        order = sorted(state, key=lambda i: (-state[i]["points"], rng.random()))
        players = [
            Player(i, state[i]["points"], r + 1, frozenset(state[i]["met"]), state[i]["byes"], state[i]["dropped"])
            for r, i in enumerate(order)
        ]
        pairing = pair_round(players, round_number, seed, pod_size, pods_of_five)
        yield players, pairing
        for i in pairing.byes:
            state[i]["byes"] += 1
            state[i]["points"] += 3
        for table in pairing.tables:
            for i in table:
                state[i]["met"].update(j for j in table if j != i)
            if rng.random() < draws:
                for i in table:
                    state[i]["points"] += 1
            else:
                state[rng.choice(table)]["points"] += 3
        for i in state:
            if rng.random() < drops and sum(not s["dropped"] for s in state.values()) > 2:
                state[i]["dropped"] = True


def assert_everyone_seated_once(players, pairing, pod_size):
    active = {p.id for p in players if not p.dropped}
    seated = [p for t in pairing.tables for p in t] + pairing.byes
    assert sorted(seated) == sorted(active)
    fewest = min(p.byes for p in players if not p.dropped)
    assert all(p.byes == fewest for p in players if p.id in pairing.byes)
    if pod_size == 2:
        assert all(len(t) == 2 for t in pairing.tables) and len(pairing.byes) == len(active) % 2


def is_first_round(players):
    active = [p for p in players if not p.dropped]
    return all(not p.opponents and not p.byes and p.points == active[0].points for p in active)


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(3, 40),
    seed=st.integers(0, 10_000),
    draws=st.sampled_from([0.0, 0.1, 0.3]),
    drops=st.sampled_from([0.0, 0.05]),
    met_before=st.sampled_from([0.0, 0.0, 0.2, 0.6]),
)
def test_one_against_one_is_optimal_on_generated_events(count, seed, draws, drops, met_before):
    """Every round of a 9-round event."""
    for players, pairing in play(count, 9, seed, draws=draws, drops=drops, met_before=met_before):
        assert_everyone_seated_once(players, pairing, 2)
        ours = cost(players, pairing)
        best = versus_optimum(players, below=ours)
        if is_first_round(players):  # the round-1 bye is random
            ours, best = without_bye_rank(ours), without_bye_rank(best)
        assert ours == best, (players, pairing)
        assert pairing.stats(players)["squared_gap"] == ours[-1]


@settings(max_examples=30, deadline=None)
@given(
    count=st.integers(2, 11),
    preferred=st.sampled_from([3, 4]),
    seed=st.integers(0, 10_000),
    met_before=st.sampled_from([0.0, 0.3]),
)
def test_pods_are_optimal_on_generated_events(count, preferred, seed, met_before):
    """Every round of a 5-round event."""
    for players, pairing in play(count, 5, seed, preferred, drops=0.05, met_before=met_before):
        assert_everyone_seated_once(players, pairing, preferred)
        ours = pods_cost(players, pairing.tables, pairing.byes)
        best = pods_optimum(players, preferred)
        if is_first_round(players):
            ours, best = without_bye_rank(ours), without_bye_rank(best)
        assert ours == best, (players, pairing)


def test_a_larger_event_is_optimal_in_its_late_rounds():
    """201 players, 9 rounds with 10% draws (the old engine lost to swisspair on such a round 9;
    on this event it was beaten by the reference in rounds 5, 6, 8 and 9)."""
    for players, pairing in play(201, 9, seed=0, draws=0.1):
        ours = cost(players, pairing)
        if pairing.round >= 8:
            assert versus_optimum(players, below=ours) == ours
