"""Dust Collectorz's score sheet: each side's capture pile by rank and the last round's winner (the
scorer, `scoring`, checks the piles against the decks in play). Young Champions games are reported
through the API (`cards_left`); an event does not say which of the two it plays."""

from django.utils.translation import gettext_lazy as _

from ..sheets import Pile, ScoreSheet, Side
from .cards import RANKS
from .scoring import DECK_HOLDS

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


def score_sheet(mode):
    """The same sheet in versus, team and free-for-all modes."""
    return SHEET
