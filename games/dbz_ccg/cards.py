"""Dragon Ball Z CCG cards: typed, with personality, level, Martial Arts Style, named and Battle
Simulator attributes; and how its printings are read."""

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..cards import CardSchema, PrintingRule
from ..cards import whole_number as card_number

define_messages(
    {
        "card.unknown_style": _("Unknown style “%(style)s”; expected one of %(expected)s."),
        "card.style_not_in_title": _(
            "“%(title)s” cannot have the style “%(style)s”: a card's Martial Arts Style is the first word of its title."
        ),
    }
)

SLUG = "dbz-ccg"
STYLES = ("red", "blue", "orange", "black", "saiyan", "namekian")
# Most Recent Printing Rule (rulings v1.5.0): a title reads as its most recent printing, except
# personality cards (Main Personality levels and Allies) and Mastery cards.
PRINTINGS = PrintingRule(most_recent_text=True, own_text_types=frozenset({"main_personality", "ally", "mastery"}))
STYLE_LABELS = {
    "red": _("Red Style"),
    "blue": _("Blue Style"),
    "orange": _("Orange Style"),
    "black": _("Black Style"),
    "saiyan": _("Saiyan Style"),
    "namekian": _("Namekian Style"),
}
MAIN_PERSONALITY, TOKUI_WAZA = "main-personality", "tokui-waza"


def declared_style(text):
    """The style a Tokui-Waza header names, by its key ("saiyan") or by its label in any of the
    site's languages ("Saiyan Style", as the deck page shows it, or "Style Saiyan"); otherwise the
    text as written, folded, so the deck check can say it is not a style. None when nothing is."""
    folded = " ".join((text or "").split()).casefold()
    if not folded or folded in STYLES:
        return folded or None
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for style, label in STYLE_LABELS.items():
                if str(label).casefold() == folded:
                    return style
    return folded


def title_style(title):
    """The Martial Arts Style named by a title's first word, if any ("Namek" is not "Namekian")."""
    words = title.strip().split()
    first = words[0].casefold() if words else ""
    return first if first in STYLES else None


class DbzSchema(CardSchema):
    """Typed cards with personality, level, style, named and Battle Simulator attributes."""

    key = SLUG
    label = _("Dragon Ball Z CCG")
    card_types = {
        "main_personality": _("Main Personality"),
        "ally": _("Ally"),
        "mastery": _("Mastery"),
        "sensei": _("Sensei"),
        "dragon_ball": _("Dragon Ball"),
        "physical_combat": _("Physical Combat"),
        "energy_combat": _("Energy Combat"),
        "combat": _("Combat"),
        "non_combat": _("Non-Combat"),
        "event": _("Event"),
        "drill": _("Drill"),
        "location": _("Location"),
        "battleground": _("Battleground"),
    }
    attribute_labels = {
        "personality": _("Personality"),
        "level": _("Level"),
        "alignment": _("Alignment"),
        "style": _("Martial Arts Style"),
        "named": _("Named card of"),
        "battle_simulator": _("Battle Simulator card"),
    }
    value_labels = {"style": STYLE_LABELS, "alignment": {"hero": _("Hero"), "villain": _("Villain")}}
    deck_columns = ("style", "level")

    def attributes(self, raw):
        """The card's attributes; its style is the first word of its title (Tokui-Waza: only that
        word counts for or against a style), and a `style` given must agree with it."""
        attributes = super().attributes(raw)
        given, style = attributes.get("style"), title_style(raw.get("name", ""))
        if given not in (None, ""):
            if not isinstance(given, str) or given.lower() not in STYLES:
                raise DomainError("card.unknown_style", "attributes.style", style=str(given)[:40], expected=STYLES)
            if given.lower() != style:
                title = str(raw.get("name", ""))[:80]
                raise DomainError("card.style_not_in_title", "attributes.style", style=given.lower(), title=title)
        if style is not None:
            attributes["style"] = style
        else:
            attributes.pop("style", None)
        if "level" in attributes:
            card_number(attributes["level"], "attributes.level", 1, 10)
        battle_simulator = attributes.get("battle_simulator", False)
        if not isinstance(battle_simulator, bool):
            raise DomainError("card.not_boolean", "attributes.battle_simulator", name="attributes.battle_simulator")
        attributes["battle_simulator"] = battle_simulator
        return attributes
