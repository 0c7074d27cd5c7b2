"""Dust Collectorz's score sheets: each side's capture pile by rank and the last round's winner (the
scorer, `scoring`, checks the piles against the decks in play); or, at an event that plays Young
Champions, each player's cards left in deck and in hand and who made the last successful play."""

from django.utils.translation import gettext_lazy as _

from ..sheets import Pile, ScoreSheet, Side
from .cards import RANKS
from .options import plays_young_champions
from .scoring import DECK_HOLDS, DECK_SIZE

MOST_DECKS = 4  # a table never has more decks in play than four players or two teams of two bring

SHEET = ScoreSheet(
    game_fields=(
        Pile(
            "captures",
            _("Capture pile"),
            kinds=tuple(
                (rank, RANKS.get(rank, _("Counter type")), holds * MOST_DECKS) for rank, holds in DECK_HOLDS.items()
            ),
        ),
        Side("last_round_winner", _("Winner of the last round")),
    ),
)

# Young Champions (End of the Game and Scoring, Tie Game): the report the scorer reads, `cards_left`
# {player: {"deck", "hand"}} and `last_play`.
YOUNG_CHAMPIONS_SHEET = ScoreSheet(
    game_fields=(
        Pile(
            "cards_left",
            _("Cards left"),
            kinds=(("deck", _("In deck"), DECK_SIZE), ("hand", _("In hand"), DECK_SIZE)),
        ),
        Side("last_play", _("Last successful play")),
    ),
)


def score_sheet(mode, options):
    """The event's sheet: Young Champions where the event plays it, else the capture-pile sheet (the same
    in versus, team and free-for-all modes)."""
    return YOUNG_CHAMPIONS_SHEET if plays_young_champions(options) else SHEET
