"""Dust: Reclamation's score sheet: per round the Dust Value card, then each player's tricks, Dust
cards won and whether they met the Work Order quota (the scorer, `scoring`, checks the rules)."""

from django.utils.translation import gettext_lazy as _

from ..sheets import Choice, Count, ScoreSheet, Tick
from .scoring import CARDS_DEALT, DUST_CARDS, ROUNDS

SHEET = ScoreSheet(
    rounds=ROUNDS,
    round_fields=(
        Choice("dust_value", _("Dust Value card"), choices=(("+", "+"), ("-", "−"))),
        Count("tricks", _("Tricks won"), high=CARDS_DEALT, short=_("Tricks"), total=CARDS_DEALT),
        Count("dust", _("Dust cards won"), high=DUST_CARDS, short=_("Dust"), most=DUST_CARDS),
        Tick("work_order", _("Met the Work Order quota"), short=_("Work Order")),
    ),
)


def score_sheet(mode, options):
    """Every mode of the game, and both readings of the Work Order, use the same sheet."""
    return SHEET
