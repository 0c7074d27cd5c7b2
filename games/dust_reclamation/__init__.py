"""Dust: Reclamation, a trick-taking game without deck building: its scoring (`scoring`) and score sheet
(`sheet`), its quick reference (`reference`) and the option an event chooses (`options`)."""

from ..base import GameDefinition
from .options import OPTIONS
from .reference import quick_reference
from .scoring import score_game, work_order_share
from .sheet import score_sheet

__all__ = ["GAME", "SLUG", "score_game", "work_order_share"]

SLUG = "dust-reclamation"

GAME = GameDefinition(
    slug=SLUG,
    name="Dust: Reclamation",
    has_decks=False,
    score_game=score_game,
    score_sheet=score_sheet,
    quick_reference=quick_reference,
    options=OPTIONS,
    totals_break_ties=True,
    reference_documents=(("en", "dust-reclamation-rules-en*.txt"),),
    # Tables of 3 to 5 where the event allows five (issue 32). The rules name no player count; their
    # setup ("Deal 8 cards to each player, regardless of the number of players", from 56 cards)
    # deals five hands with cards to spare, and a round stays eight tricks.
    largest_pod=5,
)
