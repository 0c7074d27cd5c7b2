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
    """The documented cost of a one-against-one pairing: (rematches, sum of squared point gaps,
    bye rank)."""
    by_id = {p.id: p for p in players}
    pairs = [(by_id[a], by_id[b]) for a, b in tables]
    rematches = sum(1 for a, b in pairs if not a.can_meet(b))
    squares = sum((a.points - b.points) ** 2 for a, b in pairs)
    return rematches, squares, sum(bye_ranks(players)[b] for b in byes)


def versus_optimum(players, below=None):
    """The least documented cost of any pairing (minimum-cost perfect matching, with a vertex for
    the bye). With `below` (a pairing's cost), only tables cheaper than it are offered, which
    keeps the graph small and still finds any cheaper pairing."""
    active = standings_order(players)
    ranks = bye_ranks(players) if len(active) % 2 else {}
    spread = active[0].points - active[-1].points
    tie = len(active) + 1  # bye ranks stay below one squared point
    rematch = (spread * spread * len(active) + 1) * tie
    graph = nx.Graph()
    for a, b in combinations(active, 2):
        squares = (a.points - b.points) ** 2
        if below is not None and (squares > below[1] or (not a.can_meet(b) and below[0] == 0)):
            continue
        graph.add_edge(a.id, b.id, cost=squares * tie + (0 if a.can_meet(b) else rematch))
    for player_id, rank in ranks.items():
        graph.add_edge(player_id, BYE, cost=rank)
    top = max(cost for _a, _b, cost in graph.edges(data="cost")) + 1
    for _a, _b, data in graph.edges(data=True):
        data["weight"] = top - data["cost"]
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables = [(a, b) for a, b in matching if BYE not in (a, b)]
    byes = [a if b is BYE else b for a, b in matching if BYE in (a, b)]
    assert 2 * len(matching) == len(active) + len(ranks and [BYE]), "no pairing at all"
    return versus_cost(players, tables, byes)


def pods_cost(players, tables, byes):
    """The documented cost of pods: (repeat pod-mates, spread, bye rank)."""
    by_id = {p.id: p for p in players}
    pods = [[by_id[i] for i in table] for table in tables]
    repeats = sum(1 for pod in pods for a, b in combinations(pod, 2) if not a.can_meet(b))
    spread = sum((max(p.points for p in pod) - p.points) ** 2 for pod in pods for p in pod)
    return repeats, spread, sum(bye_ranks(players)[b] for b in byes)


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
