"""Dust Collectorz: Champions Unleashed (rules V202310.09): its cards (`cards`), scoring
(`scoring`) and score sheets (`sheet`), the Young Champions option an event chooses (`options`), quick
reference (`reference`), deck-check messages (`messages`) and deck chart panels (`charts`), gathered in
one GameDefinition."""

from ..base import GameDefinition
from .archetypes import archetype
from .cards import RANKS, SLUG, STAT_LABELS, STATS, DustCollectorzSchema
from .charts import chart_panels
from .messages import VIOLATION_MESSAGES
from .options import OPTIONS
from .reference import FORMAT, quick_reference, rules_expectations
from .scoring import score_ffa, score_game, score_team, score_versus, score_young_champions
from .sheet import score_sheet

__all__ = [
    "GAME",
    "RANKS",
    "SLUG",
    "STATS",
    "STAT_LABELS",
    "score_ffa",
    "score_game",
    "score_team",
    "score_versus",
    "score_young_champions",
]

GAME = GameDefinition(
    slug=SLUG,
    name="Dust Collectorz: Champions Unleashed",
    card_schema=DustCollectorzSchema(),
    formats=(FORMAT,),
    score_game=score_game,
    score_sheet=score_sheet,
    options=OPTIONS,
    quick_reference=quick_reference,
    rules_expectations=rules_expectations,
    supports_clash=True,
    violation_messages=VIOLATION_MESSAGES,
    chart_panels=chart_panels,
    archetype=archetype,
    deck_check_groups=("tribe", "rank"),
    reference_documents=(
        ("en", "dust-collectorz-rules-en-*.txt"),
        ("fr", "dust-collectorz-rules-fr-*.txt"),
        ("it", "dust-collectorz-rules-it-*.txt"),
    ),
)
