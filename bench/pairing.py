"""Pairing quality and speed, and standings speed (plain Python modules, no database).

Quality: simulated 9-round events with random results (5% draws). Small events (8 to 64
players, 200 events of each size) and one event of each larger size. Every round is checked
for rematches and second byes, and its documented cost (rematches, then the bye's rank, then
the sum of squared point gaps) is compared with the exact optimum of the test suite's
reference (networkx minimum-cost perfect matching, tests/tournaments/engine/pairing_reference.py). Beyond 512
players the reference is too slow (minutes a round); there a round counts as checked when it
has no rematch, the bye of the lowest-ranked player allowed one, and the parity bound of the
others, a lower bound no pairing with that bye can beat.

Speed: every round of the same kind of events from 8 to 16,384 players, ours beside the
C++-backed `swisspair` package on the same standings (best of several runs each, the two
timed in turn), with the worst round of each size.
"""

import random
import statistics
import time

from tests.tournaments.engine.pairing_reference import versus_cost, versus_optimum
from tournaments.engine.pairing import Player, pair_round
from tournaments.engine.standings import ResultColumns, bye_outcome, compute_standings, versus_outcomes

ROUNDS = 9
SMALL_SIZES = (8, 9, 12, 16, 17, 24, 32, 33, 48, 64)
SMALL_EVENTS = 200
LARGE_SIZES = (128, 256, 512, 1024, 4096, 16384)
REFERENCE_LIMIT = 512
SPEED_SIZES = (8, 9, 16, 17, 32, 33, 64, 65, 128, 256, 512, 1024, 2048, 4096, 8192, 16384)


def simulate(count, rounds, seed, outcomes=None):
    """Yields (round, players) and plays random results on our pairing of each round."""
    rng = random.Random(seed)
    points = dict.fromkeys(range(count), 0)
    met = {i: set() for i in range(count)}
    byes = dict.fromkeys(range(count), 0)
    for round_number in range(1, rounds + 1):
        order = sorted(points, key=lambda i: (-points[i], i))
        players = [Player(i, points[i], r + 1, frozenset(met[i]), byes[i]) for r, i in enumerate(order)]
        pairing = yield round_number, players
        for i in pairing.byes:
            byes[i] += 1
            points[i] += 3
            if outcomes is not None:
                outcomes.append(bye_outcome(round_number, i))
        for a, b in pairing.tables:
            met[a].add(b)
            met[b].add(a)
            result = _play(rng, round_number, a, b, points)
            if outcomes is not None:
                outcomes += result


def rounds_of(count, seed, outcomes=None):
    """(round, players, pairing, seconds) of one simulated event."""
    event = simulate(count, ROUNDS, seed, outcomes)
    round_number, players = next(event)
    while True:
        start = time.perf_counter()
        pairing = pair_round(players, round_number, seed)
        elapsed = time.perf_counter() - start
        yield round_number, players, pairing, elapsed
        try:
            round_number, players = event.send(pairing)
        except StopIteration:
            return


def _play(rng, round_number, a, b, points):
    roll = rng.random()
    if roll < 0.05:
        points[a] += 1
        points[b] += 1
        return versus_outcomes(round_number, a, b, 1, 1, 1)
    winner, loser = (a, b) if roll < 0.525 else (b, a)
    points[winner] += 3
    return versus_outcomes(round_number, winner, loser, 2, rng.choice((0, 1)))


def parity_bound(players, byes):
    """The least sum of squared gaps any pairing of the players other than `byes` can have:
    every boundary between score groups with an odd number of players above it is crossed."""
    points = sorted((p.points for p in players if p.id not in byes), reverse=True)
    groups = sorted(set(points), reverse=True)
    counts = [points.count(g) for g in groups]
    above, total = 0, 0
    for index in range(len(groups) - 1):
        above += counts[index]
        if above % 2:
            total += (groups[index] - groups[index + 1]) ** 2
    return total


def quality():
    print("pairing quality (9 rounds, random results, 5% draws)")
    print("| players | events | rounds | rematches | second byes | at the parity bound | checked | worse |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for count in SMALL_SIZES:
        _quality_row(count, range(SMALL_EVENTS))
    for count in LARGE_SIZES:
        _quality_row(count, [count])


def _quality_row(count, seeds):
    rounds = rematches = second_byes = at_bounds = checked = worse = 0
    for seed in seeds:
        for round_number, players, pairing, _seconds in rounds_of(count, seed):
            rounds += 1
            ours = versus_cost(players, pairing.tables, pairing.byes)
            rematches += ours[0]
            had = {p.id for p in players if p.byes}
            second_byes += sum(1 for b in pairing.byes if b in had and len(had) < len(players))
            lowest_bye = ours[1] == 0 or round_number == 1  # the round-1 bye is random
            at_bound = lowest_bye and (ours[0], ours[2]) == (0, parity_bound(players, pairing.byes))
            at_bounds += at_bound
            if count <= REFERENCE_LIMIT:
                best = versus_optimum(players, below=ours)
                if round_number == 1:  # the round-1 bye is random
                    ours, best = (ours[0], ours[2]), (best[0], best[2])
                checked += 1
                worse += ours > best
            elif at_bound:
                checked += 1
    print(f"| {count:,} | {len(seeds)} | {rounds} | {rematches} | {second_byes} | {at_bounds} | {checked} | {worse} |")


def speed():
    import swisspair

    print("pairing speed: every round, ours / swisspair on the same standings (best of several runs)")
    print("| players | events | rounds | median ratio | worst round: ratio (ours, swisspair) | no swisspair pairing |")
    print("| --- | --- | --- | --- | --- | --- |")
    for count in SPEED_SIZES:
        events = 20 if count <= 65 else 3 if count <= 1024 else 1
        repeat = 7 if count <= 1024 else 3
        ratios, failures = [], 0
        for seed in range(events):
            for round_number, players, _pairing, _seconds in rounds_of(count, seed):
                theirs = _swisspair_players(swisspair, players)
                try:
                    swisspair.create_matches(theirs)
                except RuntimeError:  # swisspair found no pairing without a rematch
                    failures += 1
                    continue
                ours, their_time = _best_of_in_turn(
                    lambda players=players, r=round_number, s=seed: pair_round(players, r, s),
                    lambda theirs=theirs: swisspair.create_matches(theirs),
                    repeat,
                )
                ratios.append((ours / their_time, ours, their_time))
        worst = max(ratios)
        print(
            f"| {count:,} | {events} | {len(ratios)} | {statistics.median(r for r, _o, _t in ratios):.2f} | "
            f"{worst[0]:.2f} ({worst[1] * 1000:.2f} ms, {worst[2] * 1000:.2f} ms) | {failures} |"
        )


def _swisspair_players(swisspair, players):
    fewest = min(p.byes for p in players)
    return [
        swisspair.Player(
            id=str(p.id),
            points=p.points,
            rank=p.rank,
            can_get_bye=p.byes == fewest,
            cannot_be_paired_against_ids={str(o) for o in p.opponents},
        )
        for p in players
    ]


def standings_speed():
    outcomes = []
    *_earlier, (round_number, players, _pairing, _seconds) = rounds_of(4096, 4096, outcomes)
    columns = ResultColumns.from_outcomes(outcomes)  # what the database layer hands over
    standings_time = _best_of(lambda: compute_standings([p.id for p in players], columns))
    pairing_time = _best_of(lambda: pair_round(players, round_number, 4096))
    print(
        f"standings of 4,096 after 9 rounds: {standings_time * 1000:.1f} ms = "
        f"{standings_time / pairing_time:.2f} x pairing round 9 ({pairing_time * 1000:.1f} ms)"
    )


def _best_of_in_turn(ours, theirs, times):
    """The best time of each, timed in turn so that the machine's noise falls on both alike."""
    best = [None, None]
    for _ in range(times):
        for index, call in enumerate((ours, theirs)):
            start = time.perf_counter()
            call()
            elapsed = time.perf_counter() - start
            best[index] = elapsed if best[index] is None else min(best[index], elapsed)
    return best


def _best_of(call, times=5):
    best = None
    for _ in range(times):
        start = time.perf_counter()
        call()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    speed()
    standings_speed()
    quality()
