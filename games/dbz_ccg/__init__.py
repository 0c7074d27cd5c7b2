"""Dragon Ball Z CCG, Expanded format: its typed cards with styles (`cards`), deck rules
(`constraints`) and their messages (`messages`), deck facts (`deck`) and chart panels
(`charts`), and its quick reference (`reference`), gathered in one GameDefinition."""

from ..base import GameDefinition
from .archetypes import archetype
from .cards import PRINTINGS, SLUG, STYLE_LABELS, STYLES, DbzSchema, title_style
from .charts import chart_panels
from .constraints import DECK_RULES
from .deck import deck_facts
from .messages import VIOLATION_MESSAGES
from .reference import FORMAT, quick_reference, rules_expectations

__all__ = ["GAME", "SLUG", "STYLES", "STYLE_LABELS", "title_style"]

GAME = GameDefinition(
    slug=SLUG,
    name="Dragon Ball Z CCG",
    card_schema=DbzSchema(),
    printings=PRINTINGS,
    formats=(FORMAT,),
    quick_reference=quick_reference,
    rules_expectations=rules_expectations,
    deck_facts=deck_facts,
    chart_panels=chart_panels,
    archetype=archetype,
    deck_rules=DECK_RULES,
    violation_messages=VIOLATION_MESSAGES,
    reference_documents=(("en", "dbz-ccg-expanded-current-rulings-*.txt"),),
)
