"""Game-specific card fields, as plain Python (no ORM).

A game's `schema` picks one of these; the importer asks it to check and normalise each
card. New games with free attributes use `generic` and need no code.
"""

import re
import unicodedata

from django.utils.translation import gettext_lazy as _

RANKS = {
    "bronze": _("Bronze"),
    "silver": _("Silver"),
    "gold": _("Gold"),
    "platinum": _("Platinum"),
    "epic": _("Epic"),
}
STATS = ("power", "speed", "health", "cunning")
MAX_STAT = 99


def search_key(text):
    """Case- and accent-insensitive form of a name, for searching and matching."""
    if text.isascii():
        return " ".join(text.split()).casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(char for char in decomposed if not unicodedata.combining(char))
    return re.sub(r"\s+", " ", stripped.replace("’", "'")).strip().casefold()


class CardFieldError(ValueError):
    def __init__(self, field, message):
        super().__init__(message)
        self.field = field
        self.message = message


def _text(raw, field, required=False, max_length=160):
    value = raw.get(field, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise CardFieldError(field, "must be text")
    value = value.strip()
    if required and not value:
        raise CardFieldError(field, "is required")
    if len(value) > max_length:
        raise CardFieldError(field, f"is longer than {max_length} characters")
    return value


def _common(raw):
    return {
        "number": _text(raw, "number", required=True, max_length=16),
        "name": _text(raw, "name", required=True),
        "type": _text(raw, "type", required=True, max_length=32).lower(),
        "text": _text(raw, "text", max_length=4000),
    }


class GenericSchema:
    """Any game: number, name, type, text and free attributes."""

    label = _("Generic (free attributes)")
    uses_tribes = False
    tribe_count = None
    card_types = None

    def clean(self, raw, tribes):
        card = _common(raw)
        self._check_type(card["type"])
        card["attributes"] = self.attributes(raw)
        return card

    def _check_type(self, card_type):
        if self.card_types is not None and card_type not in self.card_types:
            raise CardFieldError("type", f"unknown type {card_type!r}; expected one of {', '.join(self.card_types)}")

    def attributes(self, raw):
        attributes = raw.get("attributes", {})
        if not isinstance(attributes, dict):
            raise CardFieldError("attributes", "must be an object")
        known = {"number", "name", "type", "text", "attributes"}
        extra = {key: value for key, value in raw.items() if key not in known}
        return {**extra, **attributes}


class DustCollectorzSchema(GenericSchema):
    """Dust Collectorz: champions have a tribe, a rank, an ability and four stats."""

    label = _("Dust Collectorz (tribes, ranks, stats)")
    uses_tribes = True
    tribe_count = 5
    card_types = ("champion", "counter")

    def clean(self, raw, tribes):
        card = _common(raw)
        self._check_type(card["type"])
        card["ability"] = _text(raw, "ability", max_length=120)
        card["attributes"] = {}
        if card["type"] == "champion":
            card.update(self._champion_fields(raw, tribes))
        else:
            card.update({"tribe": None, "rank": "", **dict.fromkeys(STATS)})
        return card

    def _champion_fields(self, raw, tribes):
        tribe = _text(raw, "tribe", required=True, max_length=60)
        matches = [name for name in tribes if search_key(name) == search_key(tribe)]
        if not matches:
            raise CardFieldError("tribe", f"unknown tribe {tribe!r}; known tribes: {', '.join(tribes) or 'none'}")
        rank = _text(raw, "rank", required=True, max_length=16).lower()
        if rank not in RANKS:
            raise CardFieldError("rank", f"unknown rank {rank!r}; expected one of {', '.join(RANKS)}")
        return {"tribe": matches[0], "rank": rank, **self._stats(raw)}

    def _stats(self, raw):
        stats = raw.get("stats")
        if not isinstance(stats, dict):
            raise CardFieldError("stats", "must be an object with power, speed, health and cunning")
        unknown = set(stats) - set(STATS)
        if unknown:
            raise CardFieldError("stats", f"unknown stat {sorted(unknown)[0]!r}")
        cleaned = {}
        for stat in STATS:
            value = stats.get(stat)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_STAT:
                raise CardFieldError(f"stats.{stat}", f"must be a whole number from 0 to {MAX_STAT}")
            cleaned[stat] = value
        return cleaned


DBZ_STYLES = ("red", "blue", "orange", "black", "saiyan", "namekian")


class DbzSchema(GenericSchema):
    """Dragon Ball Z CCG: typed cards with personality, level, style, named and Battle Simulator attributes."""

    label = _("Dragon Ball Z CCG")
    card_types = (
        "main_personality",
        "ally",
        "mastery",
        "sensei",
        "dragon_ball",
        "physical_combat",
        "energy_combat",
        "combat",
        "non_combat",
        "event",
        "drill",
        "location",
        "battleground",
    )

    def attributes(self, raw):
        attributes = super().attributes(raw)
        style = attributes.get("style") or title_style(raw.get("name", ""))
        if style is not None:
            if not isinstance(style, str) or style.lower() not in DBZ_STYLES:
                raise CardFieldError(
                    "attributes.style", f"unknown style {style!r}; expected one of {', '.join(DBZ_STYLES)}"
                )
            attributes["style"] = style.lower()
        else:
            attributes.pop("style", None)
        if "level" in attributes:
            level = attributes["level"]
            if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 10:
                raise CardFieldError("attributes.level", "must be a whole number from 1 to 10")
        battle_simulator = attributes.get("battle_simulator", False)
        if not isinstance(battle_simulator, bool):
            raise CardFieldError("attributes.battle_simulator", "must be true or false")
        attributes["battle_simulator"] = battle_simulator
        return attributes


def title_style(title):
    """The Martial Arts Style named by a title's first word, if any ("Namek" is not "Namekian")."""
    words = title.strip().split()
    first = words[0].casefold() if words else ""
    return first if first in DBZ_STYLES else None


SCHEMAS = {
    "generic": GenericSchema(),
    "dust-collectorz": DustCollectorzSchema(),
    "dbz-ccg": DbzSchema(),
}


CARD_TYPE_LABELS = {
    "champion": _("Champion"),
    "counter": _("Counter"),
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


def card_type_label(card_type):
    return CARD_TYPE_LABELS.get(card_type) or card_type.replace("_", " ").capitalize()
