"""What the searches for the fewest repeat pod-mates share (plain Python; docs/pairing.md):
players as bit masks of indices, and lower bounds on the repeats of the players left."""

import math
from fractions import Fraction
from functools import lru_cache

SIZES = (3, 4, 5)  # the pod sizes, in the order of the counts the searches keep
POD_PAIRS = {3: 3, 4: 6, 5: 10}


class OutOfBudget(Exception):
    """A search tried as many pods or pieces as it may without settling the question."""


def fresh_masks(players):
    """For each player, the set (bit mask of indices) of the others they have not met."""
    index = {id(p): i for i, p in enumerate(players)}
    return [sum(1 << index[id(q)] for q in players if q is not p and p.can_meet(q)) for p in players]


def pair_bound(fresh, counts, left):
    """A lower bound on the repeats of pods of these counts (of 3, 4, 5) for the players `left`:
    their pairs of pod-mates less those that can be fresh. A player in a pod of s has at most
    s - 1 fresh pod-mates, and no more than the players left they have not met; the larger
    pods go to the players who have not met the most (no seating does better)."""
    degrees = sorted(((fresh[i] & left).bit_count() for i in members(left)), reverse=True)
    caps = [size - 1 for size in (5, 4, 3) for _seat in range(size * counts[size - 3])]
    most = sum(min(cap, degree) for cap, degree in zip(caps, degrees, strict=True)) // 2
    return sum(POD_PAIRS[size] * counts[size - 3] for size in (3, 4, 5)) - most


def shared_repeats(fresh, counts, left, above):
    """A lower bound for the players `left` and pods of these counts (of 3, 4, 5): share each
    pod's repeats equally among its players. A player's share in a pod of s is at least the
    fewest repeats of any pod of s around them among the players left, over s; the seats of
    each size go to the players whose shares they lower most (exact for two sizes; with three,
    the best of the bounds that merge two of them). `above`: what the same bound found for a
    field holding these players (fewer players never make fewer repeats, and a pod found there
    still counts while all its players are left). Returns the bound and what it found."""
    sizes = [size for size in SIZES if counts[size - 3]]
    found, shares = {}, []
    for i in members(left):
        others = left & ~(1 << i)
        share = {}
        for size in sizes:
            repeats, pod = above.get((i, size), (None, 0))
            if repeats is None or pod & ~left:  # a bound without a pod (searched far enough) stays
                repeats, pod = _fewest_around(fresh, i, others, size, repeats or 0)
            found[i, size] = repeats, pod
            share[size] = 60 * repeats // size
        if any(share.values()):
            shares.append(share)
    seats = {size: size * counts[size - 3] for size in sizes}
    if len(sizes) < 3:
        return -(-_assigned(shares, sizes, seats) // 60), found
    best = max(_assigned(shares, [alone, (alone,)], seats) for alone in sizes)
    return -(-best // 60), found


def _assigned(shares, sizes, seats):
    """The least total share when each size holds at most its seats: one size, or two (the
    second may be a tuple of sizes merged, whose seats are not told apart)."""
    if len(sizes) == 1:
        return sum(share[sizes[0]] for share in shares)
    first, second = sizes
    if isinstance(second, tuple):
        second = tuple(size for size in seats if size != first)
        rest = [min(share[size] for size in second) for share in shares]
    else:
        rest = [share[second] for share in shares]
    room = seats[first]
    gains = sorted((other - share[first] for share, other in zip(shares, rest, strict=True)), reverse=True)
    return sum(rest) - sum(gain for gain in gains[:room] if gain > 0)


def _fewest_around(fresh, player, others, size, least):
    """(The fewest repeats of a pod of `size` around the player, a pod that has them), or a
    lower bound and no pod: at least `least` and the player's own repeats with the others,
    and at most two more levels are searched."""
    repeats = least = max(least, size - 1 - (fresh[player] & others).bit_count())
    while repeats < least + 2:
        pod = _pod_within(fresh, 1 << player, others, size - 1, repeats)
        if pod:
            return repeats, pod
        repeats += 1
    return repeats, 0


def _pod_within(fresh, pod, candidates, missing, allowance):
    """A pod completed by `missing` more of the candidates with at most `allowance` more
    repeats (candidates taken in index order, so each pod is tried once), or 0."""
    if not missing:
        return pod
    if not allowance:
        for i in members(pod):
            candidates &= fresh[i]
    if candidates.bit_count() < missing:
        return 0
    for j in members(candidates):
        added = (pod & ~fresh[j]).bit_count()
        if added <= allowance:
            later = candidates & ~((2 << j) - 1)
            found = _pod_within(fresh, pod | 1 << j, later, missing - 1, allowance - added)
            if found:
                return found
    return 0


def split_repeats(fresh, sizes, left):
    """A lower bound for the players `left`: a group of players joined by fresh pairs (each
    has met everyone left outside it) whose size no sum of pod sizes makes sends a player to a
    pod shared with another group, and a pod of s players from k groups has at least
    (s - k + 1) * (k - 1) + (k - 1) * (k - 2) / 2 repeats (one large group, the others alone),
    which is at least `share` repeats for each group it holds."""
    share = min(Fraction(_mixed_repeats(size, groups), groups) for size in sizes for groups in range(2, size + 1))
    unseatable, remaining = 0, left
    while remaining:
        group = frontier = remaining & -remaining
        while frontier:
            reach = 0
            for i in members(frontier):
                reach |= fresh[i]
            frontier = reach & remaining & ~group
            group |= frontier
        remaining &= ~group
        unseatable += not _sums_of(group.bit_count(), tuple(sizes))
    return math.ceil(unseatable * share)


def _mixed_repeats(size, groups):
    large = size - groups + 1
    return (size * size - large * large - (groups - 1)) // 2


@lru_cache(maxsize=1024)
def _sums_of(count, sizes):
    """Whether `count` players fill pods of these sizes exactly."""
    return count == 0 or any(size <= count and _sums_of(count - size, sizes) for size in sizes)


def members(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
