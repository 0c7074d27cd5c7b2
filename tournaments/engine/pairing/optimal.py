"""The optimal one-against-one pairing of an even field (the bye, if any, is chosen before:
`swiss.py`): fewest rematches, then the least sum of squared point gaps (docs/pairing.md).

Score groups are either separators, groups that seat whatever floats into them, or members
of segments, runs of groups between separators that are solved exactly (weighted matching)
with virtual partners standing in for the separators around them. Splitting every cross-group
table's squared gap at the separators shows that the sum of the segments' optima is a lower
bound on the cost of any pairing; when the separators can seat what floats into them, a
pairing of exactly that cost exists, so it is optimal. A separator that cannot is merged into
its neighbours and the round is planned again; at worst the whole field is one segment.
"""

import heapq
from dataclasses import dataclass, field

from .matching import maximum_matching, sometimes_unpaired
from .weighted import min_cost_perfect_matching

WHOLE_FIELD = 24  # up to this many players, one exact matching as soon as the parity bound fails
MERGES = 8  # after this many merges, fields up to MERGED_FIELD players go to one exact matching too
MERGED_FIELD = 512


@dataclass
class SegmentPlan:
    """A segment's exact pairing: its tables, its players who float up or down into the
    separators around it, and how many tables go straight from the separator above to the one
    below."""

    cost: int = 0
    pairs: list = field(default_factory=list)
    up: list = field(default_factory=list)
    down: list = field(default_factory=list)
    direct: int = 0


class Field:
    """The players to pair, an even number. `position` maps id(player) to its index in the
    standings order; `groups` hold the players by match points, best first, each group in a
    random order."""

    def __init__(self, position, groups):
        self.groups, self.position = groups, position
        self.points = [group[0].points for group in groups]
        self.count = sum(len(group) for group in groups)
        self.above = [0]
        for group in groups:
            self.above.append(self.above[-1] + len(group))
        self.last = {points: self.above[g + 1] - 1 for g, points in enumerate(self.points)}
        self.crossed = [0]  # crossed[g]: sum of squared gaps between group 0 and group g
        for high, low in zip(self.points, self.points[1:], strict=False):
            self.crossed.append(self.crossed[-1] + (high - low) ** 2)
        spread = self.points[0] - self.points[-1]
        self.rematch_cost = spread * spread * (self.count // 2 + 1) + 1

    def cost(self, a, b):
        gap = a.points - b.points
        return gap * gap + (0 if a.can_meet(b) else self.rematch_cost)

    def float_rank(self, player):
        """0 for the lowest-ranked player of a score group: the first to float down."""
        return self.last[player.points] - self.position[id(player)]


def optimal_pairing(position, groups):
    """The optimal tables, [(player, player)]; see Field for the arguments."""
    board = Field(position, groups)
    separators = [True] * len(groups)
    cache = {}
    lower_bound, failures = None, 0
    while True:
        plan = _plan(board, separators, cache)
        if lower_bound is None:
            lower_bound = plan.total
        seated = _realize(board, plan)
        if not isinstance(seated, int):
            return seated
        failures += 1
        if board.count <= WHOLE_FIELD or board.count <= MERGED_FIELD and failures > MERGES:
            return _whole_field(board, lower_bound)
        separators[seated] = False


@dataclass
class _Plan:
    separators: list  # group indices
    segments: list  # SegmentPlan of each segment, one more than there are separators
    total: int  # the cost


def _plan(board, separators, cache):
    """Every segment solved exactly: a lower bound on the cost of any pairing, with the plan
    that reaches it if the separators can seat their part."""
    kept = [index for index, is_separator in enumerate(separators) if is_separator]
    bounds = list(zip([0] + [g + 1 for g in kept], kept + [len(board.groups)], strict=True))
    plans = []
    for position, (start, end) in enumerate(bounds):
        key = (start, end, board.above[start] % 2, (board.count - board.above[end]) % 2)
        if key not in cache:
            upper = board.points[kept[position - 1]] if position else None
            lower = board.points[kept[position]] if position < len(kept) else None
            cache[key] = _solve_segment(board, start, end, upper, lower, key[2:])
        plans.append(cache[key])
    return _Plan(kept, plans, sum(p.cost for p in plans))


def _solve_segment(board, start, end, upper, lower, parities):
    """Exact minimum of a segment's cost, the separators around it standing in as virtual
    partners; None when the parities cannot be met."""
    up_parity, down_parity = parities
    if upper is None and up_parity or lower is None and down_parity:
        return None
    if start == end:
        if up_parity != down_parity:
            return None
        return SegmentPlan((upper - lower) ** 2, direct=1) if up_parity else SegmentPlan()
    problem = _SegmentProblem(board, start, end, (upper, lower), parities)
    return problem.solve()


class _SegmentProblem:
    """A segment as a graph: its players, then virtual partners from the separator above and
    below. Unused virtual partners pair among themselves for nothing, so any
    number of players may float out, with the parity the rest of the field imposes."""

    def __init__(self, board, start, end, neighbours, parities, prune=None):
        self.board = board
        self.players = [p for g in range(start, end) for p in board.groups[g]]
        self.group_of = [g for g in range(start, end) for _ in board.groups[g]]
        self.upper, self.lower = neighbours
        up_parity, down_parity = parities
        floating = _largest_clique_met(self.players) if self.upper is not None or self.lower is not None else 0
        self.ups = _partner_count(floating, up_parity) if self.upper is not None else 0
        self.downs = _partner_count(floating, down_parity) if self.lower is not None else 0
        count = len(self.players)
        self.first_down = count + self.ups
        self.size = self.first_down + self.downs
        self.float_scale = board.count * self.size + 1
        self.prune = prune

    def weight(self, cost, float_rank=0):
        return cost * self.float_scale + float_rank

    def edges(self):
        board, players, weight = self.board, self.players, self.weight
        crossed, group_of, prune = board.crossed, self.group_of, self.prune
        scale = self.float_scale
        points = [p.points for p in players]
        floats = [board.float_rank(p) for p in players]
        edges = []
        for i, a in enumerate(players):
            met, name, high = a.opponents, a.id, points[i]
            for j in range(i + 1, len(players)):
                b = players[j]
                gap = high - points[j]  # players come best first: gap >= 0
                cost = gap * gap if b.id not in met and name not in b.opponents else gap * gap + board.rematch_cost
                if prune is not None and cost - crossed[group_of[j]] + crossed[group_of[i]] > prune:
                    continue
                edges.append((i, j, cost * scale + (floats[i] if gap else 0)))
            if self.ups:
                up = weight((self.upper - high) ** 2)
                edges += [(i, len(players) + s, up) for s in range(self.ups)]
            if self.downs:
                down = weight((high - self.lower) ** 2, float_rank=floats[i])
                edges += [(i, self.first_down + s, down) for s in range(self.downs)]
        edges += _clique(len(players), self.ups) + _clique(self.first_down, self.downs)
        if self.ups and self.downs:
            through = weight((self.upper - self.lower) ** 2)
            edges += [
                (len(players) + u, self.first_down + d, through) for u in range(self.ups) for d in range(self.downs)
            ]
        return edges

    def solve(self):
        mate = min_cost_perfect_matching(self.size, self.edges())
        if -1 in mate:
            return None
        board, players, plan = self.board, self.players, SegmentPlan()
        for i, player in enumerate(players):
            j = mate[i]
            if j < len(players):
                if i < j:
                    plan.pairs.append((player, players[j]))
                    plan.cost += board.cost(player, players[j])
            elif j < self.first_down:
                plan.up.append(player)
                plan.cost += (self.upper - player.points) ** 2
            else:
                plan.down.append(player)
                plan.cost += (player.points - self.lower) ** 2
        lowers = range(self.first_down, self.first_down + self.downs)
        plan.direct = sum(1 for u in range(self.ups) if mate[len(players) + u] in lowers)
        if plan.direct:
            plan.cost += plan.direct * (self.upper - self.lower) ** 2
        return plan


def _partner_count(floating, parity):
    """Virtual partners on one side: as many as players may float out that way, plus one
    straight table, plus one to get the parity right. Two players floating out the same way who
    have not met would rather meet each other (a smaller squared gap), so those who float out
    one way have all met each other: no more of them than the largest such clique."""
    count = floating + 1
    return count + (count % 2 != parity)


def _largest_clique_met(players):
    """At least the size of the largest set of these players who have all met each other: the
    number of colours a greedy colouring of the 'have met' graph uses (players of one colour
    have not met, so a set who all have met takes one colour each)."""
    colours = []
    for player in players:
        for colour in colours:
            if all(player.can_meet(other) for other in colour):
                colour.append(player)
                break
        else:
            colours.append([player])
    return len(colours)


def _clique(first, count):
    return [(first + a, first + b, 0) for a in range(count) for b in range(a + 1, count)]


def _whole_field(board, lower_bound):
    """One exact matching of the whole field. A table can be part of a pairing of cost C only
    if its cost, plus the parity bound of everyone else, is at most C; that bound is at least
    the field's bound minus the squared gaps the table crosses. So first only tables without
    such excess are allowed; the pairing found gives C, and a second matching that allows every
    table whose excess is at most C minus the bound is exact."""
    excess = _greedy_cost(board) - lower_bound
    return _SegmentProblem(board, 0, len(board.groups), (None, None), (0, 0), excess).solve().pairs


def _greedy_cost(board):
    """The cost of a quick valid pairing: each group top-down pairs what it can, the rest float."""
    floating, cost = [], 0
    for group in board.groups:
        pool = floating + group
        floating = []
        while pool:
            first = pool.pop(0)
            index = next((i for i, other in enumerate(pool) if first.can_meet(other)), None)
            if index is None:
                floating.append(first)
            else:
                cost += board.cost(first, pool.pop(index))
    return cost + sum(board.cost(a, b) for a, b in zip(floating[::2], floating[1::2], strict=True))


def _realize(board, plan):
    """Seat the separators around the segments' plans: the pairs when every separator can, else
    the index of the first one that cannot."""
    pairs = [pair for segment in plan.segments for pair in segment.pairs]
    sent = []
    for position, index in enumerate(plan.separators):
        members = board.groups[index]
        above, below = plan.segments[position], plan.segments[position + 1]
        seated = seat_group(members, above.down + sent + below.up, below.direct, board.float_rank)
        if seated is None:
            return index
        made, sent = seated
        pairs += made
    return pairs


def seat_group(members, arriving, sending, float_rank):
    """Pair a score group with the players floating into it and choose `sending` of its
    members (lowest-ranked first) to float on to the next group; None when impossible. The
    lowest-ranked members are set aside before the arrivals are seated, so an arrival never
    takes the seat of the member who should float on (docs/pairing.md)."""
    if (len(members) + len(arriving) + sending) % 2:
        return None
    leaving = heapq.nsmallest(sending, members, key=float_rank) if sending else []
    free, pairs = [m for m in members if all(m is not x for x in leaving)], []
    for player in arriving:
        index = next((i for i, m in enumerate(free) if player.can_meet(m)), None)
        if index is None:
            return _seat_exactly(members, arriving, sending, float_rank)
        pairs.append((free.pop(index), player))
    inside = match_in_order(free)
    if inside is None:
        return _seat_exactly(members, arriving, sending, float_rank)
    return pairs + inside, leaving


def _seat_exactly(members, arriving, sending, float_rank):
    """The same with exact maximum matchings: members, then arrivals (who meet members only),
    then the places of those sent on (taken by members). Those sent on are chosen one at a time,
    lowest-ranked first: each is the lowest-ranked member whose leaving still lets the others
    be seated (some maximum matching leaves it unpaired, Gallai-Edmonds), then it is set aside."""
    people = list(members) + list(arriving)
    leaving = []
    for remaining in range(sending, 0, -1):
        stay = [person for person in people if all(person is not x for x in leaving)]
        free = _leavable(stay, len(members) - len(leaving), remaining - 1)
        if not free:
            return None
        leaving.append(min(free, key=float_rank))
    stay = [person for person in people if all(person is not x for x in leaving)]
    inside = len(members) - len(leaving)
    mate = maximum_matching(len(stay), _seat_graph(stay, inside, 0))
    if -1 in mate:
        return None
    pairs = [(stay[i], stay[j]) for i, j in enumerate(mate) if i < j]
    return pairs, leaving


def _seat_graph(people, inside, slots):
    """Neighbours of `people` (the first `inside` are the group's members, the rest arrivals, who
    meet members only) and of `slots` places sent on, which any member may take."""
    count = len(people)
    neighbours = []
    for i, person in enumerate(people):
        near = [j for j in range(inside) if j != i and person.can_meet(people[j])]
        if i < inside:
            near += [j for j in range(inside, count) if person.can_meet(people[j])]
            near += range(count, count + slots)
        neighbours.append(near)
    neighbours += [list(range(inside))] * slots
    return neighbours


def _leavable(people, inside, slots):
    """The members who can be the one left over: those some maximum matching leaves unpaired
    while it seats everyone else (with `slots` more members sent on)."""
    count = len(people) + slots
    neighbours = _seat_graph(people, inside, slots)
    mate = maximum_matching(count, neighbours)
    if mate.count(-1) != 1:
        return []
    return [people[i] for i in sometimes_unpaired(count, neighbours, mate) if i < inside]


def match_in_order(pool):
    """Greedy: each player meets the first compatible player after them, with a swap repair
    at the end; None when that cannot pair everyone."""
    waiting, pairs = pool[::-1], []  # reversed: the next player in order is at the end
    while waiting:
        first = waiting.pop()
        index = next((i for i in range(len(waiting) - 1, -1, -1) if first.can_meet(waiting[i])), None)
        if index is not None:
            pairs.append((first, waiting.pop(index)))
        elif not _repair(first, waiting, pairs):
            return None
    return pairs


def _repair(stuck, waiting, pairs):
    """Swap `stuck` into an existing pair whose other player can take someone left waiting."""
    for position in range(len(pairs) - 1, -1, -1):
        x, y = pairs[position]
        for partner, freed in ((x, y), (y, x)):
            if not stuck.can_meet(partner):
                continue
            index = next((i for i in range(len(waiting) - 1, -1, -1) if freed.can_meet(waiting[i])), None)
            if index is not None:
                pairs[position] = (stuck, partner)
                pairs.append((freed, waiting.pop(index)))
                return True
    return False
