"""Dragon Ball Z CCG's own deck rules: the kinds its Expanded format uses beyond the generic ones,
and the Named card rule it adds to the generic copy limit (plain Python)."""

from django.utils.translation import gettext_lazy as _

from core.errors import define_messages

from ..cards import search_key
from ..deck_rules import Constraint, compile_where, format_error, required
from .cards import MAIN_PERSONALITY, declared_style

define_messages(
    {
        "format.groups": _("Format definition, %(place)s: “groups” must be a list of lists of card names."),
        "format.group_per": _("Format definition, %(place)s: “per” is “title” or “copy”."),
    }
)


def main_personalities(deck):
    """The Main Personality named cards are counted for: the deck's Main Personality cards, else a
    `Main Personality:` header (a header that disagrees with the cards is reported elsewhere)."""
    from_cards = {
        search_key(entry.card.attributes["personality"])
        for entry in deck.entries
        if entry.card.type == "main_personality" and entry.card.attributes.get("personality")
    }
    declared = deck.declarations.get(MAIN_PERSONALITY)
    return from_cards or ({search_key(declared)} if declared else set())


class NamedCardsOfMainPersonality:
    """Added to the generic copy limit: a named card of the deck's Main Personality may have
    `named_main_personality` copies (Deck Building Clarifications: Named Cards)."""

    extends = "copy_limit"

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.named = spec.get("named_main_personality")

    def raised_limit(self, deck):
        if not self.named:
            return None
        personalities = main_personalities(deck)

        def named_limit(card):
            named = card.value("named")
            return self.named if named and search_key(named) in personalities else None

        return named_limit


class GroupConstraint(Constraint):
    """Groups of card titles, each a list of names."""

    def __init__(self, spec, place):
        super().__init__(spec, place)
        groups = spec.get("groups")
        if not isinstance(groups, list) or not all(isinstance(group, list) and group for group in groups):
            raise format_error("format.groups", place)
        self.groups = [frozenset(search_key(name) for name in group) for group in groups]

    def group_entries(self, deck, group):
        return [entry for entry in deck.entries if entry.card.key in group]


class GroupExclusive(GroupConstraint):
    """Only one card from each group: one copy in all (`per: copy`) or one title (`per: title`),
    the reading the format states (Deck Building Clarifications: only one card from each group)."""

    kind = "group_exclusive"

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


class GroupTotal(GroupConstraint):
    """At most N cards in total (copies included) from each group (Deck Building Clarifications: a
    total of three)."""

    kind = "group_total"

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


class MainPersonality(Constraint):
    """Exactly one Main Personality, all its level cards of one personality, and a declared
    `Main Personality:` header that agrees with them (Deck Building Clarifications: Deck Size)."""

    kind = "main_personality"

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.where = compile_where(spec.get("where") or required(place, "where"), place)
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


class MainPersonalityLevels(Constraint):
    """The Main Personality's levels start at Level 1 and skip none: all levels of a Main
    Personality come into play in numerical order (Game Play Clarifications: Anger and Main
    Personality Levels). One violation naming the missing levels."""

    kind = "main_personality_levels"

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.where = compile_where(spec.get("where") or required(place, "where"), place)
        self.attribute = spec.get("attribute", "level")

    def check(self, deck, ctx):
        cards = [entry.card for entry in ctx.select(self.where)]
        levels = sorted({card.value(self.attribute) for card in cards} - {None})
        if not levels:
            return
        missing = [level for level in range(1, levels[-1] + 1) if level not in levels]
        if missing:
            params = {
                "missing": ", ".join(map(str, missing)),
                "levels": ", ".join(map(str, levels)),
                "count": len(missing),
            }
            yield self.violation(params, [card.name for card in cards], missing, levels)


class StyleRestriction(Constraint):
    """A declared style (Deck Building Clarifications: Tokui-Waza): a Mastery needs it and must
    match it, the deck needs at least one other card of it, and cards of any other style are not
    allowed."""

    kind = "style_restriction"

    def __init__(self, spec, place):
        super().__init__(spec, place)
        self.attribute = spec.get("attribute", "style")
        self.declaration = spec.get("declaration") or required(place, "declaration")
        self.styles = frozenset(spec.get("styles") or required(place, "styles"))
        self.anchor_where = compile_where(
            spec.get("requires_declaration") or required(place, "requires_declaration"), place
        )

    def check(self, deck, ctx):
        declared = declared_style(deck.declarations.get(self.declaration))
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


DECK_RULES = (
    NamedCardsOfMainPersonality,
    MainPersonality,
    MainPersonalityLevels,
    StyleRestriction,
    GroupExclusive,
    GroupTotal,
)
