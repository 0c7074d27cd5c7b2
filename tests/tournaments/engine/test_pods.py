"""Free-for-all pods of 13 players and more: no avoidable repeat pod-mates (issue 26), held against
integer programs (scipy's milp, a code path apart from the engine's HiGHS program) on generated
events of 13 to 64 players, a constructed field of 64 counted by hand, and the documented swap
guarantee above 64 players."""

from itertools import combinations

import pytest

from tests.tournaments.engine.pairing_reference import pods_cost, pods_fewer_repeats, pods_fewest_repeats, pods_optimum
from tests.tournaments.engine.test_pairing import named, play
from tournaments.engine.pairing import Player, pair_round, pod_program, pod_repeats
from tournaments.engine.pairing.pod_repeats import REPEATS_LIMIT


def repeats(players, pairing):
    return pods_cost(players, pairing.tables, pairing.byes)[0]


def test_the_smallest_case_of_issue_26_seats_no_repeat():
    # 13 players, pods of 3 preferred (4+3+3+3), round 4 of a simulated event: the engine seated
    # two repeats (spread 90) although seatings without any exist (the least spread of those is 126).
    points = {5: 6, 3: 6, 9: 3, 12: 3, 6: 3, 0: 3, 1: 3, 11: 3, 7: 3, 8: 3, 2: 0, 10: 0, 4: 0}
    opponents = {
        5: [0, 3, 4, 6, 7, 8, 9, 11],
        3: [0, 1, 2, 5, 6, 7, 8, 12],
        9: [1, 2, 5, 6, 7, 8, 11],
        12: [1, 3, 4, 7, 8, 10, 11],
        6: [1, 2, 3, 4, 5, 9],
        0: [1, 3, 4, 5, 7, 10, 11],
        1: [0, 3, 4, 6, 8, 9, 12],
        11: [0, 4, 5, 8, 9, 10, 12],
        7: [0, 2, 3, 5, 9, 10, 12],
        8: [1, 2, 3, 5, 9, 10, 11, 12],
        2: [3, 6, 7, 8, 9, 10],
        10: [0, 2, 7, 8, 11, 12],
        4: [0, 1, 5, 6, 11, 12],
    }
    players = named(points, opponents)
    assert pods_fewest_repeats(players, 3) == 0
    for seed in range(10):
        pairing = pair_round(players, 4, seed, pod_size=3)
        assert repeats(players, pairing) == 0
        assert not [note for note in pairing.notes if note["kind"] == "rematch"]


def test_the_integer_program_agrees_with_brute_force():
    """The reference of the larger fields, checked where every seating can be tried."""
    compared = 0
    for count in (9, 10, 11):
        for seed in range(3):
            for players, _pairing in play(count, 6, seed, 3, met_before=0.3):
                if not any(p.dropped for p in players):
                    assert pods_fewest_repeats(players, 3) == pods_optimum(players, 3)[0]
                    compared += 1
    assert compared >= 50


def test_the_pod_integer_program_agrees_with_brute_force():
    """The reference of fields up to 64 players, checked where every seating can be tried."""
    compared = 0
    for count, preferred in ((9, 3), (10, 4), (11, 3), (12, 4)):
        for seed in range(3):
            for players, _pairing in play(count, 6, seed, preferred, met_before=0.3):
                if not any(p.dropped for p in players):
                    assert pods_fewer_repeats(players, preferred, 99) == pods_optimum(players, preferred)[0]
                    compared += 1
    assert compared >= 60


def events_with_forced_repeats(count, preferred, fives, seed, rounds=None):
    """Rounds of a simulated event until players have few fresh pod-mates left, so that late
    rounds force repeats."""
    return play(count, rounds or count // 2, seed, preferred, drops=0.01, pods_of_five=fives)


EXACT_TESTED = REPEATS_LIMIT  # docs/pairing.md: the size up to which every generated round is exact
FIELDS = [(count, preferred, fives) for count in (13, 14, 15, 16) for preferred in (3, 4) for fives in (False, True)]
# A few of each kind (the reference takes seconds a round from 17 players; 10 to 20 s at 24).
LARGER = [(17, 3, False), (17, 4, True), (20, 3, True), (20, 4, False), (24, 3, False)]


def assert_no_avoidable_repeat(count, preferred, fives, seeds, rounds=None):
    """Every round of simulated events until repeats are forced: when the engine seats repeats,
    the pod integer program proves that no seating has fewer."""
    assert count <= EXACT_TESTED
    checked = 0
    for seed in seeds:
        for players, pairing in events_with_forced_repeats(count, preferred, fives, seed, rounds):
            ours = repeats(players, pairing)
            if ours and not pairing.byes and sum(not p.dropped for p in players) > 12:
                assert pods_fewer_repeats(players, preferred, ours, fives) == ours, (players, pairing)
                checked += 1
    assert checked >= 1


@pytest.mark.parametrize(("count", "preferred", "fives"), FIELDS)
def test_pods_of_13_to_16_have_no_avoidable_repeat(count, preferred, fives):
    assert_no_avoidable_repeat(count, preferred, fives, range(2))


@pytest.mark.parametrize(("count", "preferred", "fives"), LARGER)
def test_pods_of_17_to_24_have_no_avoidable_repeat(count, preferred, fives):
    assert_no_avoidable_repeat(count, preferred, fives, [count])


def test_pods_of_64_have_no_avoidable_repeat():
    """The first rounds where repeats are forced (later ones, and a 40-player event, took the
    reference more than its two minutes)."""
    assert_no_avoidable_repeat(64, 4, False, [2], 16)


@pytest.mark.parametrize(("count", "preferred", "fives"), [(18, 3, False), (20, 4, True)])
def test_the_integer_program_alone_finds_the_fewest_repeats(count, preferred, fives, monkeypatch):
    """With no budget for the search, every round with repeats is settled by the program."""
    monkeypatch.setattr(pod_repeats, "PODS_BUDGET", 0)
    assert_no_avoidable_repeat(count, preferred, fives, [1])


@pytest.mark.parametrize(("bound", "value"), [("CANDIDATES_LIMIT", 5), ("PRICING_ROUNDS", 0)])
def test_a_program_that_reaches_its_bound_keeps_the_seating_found_by_swaps(bound, value, monkeypatch):
    """Where the program would hold more than CANDIDATES_LIMIT pods (players who have met few
    others, where the search finds a seating without repeats), or reaches another bound of its
    work, the seating found by swaps stays, with its guarantee."""
    monkeypatch.setattr(pod_repeats, "PODS_BUDGET", 0)
    monkeypatch.setattr(pod_program, bound, value)
    calls = []
    program = pod_repeats.fewest_repeats_program

    def counted(*args):
        try:
            return program(*args)
        except pod_program.GaveUp:
            calls.append(args)
            raise

    monkeypatch.setattr(pod_repeats, "fewest_repeats_program", counted)
    for players, pairing in events_with_forced_repeats(20, 4, False, 1):
        assert no_swap_has_fewer_repeats(players, pairing)
    assert calls


def test_groups_that_pods_cannot_split_force_exactly_the_repeats_counted_by_hand():
    # 64 players in groups of 7 and 9 (alternating), each has met everyone outside their group;
    # pods of 4 only. A group of 7 or 9 cannot fill pods of 4 alone, so each sends at least one
    # player to a shared pod, and a shared pod has at least 3 repeats (3 + 1 players): 8 groups,
    # 4 shared pods of 3 + 1, 12 repeats, and no seating has fewer.
    groups, start = [], 0
    for size in (7, 9) * 4:
        groups.append(range(start, start + size))
        start += size
    players = [
        Player(i, 0, i + 1, frozenset(j for group in groups if i not in group for j in group)) for i in range(64)
    ]
    assert len(players) <= REPEATS_LIMIT
    pairing = pair_round(players, 10, 1, pod_size=4)
    assert [len(table) for table in pairing.tables] == [4] * 16
    assert repeats(players, pairing) == 12


def met_count(players):
    active = [p for p in players if not p.dropped]
    return max(sum(1 for q in active if q is not p and not p.can_meet(q)) for p in active)


def no_swap_has_fewer_repeats(players, pairing):
    by_id = {p.id: p for p in players}
    pods = [[by_id[i] for i in table] for table in pairing.tables]

    def count(pod):
        return sum(1 for a, b in combinations(pod, 2) if not a.can_meet(b))

    for first, second in combinations(pods, 2):
        before = count(first) + count(second)
        if not before:
            continue
        for a in first:
            for b in second:
                after = count([b if p is a else p for p in first]) + count([a if p is b else p for p in second])
                if after < before:
                    return False
    return True


@pytest.mark.parametrize(("count", "preferred", "seed"), [(65, 3, 3), (170, 4, 4)])
def test_above_the_exact_limit_the_documented_guarantee(count, preferred, seed):
    """No swap of two players between two pods seats fewer repeats; so (docs/pairing.md) nobody
    repeats a pod-mate while every player has met fewer than (players - 4) / 6 of the others.
    Above REPEATS_LIMIT players it is the guarantee."""
    assert count > EXACT_TESTED
    checked = 0
    for players, pairing in play(count, 9, seed, preferred, met_before=0.02):
        assert no_swap_has_fewer_repeats(players, pairing)
        if 6 * met_count(players) < sum(not p.dropped for p in players) - 4:
            assert repeats(players, pairing) == 0
            checked += 1
    assert checked >= 1


def test_above_the_exact_limit_a_field_that_has_met_little_seats_no_repeat():
    # 97 players, each has met the 14 nearest on a circle (14 < (97 - 4) / 6): pods in standings
    # order would seat neighbours together.
    count = 97
    players = [
        Player(i, 0 if i else 3, i + 1, frozenset((i + k) % count for k in range(-7, 8) if k)) for i in range(count)
    ]
    assert met_count(players) == 14
    for preferred in (3, 4):
        assert repeats(players, pair_round(players, 6, 1, pod_size=preferred)) == 0
