"""Pairing quality and speed, and standings speed (plain Python modules, no database).

Quality: simulated 9-round events with random results (5% draws) from 64 to 16,384 players.
Every round is checked for rematches and second byes, and its pair-downs are compared with
a reference optimal pairing: a minimum-cost perfect matching (networkx) of the same players,
without rematches, costing each table the square of its point gap. When our pairing already
meets the parity lower bound (the least any pairing can do), the reference is not needed.

Speed: round 9 of a 4,096-player event beside the C++-backed `swisspair` package on the same
standings, and 512 players beside networkx's max_weight_matching on the complete graph.
"""

import random
import time

from tournaments.pairing import Player, pair_round
from tournaments.pairing.swiss import _GroupSearch
from tournaments.standings import ResultColumns, bye_outcome, compute_standings, versus_outcomes

SIZES = (64, 256, 1024, 4096, 16384)
ROUNDS = 9


def simulate(count, rounds, seed):
    """Yields (round, players, pairing, seconds) and plays random results."""
    rng = random.Random(seed)
    points = dict.fromkeys(range(count), 0)
    met = {i: set() for i in range(count)}
    byes = dict.fromkeys(range(count), 0)
    outcomes = []
    for round_number in range(1, rounds + 1):
        order = sorted(points, key=lambda i: (-points[i], i))
        players = [Player(i, points[i], r + 1, frozenset(met[i]), byes[i]) for r, i in enumerate(order)]
        start = time.perf_counter()
        pairing = pair_round(players, round_number, seed)
        yield round_number, players, pairing, time.perf_counter() - start
        for i in pairing.byes:
            byes[i] += 1
            points[i] += 3
            outcomes.append(bye_outcome(round_number, i))
        for a, b in pairing.tables:
            met[a].add(b)
            met[b].add(a)
            outcomes += _play(rng, round_number, a, b, points)
    simulate.outcomes = outcomes


def _play(rng, round_number, a, b, points):
    roll = rng.random()
    if roll < 0.05:
        points[a] += 1
        points[b] += 1
        return versus_outcomes(round_number, a, b, 1, 1, 1)
    winner, loser = (a, b) if roll < 0.525 else (b, a)
    points[winner] += 3
    return versus_outcomes(round_number, winner, loser, 2, rng.choice((0, 1)))


def reference(players, byes):
    """(pair-downs, point gap) of a min-cost rematch-free perfect matching, by networkx."""
    import networkx as nx

    active = [p for p in players if p.id not in byes]
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in active)
    window = sorted({p.points for p in active}, reverse=True)
    near = {pts: set(window[max(0, i - 3) : i + 4]) for i, pts in enumerate(window)}
    for i, a in enumerate(active):
        for b in active[i + 1 :]:
            if b.points in near[a.points] and a.can_meet(b):
                gap = a.points - b.points
                graph.add_edge(a.id, b.id, weight=gap * gap * 1000 + (gap > 0) * 10 + gap)
    matching = nx.min_weight_matching(graph)
    points = {p.id: p.points for p in active}
    gaps = [abs(points[a] - points[b]) for a, b in matching]
    return sum(1 for g in gaps if g), sum(gaps)


def ideal(players, byes):
    groups = {}
    for p in players:
        if p.id not in byes:
            groups.setdefault(p.points, []).append(p)
    search = _GroupSearch([groups[k] for k in sorted(groups, reverse=True)])
    return search.ideal_cost()


def quality():
    print("pairing quality (9 rounds, random results)")
    print("  players | rematches | second byes | rounds at the parity bound | worse than reference")
    for count in SIZES:
        rematches = second_byes = at_bound = worse = 0
        for _round, players, pairing, _seconds in simulate(count, ROUNDS, seed=count):
            stats = pairing.stats(players)
            rematches += stats["rematches"]
            had = {p.id for p in players if p.byes}
            second_byes += sum(1 for b in pairing.byes if b in had and len(had) < len(players))
            best = ideal(players, set(pairing.byes))
            if (stats["pair_downs"], stats["point_gap"]) <= (best[1], best[2]) and _squares(players, pairing) == best[
                0
            ]:
                at_bound += 1
            elif count <= 1024:
                ref = reference(players, set(pairing.byes))
                worse += stats["pair_downs"] > ref[0] or stats["point_gap"] > ref[1]
        print(f"  {count:>7} | {rematches:>9} | {second_byes:>11} | {at_bound:>3} of {ROUNDS} | {worse}")


def _squares(players, pairing):
    points = {p.id: p.points for p in players}
    return sum((points[a] - points[b]) ** 2 for a, b in pairing.tables)


def speed():
    import networkx as nx
    import swisspair

    rounds = list(simulate(4096, ROUNDS, seed=4096))
    _round, players, _pairing, _seconds = rounds[-1]
    theirs = [
        swisspair.Player(
            id=str(p.id),
            points=p.points,
            rank=p.rank,
            can_get_bye=not p.byes,
            cannot_be_paired_against_ids={str(o) for o in p.opponents},
        )
        for p in players
    ]
    ours_time = _best_of(lambda: pair_round(players, ROUNDS, 4096))
    swisspair_time = _best_of(lambda: swisspair.create_matches(theirs))
    columns = ResultColumns.from_outcomes(simulate.outcomes)  # what the database layer hands over
    standings_time = _best_of(lambda: compute_standings([p.id for p in players], columns))
    print("pairing speed, round 9 of 4,096 players (best of 5)")
    print(
        f"  ours {ours_time * 1000:.1f} ms, swisspair {swisspair_time * 1000:.1f} ms: ratio {ours_time / swisspair_time:.2f} (target <= 2)"
    )
    print(
        f"  standings of 4,096 after 9 rounds: {standings_time * 1000:.1f} ms = {standings_time / ours_time:.2f} x pairing (target < 1)"
    )
    small = list(simulate(512, ROUNDS, seed=512))[-1][1]
    graph = nx.complete_graph(len(small))
    for a, b in graph.edges:
        graph[a][b]["weight"] = (
            1000 - (small[a].points - small[b].points) ** 2 - (0 if small[a].can_meet(small[b]) else 500)
        )
    ours_small = _best_of(lambda: pair_round(small, ROUNDS, 512))
    start = time.perf_counter()
    nx.max_weight_matching(graph, maxcardinality=True)
    networkx_time = time.perf_counter() - start
    print(
        f"  512 players: ours {ours_small * 1000:.2f} ms, networkx max_weight_matching {networkx_time * 1000:.0f} ms: "
        f"{networkx_time / ours_small:.0f}x faster (target > 100x)"
    )


def _best_of(call, times=5):
    best = None
    for _ in range(times):
        start = time.perf_counter()
        call()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    quality()
    speed()
