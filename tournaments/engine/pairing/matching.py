"""Maximum-cardinality matching on a general graph (Edmonds' blossom algorithm), plain Python.

Seats a score group with the players floating into it when the greedy pass cannot
(`optimal.seat_group`): it finds a seating without rematches whenever one exists. It also tells
which players can take the bye without forcing an extra rematch (`sometimes_unpaired`).
"""

from collections import deque


def maximum_matching(count, neighbours):
    """`neighbours[v]` lists the vertices v may be paired with; returns mate[v] (-1: unpaired)."""
    mate = [-1] * count
    _greedy_start(count, neighbours, mate)
    for root in range(count):
        if mate[root] == -1:
            end, parent = _augmenting_path(root, count, neighbours, mate)
            _flip(end, parent, mate)
    return mate


def sometimes_unpaired(count, neighbours, mate=None):
    """The vertices that some maximum matching leaves unpaired (Gallai-Edmonds: those an even
    alternating path reaches from an unpaired vertex). Removing one of them keeps the largest
    matching as large; removing any other vertex makes it one smaller. `mate`: a maximum
    matching already found, if any."""
    mate = maximum_matching(count, neighbours) if mate is None else mate
    reached = set()
    for root in range(count):
        if mate[root] == -1 and root not in reached:
            _end, _parent, outer = _search(root, count, neighbours, mate)
            reached.update(v for v in range(count) if outer[v])
    return reached


def _greedy_start(count, neighbours, mate):
    for v in range(count):
        if mate[v] == -1:
            for w in neighbours[v]:
                if mate[w] == -1:
                    mate[v], mate[w] = w, v
                    break


def _flip(end, parent, mate):
    while end != -1:
        previous = parent[end]
        following = mate[previous]
        mate[end], mate[previous] = previous, end
        end = following


def _augmenting_path(root, count, neighbours, mate):
    end, parent, _outer = _search(root, count, neighbours, mate)
    return end, parent


def _search(root, count, neighbours, mate):
    """BFS from an unpaired root, contracting odd cycles (blossoms); returns (free end or -1,
    parents, the outer vertices: those an even alternating path from the root reaches)."""
    used, parent, base = [False] * count, [-1] * count, list(range(count))
    used[root] = True
    queue = deque([root])
    while queue:
        v = queue.popleft()
        for w in neighbours[v]:
            if base[v] == base[w] or mate[v] == w:
                continue
            if w == root or (mate[w] != -1 and parent[mate[w]] != -1):
                _contract(v, w, count, mate, parent, base, used, queue)
            elif parent[w] == -1:
                parent[w] = v
                if mate[w] == -1:
                    return w, parent, used
                used[mate[w]] = True
                queue.append(mate[w])
    return -1, parent, used


def _contract(v, w, count, mate, parent, base, used, queue):
    ancestor = _common_base(v, w, mate, parent, base)
    in_blossom = [False] * count
    _mark_path(v, ancestor, w, mate, parent, base, in_blossom)
    _mark_path(w, ancestor, v, mate, parent, base, in_blossom)
    for u in range(count):
        if in_blossom[base[u]]:
            base[u] = ancestor
            if not used[u]:
                used[u] = True
                queue.append(u)


def _common_base(a, b, mate, parent, base):
    seen = set()
    while True:
        a = base[a]
        seen.add(a)
        if mate[a] == -1:
            break
        a = parent[mate[a]]
    while True:
        b = base[b]
        if b in seen:
            return b
        b = parent[mate[b]]


def _mark_path(v, ancestor, child, mate, parent, base, in_blossom):
    while base[v] != ancestor:
        in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]
