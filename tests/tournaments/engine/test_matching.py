"""The exact matchings under the pairing engine, against brute force and networkx."""

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.engine.pairing import weighted
from tournaments.engine.pairing.matching import maximum_matching, sometimes_unpaired
from tournaments.engine.pairing.weighted import min_cost_perfect_matching


def brute_force(count, edges):
    """The least cost of a perfect matching, or None."""
    cost = {}
    for u, v, c in edges:
        cost[(u, v)] = cost[(v, u)] = min(c, cost.get((u, v), c))

    def best(rest):
        if not rest:
            return 0
        first, values = rest[0], []
        for other in rest[1:]:
            if (first, other) in cost:
                below = best([x for x in rest[1:] if x != other])
                if below is not None:
                    values.append(cost[(first, other)] + below)
        return min(values, default=None)

    return best(list(range(count)))


def total(edges, mate):
    cost = {}
    for u, v, c in edges:
        cost[(u, v)] = cost[(v, u)] = min(c, cost.get((u, v), c))
    assert all(mate[mate[v]] == v for v in range(len(mate)))
    return sum(cost[(v, mate[v])] for v in range(len(mate)) if v < mate[v])


graphs = st.integers(2, 10).flatmap(
    lambda count: st.tuples(
        st.just(count),
        st.lists(
            st.tuples(st.integers(0, count - 1), st.integers(0, count - 1), st.sampled_from([0, 1, 4, 9, 25, 1000])),
            max_size=count * 3,
        ),
        st.integers(0, 500),
    )
)


@pytest.mark.parametrize("small", [weighted.SMALL, 0])
@settings(max_examples=150, deadline=None)
@given(graph=graphs)
def test_small_graphs_against_brute_force(graph, small):
    """Through the subset dynamic programming, and (small=0) through the blossom algorithm."""
    count, edges, shift = graph
    edges = [(u, v, c + shift) for u, v, c in edges if u != v]
    saved, weighted.SMALL = weighted.SMALL, small
    try:
        mate = min_cost_perfect_matching(count, edges)
    finally:
        weighted.SMALL = saved
    best = brute_force(count, edges)
    if best is None:
        assert -1 in mate
    else:
        assert total(edges, mate) == best


def test_larger_graphs_against_networkx():
    rng = random.Random(12)
    for _ in range(60):
        count = rng.choice([14, 20, 31, 40])
        density = rng.choice([0.15, 0.5, 1.0])
        shift = rng.choice([0, 3, 10_000])
        edges = [
            (u, v, shift + rng.choice([0, 1, 4, 9, 16, rng.randint(0, 400)]))
            for u in range(count)
            for v in range(u + 1, count)
            if rng.random() < density
        ]
        graph = nx.Graph()
        graph.add_nodes_from(range(count))
        top = max((c for _u, _v, c in edges), default=0) + 1
        graph.add_weighted_edges_from((u, v, top - c) for u, v, c in edges)
        theirs = nx.max_weight_matching(graph, maxcardinality=True)
        mate = min_cost_perfect_matching(count, edges)
        if 2 * len(theirs) < count:
            assert -1 in mate
        else:
            assert total(edges, mate) == sum(top - graph[u][v]["weight"] for u, v in theirs)


def test_maximum_matching_finds_a_perfect_one_when_it_exists():
    rng = random.Random(3)
    for _ in range(200):
        count = rng.choice([4, 7, 10, 16])
        pairs = {(u, v) for u in range(count) for v in range(u + 1, count) if rng.random() < 0.3}
        neighbours = [[w for w in range(count) if (min(v, w), max(v, w)) in pairs] for v in range(count)]
        mate = maximum_matching(count, neighbours)
        graph = nx.Graph(list(pairs))
        graph.add_nodes_from(range(count))
        assert sum(1 for m in mate if m != -1) == 2 * len(nx.max_weight_matching(graph, maxcardinality=True))


def largest_matching(count, pairs):
    graph = nx.Graph(list(pairs))
    graph.add_nodes_from(range(count))
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def test_the_players_some_largest_matching_leaves_unpaired_against_networkx():
    """What picks the bye when rematches are forced: removing such a player keeps the largest
    matching as large, removing any other makes it smaller."""
    rng = random.Random(26)
    for _ in range(300):
        count = rng.choice([3, 5, 7, 9, 12, 15])
        density = rng.choice([0.2, 0.4, 0.7])
        pairs = {(u, v) for u in range(count) for v in range(u + 1, count) if rng.random() < density}
        neighbours = [[w for w in range(count) if (min(v, w), max(v, w)) in pairs] for v in range(count)]
        size = largest_matching(count, pairs)
        expected = {
            v for v in range(count) if largest_matching(count, {(a, b) for a, b in pairs if v not in (a, b)}) == size
        }
        assert sometimes_unpaired(count, neighbours) == expected


def _seats_everyone(people, arrived):
    """Brute force: can `people` all be seated (arrivals meet members only)?"""
    if not people:
        return True
    first, rest = people[0], people[1:]
    return any(
        first.can_meet(other)
        and not (id(first) in arrived and id(other) in arrived)
        and _seats_everyone(rest[:i] + rest[i + 1 :], arrived)
        for i, other in enumerate(rest)
    )


def _rank_by_id(ranks):
    return lambda player: ranks[id(player)]


def test_a_score_group_sends_on_its_lowest_ranked_members_against_brute_force():
    """seat_group (optimal.py): of the members who can float on to the next group while everyone else
    is seated, the lowest-ranked go, whatever order the group comes in; checked against every choice."""
    from itertools import combinations

    from tournaments.engine.pairing import Player
    from tournaments.engine.pairing.optimal import seat_group

    rng = random.Random(5)
    checked = 0
    for trial in range(600):
        count, arriving_count = rng.randint(1, 7), rng.randint(0, 3)
        names = [f"m{i}" for i in range(count)] + [f"a{i}" for i in range(arriving_count)]
        met = {name: set() for name in names}
        for a, b in combinations(names, 2):
            if rng.random() < 0.4:
                met[a].add(b)
                met[b].add(a)
        members = [Player(f"m{i}", 3, i, frozenset(met[f"m{i}"])) for i in range(count)]
        arriving = [Player(f"a{i}", 6, 0, frozenset(met[f"a{i}"])) for i in range(arriving_count)]
        arrived = {id(player) for player in arriving}
        ranks = {id(player): count - 1 - i for i, player in enumerate(members)}  # the last member: 0
        group = members[:]
        rng.shuffle(group)
        for sending in range(min(count, 3) + 1):
            if (count + arriving_count + sending) % 2:
                continue
            feasible = [
                sorted(ranks[id(x)] for x in leaving)
                for leaving in combinations(members, sending)
                if _seats_everyone([p for p in members + arriving if all(p is not x for x in leaving)], arrived)
            ]
            seated = seat_group(group, arriving, sending, _rank_by_id(ranks))
            if not feasible:
                assert seated is None, trial
                continue
            pairs, leaving = seated
            assert sorted(ranks[id(x)] for x in leaving) == min(feasible), trial
            assert all(a.can_meet(b) and not (id(a) in arrived and id(b) in arrived) for a, b in pairs)
            assert len({id(p) for pair in pairs for p in pair}) == count + arriving_count - sending
            checked += 1
    assert checked > 500
