"""What the site knows about one game, in one object (plain Python)."""

from collections.abc import Callable
from dataclasses import dataclass, field

from .cards import CardSchema, PrintingRule
from .scoring import score_winner_only


@dataclass(frozen=True)
class QuickReferenceInput:
    """What a quick-reference builder may read: the formats in force and the catalogue's wheel."""

    formats: dict  # format slug -> shipped definition in force (or None)
    wheel: list  # [(tribe name, tribe it beats)] in wheel order, [] without tribes


@dataclass(frozen=True)
class GameDefinition:
    """One game: its card schema, scorer, formats, quick reference and rules-document facts."""

    slug: str | None
    name: str
    card_schema: CardSchema = field(default_factory=CardSchema)
    printings: PrintingRule = field(default_factory=PrintingRule)  # how reprints of a title are read
    has_decks: bool = True
    formats: tuple = ()  # slugs of the shipped formats of this game
    score_game: Callable = score_winner_only  # (game report, ScoringContext) -> GameResult
    quick_reference: Callable | None = None  # (QuickReferenceInput) -> [block dicts], see games/quick.py
    rules_expectations: Callable | None = None  # (QuickReferenceInput) -> [(anchor, numbers, description)]
    supports_clash: bool = False  # the tribe-wheel clash calculator applies
    # (declarations, [(type, name, attributes, qty)]) -> [(label, value)] shown on a deck's page
    deck_facts: Callable | None = None
    # ([(type, name, attributes, qty)]) -> [(panel title, [(label, copies)])] drawn in the deck chart
    deck_breakdowns: Callable | None = None
    deck_check_groups: tuple = ("type",)  # card fields a deck-check sheet groups by, outer first
    reference_documents: tuple = ()  # (language, file pattern) of the publisher's documents
    sample_catalogue: bool = True  # its sample catalogue is loaded by `make run`
