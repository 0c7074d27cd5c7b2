"""Dragon Ball Z CCG, Expanded format: typed cards with styles, and its quick reference."""

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from . import quick
from .base import GameDefinition
from .cards import CardSchema, PrintingRule
from .cards import whole_number as card_number
from .formats import constraint

define_messages({"card.unknown_style": _("Unknown style “%(style)s”; expected one of %(expected)s.")})

SLUG = "dbz-ccg"
FORMAT = "dbz-expanded"
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
    declared_style = (declarations.get(TOKUI_WAZA) or "").strip()
    return [
        (_("Main Personality"), named or _("none")),
        (_("Levels"), ", ".join(str(level) for level in levels) or _("none")),
        (_("Tokui-Waza"), STYLE_LABELS.get(declared_style.casefold(), declared_style) or _("not declared")),
    ]


def deck_breakdowns(cards):
    """Copies by card type and by Martial Arts Style, as (title, [(label, count)]) panels."""
    by_type, by_style = {}, {}
    schema = GAME.card_schema
    for card_type, _name, attributes, qty in cards:
        type_label = str(schema.card_types.get(card_type, card_type))
        by_type[type_label] = by_type.get(type_label, 0) + qty
        style_label = str(STYLE_LABELS.get(attributes.get("style"), _("No style")))
        by_style[style_label] = by_style.get(style_label, 0) + qty
    return [
        (str(_("Cards by type")), sorted(by_type.items(), key=lambda item: (-item[1], item[0]))),
        (str(_("Cards by style")), sorted(by_style.items(), key=lambda item: (-item[1], item[0]))),
    ]


def quick_reference(source):
    definition = source.formats.get(FORMAT) or {"constraints": [], "lists": {}}
    size = constraint(definition, "deck_size")
    copies = constraint(definition, "copy_limit")
    lists = definition.get("lists", {})
    return [
        quick.heading(_("Expanded deck building")),
        quick.items(
            [
                _(
                    "%(low)s to %(high)s cards, counting every level of your Main Personality, your Mastery and "
                    "your Sensei."
                )
                % {"low": size.get("min"), "high": size.get("max")},
                _(
                    "Exactly one Main Personality: its level cards, all of one personality. A “Main Personality:” "
                    "line in a decklist must name that personality. At most one Sensei card."
                ),
                _(
                    "Up to %(copies)s copies of a card; %(named)s of a named card of your Main Personality; one of "
                    "each personality card and Dragon Ball."
                )
                % {"copies": copies.get("default"), "named": copies.get("named_main_personality")},
                *_text_limits(copies),
                _(
                    "One Mastery at most, matching a declared Tokui-Waza; with a Tokui-Waza, no cards of another "
                    "Martial Arts Style."
                ),
                _("%(banned)s banned cards and %(restricted)s cards restricted to one copy, each from the date listed.")
                % {"banned": len(lists.get("banned", [])), "restricted": len(lists.get("restricted", []))},
                *_groups(definition),
            ]
        ),
        quick.heading(_("Printings and dates")),
        quick.items(
            [
                _(
                    "A card becomes legal %(days)s days after its first printing is released; a reprint does not reset it."
                )
                % {"days": constraint(definition, "not_yet_legal").get("days")},
                _(
                    "A card is read as its most recent printing released by the date of the check, except personality "
                    "and Mastery cards, whose printings are different cards (name the set and number)."
                ),
                _("Decks are checked from %(date)s, the earliest date these rules describe; before it, no rules apply.")
                % {"date": definition.get("covers_from") or definition.get("effective", "")},
            ]
        ),
    ]


def _text_limits(copies):
    phrases = [rule["phrase"] for rule in copies.get("text_limits", []) if rule.get("limit") == 1]
    if not phrases:
        return []
    quoted = _(" or ").join(_("“%(text)s”") % {"text": phrase} for phrase in phrases)
    return [_("A card whose text says %(phrases)s: one copy only, whatever the Named card rule.") % {"phrases": quoted}]


def _listed(groups):
    """Groups of card names as text: “A or B; C or D”."""
    return _("; ").join(_(" or ").join(group) for group in groups)


def _groups(definition):
    """The "only one card from each group" and "a total of three" groups, in the reading enforced."""
    found = []
    exclusive = constraint(definition, "group_exclusive")
    if exclusive:
        groups = _listed(exclusive.get("groups", []))
        if exclusive.get("per") == "copy":
            text = _("Only one card from each of these groups, one copy in all (not one of each title): %(groups)s.")
        else:
            text = _("Only one title from each of these groups (copies of it allowed): %(groups)s.")
        found.append(text % {"groups": groups})
    total = constraint(definition, "group_total")
    if total:
        groups = _listed(total.get("groups", []))
        found.append(
            _("At most %(max)s cards in all from each of these groups: %(groups)s.")
            % {"max": total.get("max"), "groups": groups}
        )
    return found


GAME = GameDefinition(
    slug=SLUG,
    name="Dragon Ball Z CCG",
    card_schema=DbzSchema(),
    printings=PRINTINGS,
    formats=(FORMAT,),
    quick_reference=quick_reference,
    deck_facts=deck_facts,
    deck_breakdowns=deck_breakdowns,
    reference_documents=(("en", "dbz-ccg-expanded-current-rulings-*.txt"),),
)
