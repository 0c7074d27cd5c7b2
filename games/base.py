"""What the site knows about one game, in one object (plain Python)."""

from collections.abc import Callable
from dataclasses import dataclass, field

from .cards import CardSchema, PrintingRule
from .options import check_options
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
    # (event mode, the event's options) -> ScoreSheet (games/sheets.py), or None: places or wins
    score_sheet: Callable | None = None
    quick_reference: Callable | None = None  # (QuickReferenceInput) -> [block dicts], see games/quick.py
    rules_expectations: Callable | None = None  # (QuickReferenceInput) -> [(anchor, numbers, description)]
    supports_clash: bool = False  # the tribe-wheel clash calculator applies
    # (declarations, [(type, name, attributes, qty)]) -> [(label, value)] shown on a deck's page
    deck_facts: Callable | None = None
    # (DeckChartInput) -> [CountGrid | Histograms | Bars] drawn in the deck chart, see games/chart_panels.py
    chart_panels: Callable | None = None
    # (games.archetypes.DeckInput) -> Archetype: what a deck is built around, for the metagame report
    archetype: Callable | None = None
    deck_rules: tuple = ()  # the game's own constraint kinds (games/deck_rules.py), for its formats
    violation_messages: dict = field(default_factory=dict, hash=False)  # code or kind -> message
    # The game's own totals (the points its scorer gives) break ties in pod standings left after OMP%
    # (Reclamation: the total score over the four rounds decides among equals). docs/scoring.md
    totals_break_ties: bool = False
    options: tuple = ()  # GameOption: what an event of this game may choose (games/options.py)
    deck_check_groups: tuple = ("type",)  # card fields a deck-check sheet groups by, outer first
    reference_documents: tuple = ()  # (language, file pattern) of the publisher's documents
    sample_catalogue: bool = True  # its sample catalogue is loaded by `make run`
    largest_pod: int = 4  # the most players a free-for-all table of this game seats

    def check_options(self, values, mode=None):
        """An event's options for this game, every declared one present: {key: value}; raises
        DomainError naming the first option that is unknown, of the wrong type or, given the event's
        `mode`, not played in that mode."""
        return check_options(self.options, values, mode)

    def chosen_options(self, values):
        """What an event chose, read back: every declared option, its default where the event chose
        none (an event created before the option existed); options no longer declared are ignored."""
        values = values or {}
        return {option.key: values.get(option.key, option.default) for option in self.options}
