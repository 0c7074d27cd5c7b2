"""Minimum-cost perfect matching on a general graph: Edmonds' primal-dual blossom algorithm
(Galil's O(n^3) formulation), plain Python, exact on integer costs.

The pairing engine's exact tool: every problem it cannot settle by the parity bound goes
through here (see docs/pairing.md). Costs become weights (top - cost) and the algorithm runs
in maximum-cardinality mode (vertex duals are free), so it returns the heaviest of the
largest matchings: the cheapest perfect matching whenever one exists. Up to SMALL vertices a
dynamic programme over subsets answers instead.
"""

FREE, OUTER, INNER = 0, 1, 2
BREADCRUMB = 5
SMALL = 12  # up to this many vertices, dynamic programming over subsets is faster


def min_cost_perfect_matching(count, edges):
    """`edges`: [(u, v, cost)], 0 <= u, v < count. Returns mate[v] (-1: unmatched, only when
    no perfect matching exists)."""
    if not edges:
        return [-1] * count
    if count <= SMALL:
        return _by_subsets(count, edges)
    top = max(cost for _u, _v, cost in edges)
    blossom = _Blossom(count, [(u, v, top - cost) for u, v, cost in edges])
    blossom.start_from_greedy_duals([cost for _u, _v, cost in edges], top)
    return blossom.solve()


def _by_subsets(count, edges):
    """Exact by dynamic programming: the lowest unmatched vertex meets each possible partner."""
    costs = [{} for _ in range(count)]
    for u, v, cost in edges:
        if u != v and (v not in costs[u] or cost < costs[u][v]):
            costs[u][v] = costs[v][u] = cost
    partners = [sorted(row.items(), key=lambda item: item[1]) for row in costs]
    memo = {0: (0, -1)}

    def best(mask):
        known = memo.get(mask)
        if known is not None:
            return known[0]
        low = (mask & -mask).bit_length() - 1
        rest = mask ^ (1 << low)
        value, choice = None, -1
        for partner, cost in partners[low]:
            if rest >> partner & 1 and (value is None or cost < value):
                below = best(rest ^ (1 << partner))
                if below is not None and (value is None or cost + below < value):
                    value, choice = cost + below, partner
        memo[mask] = (value, choice)
        return value

    mate = [-1] * count
    mask = (1 << count) - 1
    if count % 2 or best(mask) is None:
        return mate
    while mask:
        low = (mask & -mask).bit_length() - 1
        partner = memo[mask][1]
        mate[low], mate[partner] = partner, low
        mask ^= (1 << low) | (1 << partner)
    return mate


class _Blossom:
    """State of one run. Vertices are 0..n-1, blossoms n..2n-1; `ends[2k]` and `ends[2k+1]` are
    the two ends of edge k, so an end index p names the edge p // 2 seen from ends[p ^ 1]."""

    def __init__(self, count, edges):
        n = self.n = count
        self.weight = [w for _u, _v, w in edges]
        self.twice = [2 * w for w in self.weight]
        self.ends = [x for u, v, _w in edges for x in (u, v)]
        self.incident = [[] for _ in range(n)]
        for k, (u, v, _w) in enumerate(edges):
            self.incident[u].append(2 * k + 1)
            self.incident[v].append(2 * k)
        top = max(self.weight)
        self.mate = [-1] * n
        self.label = [FREE] * (2 * n)
        self.label_end = [-1] * (2 * n)
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children = [None] * (2 * n)
        self.base = list(range(n)) + [-1] * n
        self.child_ends = [None] * (2 * n)
        self.best_edge = [-1] * (2 * n)
        self.blossom_best = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top] * n + [0] * n
        self.allowed = [False] * len(edges)
        self.queue = []

    def start_from_greedy_duals(self, costs, top):
        """Warm start. Each vertex in turn takes the largest potential y its edges allow
        (y[u] + y[v] <= cost); then edges with y[u] + y[v] == cost are tight and a greedy
        matching along them is where the run starts (a score group pairs inside itself, a lone
        leader with the group below). Vertex duals are free in a perfect matching, so any
        feasible start is valid."""
        ends, n = self.ends, self.n
        potential = [0] * n
        for v in range(n):
            potential[v] = min(costs[p >> 1] - potential[ends[p]] for p in self.incident[v]) if self.incident[v] else 0
        for v in range(n):
            self.dual[v] = top - 2 * potential[v]  # weights are top - cost: slack = 2 (cost - y[u] - y[v])
        for v in range(n):
            if self.mate[v] != -1:
                continue
            for p in self.incident[v]:
                w = ends[p]
                if self.mate[w] == -1 and w != v and potential[v] + potential[w] == costs[p >> 1]:
                    self.mate[v], self.mate[w] = p, p ^ 1
                    break

    def slack(self, k):
        return self.dual[self.ends[2 * k]] + self.dual[self.ends[2 * k + 1]] - self.twice[k]

    def leaves(self, b):
        n = self.n
        if b < n:
            return [b]
        found, stack, children = [], [b], self.children
        while stack:
            for child in children[stack.pop()]:
                if child < n:
                    found.append(child)
                else:
                    stack.append(child)
        return found

    def assign_label(self, w, t, p):
        """Label the top blossom of vertex w with t, reached through end p."""
        b = self.in_blossom[w]
        self.label[w] = self.label[b] = t
        self.label_end[w] = self.label_end[b] = p
        self.best_edge[w] = self.best_edge[b] = -1
        if t == OUTER:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.ends[self.mate[base]], OUTER, self.mate[base] ^ 1)

    def scan_blossom(self, v, w):
        """Trace back from v and w; the base of a new blossom, or -1 for an augmenting path."""
        path, base = [], -1
        while v != -1 or w != -1:
            b = self.in_blossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = BREADCRUMB
            if self.label_end[b] == -1:
                v = -1
            else:
                v = self.ends[self.label_end[b]]
                b = self.in_blossom[v]
                v = self.ends[self.label_end[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = OUTER
        return base

    def add_blossom(self, base, k):
        """Shrink the odd cycle closed by edge k through `base` into a new outer blossom."""
        v, w = self.ends[2 * k], self.ends[2 * k + 1]
        bb, bv, bw = self.in_blossom[base], self.in_blossom[v], self.in_blossom[w]
        b = self.unused.pop()
        self.base[b], self.parent[b] = base, -1
        self.parent[bb] = b
        path, endps = [], []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.label_end[bv])
            v = self.ends[self.label_end[bv]]
            bv = self.in_blossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.label_end[bw] ^ 1)
            w = self.ends[self.label_end[bw]]
            bw = self.in_blossom[w]
        self.children[b], self.child_ends[b] = path, endps
        self.label[b], self.label_end[b], self.dual[b] = OUTER, self.label_end[bb], 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == INNER:
                self.queue.append(leaf)
            self.in_blossom[leaf] = b
        self._merge_best_edges(b, path)

    def _merge_best_edges(self, b, path):
        """For each outer blossom next to the new blossom b, keep only the least-slack edge."""
        ends, dual, twice, in_blossom, label = self.ends, self.dual, self.twice, self.in_blossom, self.label
        best_to, best_slack = {}, {}
        for child in path:
            if self.blossom_best[child] is None:
                candidates = [p >> 1 for leaf in self.leaves(child) for p in self.incident[leaf]]
            else:
                candidates = self.blossom_best[child]
            for k in candidates:
                i, j = ends[2 * k], ends[2 * k + 1]
                bj = in_blossom[j]
                if bj == b:
                    bj = in_blossom[i]
                    if bj == b:
                        continue
                if label[bj] == OUTER:
                    slack = dual[i] + dual[j] - twice[k]
                    if bj not in best_to or slack < best_slack[bj]:
                        best_to[bj], best_slack[bj] = k, slack
            self.blossom_best[child] = None
            self.best_edge[child] = -1
        self.blossom_best[b] = list(best_to.values())
        self.best_edge[b] = min(best_to, key=best_slack.__getitem__, default=None)
        self.best_edge[b] = best_to[self.best_edge[b]] if self.best_edge[b] is not None else -1

    def expand_blossom(self, b, end_stage):
        """Undo blossom b: its children become top-level; relabel them if b was inner mid-stage."""
        for child in self.children[b]:
            self.parent[child] = -1
            if child < self.n:
                self.in_blossom[child] = child
            elif end_stage and self.dual[child] == 0:
                self.expand_blossom(child, end_stage)
            else:
                for leaf in self.leaves(child):
                    self.in_blossom[leaf] = child
        if not end_stage and self.label[b] == INNER:
            self._relabel_expanded(b)
        self.label[b] = self.label_end[b] = -1
        self.children[b] = self.child_ends[b] = None
        self.base[b] = -1
        self.blossom_best[b] = None
        self.best_edge[b] = -1
        self.unused.append(b)

    def _relabel_expanded(self, b):
        """An inner blossom expanded mid-stage: keep the path from its entry to its base in the
        tree (alternately inner and outer) and free the other children unless reached."""
        children, endps = self.children[b], self.child_ends[b]
        entry = self.in_blossom[self.ends[self.label_end[b] ^ 1]]
        j = children.index(entry)
        if j & 1:
            j -= len(children)
            step, shift = 1, 0
        else:
            step, shift = -1, 1
        p = self.label_end[b]
        while j != 0:
            self.label[self.ends[p ^ 1]] = FREE
            self.label[self.ends[endps[j - shift] ^ shift ^ 1]] = FREE
            self.assign_label(self.ends[p ^ 1], INNER, p)
            self.allowed[endps[j - shift] // 2] = True
            j += step
            p = endps[j - shift] ^ shift
            self.allowed[p // 2] = True
            j += step
        bv = children[j]
        self.label[self.ends[p ^ 1]] = self.label[bv] = INNER
        self.label_end[self.ends[p ^ 1]] = self.label_end[bv] = p
        self.best_edge[bv] = -1
        j += step
        while children[j] != entry:
            bv = children[j]
            j += step
            if self.label[bv] == OUTER:
                continue
            reached = next((v for v in self.leaves(bv) if self.label[v] != FREE), None)
            if reached is not None:
                self.label[reached] = FREE
                self.label[self.ends[self.mate[self.base[bv]]]] = FREE
                self.assign_label(reached, INNER, self.label_end[reached])

    def augment_blossom(self, b, v):
        """Rotate blossom b so that its base becomes v, flipping the matching along the way."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children, endps = self.children[b], self.child_ends[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, shift = 1, 0
        else:
            step, shift = -1, 1
        while j != 0:
            j += step
            t = children[j]
            p = endps[j - shift] ^ shift
            if t >= self.n:
                self.augment_blossom(t, self.ends[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, self.ends[p ^ 1])
            self.mate[self.ends[p]] = p ^ 1
            self.mate[self.ends[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.child_ends[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[children[i]]

    def augment_matching(self, k):
        v, w = self.ends[2 * k], self.ends[2 * k + 1]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == -1:
                    break
                t = self.ends[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.ends[self.label_end[bt]]
                j = self.ends[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1

    def solve(self):
        n = self.n
        for _stage in range(n):
            self.label = [FREE] * (2 * n)
            self.best_edge = [-1] * (2 * n)
            for b in range(n, 2 * n):
                self.blossom_best[b] = None
            self.allowed = [False] * len(self.weight)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.in_blossom[v]] == FREE:
                    self.assign_label(v, OUTER, -1)
            if not self._grow_and_augment():
                break
            for b in range(n, 2 * n):
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == OUTER and self.dual[b] == 0:
                    self.expand_blossom(b, True)
        return [self.ends[p] if p != -1 else -1 for p in self.mate]

    def _grow_and_augment(self):
        """One stage: grow alternating trees, adjusting duals, until an augmentation (True) or
        no further improvement is possible (False)."""
        while True:
            augmented = self._scan_queue()
            if augmented:
                return True
            kind, delta, target = self._dual_step()
            if kind == 1:
                return False
            if kind == 2:
                self.allowed[target] = True
                i, j = self.ends[2 * target], self.ends[2 * target + 1]
                if self.label[self.in_blossom[i]] == FREE:
                    i, j = j, i
                self.queue.append(i)
            elif kind == 3:
                self.allowed[target] = True
                self.queue.append(self.ends[2 * target])
            else:
                self.expand_blossom(target, False)

    def _scan_queue(self):
        ends, dual, twice, allowed = self.ends, self.dual, self.twice, self.allowed
        in_blossom, label, best_edge = self.in_blossom, self.label, self.best_edge
        while self.queue:
            v = self.queue.pop()
            bv, dual_v = in_blossom[v], dual[v]
            for p in self.incident[v]:
                w = ends[p]
                bw = in_blossom[w]
                if bv == bw:
                    continue
                k = p >> 1
                if not allowed[k]:
                    slack = dual_v + dual[w] - twice[k]
                    if slack <= 0:
                        allowed[k] = True
                if allowed[k]:
                    if label[bw] == FREE:
                        self.assign_label(w, INNER, p ^ 1)
                    elif label[bw] == OUTER:
                        base = self.scan_blossom(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                            bv = in_blossom[v]
                        else:
                            self.augment_matching(k)
                            return True
                    elif label[w] == FREE:
                        label[w] = INNER
                        self.label_end[w] = p ^ 1
                elif label[bw] == OUTER:
                    best = best_edge[bv]
                    if best == -1 or slack < dual[ends[2 * best]] + dual[ends[2 * best + 1]] - twice[best]:
                        best_edge[bv] = k
                elif label[w] == FREE:
                    best = best_edge[w]
                    if best == -1 or slack < dual[ends[2 * best]] + dual[ends[2 * best + 1]] - twice[best]:
                        best_edge[w] = k
        return False

    def _dual_step(self):
        """Change the duals by the largest step that keeps them feasible; returns what limited it."""
        n, dual, label, in_blossom, best_edge = self.n, self.dual, self.label, self.in_blossom, self.best_edge
        parent, base, slack = self.parent, self.base, self.slack
        kind, delta, target = 1, None, -1
        tops = [b for b in range(2 * n) if parent[b] == -1 and (b < n or base[b] >= 0)]
        for v in range(n):
            if label[in_blossom[v]] == FREE and best_edge[v] != -1:
                d = slack(best_edge[v])
                if delta is None or d < delta:
                    kind, delta, target = 2, d, best_edge[v]
        for b in tops:
            if label[b] == OUTER and best_edge[b] != -1:
                d = slack(best_edge[b]) // 2
                if delta is None or d < delta:
                    kind, delta, target = 3, d, best_edge[b]
            elif b >= n and label[b] == INNER and (delta is None or dual[b] < delta):
                kind, delta, target = 4, dual[b], b
        if delta is None:
            return 1, 0, -1
        for v in range(n):
            state = label[in_blossom[v]]
            if state == OUTER:
                dual[v] -= delta
            elif state == INNER:
                dual[v] += delta
        for b in tops:
            if b >= n:
                if label[b] == OUTER:
                    dual[b] += delta
                elif label[b] == INNER:
                    dual[b] -= delta
        return kind, delta, target
