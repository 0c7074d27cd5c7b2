"""What deck rules are built from (plain Python): the base of every constraint kind, the `where`
clauses that select cards, the violation they report, and how their messages are chosen.

The legality engine (`decks/legality/`) holds the generic kinds; a game's package adds its own
kinds and messages on its GameDefinition (`deck_rules`, `violation_messages`). Both build on this
module, which sits under the registry, so a game package never imports the decks app.
"""

import datetime
from dataclasses import dataclass
from operator import attrgetter

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

define_messages(
    {
        "format.required": _("Format definition, %(place)s: “%(key)s” is required."),
        "format.not_a_date": _("Format definition, %(place)s: “%(value)s” is not a date YYYY-MM-DD."),
        "format.where_shape": _("Format definition, %(place)s: “where” must be an object."),
        "format.whole_number": _("Format definition, %(place)s: “%(key)s” must be a whole number."),
        "format.bounds": _("Format definition, %(place)s: give “exactly”, “min” or “max”."),
    }
)

CARD_FIELDS = ("name", "type", "tribe", "rank", "ability", "set_code", "game")


@dataclass(slots=True)
class Violation:
    code: str
    kind: str
    params: dict
    cards: list
    expected: object
    actual: object
    rule: str = ""
    anchor: str = ""

    def as_dict(self, message):
        return {
            "code": self.code,
            "message": message,
            "cards": self.cards,
            "expected": self.expected,
            "actual": self.actual,
            "rule": self.rule,
            "anchor": self.anchor,
        }


@dataclass(frozen=True)
class MessagesBy:
    """The messages of one rule told apart by one parameter of its violation (the problem found, the
    reading the format states), where a single sentence cannot say them all."""

    param: str
    messages: dict
    default: str | None = None

    def pick(self, params):
        return self.messages[params.get(self.param, self.default)]


def format_error(code, place, **params):
    """A format definition that cannot be used; the message names the place."""
    return DomainError(code, "definition", place=place, **params)


def required(place, key):
    raise format_error("format.required", place, key=key)


def parse_date(value, where):
    if value in (None, ""):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise format_error("format.not_a_date", where, value=str(value)) from None


def getter(field):
    """Fast accessor for a card field or attribute."""
    if field in CARD_FIELDS:
        return attrgetter(field)
    return lambda card: card.attributes.get(field)


class Where:
    """A compiled `where` clause: {"type": "hero", "level": [1, 2]}.

    `select` filters deck entries with C-level attribute getters, the hot path of a validation.
    """

    def __init__(self, where, place):
        if where is not None and not isinstance(where, dict):
            raise format_error("format.where_shape", place)
        self.tests = [
            (field, frozenset(wanted) if isinstance(wanted, list) else frozenset([wanted]))
            for field, wanted in (where or {}).items()
        ]
        self.entry_getters = [
            (attrgetter("card." + field) if field in CARD_FIELDS else _attribute_of_entry(field), allowed)
            for field, allowed in self.tests
        ]
        self.card_getters = [(getter(field), allowed) for field, allowed in self.tests]
        self.key = tuple(self.tests)  # constraints with the same clause share one selection

    def select(self, entries):
        for get, allowed in self.entry_getters:
            entries = [entry for entry in entries if get(entry) in allowed]
        return entries

    def __call__(self, card):
        return all(get(card) in allowed for get, allowed in self.card_getters)


def _attribute_of_entry(field):
    return lambda entry: entry.card.attributes.get(field)


def compile_where(where, place):
    return Where(where, place)


class Constraint:
    """One rule of a format: compiled once from its JSON spec (`__init__`), then `check(deck, ctx)`
    yields a Violation per problem. `ctx` is the engine's Context: `select(where)`, `list_keys`,
    `domain`, `as_of` and the deck's `entries`."""

    kind = ""

    def __init__(self, spec, place):
        self.code = spec.get("code") or self.kind
        self.rule = spec.get("rule", "")
        self.anchor = spec.get("anchor", "")
        self.since = parse_date(spec.get("since"), place)
        self.place = place

    def in_force(self, as_of):
        return self.since is None or as_of >= self.since

    def violation(self, params, cards, expected, actual, code=None):
        cards = sorted(set(cards))
        return Violation(code or self.code, self.kind, params, cards, expected, actual, self.rule, self.anchor)

    @staticmethod
    def number(spec, key, place, default=None):
        value = spec.get(key, default)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise format_error("format.whole_number", place, key=key)
        return value


def bounds_text(minimum, maximum):
    """The expected number: exact, the only bound given, or a range "50-85"."""
    if minimum == maximum or not minimum:
        return maximum
    if maximum is None:
        return minimum
    return f"{minimum}-{maximum}"


class Bounded(Constraint):
    def __init__(self, spec, place):
        super().__init__(spec, place)
        exactly = self.number(spec, "exactly", place)
        self.min = exactly if exactly is not None else self.number(spec, "min", place, 0)
        self.max = exactly if exactly is not None else self.number(spec, "max", place)
        if self.max is None and not self.min:
            raise format_error("format.bounds", place)

    def outside(self, count):
        return count < self.min or (self.max is not None and count > self.max)
