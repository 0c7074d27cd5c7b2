"""Dust: Reclamation, a trick-taking game without deck building: its scoring (`scoring`), its
quick reference (`reference`) and the option an event chooses (`options`)."""

from ..base import GameDefinition
from .options import OPTIONS
from .reference import quick_reference
from .scoring import score_game, work_order_share

__all__ = ["GAME", "SLUG", "score_game", "work_order_share"]

SLUG = "dust-reclamation"

GAME = GameDefinition(
    slug=SLUG,
    name="Dust: Reclamation",
    has_decks=False,
    score_game=score_game,
    quick_reference=quick_reference,
    options=OPTIONS,
    totals_break_ties=True,
    reference_documents=(("en", "dust-reclamation-rules-en*.txt"),),
)
