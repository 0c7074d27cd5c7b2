"""Plain data the legality engine works on: cards, decks, violations and verdicts."""

import datetime
from dataclasses import dataclass, field

from games.deck_rules import CARD_FIELDS, Violation  # what every kind, generic or a game's, reports

__all__ = ["CARD_FIELDS", "CardInfo", "Deck", "DeckEntry", "Verdict", "Violation"]


@dataclass(frozen=True, slots=True, eq=False)
class CardInfo:
    """What the engine knows of one card; built from the catalogue by the caller."""

    id: int
    name: str
    key: str  # case- and accent-folded name; copies of a title across sets share it
    game: str
    type: str
    set_code: str = ""
    number: str = ""
    released_on: datetime.date | None = None
    tribe: str = ""
    rank: str = ""
    ability: str = ""
    attributes: dict = field(default_factory=dict, hash=False, compare=False)
    text: str = ""
    first_released_on: datetime.date | None = None  # the title's first printing (Card Eligibility)

    @property
    def eligible_from(self):
        """The release date eligibility counts from: the title's first printing, else this one's."""
        return self.first_released_on or self.released_on

    def value(self, name):
        if name in CARD_FIELDS:
            return getattr(self, name)
        return self.attributes.get(name)


@dataclass(frozen=True, slots=True)
class DeckEntry:
    card: CardInfo
    qty: int


@dataclass(slots=True)
class Deck:
    entries: list
    declarations: dict = field(default_factory=dict)  # a decklist's header lines, {name: value}

    @property
    def size(self):
        return sum(entry.qty for entry in self.entries)


@dataclass(slots=True)
class Verdict:
    format: str
    version: str
    effective: datetime.date
    as_of: datetime.date
    card_count: int
    violations: list
    missing: list | None = None  # not_owned shortfalls against a collection; None when none was asked

    @property
    def legal(self):
        """The format's rules: never whether you own the cards (that is `buildable`)."""
        return not self.violations

    @property
    def buildable(self):
        """From the collection checked against (None when none was)."""
        return None if self.missing is None else not self.missing
