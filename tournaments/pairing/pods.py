"""Free-for-all pods of 3-4 players, by the same principles as two-player pairing."""

from .model import Pairing, choose_bye

MIN_POD = 3
MAX_POD = 4


def pod_sizes(count, preferred):
    """Sizes between 3 and 4 adding up to `count`, as many of the preferred size as possible
    (10 players: 4+3+3). Only 5 players cannot be split; they make a pod of 4 and one bye."""
    if count < MIN_POD:
        return []
    other = MAX_POD if preferred == MIN_POD else MIN_POD
    for pods in range(count // MAX_POD, count // MIN_POD + 1):
        for preferred_count in range(pods, -1, -1):
            if preferred_count * preferred + (pods - preferred_count) * other == count:
                return sorted([preferred] * preferred_count + [other] * (pods - preferred_count), reverse=True)
    return pod_sizes(count - 1, preferred)


def pair_pods(ordered, round_number, preferred, rng):
    sizes = pod_sizes(len(ordered), preferred)
    seated = sum(sizes)
    notes, byes = [], []
    remaining = list(ordered)
    while len(remaining) > seated:
        bye = choose_bye(remaining)
        remaining.remove(bye)
        byes.append(bye.id)
        notes.append({"kind": "bye", "player": bye.id, "points": bye.points, "earlier_byes": bye.byes})
    pods = [_fill_pod(remaining, size, notes) for size in sizes]
    _note_pair_downs(pods, notes)
    return Pairing(round_number, [[p.id for p in pod] for pod in pods], byes, notes)


def _fill_pod(remaining, size, notes):
    """Seat the best remaining player, then the next best who has met nobody in the pod yet."""
    pod = [remaining.pop(0)]
    while len(pod) < size:
        index = next((i for i, p in enumerate(remaining) if all(p.can_meet(q) for q in pod)), None)
        if index is None:
            index = min(range(len(remaining)), key=lambda i: sum(not remaining[i].can_meet(q) for q in pod))
            notes.append(
                {
                    "kind": "rematch",
                    "players": [remaining[index].id, *[q.id for q in pod if not remaining[index].can_meet(q)]],
                }
            )
        pod.append(remaining.pop(index))
    return pod


def _note_pair_downs(pods, notes):
    for table, pod in enumerate(pods, start=1):
        top, bottom = max(p.points for p in pod), min(p.points for p in pod)
        if top != bottom:
            notes.append(
                {
                    "kind": "pair_down",
                    "table": table,
                    "players": [p.id for p in pod if p.points < top],
                    "from_points": top,
                    "to_points": bottom,
                }
            )
