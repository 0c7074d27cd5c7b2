"""The fewest repeat pod-mates as an integer program over pods (HiGHS; docs/pairing.md), for the
rounds the plain search cannot settle within its budget: one binary per candidate pod, each
player in exactly one pod, as many pods of each size as the seating has, fewest repeats (the
caller's swaps then lower the point spread).

Candidate pods are only those that can be part of a seating with fewer repeats than the one in
hand. The linear relaxation over all pods is solved by column generation (a pod joins when its
reduced cost is negative); its duals then bound every seating that holds a pod from below by the
relaxation's optimum plus that pod's reduced cost, so a pod whose reduced cost is at least the
gap to the seating in hand can be left out without losing any better seating.

Its work is bounded, the same on every machine (no clock: a seating stays reproducible from the
seed): at most CANDIDATES_LIMIT pods, PRICING_ROUNDS rounds of column generation and MIP_NODES
branch-and-bound nodes per program. A program that reaches a bound gives up, and the caller keeps
the seating in hand with its swap guarantee (docs/pairing.md says where that happened)."""

import math

import highspy

from .pod_bounds import SIZES, members

CANDIDATES_LIMIT = 50_000  # more candidate pods than this: the caller keeps its seating
PRICED_PER_ROUND = 300  # pods a pricing round adds at most (column generation)
PRICING_ROUNDS = 200  # rounds of column generation at most
MIP_NODES = 1_000  # branch-and-bound nodes a program may explore
TOLERANCE = 1e-6


class GaveUp(Exception):
    """The program reached one of its bounds of work without settling the round."""


class TooManyPods(GaveUp):
    """The candidate pods exceed CANDIDATES_LIMIT (only where players have met few others)."""


def fewest_repeats_program(players, sizes, fresh, incumbent):
    """Pods (lists of players) with fewer repeats than `incumbent` (pods of player indices, the
    seating in hand) and as few as any seating has, or None when no seating has fewer.
    Seatings of at most `target` repeats are sought from the relaxation's bound up (1, 2, 4...
    more each time, a program with no seating being the slowest kind), each time among the pods
    that can be part of one and with the fewest repeats as the objective, so the first found is
    the fewest. Raises GaveUp (TooManyPods among others)."""
    program = _PodProgram(players, sizes, fresh)
    above = sum(program.repeats(_mask(pod)) for pod in incumbent)
    for pod in incumbent:
        program.add(_mask(pod))
    relaxed = program.relax()
    target, step = math.ceil(relaxed - TOLERANCE), 1
    while target < above:
        program.restrict(program.candidates(target - relaxed + 1e-4))
        chosen = program.solve(target)
        if chosen is not None:
            return [[players[i] for i in members(pod)] for pod in chosen]
        target, step = min(target + step, above - 1) if target < above - 1 else above, step * 2
    return None


def _mask(pod):
    return sum(1 << i for i in pod)


class _PodProgram:
    def __init__(self, players, sizes, fresh):
        self.count = len(players)
        self.met = [((1 << self.count) - 1) & ~mask & ~(1 << i) for i, mask in enumerate(fresh)]
        self.kinds = [size for size in SIZES if size in sizes]
        self.needed = [sizes.count(size) for size in self.kinds]
        self.pods, self.known = [], set()
        self.player_duals, self.size_duals = [0.0] * self.count, [0.0] * len(self.kinds)

    def repeats(self, mask):
        return sum((self.met[i] & mask).bit_count() for i in members(mask)) // 2

    def add(self, mask):
        if mask not in self.known:
            self.known.add(mask)
            self.pods.append(mask)

    def _model(self, pods, costs, integral):
        highs = highspy.Highs()
        highs.setOptionValue("output_flag", False)
        highs.setOptionValue("random_seed", 0)
        highs.setOptionValue("mip_max_nodes", MIP_NODES)
        for _player in range(self.count):
            highs.addRow(1.0, 1.0, 0, [], [])
        for needed in self.needed:
            highs.addRow(needed, needed, 0, [], [])
        for mask, cost in zip(pods, costs, strict=True):
            self._add_column(highs, mask, cost)
        if integral:
            highs.changeColsIntegrality(len(pods), list(range(len(pods))), [highspy.HighsVarType.kInteger] * len(pods))
        return highs

    def _add_column(self, highs, mask, cost):
        rows = [*members(mask), self.count + self.kinds.index(mask.bit_count())]
        highs.addCol(float(cost), 0.0, 1.0, len(rows), rows, [1.0] * len(rows))

    def relax(self):
        """The optimum of the linear relaxation over every pod (column generation: the pods of
        negative reduced cost join, the model warm-started); keeps its duals."""
        highs = self._model(self.pods, [self.repeats(mask) for mask in self.pods], integral=False)
        for _round in range(PRICING_ROUNDS):
            highs.run()
            duals = highs.getSolution().row_dual
            self.player_duals = list(duals[: self.count])
            self.size_duals = list(duals[self.count :])
            priced = [mask for mask in self.candidates(-TOLERANCE, most=PRICED_PER_ROUND) if mask not in self.known]
            if not priced:
                return highs.getInfo().objective_function_value
            for mask in priced:
                self.add(mask)
                self._add_column(highs, mask, self.repeats(mask))
        raise GaveUp

    def candidates(self, at_most, most=None):
        """Every pod whose reduced cost is at most `at_most` (up to `most` of them when given).
        Players are taken in decreasing dual, so the next ones bound the rest from below."""
        order = sorted(range(self.count), key=lambda i: -self.player_duals[i])
        duals = [self.player_duals[i] for i in order]
        met = self.met
        found = []
        limit = most if most is not None else CANDIDATES_LIMIT

        def extend(mask, start, cost, missing, size_dual):
            if not missing:
                if cost - size_dual <= at_most:
                    found.append(mask)
                    if len(found) > limit:
                        raise _Enough
                return
            for position in range(start, self.count - missing + 1):
                if cost - sum(duals[position : position + missing]) - size_dual > at_most:
                    break  # the later players have lower duals still
                i = order[position]
                added = (met[i] & mask).bit_count() - duals[position]
                extend(mask | 1 << i, position + 1, cost + added, missing - 1, size_dual)

        try:
            for kind, size_dual in zip(self.kinds, self.size_duals, strict=True):
                extend(0, 0, 0.0, kind, size_dual)
        except _Enough:
            if most is None:
                raise TooManyPods from None
            return found[:most]
        return found

    def restrict(self, pods):
        self.pods, self.known = [], set()
        for mask in pods:
            self.add(mask)

    def solve(self, at_most):
        """A seating of the fewest repeats, at most `at_most`, among the pods held: pod masks, or
        None when none has so few. (The spread is left to the caller's swaps: a second program
        for it took seconds at 64 players.)"""
        if not self.pods:
            return None
        repeats = [self.repeats(mask) for mask in self.pods]
        highs = self._model(self.pods, repeats, integral=True)
        highs.addRow(-highs.getInfinity(), float(at_most), len(self.pods), list(range(len(self.pods))), repeats)
        highs.run()
        status = highs.getModelStatus()
        if status == highspy.HighsModelStatus.kInfeasible:
            return None
        if status != highspy.HighsModelStatus.kOptimal:
            raise GaveUp  # its node limit: whether a seating has so few is not known
        values = highs.getSolution().col_value
        return [mask for mask, value in zip(self.pods, values, strict=True) if value > 0.5]


class _Enough(Exception):
    pass
