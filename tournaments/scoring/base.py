"""What every game's scoring returns, and the helpers they share (plain Python)."""

from dataclasses import dataclass, field


class ScoringError(ValueError):
    """An impossible report; `field` names the place (e.g. "captures.12.gold")."""

    def __init__(self, field_name, message):
        super().__init__(f"{field_name}: {message}")
        self.field, self.message = field_name, message


@dataclass
class GameResult:
    points: dict  # side -> game points
    winner: object = None  # the side that won the game; None for a draw or a shared win
    placements: dict = field(default_factory=dict)  # pods: side -> place (1 is best, shared places repeat)

    def as_dict(self):
        return {
            "points": {str(side): value for side, value in self.points.items()},
            "winner": self.winner,
            "placements": {str(side): place for side, place in self.placements.items()} or None,
        }


def require_member(value, sides, field_name):
    """The side named by `value` (an id, possibly as text), which must be one of `sides`."""
    for side in sides:
        if value is not None and str(value) == str(side):
            return side
    raise ScoringError(field_name, "must be one of the players (or teams) of this match")


def place_by_score(points, favoured=None):
    """Places by score, best first; equal scores share a place unless `favoured` is among them,
    who then takes the better place alone."""
    ordered = sorted(points, key=lambda side: (-points[side], side != favoured))
    placements, place = {}, 0
    for position, side in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        tied = previous is not None and points[previous] == points[side]
        if not tied or previous == favoured or side == favoured:
            place = position
        placements[side] = place
    return placements
