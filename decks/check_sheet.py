"""The deck-check sheet (plain Python): a registered list grouped the way a judge counts the
physical cards, with totals per group, per section and for the deck.

A game names the card fields to group by (`GameDefinition.deck_check_groups`): Dust Collectorz
sorts by tribe, then rank; DBZ by card type. A card without the first field (a Dust Collectorz
Counter type card has no tribe) is grouped by its card type instead.
"""

from collections import defaultdict
from dataclasses import dataclass


@dataclass(frozen=True)
class CheckGroup:
    value: str  # e.g. the rank; "" when the game groups by one field only
    cards: tuple  # (name, copies), by name
    total: int


@dataclass(frozen=True)
class CheckSection:
    field: str  # the field this section's value comes from, e.g. "tribe" or "type"
    value: str
    groups: tuple
    total: int


@dataclass(frozen=True)
class CheckSheet:
    sections: tuple
    total: int


def check_sheet(entries, fields, orders=None):
    """`entries`: (card, copies) with cards answering `value(field)`; `orders`: field -> values in
    the order a judge expects (ranks Bronze to Epic), others sort by name."""
    orders = orders or {}
    tree = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
    for card, copies in entries:
        section_field, section, group = _place(card, fields)
        tree[(section_field, section)][group][card.name] += copies
    group_field = fields[1] if len(fields) > 1 else ""
    sections = [_section(field, value, groups, orders, group_field) for (field, value), groups in tree.items()]
    sections.sort(key=lambda section: (section.field != fields[0], _rank(orders, section.field, section.value)))
    return CheckSheet(tuple(sections), sum(section.total for section in sections))


def _place(card, fields):
    first = card.value(fields[0])
    if not first:
        return "type", card.value("type") or "", ""
    return fields[0], first, (card.value(fields[1]) or "") if len(fields) > 1 else ""


def _section(field, value, groups, orders, group_field):
    built = [
        CheckGroup(group, tuple(sorted(cards.items(), key=lambda item: item[0].casefold())), sum(cards.values()))
        for group, cards in groups.items()
    ]
    built.sort(key=lambda group: _rank(orders, group_field, group.value))
    return CheckSection(field, value, tuple(built), sum(group.total for group in built))


def _rank(orders, field, value):
    order = orders.get(field, ())
    return (order.index(value) if value in order else len(order), str(value).casefold())
