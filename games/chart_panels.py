"""The panels of a deck chart as plain data: a game's package says what to count (its
`chart_panels`), and `decks/charts.py` draws whatever panels it is given. Text is already
translated; the drawing escapes it."""

from dataclasses import dataclass


@dataclass(frozen=True)
class DeckChartInput:
    """What a game's panels may read: the deck's cards and the catalogue's tribe wheel."""

    cards: list  # {"name", "qty", "type", "tribe", "rank", "stats", "attributes"} per card
    tribes: list  # tribe names in wheel order; [] for games without tribes


@dataclass(frozen=True)
class CountGrid:
    """Copies counted by row and by column (tribe × rank, say), drawn shaded with a Total column
    and a Total row."""

    name: str  # the panel's class in the SVG
    title: str
    columns: list  # column labels
    rows: list  # [(row label, [copies per column])]


@dataclass(frozen=True)
class Histograms:
    """One histogram per measure (a stat, say): copies per value, from 0 up, each in its own colour."""

    title: str
    series: list  # [(label, [copies with value 0, 1, ...])]


@dataclass(frozen=True)
class Bars:
    """One horizontal bar per group (a card type, say), in the order given."""

    title: str
    rows: list  # [(label, copies)]


def copies(cards):
    """(card, quantity) for every card with at least one copy (a card without `qty` has one)."""
    pairs = [(card, card.get("qty", 1)) for card in cards]
    return [(card, qty) for card, qty in pairs if isinstance(qty, int) and not isinstance(qty, bool) and qty > 0]
