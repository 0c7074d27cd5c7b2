"""What a Dragon Ball Z CCG deck is built around (docs/metagame.md): its Main Personality and its
style, the declared Tokui-Waza or else the Martial Arts Style with the most copies (Freestyle when
no card has a style)."""

from django.utils.translation import gettext as _

from ..archetypes import Archetype, most_copies
from ..chart_panels import copies
from .cards import MAIN_PERSONALITY, STYLE_LABELS, STYLES, TOKUI_WAZA, declared_style


def archetype(deck):
    """The Main Personality (declared, else the personality of the most Main Personality cards)
    and the deck's style, as one Archetype."""
    pairs = copies(deck.cards)
    personality = (deck.declarations.get(MAIN_PERSONALITY) or "").strip() or _personality_of(pairs)
    style = _style(deck.declarations, pairs)
    personality_words = personality or _("No Main Personality")
    style_words = str(STYLE_LABELS[style]) if style else _("Freestyle")
    return Archetype(f"{personality.casefold()}|{style or ''}", f"{personality_words} · {style_words}")


def _personality_of(pairs):
    counts = {}
    for card, qty in pairs:
        name = (card.get("attributes") or {}).get("personality")
        if card.get("type") == "main_personality" and name:
            counts[name] = counts.get(name, 0) + qty
    leaders = most_copies(counts, sorted(counts))
    return leaders[0] if leaders else ""


def _style(declarations, pairs):
    """The declared Tokui-Waza, else the style most copies have (the first in the rules' order on a tie)."""
    declared = declared_style(declarations.get(TOKUI_WAZA))
    if declared in STYLES:
        return declared
    counts = {}
    for card, qty in pairs:
        style = (card.get("attributes") or {}).get("style")
        if style in STYLES:
            counts[style] = counts.get(style, 0) + qty
    leaders = most_copies(counts, STYLES)
    return leaders[0] if leaders else None
