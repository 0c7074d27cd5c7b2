"""A clash between two stacks, by the Dust Collectorz rules (Gameplay 1-6), plain Python.

Interpretation, where the rules leave a choice (shown on the calculator page):
* A stack's value counts its primary card's stat in full and half of each other card's stat,
  rounded down card by card.
* The tribe modifier is the defender's: a defending card of the tribe that beats the attacking
  tribe (Stronger Tribe) gets +1, one of the tribe the attacker beats (Weaker Tribe) gets -1, and
  cards of the other two tribes are unmodified. It applies to each card's stat before halving
  ("all stats on the card are increased by one").
* A stack holds cards of one tribe; the defender may not answer with the attacking tribe.
* A tie goes to the defender.
"""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

define_messages(
    {
        "clash.attacking_tribe": _("The defender may not answer with the attacking tribe."),
        "clash.one_tribe": _("A stack holds cards of one tribe only."),
        "clash.empty_stack": _("Choose at least a primary card on each side."),
    }
)


@dataclass(frozen=True)
class StackCard:
    name: str
    tribe: str
    stat: int


@dataclass
class StackValue:
    total: int
    lines: list  # (card name, stat, modifier, counted)


@dataclass
class Clash:
    attacker: StackValue
    defender: StackValue
    modifier: int
    relation: str  # stronger, weaker, other
    winner: str  # attacker, defender


def relation(attacking_tribe, defending_tribe, beats):
    """How the defending tribe stands against the attacking one on the wheel (`beats`: tribe -> tribe it beats)."""
    if defending_tribe == attacking_tribe:
        raise DomainError("clash.attacking_tribe", "defender")
    if beats.get(defending_tribe) == attacking_tribe:
        return "stronger"
    if beats.get(attacking_tribe) == defending_tribe:
        return "weaker"
    return "other"


def stack_value(cards, modifier=0):
    if not cards:
        raise DomainError("clash.empty_stack")
    if len({card.tribe for card in cards}) > 1:
        raise DomainError("clash.one_tribe")
    lines = []
    for position, card in enumerate(cards):
        modified = max(0, card.stat + modifier)
        counted = modified if position == 0 else modified // 2
        lines.append((card.name, card.stat, modifier, counted))
    return StackValue(sum(counted for *_rest, counted in lines), lines)


def resolve(attacking, defending, beats):
    """The first card of each list is its stack's primary card."""
    standing = relation(attacking[0].tribe, defending[0].tribe, beats)
    modifier = {"stronger": 1, "weaker": -1, "other": 0}[standing]
    attacker = stack_value(attacking)
    defender = stack_value(defending, modifier)
    winner = "attacker" if attacker.total > defender.total else "defender"
    return Clash(attacker, defender, modifier, standing, winner)
