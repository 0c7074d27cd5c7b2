"""What a Dragon Ball Z CCG deck is built around, shown at the top of its page."""

from django.utils.translation import gettext_lazy as _

from .cards import MAIN_PERSONALITY, STYLE_LABELS, TOKUI_WAZA, declared_style


def deck_facts(declarations, cards):
    """What a DBZ deck is built around, for its page: the Main Personality (declared, or read
    from its Main Personality cards), the levels the deck holds and the declared Tokui-Waza.
    `cards` are (type, name, attributes, qty) tuples."""
    personalities = [
        (attributes, name) for card_type, name, attributes, _qty in cards if card_type == "main_personality"
    ]
    named = declarations.get(MAIN_PERSONALITY) or next(
        (attributes["personality"] for attributes, _name in personalities if attributes.get("personality")), ""
    )
    levels = sorted({attributes["level"] for attributes, _name in personalities if attributes.get("level")})
    declared = (declarations.get(TOKUI_WAZA) or "").strip()
    return [
        (_("Main Personality"), named or _("none")),
        (_("Levels"), ", ".join(str(level) for level in levels) or _("none")),
        (_("Tokui-Waza"), STYLE_LABELS.get(declared_style(declared), declared) or _("not declared")),
    ]
