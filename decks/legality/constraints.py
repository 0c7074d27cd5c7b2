"""The generic constraint kinds a format is built from, and the kinds a format may use.

Each kind compiles its JSON spec once (`__init__`) and then checks decks (`check`), so a
validation is a few passes over at most a hundred entries. Kinds never import the ORM. A game's
own kinds come from its package (`GameDefinition.deck_rules`, see `kinds_for`); they build on
the same base, `games/deck_rules.py`.
"""

import datetime
from collections import Counter

from django.utils.translation import gettext_lazy as _

from core.errors import define_messages
from games.cards import search_key
from games.deck_rules import Bounded, Constraint, bounds_text, compile_where, format_error, getter, required

KINDS = {}


define_messages(
    {
        "format.not_an_object": _("A format definition must be a JSON object."),
        "format.key_required": _("Format definition: “%(key)s” is required."),
        "format.slots": _("Format definition, %(place)s: “slots” must be a non-empty list."),
        "format.list_shape": _("Format definition, %(place)s: must be a list."),
        "format.list_entry": _("Format definition, %(place)s: needs a “name”."),
        "format.unknown_kind": _("Format definition, %(place)s: unknown kind “%(kind)s”."),
        "format.unknown_list": _("Format definition, %(place)s: no list named “%(list)s”."),
        "format.sealed_shape": _(
            "Format definition, %(place)s: must be an object with a “product” and a list of “constraints”."
        ),
        "format.opening_hand": _("Format definition, %(place)s: the opening hand is a number of cards from 1 to 20."),
        "format.opening_hand_kind": _("Format definition, %(place)s: the opening hand is “setup” or “draw_phase”."),
        "format.covers_from_after_effective": _(
            "Format definition, %(place)s: “covers_from” cannot be after “effective”."
        ),
    }
)

TEXT_LIMIT = "text_limit"  # the code of a limit set by a card's own text ("Limit 1 per deck")


def kind(name):
    def register(cls):
        cls.kind = name
        KINDS[name] = cls
        return cls

    return register


def kinds_for(definition):
    """The kinds a format of this game may use: the generic ones and the game's own. A game's rule
    that `extends` a generic kind is mixed into it and keeps that kind's name."""
    kinds = dict(KINDS)
    for rule in definition.deck_rules:
        extends = getattr(rule, "extends", None)
        if extends:
            kinds[extends] = type(rule.__name__, (rule, KINDS[extends]), {})
        else:
            kinds[rule.kind] = rule
    return kinds


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
    """For every value of an attribute (each tribe of the wheel, say), a bounded count."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.attribute = spec.get("attribute") or required(place, "attribute")
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
    """Per group (per tribe, say), exact counts of cards by slot: a slot is one or more values of an
    attribute, e.g. two cards of rank "a" and one of rank "b" or "c" in each group."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.group_by = spec.get("group_by") or required(place, "group_by")
        self.groups = spec.get("groups", "@" + self.group_by)
        self.attribute = spec.get("attribute") or required(place, "attribute")
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
    """Copies per card title: a default, per-card and per-kind limits, and a limit the card's own
    text sets ("Limit 1 per deck", read without regard to case or spacing, before any other limit;
    cited by `text_limit_rule` and `text_limit_anchor` where the rules state it elsewhere).
    A game's package may raise the limit of some cards of a deck (`raised_limit`)."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.default = self.number(spec, "default", place)
        self.text_limits = [
            (
                search_key(rule.get("phrase") or required(place, "phrase")),
                rule["phrase"],
                self.number(rule, "limit", place),
            )
            for rule in spec.get("text_limits", [])
        ]
        self.fewest_by_text = min((limit for _key, _phrase, limit in self.text_limits), default=None)
        self.text_rule = spec.get("text_limit_rule", self.rule), spec.get("text_limit_anchor", self.anchor)
        self.where = compile_where(spec.get("where"), place)
        self.cards = {search_key(name): limit for name, limit in spec.get("cards", {}).items()}
        self.overrides = [
            (compile_where(rule.get("where"), place), self.number(rule, "limit", place))
            for rule in spec.get("overrides", [])
        ]
        self.skip_list = spec.get("skip_list")

    def check(self, deck, ctx):
        copies, first = {}, {}
        for entry in ctx.select(self.where):
            key = entry.card.key
            copies[key] = copies.get(key, 0) + entry.qty
            first.setdefault(key, entry.card)
        skipped = ctx.list_keys(self.skip_list) if self.skip_list else ()
        raised = self.raised_limit(deck)
        for key, count in copies.items():
            if key in skipped:
                continue
            card = first[key]
            phrase, limit = self.text_limit(card, count)
            if phrase is not None:
                params = {"card": card.name, "limit": limit, "phrase": phrase}
                violation = self.violation(params, [card.name], limit, count, code=TEXT_LIMIT)
                violation.rule, violation.anchor = self.text_rule
                yield violation
                continue
            limit = self.limit_for(card, raised)
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

    def raised_limit(self, deck):
        """(card) -> a higher limit or None, for what a game grants some cards of this deck; None
        here, where no game extends the kind."""
        return None

    def limit_for(self, card, raised):
        if card.key in self.cards:
            return self.cards[card.key]
        for applies, limit in self.overrides:
            if applies(card):
                return limit
        higher = raised(card) if raised else None
        return self.default if higher is None else higher


@kind("max_sharing")
class MaxSharing(Constraint):
    """At most N cards (copies included) sharing one value of an attribute, e.g. an ability; text
    values are the same whatever their case or spacing."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.attribute = spec.get("attribute") or required(place, "attribute")
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
        self.list = spec.get("list") or required(place, "list")

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


@kind("eligibility")
class Eligibility(Constraint):
    """A title is legal `days` days after the release of its first printing; a reprint does not
    make it wait again."""

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
    """Cards matching `where` must have an attribute within [min, max], e.g. a level of 1-2."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.attribute = spec.get("attribute") or required(place, "attribute")
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
                problem = "missing" if value is None else "outside"  # a card without the attribute
                params = {"card": card.name, "value": value, "min": self.min, "max": self.max, "problem": problem}
                yield self.violation(params, [card.name], bounds_text(self.min, self.max), value)


@kind("flagged_illegal")
class FlaggedIllegal(Constraint):
    """Cards carrying a flag (a printing not meant for tournaments, say) are not allowed."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.where = compile_where(spec.get("where"), place)

    def check(self, deck, ctx):
        for entry in ctx.select(self.where):
            yield self.violation({"card": entry.card.name}, [entry.card.name], 0, entry.qty)
