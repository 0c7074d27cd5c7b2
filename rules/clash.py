"""A clash between two stacks, by the Dust Collectorz rules (Gameplay 1-6), plain Python.

Interpretation, where the rules leave a choice (shown on the calculator page):
* A stack's value counts its primary card's stat in full and half of each other card's stat,
  rounded down card by card.
* The tribe modifier is the defender's: a defending card of the tribe that beats the attacking
  tribe (Stronger Tribe) gets +1, one of the tribe the attacker beats (Weaker Tribe) gets -1, and
  cards of the other two tribes are unmodified. Our reading applies it to each card's stat before
  halving ("all stats on the card are increased by one", glossary); the other reading of Gameplay 6
  ("after all reductions -1 ... or additions +1") applies it once to the stack's total. The page
  can show both.
* All Epic cards are unique in a deck (Deck Composition 3): a stack cannot hold one twice. Nor can it
  hold more cards of a rank than a deck holds of one tribe (Deck Composition 2: one Gold, one
  Platinum or Epic), as the format in force says.
* "Rounded down" (Glossary: Stacking) is read card by card: each other card's half is rounded down
  before adding. The other reading rounds the sum of the halves once; when it changes the result the
  page shows both.
* "Decreased by one" has no floor: a Weaker Tribe card's stat of 0 counts -1, and a stack's
  total may be below 0.
* However many cards are stacked, two abilities apply: the primary card's and one other's.
* A stack holds cards of one tribe; the defender may not answer with the attacking tribe.
* A tie goes to the defender.
"""

import math
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages

define_messages(
    {
        "clash.attacking_tribe": _("The defender may not answer with the attacking tribe."),
        "clash.one_tribe": _("A stack holds cards of one tribe only."),
        "clash.empty_stack": _("Choose at least a primary card on each side."),
        "clash.repeated_epic": _("“%(card)s” is an Epic card: a deck holds it once, so a stack cannot hold it twice."),
        "clash.rank_slot": ngettext_lazy(
            "A deck holds %(count)s %(ranks)s card of each tribe, so a stack cannot hold %(actual)s.",
            "A deck holds %(count)s %(ranks)s cards of each tribe, so a stack cannot hold %(actual)s.",
            "count",
        ),
    }
)
READINGS = ("card", "total")  # the modifier on each card before halving, or once on the stack's total


@dataclass(frozen=True)
class RankSlot:
    """What a deck holds of one tribe (Deck Composition 2): `count` cards of these ranks."""

    ranks: tuple
    count: int
    label: str = ""


@dataclass(frozen=True)
class StackCard:
    name: str
    tribe: str
    stat: int
    rank: str = ""
    card_id: object = None


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
    reading: str = "card"
    rounding: str = "card"  # each other card's half rounded down, or the sum of the halves once
    other_rounding: object = None  # the same clash with the sum rounded once, when its result differs


def relation(attacking_tribe, defending_tribe, beats):
    """How the defending tribe stands against the attacking one on the wheel (`beats`: tribe -> tribe it beats)."""
    if defending_tribe == attacking_tribe:
        raise DomainError("clash.attacking_tribe", "defender")
    if beats.get(defending_tribe) == attacking_tribe:
        return "stronger"
    if beats.get(attacking_tribe) == defending_tribe:
        return "weaker"
    return "other"


def check_stack(cards, side, slots=()):
    if not cards:
        raise DomainError("clash.empty_stack", side)
    if len({card.tribe for card in cards}) > 1:
        raise DomainError("clash.one_tribe", side)
    for slot in slots:
        held = sum(1 for card in cards if card.rank in slot.ranks)
        if held > slot.count:
            raise DomainError("clash.rank_slot", side, count=slot.count, ranks=slot.label, actual=held)
    seen = set()
    for card in cards:
        if card.rank == "epic" and card.card_id is not None:
            if card.card_id in seen:
                raise DomainError("clash.repeated_epic", side, card=card.name)
            seen.add(card.card_id)


def stack_value(cards, modifier=0, reading="card", rounding="card"):
    """The stack's value; `reading` "card" modifies each card before halving, "total" the sum once;
    `rounding` "card" rounds each half down, "sum" the sum of the halves once."""
    lines = []
    per_card = modifier if reading == "card" else 0
    for position, card in enumerate(cards):
        modified = card.stat + per_card  # no floor: a Weaker Tribe card's 0 becomes -1 (Glossary)
        halved = modified // 2 if rounding == "card" else modified / 2
        lines.append((card.name, card.stat, per_card, modified if position == 0 else halved))
    total = lines[0][3] + math.floor(sum(counted for *_rest, counted in lines[1:])) if lines else 0
    return StackValue(total + modifier if reading == "total" else total, lines)


def resolve(attacking, defending, beats, reading="card", slots=()):
    """The first card of each list is its stack's primary card. Both readings of "rounded down" are
    worked out; the sum's is attached when it ends the clash differently."""
    if not attacking or not defending:
        raise DomainError("clash.empty_stack", "attacker" if not attacking else "defender")
    standing = relation(attacking[0].tribe, defending[0].tribe, beats)
    check_stack(attacking, "attacker", slots)
    check_stack(defending, "defender", slots)
    modifier = {"stronger": 1, "weaker": -1, "other": 0}[standing]
    clash, on_sum = (
        _clash(attacking, defending, modifier, standing, reading, rounding) for rounding in ("card", "sum")
    )
    if (on_sum.attacker.total, on_sum.defender.total) != (clash.attacker.total, clash.defender.total):
        clash.other_rounding = on_sum
    return clash


def _clash(attacking, defending, modifier, standing, reading, rounding):
    attacker = stack_value(attacking, rounding=rounding)
    defender = stack_value(defending, modifier, reading, rounding)
    winner = "attacker" if attacker.total > defender.total else "defender"
    return Clash(attacker, defender, modifier, standing, winner, reading, rounding)
