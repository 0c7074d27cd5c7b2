"""Swiss pairing engine, plain Python (no Django). See docs/pairing.md.

Priorities, in order: fewest rematches (none while a pairing without one exists); the bye (odd
field) to the lowest-ranked player with the fewest byes whose bye allows that; the least sum of
squared point gaps over the tables. All three are exact (`optimal.py`, `matching.py`).
Opponents within a score group are random, reproducible from the seed; round 1 is random.
"""

import random
from itertools import groupby

from core.errors import DomainError

from .matching import sometimes_unpaired
from .model import Pairing, bye_note
from .optimal import optimal_pairing
from .pods import pair_pods


def pair_round(players, round_number, seed=0, pod_size=2, pods_of_five=False):
    """Pair one round; `players` are Player objects, dropped ones are left out. `pods_of_five`:
    free-for-all pods may also seat 5 (docs/pairing.md)."""
    active = [player for player in players if not player.dropped]
    if len(active) < 2:
        raise DomainError("pairing.too_few")
    if pod_size not in (2, 3, 4):
        raise DomainError("pairing.pod_size", "pod_size")
    rng = random.Random(f"{seed}:{round_number}")
    ordered = sorted(active, key=lambda p: (-p.points, p.rank, str(p.id)))
    first_round = _is_first_round(active)
    if first_round:
        rng.shuffle(ordered)
    if pod_size > 2:
        return pair_pods(ordered, round_number, pod_size, rng, pods_of_five)
    return _pair_versus(ordered, round_number, rng, first_round)


def _is_first_round(players):
    return all(not p.opponents and not p.byes and p.points == players[0].points for p in players)


def _pair_versus(ordered, round_number, rng, first_round):
    groups = [list(group) for _, group in groupby(ordered, key=lambda p: p.points)]
    if not first_round:  # round 1 is shuffled already
        for group in groups:
            rng.shuffle(group)
    position = {id(p): index for index, p in enumerate(ordered)}
    bye, pairs = None, None
    if len(ordered) % 2:
        fewest = min(p.byes for p in ordered)
        allowed = [p for p in reversed(ordered) if p.byes == fewest]  # lowest-ranked first
        bye = allowed[0]
        pairs = _pair_without(bye, position, groups)
        if any(not a.can_meet(b) for a, b in pairs):
            better = _bye_with_fewest_rematches(ordered, allowed)
            if better is not bye:
                bye, pairs = better, _pair_without(better, position, groups)
    else:
        pairs = optimal_pairing(position, groups)
    tables = [(a, b) if position[id(a)] < position[id(b)] else (b, a) for a, b in pairs]
    tables.sort(key=lambda table: position[id(table[0])])
    notes = []
    if bye is not None:
        notes.append(bye_note(bye, bye is allowed[0]))
    notes += _table_notes(tables)
    return Pairing(round_number, [[a.id, b.id] for a, b in tables], [bye.id] if bye is not None else [], notes)


def _pair_without(bye, position, groups):
    rest = [[p for p in group if p is not bye] for group in groups]
    return optimal_pairing(position, [group for group in rest if group])


def _bye_with_fewest_rematches(ordered, allowed):
    """The lowest-ranked of `allowed` whose bye leaves a pairing with the fewest rematches. A
    pairing with k rematches holds a rematch-free matching of all but 2k of the others, so the
    best byes are those some largest rematch-free matching leaves unpaired (if any is allowed)."""
    index = {id(p): i for i, p in enumerate(ordered)}
    neighbours = [[j for j, other in enumerate(ordered) if j != i and p.can_meet(other)] for i, p in enumerate(ordered)]
    free = sometimes_unpaired(len(ordered), neighbours)
    return next((p for p in allowed if index[id(p)] in free), allowed[0])


def _table_notes(tables):
    notes = []
    for table, (high, low) in enumerate(tables, start=1):
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
    notes += [{"kind": "rematch", "players": [high.id, low.id]} for high, low in tables if not high.can_meet(low)]
    return notes
