"""A sealed product as data (plain Python): a kit of boosters, each booster a list of rarity slots,
and whether a pool's counts by rarity can be what such a kit holds (docs/formats.md, "Sealed pools").

The publishers' rules do not describe their products; a format's `sealed_pool.boosters` is this
site's model of one, and the format's `product` text says so.
"""

from dataclasses import dataclass
from itertools import combinations

from django.utils.translation import gettext_lazy as _

from core.errors import define_messages

from .deck_rules import compile_where, format_error

define_messages(
    {
        "format.booster_shape": _(
            "Format definition, %(place)s: a booster product needs “count” (default, min and max boosters), "
            "“rarities” and a non-empty “booster” list of slots."
        ),
        "format.booster_count": _(
            "Format definition, %(place)s: the booster counts are whole numbers with 1 ≤ min ≤ default ≤ max."
        ),
        "format.booster_slot": _(
            "Format definition, %(place)s: a slot takes a non-empty list of the product’s rarities and a count of "
            "at least 1."
        ),
        "format.booster_rarities": _(
            "Format definition, %(place)s: give from 1 to %(most)s rarities, each a “where” clause that some slot "
            "takes."
        ),
    }
)

MOST_RARITIES = 10  # the check looks at every set of rarities: 2^10 sets at most


@dataclass(frozen=True)
class Slot:
    """Cards per booster that may be any of `takes` (a Platinum slot that may be an Epic takes both)."""

    takes: tuple
    count: int


@dataclass(frozen=True)
class Finding:
    """One way a pool cannot be what the boosters hold: `cards` (the total is not boosters × cards per
    booster), `too_many` (more cards of `rarities` than every slot that takes one of them), `too_few`
    (fewer than the slots that take only them need)."""

    kind: str
    rarities: tuple
    actual: int
    expected: int


@dataclass(frozen=True)
class BoosterProduct:
    rarities: tuple  # ((name, Where), …) in the data's order: a card's rarity is the first that selects it
    slots: tuple
    default: int  # boosters per player unless the organiser sets another count
    fewest: int
    most: int

    @property
    def cards_per_booster(self):
        return sum(slot.count for slot in self.slots)

    def rarity_of(self, card):
        """The card's rarity name, or None when no slot of this product holds such a card."""
        return next((name for name, where in self.rarities if where(card)), None)

    def findings(self, boosters, counts):
        """Why cards counted by rarity ({name: copies}) cannot fill `boosters` boosters ([] when they can)."""
        return booster_findings(self, boosters, counts)


def compile_boosters(spec, place):
    """`{"count": {"default", "min", "max"}, "rarities": {name: where}, "booster": [{"takes", "count"}]}`."""
    if not isinstance(spec, dict) or not isinstance(spec.get("booster"), list) or not spec["booster"]:
        raise format_error("format.booster_shape", place)
    default, fewest, most = _counts(spec.get("count"), f"{place}.count")
    rarities = spec.get("rarities")
    if not isinstance(rarities, dict) or not 1 <= len(rarities) <= MOST_RARITIES:
        raise format_error("format.booster_rarities", f"{place}.rarities", most=MOST_RARITIES)
    compiled = tuple((name, compile_where(where, f"{place}.rarities.{name}")) for name, where in rarities.items())
    slots = tuple(_slot(slot, rarities, f"{place}.booster[{index}]") for index, slot in enumerate(spec["booster"], 1))
    if set(rarities) - {name for slot in slots for name in slot.takes}:
        raise format_error("format.booster_rarities", f"{place}.rarities", most=MOST_RARITIES)
    return BoosterProduct(compiled, slots, default, fewest, most)


def _counts(spec, place):
    if not isinstance(spec, dict):
        raise format_error("format.booster_shape", place)
    numbers = [spec.get(key) for key in ("default", "min", "max")]
    if any(isinstance(value, bool) or not isinstance(value, int) for value in numbers):
        raise format_error("format.booster_count", place)
    default, fewest, most = numbers
    if not 1 <= fewest <= default <= most:
        raise format_error("format.booster_count", place)
    return default, fewest, most


def _slot(spec, rarities, place):
    takes = spec.get("takes") if isinstance(spec, dict) else None
    count = spec.get("count") if isinstance(spec, dict) else None
    if not isinstance(takes, list) or not takes or any(name not in rarities for name in takes):
        raise format_error("format.booster_slot", place)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise format_error("format.booster_slot", place)
    return Slot(tuple(takes), count)


def booster_findings(product, boosters, counts):
    """An exact check (Hall's theorem on cards and slots, as a flow): the cards fit in the slots when every
    set U of rarities has no more cards than the slots that take one of U (`too_many`); they fill the
    slots when every U has at least the slots that take only U (`too_few`). With the total right, either
    holds exactly when the cards can fill every slot of every booster. Only the smallest failing sets are
    named: a set that fails because a part of it fails says nothing more."""
    names = [name for name, _where in product.rarities]
    expected = boosters * product.cards_per_booster
    total = sum(counts.get(name, 0) for name in names)
    findings = [] if total == expected else [Finding("cards", (), total, expected)]
    too_many, too_few = [], []
    for size in range(1, len(names) + 1):
        for chosen in combinations(names, size):
            held = sum(counts.get(name, 0) for name in chosen)
            room = boosters * sum(slot.count for slot in product.slots if set(slot.takes) & set(chosen))
            needed = boosters * sum(slot.count for slot in product.slots if set(slot.takes) <= set(chosen))
            if held > room and not _has_part(chosen, too_many):
                too_many.append(frozenset(chosen))
                findings.append(Finding("too_many", chosen, held, room))
            if held < needed and not _has_part(chosen, too_few):
                too_few.append(frozenset(chosen))
                findings.append(Finding("too_few", chosen, held, needed))
    return findings


def _has_part(chosen, failed):
    return any(part <= set(chosen) for part in failed)
