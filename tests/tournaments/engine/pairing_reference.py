"""Exact references for the pairing engine, independent of it: what docs/pairing.md promises,
computed by networkx's weighted matching (one against one) or by brute force (pods)."""

from itertools import combinations

import networkx as nx

from tournaments.engine.pairing.pods import pod_sizes

BYE = object()


def standings_order(players):
    return sorted((p for p in players if not p.dropped), key=lambda p: (-p.points, p.rank, str(p.id)))


def bye_ranks(players):
    """0 for the lowest-ranked active player with the fewest byes, 1 for the next one up..."""
    active = standings_order(players)
    fewest = min(p.byes for p in active)
    allowed = [p for p in reversed(active) if p.byes == fewest]
    return {p.id: rank for rank, p in enumerate(allowed)}


def versus_cost(players, tables, byes):
    """The documented cost of a one-against-one pairing: (rematches, bye rank, sum of squared
    point gaps)."""
    by_id = {p.id: p for p in players}
    pairs = [(by_id[a], by_id[b]) for a, b in tables]
    rematches = sum(1 for a, b in pairs if not a.can_meet(b))
    squares = sum((a.points - b.points) ** 2 for a, b in pairs)
    return rematches, sum(bye_ranks(players)[b] for b in byes), squares


def versus_optimum(players, below=None):
    """The least documented cost of any pairing: first the fewest rematches and the lowest bye
    rank, then the least squared gaps with that bye (each a minimum-cost perfect matching).
    `below` (a pairing's cost) only shrinks the graphs: a pairing as good as it is still found."""
    active = standings_order(players)
    ranks = bye_ranks(players) if len(active) % 2 else {}
    if below is not None and below[:2] == (0, 0):
        rematches, rank = 0, 0
    else:
        rematches, rank = _fewest_rematches_then_bye(active, ranks)
    bye = [p for p in active if ranks.get(p.id) == rank] if ranks else []
    rest = [p for p in active if p not in bye]
    at_most = below[2] if below is not None and below[:2] == (rematches, rank) else None
    tables = _least_squares(rest, rematches, at_most)
    return versus_cost(players, tables, [p.id for p in bye])


def _min_cost_matching(graph, nodes):
    """A minimum-cost perfect matching of `graph` (edge attribute "cost") over `nodes`."""
    top = max(cost for _a, _b, cost in graph.edges(data="cost")) + 1
    for _a, _b, data in graph.edges(data=True):
        data["weight"] = top - data["cost"]
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(matching) == len(nodes), "no pairing at all"
    return matching


def _fewest_rematches_then_bye(active, ranks):
    """(rematches, bye rank) of the best pairing by those two alone."""
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in active)
    rematch = len(active) + 1  # one rematch outweighs any bye rank
    for a, b in combinations(active, 2):
        graph.add_edge(a.id, b.id, cost=0 if a.can_meet(b) else rematch)
    for player_id, rank in ranks.items():
        graph.add_edge(player_id, BYE, cost=rank)
    matching = _min_cost_matching(graph, list(graph.nodes))
    total = sum(graph.edges[a, b]["cost"] for a, b in matching)
    return divmod(total, rematch) if ranks else (total // rematch, 0)


def _least_squares(players, rematches, at_most):
    """The tables of a pairing of `players` (no bye) with that many rematches and the least sum
    of squared gaps; with `at_most`, only tables whose squared gap is within it are offered."""
    if not players:
        return []
    spread = players[0].points - players[-1].points
    rematch = spread * spread * len(players) + 1  # outweighs every sum of squared gaps
    graph = nx.Graph()
    for a, b in combinations(players, 2):
        squares = (a.points - b.points) ** 2
        if at_most is not None and (squares > at_most or (not a.can_meet(b) and rematches == 0)):
            continue
        graph.add_edge(a.id, b.id, cost=squares + (0 if a.can_meet(b) else rematch))
    return list(_min_cost_matching(graph, players))


def pods_cost(players, tables, byes):
    """The documented cost of pods: (repeat pod-mates, bye rank, spread)."""
    by_id = {p.id: p for p in players}
    pods = [[by_id[i] for i in table] for table in tables]
    repeats = sum(1 for pod in pods for a, b in combinations(pod, 2) if not a.can_meet(b))
    spread = sum((max(p.points for p in pod) - p.points) ** 2 for pod in pods for p in pod)
    return repeats, sum(bye_ranks(players)[b] for b in byes), spread


def pods_optimum(players, preferred):
    """Brute force over every seating with the engine's pod sizes and every allowed bye."""
    active = standings_order(players)
    sizes = pod_sizes(len(active), preferred)
    ranks = bye_ranks(players)
    byes = [p for p in active if p.id in ranks] if sum(sizes) < len(active) else [None]
    best = None
    for bye in byes:
        seated = [p for p in active if p is not bye]
        for pods in _partitions(seated, sizes):
            tables = [[p.id for p in pod] for pod in pods]
            cost = pods_cost(players, tables, [bye.id] if bye else [])
            best = cost if best is None else min(best, cost)
    return best


def _partitions(players, sizes):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in _partitions(remaining, left):
                yield [[first, *others], *tail]


def pods_fewest_repeats(players, preferred):
    """The fewest repeat pod-mates of any seating with the engine's pod sizes (no bye: 6 players
    or more), by an integer program: e[a, b] = 1 when a and b share a pod; sharing is transitive
    (so pods are cliques), each player has 2 or 3 pod-mates, and as many have 3 as the pods of
    4 hold. Solved exactly by HiGHS (scipy); its optimum proves no seating has fewer repeats."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_array

    active = standings_order(players)
    count, sizes = len(active), pod_sizes(len(active), preferred)
    assert sum(sizes) == count and set(sizes) <= {3, 4}, "a seating without a bye"
    pair_index = {pair: k for k, pair in enumerate(combinations(range(count), 2))}
    pairs, fours = len(pair_index), count  # variables: e[a, b] for each pair, then f[a]
    rows, columns, values, lower, upper = [], [], [], [], []

    def row(entries, low, high):
        for column, value in entries:
            rows.append(len(lower))
            columns.append(column)
            values.append(value)
        lower.append(low)
        upper.append(high)

    for a, b, c in combinations(range(count), 3):
        ab, ac, bc = pair_index[a, b], pair_index[a, c], pair_index[b, c]
        for one, two, three in ((ab, ac, bc), (ab, bc, ac), (ac, bc, ab)):
            row([(one, 1), (two, 1), (three, -1)], -np.inf, 1)
    for a in range(count):
        mates = [(pair_index[min(a, b), max(a, b)], 1) for b in range(count) if b != a]
        row([*mates, (pairs + a, -1)], 2, 2)
    row([(pairs + a, 1) for a in range(count)], 4 * sizes.count(4), 4 * sizes.count(4))
    matrix = coo_array((values, (rows, columns)), shape=(len(lower), pairs + fours))
    cost = np.zeros(pairs + fours)
    for (a, b), k in pair_index.items():
        cost[k] = 0 if active[a].can_meet(active[b]) else 1
    result = milp(
        cost,
        constraints=LinearConstraint(matrix.tocsr(), lower, upper),
        integrality=np.ones(pairs + fours),
        bounds=Bounds(0, 1),
    )
    assert result.status == 0, result.message
    return round(result.fun)


def pods_fewer_repeats(players, preferred, below, fives=False):
    """The fewest repeat pod-mates of any seating with the engine's pod sizes (no bye), when that
    is fewer than `below`; else `below`. An integer program over the pods themselves: one
    variable per pod that has fewer than `below` repeats (no seating with fewer holds another),
    each player in one pod, as many pods of each size as the engine seats. Solved exactly by
    HiGHS (scipy): infeasible proves that no seating has fewer than `below`."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_array

    active = standings_order(players)
    count, sizes = len(active), pod_sizes(len(active), preferred, fives)
    assert sum(sizes) == count, "a seating without a bye"
    met = [[not a.can_meet(b) for b in active] for a in active]
    pods = [pod for size in set(sizes) for pod in _cheap_pods(met, size, below - 1)]
    kinds = sorted(set(sizes))
    rows, columns = [], []
    for column, (pod, _repeats) in enumerate(pods):
        for player in pod:
            rows.append(player)
            columns.append(column)
        rows.append(count + kinds.index(len(pod)))
        columns.append(column)
    if not pods:
        return below
    matrix = coo_array((np.ones(len(rows)), (rows, columns)), shape=(count + len(kinds), len(pods)))
    needed = np.array([1] * count + [sizes.count(size) for size in kinds], dtype=float)
    result = milp(
        np.array([repeats for _pod, repeats in pods], dtype=float),
        constraints=LinearConstraint(matrix.tocsr(), needed, needed),
        integrality=np.ones(len(pods)),
        bounds=Bounds(0, 1),
        options={"time_limit": 120},
    )
    if result.status == 2:  # infeasible
        return below
    assert result.status == 0, result.message
    return min(below, round(result.fun))  # pods of fewer than `below` repeats can still add up to more


def _cheap_pods(met, size, most):
    """Every pod of `size` players (indices, in order) with at most `most` pairs who have met, as
    (pod, repeats): grown one player at a time, dropped as soon as it has too many."""
    found = []

    def grow(pod, repeats):
        if len(pod) == size:
            found.append((pod, repeats))
            return
        for player in range(pod[-1] + 1 if pod else 0, len(met) - (size - len(pod)) + 1):
            more = repeats + sum(met[player][other] for other in pod)
            if more <= most:
                grow([*pod, player], more)

    grow([], 0)
    return found
