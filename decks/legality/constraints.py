"""The reusable constraint kinds a format is built from.

Each kind compiles its JSON spec once (`__init__`) and then checks decks (`check`), so a
validation is a few passes over at most a hundred entries. Kinds never import the ORM.
"""

import datetime
from collections import Counter
from operator import attrgetter

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages
from games.cards import search_key

from .model import CARD_FIELDS, Violation

KINDS = {}


define_messages(
    {
        "format.not_an_object": _("A format definition must be a JSON object."),
        "format.key_required": _("Format definition: “%(key)s” is required."),
        "format.required": _("Format definition, %(place)s: “%(key)s” is required."),
        "format.not_a_date": _("Format definition, %(place)s: “%(value)s” is not a date YYYY-MM-DD."),
        "format.where_shape": _("Format definition, %(place)s: “where” must be an object."),
        "format.whole_number": _("Format definition, %(place)s: “%(key)s” must be a whole number."),
        "format.bounds": _("Format definition, %(place)s: give “exactly”, “min” or “max”."),
        "format.slots": _("Format definition, %(place)s: “slots” must be a non-empty list."),
        "format.groups": _("Format definition, %(place)s: “groups” must be a list of lists of card names."),
        "format.list_shape": _("Format definition, %(place)s: must be a list."),
        "format.list_entry": _("Format definition, %(place)s: needs a “name”."),
        "format.unknown_kind": _("Format definition, %(place)s: unknown kind “%(kind)s”."),
        "format.unknown_list": _("Format definition, %(place)s: no list named “%(list)s”."),
        "format.sealed_shape": _(
            "Format definition, %(place)s: must be an object with a “product” and a list of “constraints”."
        ),
        "format.group_per": _("Format definition, %(place)s: “per” is “title” or “copy”."),
        "format.covers_from_after_effective": _(
            "Format definition, %(place)s: “covers_from” cannot be after “effective”."
        ),
    }
)

TEXT_LIMIT = "text_limit"  # the code of a limit set by a card's own text ("Limit 1 per deck")


def format_error(code, place, **params):
    """A format definition that cannot be used; the message names the place."""
    return DomainError(code, "definition", place=place, **params)


def kind(name):
    def register(cls):
        cls.kind = name
        KINDS[name] = cls
        return cls

    return register


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
    """A compiled `where` clause: {"type": "champion", "rank": ["bronze", "silver"]}.

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


@kind("deck_size")
class DeckSize(Bounded):
    """Total cards in the deck."""

    def check(self, deck, ctx):
        size = ctx.size
        if self.outside(size):
            yield self.violation({"min": self.min, "max": self.max}, [], bounds_text(self.min, self.max), size)


@kind("count")
class Count(Bounded):
    """Cards matching `where`, counted with their copies."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.where = compile_where(spec.get("where"), place)

    def check(self, deck, ctx):
        matching = ctx.select(self.where)
        count = sum([entry.qty for entry in matching])
        if self.outside(count):
            cards = [entry.card.name for entry in matching]
            yield self.violation({"min": self.min, "max": self.max}, cards, bounds_text(self.min, self.max), count)


@kind("count_per_value")
class CountPerValue(Bounded):
    """For every value of an attribute (e.g. each tribe of the wheel), a bounded count."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.attribute = spec.get("attribute") or _missing(place, "attribute")
        self.get = getter(self.attribute)
        self.values = spec.get("values", "@" + self.attribute)
        self.where = compile_where(spec.get("where"), place)

    def check(self, deck, ctx):
        matching = ctx.select(self.where)
        counts = {}
        for entry in matching:
            value = self.get(entry.card)
            counts[value] = counts.get(value, 0) + entry.qty
        for value in ctx.domain(self.values, counts):
            count = counts.get(value, 0)
            if self.outside(count):
                params = {"value": value, "min": self.min, "max": self.max}
                cards = [entry.card.name for entry in matching if self.get(entry.card) == value]
                yield self.violation(params, cards, bounds_text(self.min, self.max), count)


@kind("composition")
class Composition(Constraint):
    """Per group (e.g. per tribe), exact counts of cards by slot (e.g. 2 Bronze, 1 Platinum or Epic)."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.group_by = spec.get("group_by") or _missing(place, "group_by")
        self.groups = spec.get("groups", "@" + self.group_by)
        self.attribute = spec.get("attribute") or _missing(place, "attribute")
        self.where = compile_where(spec.get("where"), place)
        slots = spec.get("slots")
        if not isinstance(slots, list) or not slots:
            raise format_error("format.slots", place)
        self.slots = [(tuple(slot["values"]), self.number(slot, "count", place)) for slot in slots]
        self.slot_of = {value: index for index, (values, _) in enumerate(self.slots) for value in values}
        self.get_group, self.get_slot = getter(self.group_by), getter(self.attribute)

    def check(self, deck, ctx):
        matching = ctx.select(self.where)
        counts = {}
        for entry in matching:
            key = (self.get_group(entry.card), self.slot_of.get(self.get_slot(entry.card)))
            counts[key] = counts.get(key, 0) + entry.qty
        present = {group for group, _ in counts}
        for group in ctx.domain(self.groups, present):
            for index, (values, wanted) in enumerate(self.slots):
                actual = counts.get((group, index), 0)
                if actual != wanted:
                    params = {"group": group, "values": list(values)}
                    yield self.violation(params, self._names(matching, group, values), wanted, actual)

    def _names(self, entries, group, values):
        return [e.card.name for e in entries if self.get_group(e.card) == group and self.get_slot(e.card) in values]


@kind("copy_limit")
class CopyLimit(Constraint):
    """Copies per card title: a default, per-card and per-kind limits, a limit the card's own text
    sets ("Limit 1 per deck", read without regard to case or spacing, before the Named card rule),
    and a higher limit for named cards of the Main Personality (DBZ)."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.default = self.number(spec, "default", place)
        self.text_limits = [
            (
                search_key(rule.get("phrase") or _missing(place, "phrase")),
                rule["phrase"],
                self.number(rule, "limit", place),
            )
            for rule in spec.get("text_limits", [])
        ]
        self.fewest_by_text = min((limit for _key, _phrase, limit in self.text_limits), default=None)
        self.where = compile_where(spec.get("where"), place)
        self.cards = {search_key(name): limit for name, limit in spec.get("cards", {}).items()}
        self.overrides = [
            (compile_where(rule.get("where"), place), self.number(rule, "limit", place))
            for rule in spec.get("overrides", [])
        ]
        self.named = spec.get("named_main_personality")
        self.skip_list = spec.get("skip_list")

    def check(self, deck, ctx):
        copies, first = {}, {}
        for entry in ctx.select(self.where):
            key = entry.card.key
            copies[key] = copies.get(key, 0) + entry.qty
            first.setdefault(key, entry.card)
        skipped = ctx.list_keys(self.skip_list) if self.skip_list else ()
        for key, count in copies.items():
            if key in skipped:
                continue
            card = first[key]
            phrase, limit = self.text_limit(card, count)
            if phrase is not None:
                params = {"card": card.name, "limit": limit, "phrase": phrase}
                yield self.violation(params, [card.name], limit, count, code=TEXT_LIMIT)
                continue
            limit = self.limit_for(card, ctx)
            if limit is not None and count > limit:
                yield self.violation({"card": card.name, "limit": limit}, [card.name], limit, count)

    def text_limit(self, card, count):
        """(phrase, limit) when the card's text sets a limit that `count` copies break, else (None, None)."""
        if self.fewest_by_text is None or count <= self.fewest_by_text or not card.text:
            return None, None
        text = search_key(card.text)
        for key, phrase, limit in self.text_limits:
            if key in text and count > limit:
                return phrase, limit
        return None, None

    def limit_for(self, card, ctx):
        if card.key in self.cards:
            return self.cards[card.key]
        for applies, limit in self.overrides:
            if applies(card):
                return limit
        named = card.value("named")
        if self.named and named and search_key(named) in ctx.main_personalities:
            return self.named
        return self.default


@kind("max_sharing")
class MaxSharing(Constraint):
    """At most N cards (copies included) sharing one value of an attribute, e.g. an ability; text
    values are the same whatever their case or spacing (Deck Composition 3)."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.attribute = spec.get("attribute") or _missing(place, "attribute")
        self.max = self.number(spec, "max", place)
        self.where = compile_where(spec.get("where"), place)
        self.get = getter(self.attribute)
        self._folded = {}  # value -> compared form; values come from the catalogue, so few

    def check(self, deck, ctx):
        matching = ctx.select(self.where)
        counts, shown = {}, {}
        for entry in matching:
            value = self.get(entry.card)
            if value:
                key = self.same(value)
                counts[key] = counts.get(key, 0) + entry.qty
                shown.setdefault(key, value)
        for key, count in counts.items():
            if count > self.max:
                cards = [entry.card.name for entry in matching if self.same(self.get(entry.card)) == key]
                yield self.violation({"value": shown[key], "max": self.max}, cards, self.max, count)

    def same(self, value):
        """The form values are compared in: text without regard to case or spacing (remembered: this
        runs on every validation)."""
        key = self._folded.get(value)
        if key is None:
            key = self._folded[value] = search_key(value) if isinstance(value, str) else value
        return key


class ListConstraint(Constraint):
    """Checks against one of the format's dated card lists."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.list = spec.get("list") or _missing(place, "list")

    def listed(self, deck, ctx):
        keys = ctx.list_keys(self.list)
        return [entry for entry in deck.entries if entry.card.key in keys]


@kind("banned")
class Banned(ListConstraint):
    def check(self, deck, ctx):
        for entry in self.listed(deck, ctx):
            yield self.violation({"card": entry.card.name}, [entry.card.name], 0, entry.qty)


@kind("restricted")
class Restricted(ListConstraint):
    """Listed cards: at most `max` copies (1: "restricted to one per deck")."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.max = self.number(spec, "max", place, 1)

    def check(self, deck, ctx):
        copies, names = Counter(), {}
        for entry in self.listed(deck, ctx):
            copies[entry.card.key] += entry.qty
            names[entry.card.key] = entry.card.name
        for key, count in copies.items():
            if count > self.max:
                yield self.violation({"card": names[key], "limit": self.max}, [names[key]], self.max, count)


class GroupConstraint(Constraint):
    def __init__(self, spec, place):
        super().__init__(spec, place)
        groups = spec.get("groups")
        if not isinstance(groups, list) or not all(isinstance(group, list) and group for group in groups):
            raise format_error("format.groups", place)
        self.groups = [frozenset(search_key(name) for name in group) for group in groups]

    def group_entries(self, deck, group):
        return [entry for entry in deck.entries if entry.card.key in group]


@kind("group_exclusive")
class GroupExclusive(GroupConstraint):
    """Only one card from each group: one copy in all (`per: copy`) or one title (`per: title`),
    the reading the format states."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.per = spec.get("per", "title")
        if self.per not in ("title", "copy"):
            raise format_error("format.group_per", place)

    def check(self, deck, ctx):
        for number, group in enumerate(self.groups, start=1):
            entries = self.group_entries(deck, group)
            titles = {entry.card.key: entry.card.name for entry in entries}
            count = sum(entry.qty for entry in entries) if self.per == "copy" else len(titles)
            if count > 1:
                yield self.violation({"group": number, "per": self.per}, list(titles.values()), 1, count)


@kind("group_total")
class GroupTotal(GroupConstraint):
    """At most N cards in total (copies included) from each group."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.max = self.number(spec, "max", place)

    def check(self, deck, ctx):
        for number, group in enumerate(self.groups, start=1):
            entries = self.group_entries(deck, group)
            total = sum(entry.qty for entry in entries)
            if total > self.max:
                cards = [entry.card.name for entry in entries]
                yield self.violation({"group": number, "max": self.max}, cards, self.max, total)


@kind("eligibility")
class Eligibility(Constraint):
    """A title is legal `days` days after the release of its first printing (Card Eligibility); a
    reprint does not make it wait again."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.days = datetime.timedelta(days=self.number(spec, "days", place, 0))

    def check(self, deck, ctx):
        for entry in deck.entries:
            released = entry.card.eligible_from
            if released is not None and ctx.as_of < released + self.days:
                legal_from = released + self.days
                params = {"card": entry.card.name, "date": legal_from.isoformat(), "days": self.days.days}
                yield self.violation(params, [entry.card.name], legal_from.isoformat(), ctx.as_of.isoformat())


@kind("attribute_range")
class AttributeRange(Constraint):
    """Cards matching `where` must have an attribute within [min, max], e.g. Allies of level 1-2."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.attribute = spec.get("attribute") or _missing(place, "attribute")
        self.min = self.number(spec, "min", place)
        self.max = self.number(spec, "max", place)
        self.where = compile_where(spec.get("where"), place)

    def check(self, deck, ctx):
        for entry in ctx.select(self.where):
            card = entry.card
            value = card.value(self.attribute)
            if (
                value is None
                or (self.min is not None and value < self.min)
                or (self.max is not None and value > self.max)
            ):
                params = {"card": card.name, "value": value, "min": self.min, "max": self.max}
                yield self.violation(params, [card.name], bounds_text(self.min, self.max), value)


@kind("flagged_illegal")
class FlaggedIllegal(Constraint):
    """Cards carrying a flag (e.g. Battle Simulator) are not allowed."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.where = compile_where(spec.get("where"), place)

    def check(self, deck, ctx):
        for entry in ctx.select(self.where):
            yield self.violation({"card": entry.card.name}, [entry.card.name], 0, entry.qty)


@kind("main_personality")
class MainPersonality(Constraint):
    """DBZ: exactly one Main Personality, all its level cards of one personality, and a declared
    `Main Personality:` header that agrees with them."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.where = compile_where(spec.get("where") or _missing(place, "where"), place)
        self.attribute = spec.get("attribute", "personality")
        self.declaration = spec.get("declaration")

    def check(self, deck, ctx):
        cards = [entry.card for entry in ctx.select(self.where)]
        names = [card.name for card in cards]
        personalities = {}
        for card in cards:
            personality = str(card.value(self.attribute) or card.name)
            personalities.setdefault(search_key(personality), personality)
        shown = ", ".join(sorted(personalities.values()))
        if not personalities:
            yield self.violation({"problem": "missing"}, [], 1, 0)
        elif len(personalities) > 1:
            params = {"problem": "mixed", "personalities": shown, "count": len(personalities)}
            yield self.violation(params, names, 1, len(personalities))
        declared = str(deck.declarations.get(self.declaration) or "").strip() if self.declaration else ""
        if declared and personalities and search_key(declared) not in personalities:
            params = {"problem": "declared", "declared": declared, "personality": shown}
            yield self.violation(params, names, declared, shown)


@kind("style_restriction")
class StyleRestriction(Constraint):
    """A declared style (DBZ Tokui-Waza): a Mastery needs it and must match it, the deck needs
    at least one other card of it, and cards of any other style are not allowed."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.attribute = spec.get("attribute", "style")
        self.declaration = spec.get("declaration") or _missing(place, "declaration")
        self.styles = frozenset(spec.get("styles") or _missing(place, "styles"))
        self.anchor_where = compile_where(
            spec.get("requires_declaration") or _missing(place, "requires_declaration"), place
        )

    def check(self, deck, ctx):
        declared = (deck.declarations.get(self.declaration) or "").strip().casefold() or None
        anchors = [entry.card for entry in deck.entries if self.anchor_where(entry.card)]
        if declared is not None and declared not in self.styles:
            yield self.violation({"problem": "unknown", "style": declared}, [], sorted(self.styles), declared)
            return
        yield from self._anchor_problems(anchors, declared)
        if declared is None:
            return
        others = [entry.card for entry in deck.entries if not self.anchor_where(entry.card)]
        if not any(card.value(self.attribute) == declared for card in others):
            yield self.violation({"problem": "no_card", "style": declared}, [], 1, 0)
        off_style = [card.name for card in others if card.value(self.attribute) not in (None, declared)]
        if off_style:
            yield self.violation({"problem": "off_style", "style": declared}, off_style, 0, len(off_style))

    def _anchor_problems(self, anchors, declared):
        for card in anchors:
            if declared is None:
                yield self.violation(
                    {"problem": "undeclared", "card": card.name}, [card.name], card.value(self.attribute), None
                )
            elif card.value(self.attribute) != declared:
                params = {"problem": "mismatch", "card": card.name, "style": declared}
                yield self.violation(params, [card.name], declared, card.value(self.attribute))


def _missing(place, key):
    raise format_error("format.required", place, key=key)
