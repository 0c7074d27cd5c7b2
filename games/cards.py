"""Card fields every game shares, and the generic schema "any other game" uses (plain Python).

A card schema checks and normalises one card of an import; games with more fields (tribes, ranks,
stats, styles) extend it in their own module.
"""

import re
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

define_messages(
    {
        "card.required": _("“%(name)s” is required."),
        "card.not_text": _("“%(name)s” must be text."),
        "card.too_long": _("“%(name)s” is longer than %(max)s characters."),
        "card.unknown_type": _("Unknown card type “%(value)s”; expected one of %(expected)s."),
        "card.not_an_object": _("“%(name)s” must be an object."),
        "card.whole_number": _("“%(name)s” must be a whole number from %(low)s to %(high)s."),
        "card.not_boolean": _("“%(name)s” must be true or false."),
    }
)


def bare_number(number):
    """A collector number as a spreadsheet keeps it: folded, without leading zeros ("001" -> "1")."""
    return number.casefold().lstrip("0") or "0"


NUMBER_DIGITS = 16  # a collector number has at most 16 characters (Card.number), so any run of digits fits


def number_sort_key(number):
    """A collector number as it sorts: its numeric part first ("2" before "10", "12" before "12a",
    "P1" beside "1"), then the whole number with every run of digits compared as a number. Only
    digits and unaccented lowercase letters, so SQLite and PostgreSQL (whatever its collation) sort
    the keys alike; a number without digits sorts after the numbered ones."""
    folded = search_key(number)
    runs = re.findall(r"\d+|[a-z]+", folded)
    padded = [run.lstrip("0").rjust(NUMBER_DIGITS, "0") if run.isdigit() else run for run in runs]
    first = next((run for run in padded if run[0].isdigit()), "z" * NUMBER_DIGITS)
    return first + "".join(padded)


def search_key(text):
    """Case- and accent-insensitive form of a name, for searching and matching."""
    if text.isascii():
        return " ".join(text.split()).casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(char for char in decomposed if not unicodedata.combining(char))
    return re.sub(r"\s+", " ", stripped.replace("’", "'")).strip().casefold()


@dataclass(frozen=True)
class PrintingRule:
    """How the printings of one title relate. By default a name printed with the same rules in
    several sets is one card, and printings with different rules are different cards. With
    `most_recent_text` (DBZ's Most Recent Printing Rule) every printing of a title is one card read as
    its most recent printing, except cards of `own_text_types`, whose printings keep their own text."""

    most_recent_text: bool = False
    own_text_types: frozenset = field(default_factory=frozenset)

    def shares_text(self, card_type):
        """Whether all printings of a title of this type are read as one text."""
        return self.most_recent_text and card_type not in self.own_text_types


def text_field(raw, field, required=False, max_length=160):
    value = raw.get(field, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise DomainError("card.not_text", field, name=field)
    value = value.strip()
    if required and not value:
        raise DomainError("card.required", field, name=field)
    if len(value) > max_length:
        raise DomainError("card.too_long", field, name=field, max=max_length)
    return value


def whole_number(value, field, low, high):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DomainError("card.whole_number", field, name=field, low=low, high=high)
    return value


def common_fields(raw):
    return {
        "number": text_field(raw, "number", required=True, max_length=16),
        "name": text_field(raw, "name", required=True),
        "type": text_field(raw, "type", required=True, max_length=32).lower(),
        "text": text_field(raw, "text", max_length=4000),
    }


class CardSchema:
    """Any game: number, name, type, text and free attributes."""

    key = "generic"
    label = _("Generic (free attributes)")
    uses_tribes = False
    tribe_count = None
    card_types = {}  # type -> label; empty: any type
    ranks = {}  # rank -> label, for games with ranks
    stats = ()  # the catalogue's stat columns this game's cards fill
    stat_labels = {}  # stat -> label
    attribute_labels = {}  # attribute -> label, for card pages
    value_labels = {}  # attribute -> {value: label}
    deck_columns = ()  # attributes shown as columns of a deck's card table

    def attribute_label(self, key):
        return self.attribute_labels.get(key) or key.replace("_", " ").capitalize()

    def value_label(self, key, value):
        """A card attribute's value for people: labelled choices, yes/no, numbers as they are."""
        if value is None or value == "":
            return "—"
        if isinstance(value, bool):
            return _("Yes") if value else _("No")
        labels = self.value_labels.get(key, {})
        folded = value.casefold() if isinstance(value, str) else value
        return labels.get(folded, value)

    def attribute_rows(self, attributes):
        """(label, value) per attribute of a card, labelled in the active language; flags a card
        does not carry (False) are left out."""
        return [
            (self.attribute_label(key), self.value_label(key, value))
            for key, value in attributes.items()
            if value is not False
        ]

    def clean(self, raw, tribes):
        card = common_fields(raw)
        self.check_type(card["type"])
        card["attributes"] = self.attributes(raw)
        return card

    def check_type(self, card_type):
        if self.card_types and card_type not in self.card_types:
            raise DomainError("card.unknown_type", "type", value=card_type, expected=list(self.card_types))

    def attributes(self, raw):
        attributes = raw.get("attributes", {})
        if not isinstance(attributes, dict):
            raise DomainError("card.not_an_object", "attributes", name="attributes")
        known = {"number", "name", "type", "text", "attributes"}
        extra = {key: value for key, value in raw.items() if key not in known}
        return {**extra, **attributes}
