"""The fewest repeat pod-mates of any seating of 13 to REPEATS_LIMIT players (docs/pairing.md),
with a proof that no seating has fewer (plain Python): a search for a seating with no repeat,
then with one, two... (`FewRepeats`); a search that finds none proves that no seating has so
few. Above UNBOUNDED_LIMIT players it may try PODS_BUDGET pods; one that has not settled the
question by then gives up, and the caller keeps its seating (exact, and tested so, up to
16 players)."""

from .pod_bounds import SIZES, OutOfBudget, fresh_masks, members, pair_bound, shared_repeats, split_repeats
from .pod_program import GaveUp, fewest_repeats_program

REPEATS_LIMIT = 64
UNBOUNDED_LIMIT = 16  # up to this many players the search never gives up
PODS_BUDGET = 500  # pods the search may try above it before the integer program (docs/pairing.md)


def fewer_repeats(players, sizes, seating):
    """Pods with as few repeats as any seating has, if that is fewer than the `seating` in hand
    (pods of these players) has; else None. A search that runs out of its budget hands the
    question to the integer program, which settles it (None also when the program reaches one of
    its bounds of work: the caller keeps its seating)."""
    index = {id(p): i for i, p in enumerate(players)}
    incumbent = [[index[id(p)] for p in pod] for pod in seating]
    fresh = fresh_masks(players)
    met = [((1 << len(players)) - 1) & ~mask & ~(1 << i) for i, mask in enumerate(fresh)]
    repeats = sum((met[i] & sum(1 << j for j in pod)).bit_count() for pod in incumbent for i in pod) // 2
    search = FewRepeats(players, sizes, fresh)
    search.budget = None if len(players) <= UNBOUNDED_LIMIT else PODS_BUDGET
    floor = search.bound((1 << len(players)) - 1, search.counts, repeats)
    try:
        while floor < repeats:
            pods = search.run(floor)
            if pods is not None:
                return pods
            floor += 1  # the search proved that no seating has so few
    except OutOfBudget:
        try:
            return fewest_repeats_program(players, sizes, fresh, incumbent)
        except GaveUp:
            return None
    return None


class FewRepeats:
    """Depth-first for a seating with at most `allowance` repeats: the player left with the
    fewest players left they have not met leads the next pod, fewest repeats first. A branch
    stops when its repeats plus a lower bound for the players left exceed the allowance
    (`pair_bound`, then `shared_repeats` and `split_repeats`). What a search proved impossible
    is remembered."""

    def __init__(self, players, sizes, fresh):
        self.players, self.fresh = players, fresh
        self.counts = tuple(sizes.count(size) for size in SIZES)
        self.points = [p.points for p in players]
        self.met = [((1 << len(players)) - 1) & ~mask & ~(1 << i) for i, mask in enumerate(fresh)]
        self.proven = {}  # (players left, pod counts left): fewest repeats they can have
        self.found = {}  # (players left, pod counts left): what shared_repeats found there
        self.tried, self.budget = 0, None

    def run(self, allowance):
        pods = self._visit((1 << len(self.players)) - 1, self.counts, allowance, {})
        return None if pods is None else [[self.players[i] for i in members(pod)] for pod in pods]

    def bound(self, left, counts, allowance, above=None):
        """A lower bound on the repeats of the players left (exact once a search proved it).
        `above`: what `shared_repeats` found for the branch above."""
        key = (left, counts)
        known = self.proven.get(key)
        if known is None:
            known = self.proven[key] = pair_bound(self.fresh, counts, left)
        if known <= allowance and key not in self.found:
            shared, self.found[key] = shared_repeats(self.fresh, counts, left, above or {})
            sizes = [size for size in SIZES if counts[size - 3]]
            known = self.proven[key] = max(known, shared, split_repeats(self.fresh, sizes, left))
        return known

    def _visit(self, left, counts, allowance, above):
        if not left:
            return []
        if self.bound(left, counts, allowance, above) > allowance:
            return None
        here = self.found.get((left, counts), above)
        fresh = self.fresh
        leader = min(members(left), key=lambda i: (fresh[i] & left).bit_count())
        for repeats in range(allowance + 1):  # pods of more repeats are only made when needed
            options = []
            for size in SIZES:
                if counts[size - 3]:
                    after = tuple(count - (other == size) for other, count in zip(SIZES, counts, strict=True))
                    options += [(*pod, after) for pod in self._pods(leader, left, size, repeats)]
            options.sort(key=lambda option: option[0])
            for _spread, pod, after in options:
                rest = self._visit(left & ~pod, after, allowance - repeats, here)
                if rest is not None:
                    return [pod, *rest]
        self.proven[(left, counts)] = allowance + 1
        return None

    def _pods(self, leader, left, size, repeats):
        """Pods of `size` among `left` around the leader with exactly `repeats` repeats, as
        (spread, mask)."""
        found, met, points = [], self.met, self.points
        candidates = list(members(left & ~(1 << leader)))

        def extend(mask, start, added, missing):
            if not missing:
                if added == repeats:
                    top = max(points[i] for i in members(mask))
                    found.append((sum((top - points[i]) ** 2 for i in members(mask)), mask))
                return
            for position in range(start, len(candidates) - missing + 1):
                i = candidates[position]
                more = added + (met[i] & mask).bit_count()
                if more <= repeats:
                    extend(mask | 1 << i, position + 1, more, missing - 1)

        extend(1 << leader, 0, 0, size - 1)
        self.tried += len(found) + 1
        if self.budget is not None and self.tried > self.budget:
            raise OutOfBudget
        return found
