"""Dragon Ball Z CCG cards: typed, with personality, level, Martial Arts Style, named and Battle
Simulator attributes; and how its printings are read."""

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..cards import CardSchema, PrintingRule
from ..cards import whole_number as card_number

define_messages({"card.unknown_style": _("Unknown style “%(style)s”; expected one of %(expected)s.")})

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
        attributes = super().attributes(raw)
        style = attributes.get("style") or title_style(raw.get("name", ""))
        if style is not None:
            if not isinstance(style, str) or style.lower() not in STYLES:
                raise DomainError("card.unknown_style", "attributes.style", style=str(style)[:40], expected=STYLES)
            attributes["style"] = style.lower()
        else:
            attributes.pop("style", None)
        if "level" in attributes:
            card_number(attributes["level"], "attributes.level", 1, 10)
        battle_simulator = attributes.get("battle_simulator", False)
        if not isinstance(battle_simulator, bool):
            raise DomainError("card.not_boolean", "attributes.battle_simulator", name="attributes.battle_simulator")
        attributes["battle_simulator"] = battle_simulator
        return attributes
