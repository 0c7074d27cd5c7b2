"""What every game's scorer returns, and the helpers scorers share (plain Python).

A scorer takes one game's report (a dict from a player's phone or the API) and a ScoringContext,
and returns a GameResult or raises DomainError naming the field at fault.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

define_messages(
    {
        "scoring.not_a_side": _("“%(value)s” is not one of the players (or teams) of this match."),
        "scoring.no_side_chosen": _("Choose a player (or team) of this match."),
        "scoring.whole_number": _("Give a whole number from %(low)s to %(high)s."),
        "scoring.per_side": _("Give a value for each player (or team) of this match, and only for them."),
    }
)


@dataclass(frozen=True)
class ScoringContext:
    """What a scorer may know about the match: its mode, its sides and how to look cards up."""

    mode: str  # versus, team or ffa
    sides: tuple
    cards: Callable | None = None  # (card ids) -> {card id: {"rank", "type"}}; None where cards cannot be looked up
    options: Mapping = field(default_factory=dict)  # the event's options for the game (GameDefinition.options)


@dataclass
class GameResult:
    points: dict  # side -> game points
    winner: object = None  # the side that won the game; None for a draw or a shared win
    placements: dict = field(default_factory=dict)  # pods: side -> place (1 is best, shared places repeat)
    # How the points add up, for the players to check before they confirm: [PointsLine]
    lines: list = field(default_factory=list)

    def as_dict(self):
        shown = {
            "points": {str(side): value for side, value in self.points.items()},
            "winner": self.winner,
            "placements": {str(side): place for side, place in self.placements.items()} or None,
        }
        if self.lines:
            shown["lines"] = [line.as_dict() for line in self.lines]
        return shown


@dataclass(frozen=True)
class PointsLine:
    """One line of a game's points: `kind` is "round" (with its `number`), "captures" or "last_round";
    or, for a game decided by cards left (Young Champions), what the scorer read: "cards_in_deck",
    "cards_in_hand" and "last_play" (1 for the player who made it)."""

    kind: str
    points: dict  # side -> points on this line
    number: int | None = None

    def as_dict(self):
        line = {"kind": self.kind, "points": {str(side): value for side, value in self.points.items()}}
        return {**line, "number": self.number} if self.number else line


def require_member(value, sides, field_name):
    """The side named by `value` (an id, possibly as text), which must be one of `sides`; a choice
    left empty is asked for, not shown back as “None”."""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise DomainError("scoring.no_side_chosen", field_name)
    for side in sides:
        if value is not None and not isinstance(value, (dict, list)) and str(value) == str(side):
            return side
    raise DomainError("scoring.not_a_side", field_name, value=_shown(value))


def per_side(values, sides, field_name):
    """{side: value} from a mapping keyed by side ids (possibly as text), exactly one per side."""
    if not isinstance(values, dict) or {str(key) for key in values} != {str(side) for side in sides}:
        raise DomainError("scoring.per_side", field_name)
    return {side: values[side] if side in values else values[str(side)] for side in sides}


def whole_number(value, field_name, low, high):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DomainError("scoring.whole_number", field_name, low=low, high=high)
    return value


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


def score_winner_only(report, context):
    """Any other game: the report names the game's winner (or none, for a draw)."""
    winner = report.get("winner")
    return GameResult({}, None if winner is None else require_member(winner, context.sides, "winner"))


def _shown(value):
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"
