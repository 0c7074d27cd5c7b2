"""Build decks for the pure legality engine without a database."""

import datetime
import itertools

from decks.legality import CardInfo, Deck, DeckEntry, compile_format
from games.cards import search_key
from games.formats import shipped_definitions

TRIBES = ["Lintlings", "Rustbacks", "Cobweavers", "Gutter Gremlins", "Attic Hoarders"]
DC_DOMAINS = {"tribes": TRIBES}
SLOTS = ["bronze", "bronze", "silver", "silver", "gold", "platinum"]
_ids = itertools.count(1)


def fmt(slug):
    return next(compile_format(d) for d in shipped_definitions() if d["slug"] == slug)


def card(name, game="dust-collectorz", type="champion", released_on=datetime.date(2023, 10, 9), **fields):
    attributes = fields.pop("attributes", {})
    return CardInfo(
        next(_ids), name, search_key(name), game, type, "PR1", "", released_on, attributes=attributes, **fields
    )


def champion(tribe, rank, ability=None, name=None):
    name = name or f"{tribe} {rank} {next(_ids)}"
    return card(name, tribe=tribe, rank=rank, ability=ability or f"Ability of {name}")


def legal_dc_deck(tribes=TRIBES, epic_tribes=()):
    """32 cards: per tribe 2 Bronze, 2 Silver, 1 Gold, 1 Platinum (or Epic), plus 2 counters."""
    entries = []
    for tribe in tribes:
        for rank in SLOTS:
            if rank == "platinum" and tribe in epic_tribes:
                rank = "epic"
            entries.append(DeckEntry(champion(tribe, rank), 1))
    entries += [
        DeckEntry(card("Dustpan Trap", type="counter", ability="Trap"), 1),
        DeckEntry(card("Gust", type="counter", ability="Gust"), 1),
    ]
    return Deck(entries)


def codes(verdict):
    return sorted(v.code for v in verdict.violations)
