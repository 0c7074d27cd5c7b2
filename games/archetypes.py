"""A deck's archetype as plain data: a game's package says what a deck is built around (its
`archetype`), and the metagame report (tournaments/engine/metagame.py) groups decks by it.
Plain Python; labels are already translated, keys never are (they group decks across languages
and events)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class DeckInput:
    """What a game's archetype rule may read: the deck's cards, its declarations and the wheel."""

    cards: list  # {"name", "qty", "type", "tribe", "rank", "attributes"} per card
    declarations: dict
    tribes: list  # tribe names in wheel order; [] for games without tribes


@dataclass(frozen=True)
class Archetype:
    """What a deck is built around: `key` groups decks (language-free), `label` shows it."""

    key: str
    label: str


def most_copies(counts, order):
    """The values holding the most copies in {value: copies} (none when every count is 0), in `order`."""
    top = max(counts.values(), default=0)
    return [value for value in order if top > 0 and counts.get(value, 0) == top]
