"""From game results to a match result: best of 1 or 3, and pods' placements to match points."""

from collections import Counter

from .base import ScoringError

# Default pod table: a sole win 3, a shared win 1, any other place 0 (configurable per event).
POD_POINTS = {"win": 3, "shared_win": 1, "other": 0}


def versus_match(game_winners, sides, best_of):
    """{"wins": {side: games won}, "draws": games without a winner, "winner": side or None}."""
    needed = best_of // 2 + 1
    wins = Counter(dict.fromkeys(sides, 0))
    draws = 0
    for number, winner in enumerate(game_winners, start=1):
        if max(wins.values()) >= needed:
            raise ScoringError(f"games.{number}", f"the match was already decided (best of {best_of})")
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    if not game_winners:
        raise ScoringError("games", "report at least one game")
    leaders = [side for side in sides if wins[side] == max(wins.values())]
    return {"wins": dict(wins), "draws": draws, "winner": leaders[0] if len(leaders) == 1 else None}


def pod_match(placements, table=None):
    """Match points per player from one game's placements. A table may also give points by
    place ("2": 1 gives a second place one point)."""
    table = {**POD_POINTS, **(table or {})}
    firsts = [side for side, place in placements.items() if place == 1]
    return {side: _points_for(place, len(firsts), table) for side, place in placements.items()}


def _points_for(place, firsts, table):
    if place == 1:
        return table["win"] if firsts == 1 else table["shared_win"]
    return table.get(str(place), table["other"])
