"""The fewest repeat pod-mates of any seating of 13 to REPEATS_LIMIT players (docs/pairing.md),
with a proof that no seating has fewer (plain Python).

Where most players have not met several others: a search for a seating with no repeat, then
with one, two... (`FewRepeats`); a search that finds none proves that no seating has so few.
Elsewhere: the pairs of pod-mates a seating has are fixed by the pod sizes, so the fewest
repeats are the most *fresh* pairs (players who have not met) seated together. In a pod, the
fresh pairs fall into pieces: sets of players joined by fresh pairs (the pod's other players
sit alone). So a seating's fresh pairs are those of disjoint pieces of 2 to 4 players that fit
into the pods; a branch-and-bound search over pieces finds the best (`MostFreshPairs`), and the
pieces are then seated."""

REPEATS_LIMIT = 16
SPARSE = 4  # fewer fresh pairs a player on average: pieces are the quicker search


def fewer_repeats(players, sizes, repeats):
    """Pods with as few repeats as any seating has, if that is fewer than `repeats`; else None."""
    fresh = fresh_masks(players)
    floor = forced_repeats(fresh, sizes, (1 << len(players)) - 1)
    search = FewRepeats(players, sizes, fresh)
    sparse = sum(mask.bit_count() for mask in fresh) < SPARSE * len(players)
    while floor < repeats and not sparse:
        pods = search.run(floor)
        if pods is not None:
            return pods
        floor += 1  # the search proved that no seating has so few
    return MostFreshPairs(players, sizes, fresh).run(repeats, floor) if repeats > floor else None


def fresh_masks(players):
    """For each player, the set (bit mask of indices) of the others they have not met."""
    index = {id(p): i for i, p in enumerate(players)}
    return [sum(1 << index[id(q)] for q in players if q is not p and p.can_meet(q)) for p in players]


def forced_repeats(fresh, sizes, left):
    """A lower bound for the players `left`: those in no pod of an allowed size without a
    repeat (no triangle, or group of four, of players who have not met) have a repeat in their
    pod, and a pod holds at most `largest` of them."""
    four = min(sizes) == 4
    stuck = 0
    for i in _members(left):
        around = fresh[i] & left
        if not any(_in_fresh_pod(j, fresh, around, four) for j in _members(around)):
            stuck += 1
    return -(-stuck // max(sizes))


def _in_fresh_pod(j, fresh, around, four):
    """Whether j, who has not met the leader, completes a pod of 3 (or, with `four`, of 4) with
    the leader among `around` (the players left the leader has not met), nobody having met."""
    both = fresh[j] & around
    return any(fresh[k] & both for k in _members(both)) if four else bool(both)


class FewRepeats:
    """Depth-first for a seating with at most `allowance` repeats: the player left with the
    fewest players left they have not met leads the next pod, fewest repeats first. A branch
    stops when its repeats plus a lower bound for the players left exceed the allowance: the
    pairs of pod-mates still to seat less those that can be fresh (a player has at most
    (largest pod left - 1) fresh pod-mates, and no more than the players left they have not
    met), and `forced_repeats`. What a search proved impossible is remembered."""

    def __init__(self, players, sizes, fresh):
        self.players, self.fresh = players, fresh
        self.fours, self.threes = sizes.count(4), sizes.count(3)
        self.points = [p.points for p in players]
        self.met = [((1 << len(players)) - 1) & ~mask & ~(1 << i) for i, mask in enumerate(fresh)]
        self.proven = {}  # (players left, pods of 4 left): fewest repeats they can have
        self.forced = set()  # keys whose bound counts forced_repeats

    def run(self, allowance):
        pods = self._visit((1 << len(self.players)) - 1, self.fours, self.threes, allowance)
        return None if pods is None else [[self.players[i] for i in _members(pod)] for pod in pods]

    def _bound(self, left, fours, threes, allowance):
        """A lower bound on the repeats of the players left (exact once a search proved it)."""
        key = (left, fours)
        known = self.proven.get(key)
        if known is None:
            most = 3 if fours else 2
            fresh = sum(min(most, (self.fresh[i] & left).bit_count()) for i in _members(left))
            known = self.proven[key] = 6 * fours + 3 * threes - fresh // 2
        if known <= allowance and key not in self.forced:
            self.forced.add(key)
            sizes = [4] * bool(fours) + [3] * bool(threes)
            known = self.proven[key] = max(known, forced_repeats(self.fresh, sizes, left))
        return known

    def _visit(self, left, fours, threes, allowance):
        if not left:
            return []
        if self._bound(left, fours, threes, allowance) > allowance:
            return None
        fresh = self.fresh
        leader = min(_members(left), key=lambda i: (fresh[i] & left).bit_count())
        for size, more_fours, more_threes in ((4, fours - 1, threes), (3, fours, threes - 1)):
            if more_fours < 0 or more_threes < 0:
                continue
            for added, _spread, pod in self._pods(leader, left, size, allowance):
                rest = self._visit(left & ~pod, more_fours, more_threes, allowance - added)
                if rest is not None:
                    return [pod, *rest]
        self.proven[(left, fours)] = allowance + 1
        return None

    def _pods(self, leader, left, size, allowance):
        """Pods of `size` among `left` around the leader with at most `allowance` repeats, as
        (repeats, spread, mask), fewest repeats first, then least spread."""
        found, met, points = [], self.met, self.points
        candidates = list(_members(left & ~(1 << leader)))

        def extend(mask, start, added, missing):
            if not missing:
                top = max(points[i] for i in _members(mask))
                found.append((added, sum((top - points[i]) ** 2 for i in _members(mask)), mask))
                return
            for position in range(start, len(candidates)):
                i = candidates[position]
                more = added + (met[i] & mask).bit_count()
                if more <= allowance:
                    extend(mask | 1 << i, position + 1, more, missing - 1)

        extend(1 << leader, 0, 0, size - 1)
        found.sort()
        return found


class MostFreshPairs:
    """Depth-first: the player left with the most fresh pairs among the players left is either
    in one of the pieces around them (best first) or alone. A branch stops when the fresh pairs
    it has, plus an upper bound for the players left, cannot beat the best found: each player
    has at most (largest pod left - 1) fresh pod-mates, and no more than the fresh pairs they
    have among the players left (each pair counted for both players)."""

    def __init__(self, players, sizes, fresh):
        self.players, self.fresh = players, fresh
        self.fours, self.threes = sizes.count(4), sizes.count(3)
        self.best, self.best_pieces, self.most = 0, None, 0

    def run(self, repeats, floor):
        """Pods with fewer repeats than `repeats`, as few as any seating has (no seating has
        fewer than `floor`); None when no seating has fewer than `repeats`."""
        pairs = 6 * self.fours + 3 * self.threes
        self.best, self.most = pairs - repeats, pairs - floor
        everyone = (1 << len(self.players)) - 1
        self._visit(everyone, [], 0, (0, 0, 0))
        return None if self.best_pieces is None else self._seat(self.best_pieces)

    def _fits(self, fours, threes, twos):
        """Whether pieces of 4, 3 and 2 players fit into the pods (with players alone around them)."""
        if fours > self.fours:
            return False
        spare_fours = self.fours - fours - max(0, threes - self.threes)
        spare_threes = max(0, self.threes - threes)
        return spare_fours >= 0 and twos <= spare_threes + 2 * spare_fours

    def _visit(self, left, pieces, value, counts):
        if value > self.best:
            self.best, self.best_pieces = value, list(pieces)
        if self.best >= self.most:
            return
        fresh = self.fresh
        degrees = {i: (fresh[i] & left).bit_count() for i in _members(left)}
        most = 3 if counts[0] + max(0, counts[1] - self.threes) < self.fours else 2
        if value + sum(min(most, d) for d in degrees.values()) // 2 <= self.best:
            return
        player = max(degrees, key=degrees.get)
        for size, edges, mask in _pieces_around(player, left, fresh):
            grown = (counts[0] + (size == 4), counts[1] + (size == 3), counts[2] + (size == 2))
            if self._fits(*grown):
                self._visit(left & ~mask, [*pieces, mask], value + edges, grown)
        self._visit(left & ~(1 << player), pieces, value, counts)

    def _seat(self, pieces):
        """Pods of the engine's sizes holding these pieces; the other players fill the seats."""
        by_size = {size: [list(_members(m)) for m in pieces if m.bit_count() == size] for size in (2, 3, 4)}
        fours, threes = list(by_size[4]), []
        for piece in by_size[3]:
            (threes if len(threes) < self.threes else fours).append(piece)
        for piece in by_size[2]:
            half = next((pod for pod in fours if len(pod) == 2), None)
            if half is not None:
                half += piece
            elif len(threes) < self.threes:
                threes.append(piece)
            else:
                fours.append(piece)
        fours += [[] for _ in range(self.fours - len(fours))]
        threes += [[] for _ in range(self.threes - len(threes))]
        seated = {i for piece in pieces for i in _members(piece)}
        alone = iter(i for i in range(len(self.players)) if i not in seated)
        pods = []
        for pod, size in [(pod, 4) for pod in fours] + [(pod, 3) for pod in threes]:
            pod += [next(alone) for _ in range(size - len(pod))]
            pods.append([self.players[i] for i in sorted(pod)])
        return pods


def _pieces_around(player, left, fresh):
    """Every set of 2 to 4 players left, with `player`, joined by fresh pairs: (size, fresh pairs
    inside, mask), the most fresh pairs first."""
    found, frontier = {}, {1 << player}
    for _size in range(2, 5):
        grown = set()
        for mask in frontier:
            reach = 0
            for i in _members(mask):
                reach |= fresh[i]
            for i in _members(reach & left & ~mask):
                grown.add(mask | 1 << i)
        for mask in grown:
            edges = sum((fresh[i] & mask).bit_count() for i in _members(mask)) // 2
            found[mask] = (mask.bit_count(), edges, mask)
        frontier = grown
    return sorted(found.values(), key=lambda piece: (-piece[1], piece[0]))


def _members(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
