"""Free-for-all pods of 3-4 players (3-5 where the event allows pods of five), by the same
priorities as one-against-one pairing: fewest repeat pod-mates (two players at the same table
who have met before), then the least point spread (each player costs the square of their gap
to the pod's leader), then the bye to the lowest-ranked player with the fewest byes. Pods are
filled from the top and improved by swapping players between pods; up to EXACT_LIMIT players a
branch-and-bound search then proves the seating optimal or finds a better one (docs/pairing.md)."""

from itertools import combinations

from .model import Pairing, bye_note
from .pod_repeats import REPEATS_LIMIT, fewer_repeats

MIN_POD = 3
MAX_POD = 4
FIVE = 5  # the largest pod where the event allows pods of five (Reclamation's tables of 3 to 5)
EXACT_LIMIT = 12


def pod_sizes(count, preferred, fives=False):
    """Sizes between 3 and 4 (or 5 with `fives`) adding up to `count`, as many of the preferred
    size as possible, the rest in as few pods as possible (12 players, preferred 3: 3+3+3+3;
    preferred 4: 4+4+4; 10 players: 4+3+3 either way; with fives, 9 players preferring 4: 5+4).
    Two players make one table; without fives 5 players cannot be split: a pod of 4 and a bye."""
    if count == 2:
        return [2]
    others = [size for size in (MIN_POD, MAX_POD, FIVE if fives else None) if size and size != preferred]
    for preferred_count in range(count // preferred, -1, -1):
        rest = _fewest_pods(count - preferred_count * preferred, others)
        if rest is not None:
            return sorted([preferred] * preferred_count + rest, reverse=True)
    return pod_sizes(count - 1, preferred, fives) if count > MIN_POD else []


def _fewest_pods(count, sizes):
    """The fewest pods of these sizes holding exactly `count` players (largest first), or None."""
    if count == 0:
        return []
    options = [
        [size, *rest] for size in sizes if size <= count and (rest := _fewest_pods(count - size, sizes)) is not None
    ]
    return min(options, key=len) if options else None


def pair_pods(ordered, round_number, preferred, rng, fives=False):
    """`ordered`: active players in standings order (round 1: shuffled)."""
    sizes = pod_sizes(len(ordered), preferred, fives)
    fewest = min(p.byes for p in ordered)
    allowed = [p for p in reversed(ordered) if p.byes == fewest]  # lowest-ranked first
    shuffled = _shuffle_within_points(ordered, rng)
    best = None
    for bye in allowed if sum(sizes) < len(ordered) else [None]:
        pods = seat([p for p in shuffled if p is not bye], sizes)
        repeats, spread = _cost(pods)
        cost = (repeats, allowed.index(bye) if bye is not None else 0, spread)
        if best is None or cost < best[0]:
            best = (cost, pods, bye)
    _cost_of_best, pods, bye = best
    notes = []
    if bye is not None:
        notes.append(bye_note(bye, bye is allowed[0]))
    notes += _pod_notes(pods)
    return Pairing(round_number, [[p.id for p in pod] for pod in pods], [bye.id] if bye is not None else [], notes)


def seat(players, sizes):
    """Pods of these sizes for `players` (best first): filled from the top, improved by swaps,
    then searched exactly on small fields. Each pod lists its players best first."""
    order = {id(p): index for index, p in enumerate(players)}
    pods = _fill(players, sizes)
    _improve(pods, order)
    repeats = sum(_repeats(pod) for pod in pods)
    if len(players) <= EXACT_LIMIT:
        search = _PodSearch(players, sizes, pods)
        search.run()
        pods = search.best
    elif repeats and len(players) <= REPEATS_LIMIT:
        better = fewer_repeats(players, sizes, pods)
        if better is not None:
            pods = better
            _improve(pods, order)  # a lower spread, with no more repeats
    pods.sort(key=lambda pod: order[id(pod[0])])
    return pods


def _shuffle_within_points(ordered, rng):
    """Equal points: a random order, reproducible from the seed (the first of equally good
    seatings is kept, so this is what makes pods vary)."""
    result, start = [], 0
    for index in range(1, len(ordered) + 1):
        if index == len(ordered) or ordered[index].points != ordered[start].points:
            block = ordered[start:index]
            rng.shuffle(block)
            result += block
            start = index
    return result


def _spread(pod):
    top = pod[0].points
    return sum((top - p.points) ** 2 for p in pod)


def _repeats(pod):
    return sum(1 for a, b in combinations(pod, 2) if not a.can_meet(b))


def _cost(pods):
    return sum(_repeats(pod) for pod in pods), sum(_spread(pod) for pod in pods)


def _fill(players, sizes):
    """Top-down: the best player left leads a pod, whose seats go to the next players in order
    who have met nobody at it yet (or, when nobody is left who has, to the one who met fewest)."""
    remaining, pods = list(players), []
    for size in sizes:
        pod = [remaining.pop(0)]
        while len(pod) < size:
            index = next((i for i, p in enumerate(remaining) if all(p.can_meet(q) for q in pod)), None)
            if index is None:
                conflicts = [sum(not p.can_meet(q) for q in pod) for p in remaining]
                index = conflicts.index(min(conflicts))
            pod.append(remaining.pop(index))
        pods.append(pod)
    return pods


def _improve(pods, order):
    """Swap two players between two pods while that lowers (repeats, spread)."""
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(pods)), 2):
            if (_repeats(pods[i]) or _repeats(pods[j]) or j - i <= 2) and _best_swap(pods, i, j, order):
                improved = True


def _best_swap(pods, i, j, order):
    first, second = pods[i], pods[j]
    before = (_repeats(first) + _repeats(second), _spread(first) + _spread(second))
    for a in range(len(first)):
        for b in range(len(second)):
            new_first = sorted([*first[:a], second[b], *first[a + 1 :]], key=lambda p: order[id(p)])
            new_second = sorted([*second[:b], first[a], *second[b + 1 :]], key=lambda p: order[id(p)])
            after = (_repeats(new_first) + _repeats(new_second), _spread(new_first) + _spread(new_second))
            if after < before:
                pods[i], pods[j] = new_first, new_second
                return True
    return False


class _PodSearch:
    """Depth-first: the best player left leads the next pod, whose other seats are chosen from
    the rest; a branch stops when it cannot beat the best seating found (fewer repeats first;
    with as many, the spread still to come is at least that of pods cut from the remaining
    players in order)."""

    def __init__(self, players, sizes, start):
        self.players, self.sizes = players, sizes
        self.best, self.best_cost = start, _cost(start)
        index = {id(p): i for i, p in enumerate(players)}
        self.met = [sum(1 << index[id(q)] for q in players if not p.can_meet(q)) for p in players]

    def run(self):
        self._visit(list(range(len(self.players))), list(self.sizes), [], (0, 0))

    def _visit(self, remaining, sizes, pods, cost):
        if not remaining:
            if cost < self.best_cost:
                self.best, self.best_cost = [[self.players[i] for i in pod] for pod in pods], cost
            return
        players, met = self.players, self.met
        leader, rest = remaining[0], remaining[1:]
        for size in sorted(set(sizes), reverse=True):
            left = list(sizes)
            left.remove(size)
            for others in combinations(rest, size - 1):
                pod = (leader, *others)
                mask = sum(1 << i for i in pod)
                repeats = cost[0] + sum((met[i] & mask).bit_count() for i in pod) // 2
                if repeats > self.best_cost[0]:
                    continue
                top = players[leader].points
                spread = cost[1] + sum((top - players[i].points) ** 2 for i in others)
                after = [i for i in rest if not mask >> i & 1]
                if repeats == self.best_cost[0]:
                    bound = spread + _least_spread([players[i] for i in after], left)
                    if bound >= self.best_cost[1]:
                        continue
                self._visit(after, left, [*pods, pod], (repeats, spread))


def _least_spread(players, sizes):
    """The least spread of pods of these sizes cut from the players in standings order: pods
    of the larger size and of the smaller one, in the best interleaving (dynamic programming)."""
    if not players:
        return 0
    large, small = max(sizes), min(sizes)
    larges, smalls = sizes.count(large), (sizes.count(small) if small != large else 0)
    best = [[0] * (smalls + 1) for _ in range(larges + 1)]
    for a in range(larges + 1):
        for b in range(smalls + 1):
            if a or b:
                end = a * large + b * small
                options = []
                if a:
                    options.append(best[a - 1][b] + _spread(players[end - large : end]))
                if b:
                    options.append(best[a][b - 1] + _spread(players[end - small : end]))
                best[a][b] = min(options)
    return best[larges][smalls]


def _pod_notes(pods):
    """A pair-down note for each lower points total at a table, with that total; then repeats."""
    notes = []
    for table, pod in enumerate(pods, start=1):
        top = pod[0].points
        for points in sorted({p.points for p in pod if p.points < top}, reverse=True):
            notes.append(
                {
                    "kind": "pair_down",
                    "table": table,
                    "players": [p.id for p in pod if p.points == points],
                    "from_points": top,
                    "to_points": points,
                }
            )
    for pod in pods:
        notes += [{"kind": "rematch", "players": [a.id, b.id]} for a, b in combinations(pod, 2) if not a.can_meet(b)]
    return notes
