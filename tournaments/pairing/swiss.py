"""Swiss pairing engine, plain Python (no Django). See docs/pairing.md.

Rules, in order of priority:
1. no rematch while a rematch-free pairing exists (checked exactly, with a blossom matching);
2. the bye (odd player count) goes to the lowest-ranked player without one;
3. players with equal match points meet; an odd group sends its lowest-ranked player down,
   so pair-downs are as few and as small as possible and top tables are settled first.
Round 1 is random, reproducible from the seed.
"""

import random
from itertools import combinations, groupby

from core.errors import DomainError

from .matching import maximum_matching
from .model import Pairing, choose_bye
from .pods import pair_pods

EXACT_LIMIT = 400  # largest bracket given to the O(n^3) exact matching


def pair_round(players, round_number, seed=0, pod_size=2):
    """Pair one round; `players` are Player objects, dropped ones are left out."""
    active = [player for player in players if not player.dropped]
    if len(active) < 2:
        raise DomainError("pairing.too_few")
    if pod_size not in (2, 3, 4):
        raise DomainError("pairing.pod_size", "pod_size")
    rng = random.Random(f"{seed}:{round_number}")
    ordered = sorted(active, key=lambda p: (-p.points, p.rank, str(p.id)))
    if _is_first_round(active):
        rng.shuffle(ordered)
    if pod_size > 2:
        return pair_pods(ordered, round_number, pod_size, rng)
    return _pair_versus(ordered, round_number, rng)


def _is_first_round(players):
    return all(not p.opponents and not p.byes and p.points == players[0].points for p in players)


def _pair_versus(ordered, round_number, rng):
    notes, byes = [], []
    if len(ordered) % 2:
        bye = choose_bye(ordered)
        byes.append(bye.id)
        notes.append({"kind": "bye", "player": bye.id, "points": bye.points, "earlier_byes": bye.byes})
        ordered = [p for p in ordered if p is not bye]
    pairs = _pair_groups([list(group) for _, group in groupby(ordered, key=lambda p: p.points)], rng, notes)
    pairs.sort(key=lambda pair: (-max(p.points for p in pair), min(p.rank for p in pair)))
    _note_pair_downs(pairs, notes)
    return Pairing(round_number, [[a.id, b.id] for a, b in pairs], byes, notes)


def _pair_groups(groups, rng, notes):
    """Score groups from the top. The first path tried floats each odd group's lowest-ranked player
    down; when rematch constraints make that path cost more than the least possible (squared
    point gaps of the pair-downs parity forces), a bounded branch-and-bound search tries others."""
    for group in groups:
        rng.shuffle(group)
    search = _GroupSearch(groups)
    search.run()
    if search.best is None:
        floaters, history = [], []
        for index, group in enumerate(groups):
            made, floaters = _pair_bracket(floaters, group, last=index == len(groups) - 1)
            history.append(made)
        return _unwind(history, floaters, notes) if floaters else [pair for made in history for pair in made]
    return search.best


def _gap_cost(pairs):
    """(squared point gaps, pair-downs, point gap): smaller is better, in that order."""
    gaps = [abs(a.points - b.points) for a, b in pairs]
    return (sum(gap * gap for gap in gaps), sum(1 for gap in gaps if gap), sum(gaps))


def _add_costs(first, second):
    return tuple(a + b for a, b in zip(first, second, strict=True))


class _GroupSearch:
    BUDGET = 4000  # bracket evaluations; the first path is the greedy one, so a cut search still pairs well
    MAX_FLOAT = 3
    CANDIDATES = 8

    def __init__(self, groups):
        self.groups = groups
        self.points = [group[0].points for group in groups]
        self.best, self.best_cost, self.steps = None, None, 0

    def lower_bound(self, index, floaters):
        """Least squared gap still to come: floaters reach at best this group, and every boundary
        with an odd number of players above it is crossed at least once."""
        if index == len(self.groups):
            return (0 if not floaters else float("inf"), 0, 0)
        squares = sum((f.points - self.points[index]) ** 2 for f in floaters)
        carried = len(floaters)
        for i in range(index, len(self.groups) - 1):
            carried += len(self.groups[i])
            if carried % 2:
                squares += (self.points[i] - self.points[i + 1]) ** 2
        return (squares, 0, 0)

    def ideal_cost(self):
        """The chain of single pair-downs parity forces: no pairing can do better."""
        cost, carried = (0, 0, 0), 0
        for i in range(len(self.groups) - 1):
            carried += len(self.groups[i])
            if carried % 2:
                gap = self.points[i] - self.points[i + 1]
                cost = _add_costs(cost, (gap * gap, 1, gap))
        return cost

    def run(self):
        self.ideal = self.ideal_cost()
        self._visit(0, [], [], (0, 0, 0))

    def _visit(self, index, floaters, pairs, cost):
        if self.best_cost == self.ideal or self.steps > self.BUDGET:
            return
        if index == len(self.groups):
            if not floaters and (self.best_cost is None or cost < self.best_cost):
                self.best, self.best_cost = list(pairs), cost
            return
        for floating, made in self._brackets(index, floaters):
            total = _add_costs(cost, _gap_cost(made))
            if (
                self.best_cost is not None
                and _add_costs(total, self.lower_bound(index + 1, floating)) >= self.best_cost
            ):
                continue
            self._visit(index + 1, floating, pairs + made, total)
            if self.best_cost == self.ideal or self.steps > self.BUDGET:
                return

    def _brackets(self, index, floaters):
        """Ways to pair this bracket, most preferred first: (players floating on, pairs made)."""
        members = self.groups[index]
        pool = floaters + members
        last = index == len(self.groups) - 1
        # Lowest-ranked members float first; floaters from above may keep floating too.
        candidates = sorted(members, key=lambda p: p.rank, reverse=True)[: self.CANDIDATES] + floaters
        for size in [0] if last else range(len(pool) % 2, min(self.MAX_FLOAT, len(pool)) + 1, 2):
            for floating in combinations(candidates, size):
                self.steps += 1
                if self.steps > self.BUDGET:
                    return
                chosen = set(map(id, floating))
                made = _perfect([p for p in pool if id(p) not in chosen])
                if made is not None:
                    yield list(floating), made


def _perfect(pool):
    """A rematch-free pairing of everyone in the pool, or None."""
    pairs = match_in_order(pool)
    if pairs is None and len(pool) <= EXACT_LIMIT:
        pairs, unpaired = exact_matching(pool)
        if unpaired:
            return None
    return pairs


def _pair_bracket(floaters, group, last):
    """Fallback path (no rematch-free pairing exists): pair what can be paired, float the rest."""
    if (len(floaters) + len(group)) % 2 and not last:
        for candidate in sorted(group, key=lambda p: p.rank, reverse=True)[:8]:
            pairs = match_in_order(floaters + [m for m in group if m is not candidate])
            if pairs is not None:
                return pairs, [candidate]
    else:
        pairs = match_in_order(floaters + group)
        if pairs is not None:
            return pairs, []
    return exact_matching(floaters + group)


def match_in_order(pool):
    """Greedy: each player (floaters first) meets the first compatible player after them,
    with a swap repair at the end; None when that cannot pair everyone."""
    remaining, pairs = list(pool), []
    while remaining:
        first = remaining.pop(0)
        index = next((i for i, other in enumerate(remaining) if first.can_meet(other)), None)
        if index is None:
            if not _repair(first, remaining, pairs):
                return None
            continue
        pairs.append((first, remaining.pop(index)))
    return pairs


def _repair(stuck, remaining, pairs):
    """Swap `stuck` into an existing pair whose other player can take someone left over."""
    for position, (x, y) in enumerate(reversed(pairs)):
        for partner, freed in ((x, y), (y, x)):
            if not stuck.can_meet(partner):
                continue
            index = next((i for i, other in enumerate(remaining) if freed.can_meet(other)), None)
            if index is not None:
                pairs[len(pairs) - 1 - position] = (stuck, partner)
                pairs.append((freed, remaining.pop(index)))
                return True
    return False


def exact_matching(pool):
    """As many rematch-free pairs as possible; returns (pairs, unpaired in pool order)."""
    neighbours = [
        [j for j, other in enumerate(pool) if i != j and player.can_meet(other)] for i, player in enumerate(pool)
    ]
    mate = maximum_matching(len(pool), neighbours)
    pairs = [(pool[i], pool[j]) for i, j in enumerate(mate) if j > i]
    return pairs, [player for i, player in enumerate(pool) if mate[i] == -1]


def _unwind(history, leftovers, notes):
    """The lowest brackets cannot pair everyone: reopen brackets upwards until they can; only
    when even the whole field cannot are the leftovers paired again (fewest rematches)."""
    pool = list(leftovers)
    while history:
        pool = [p for pair in history.pop() for p in pair] + pool
        pairs, unpaired = exact_matching(pool)
        if not unpaired:
            return [pair for made in history for pair in made] + pairs
    pairs, unpaired = exact_matching(pool)
    unpaired.sort(key=lambda p: (-p.points, p.rank))
    rematches = list(zip(unpaired[::2], unpaired[1::2], strict=True))
    notes.extend({"kind": "rematch", "players": [a.id, b.id]} for a, b in rematches)
    return pairs + rematches


def _note_pair_downs(pairs, notes):
    for table, (a, b) in enumerate(pairs, start=1):
        high, low = (a, b) if a.points >= b.points else (b, a)
        if high.points != low.points:
            notes.append(
                {
                    "kind": "pair_down",
                    "table": table,
                    "player": high.id,
                    "from_points": high.points,
                    "opponent": low.id,
                    "to_points": low.points,
                }
            )
