"""What the pairing engine works on and returns (plain Python, no Django)."""

from dataclasses import dataclass, field

from core.errors import DomainError, define_messages
from core.messages import gettext_lazy as _

define_messages(
    {
        "pairing.too_few": _("At least 2 active players are needed to pair a round."),
        "pairing.pod_size": _("The pod size must be 2, 3 or 4."),
        "pairing.invalid_players": _("The player list is not valid: %(reason)s."),
    }
)


@dataclass(frozen=True, eq=False)
class Player:
    id: object
    points: int = 0
    rank: int = 0
    opponents: frozenset = frozenset()
    byes: int = 0
    dropped: bool = False

    def can_meet(self, other):
        return other.id not in self.opponents and self.id not in other.opponents


@dataclass
class Pairing:
    round: int
    tables: list  # [[player id, ...], ...] best tables first
    byes: list
    notes: list = field(default_factory=list)  # [{"kind": "bye" | "pair_down" | "rematch", ...}]

    def stats(self, players):
        """What the organiser sees in the JSON output; `squared_gap` is the cost the pairing
        minimises (docs/pairing.md), over each table's gaps to its leader."""
        points = {p.id: p.points for p in players}
        gaps = [[max(points[i] for i in t) - points[i] for i in t] for t in self.tables]
        return {
            "pair_downs": sum(1 for table in gaps if any(table)),
            "point_gap": sum(max(table) for table in gaps),
            "squared_gap": sum(gap * gap for table in gaps for gap in table),
            "rematches": sum(1 for note in self.notes if note["kind"] == "rematch"),
        }

    def as_dict(self, players):
        return {
            "round": self.round,
            "tables": self.tables,
            "byes": self.byes,
            "notes": self.notes,
            "stats": self.stats(players),
        }


def bye_note(player, lowest):
    """`lowest`: the bye went to the lowest-ranked player allowed one (else each lower-ranked
    player's bye would have forced a rematch that this pairing avoids)."""
    return {"kind": "bye", "player": player.id, "points": player.points, "earlier_byes": player.byes, "lowest": lowest}


def players_from_json(document):
    try:
        return [
            Player(
                id=item["id"],
                points=int(item.get("points", 0)),
                rank=int(item.get("rank", index)),
                opponents=frozenset(item.get("opponents", ())),
                byes=int(item.get("byes", 0)),
                dropped=bool(item.get("dropped", False)),
            )
            for index, item in enumerate(document["players"], start=1)
        ]
    except (KeyError, TypeError, ValueError) as error:
        raise DomainError("pairing.invalid_players", "players", reason=str(error)) from None
