"""Violation messages in the active language (EN/FR/IT), rendered only when shown."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

import games

BY_CODE = {
    "deck_size": ngettext_lazy(
        "The deck has %(actual)s card; it must have %(expected)s.",
        "The deck has %(actual)s cards; it must have %(expected)s.",
        "actual",
    ),
    "tribe_count": ngettext_lazy(
        "Tribe %(value)s has %(actual)s card; each tribe needs exactly %(expected)s.",
        "Tribe %(value)s has %(actual)s cards; each tribe needs exactly %(expected)s.",
        "actual",
    ),
    "counter_count": ngettext_lazy(
        "The deck has %(actual)s Counter type card; it needs exactly %(expected)s.",
        "The deck has %(actual)s Counter type cards; it needs exactly %(expected)s.",
        "actual",
    ),
    "rank_composition": ngettext_lazy(
        "Tribe %(group)s has %(actual)s %(ranks)s card; it needs exactly %(expected)s.",
        "Tribe %(group)s has %(actual)s %(ranks)s cards; it needs exactly %(expected)s.",
        "actual",
    ),
    "epic_limit": gettext_lazy("The deck has %(actual)s Epic cards; at most %(max)s are allowed."),
    "epic_duplicate": gettext_lazy("%(card)s is an Epic card and appears %(actual)s times; Epic cards must be unique."),
    "ability_limit": gettext_lazy(
        "%(actual)s Bronze or Silver cards share the ability “%(value)s”; at most %(max)s may share one."
    ),
    "banned": gettext_lazy("%(card)s is banned."),
    "restricted": gettext_lazy("%(card)s is restricted to %(limit)s per deck; the deck has %(actual)s."),
    "group_total": gettext_lazy(
        "At most %(max)s cards of group %(group)s are allowed in total; the deck has %(actual)s."
    ),
    "copy_limit": ngettext_lazy(
        "%(card)s: %(actual)s copy; at most %(limit)s are allowed.",
        "%(card)s: %(actual)s copies; at most %(limit)s are allowed.",
        "actual",
    ),
    "mastery_limit": gettext_lazy("The deck has %(actual)s Mastery cards; at most %(max)s is allowed."),
    "ally_level": gettext_lazy("%(card)s is a level %(value)s Ally; only Allies of level %(expected)s are allowed."),
    "battle_simulator": gettext_lazy("%(card)s is a Battle Simulator card and is not allowed in tournaments."),
    "not_yet_legal": ngettext_lazy(
        "%(card)s is not legal until %(date)s (%(days)s day after its first printing's release).",
        "%(card)s is not legal until %(date)s (%(days)s days after its first printing's release).",
        "days",
    ),
    "text_limit": ngettext_lazy(
        "%(card)s says “%(phrase)s”: at most %(limit)s copy is allowed; the deck has %(actual)s.",
        "%(card)s says “%(phrase)s”: at most %(limit)s copies are allowed; the deck has %(actual)s.",
        "limit",
    ),
    "sensei_limit": ngettext_lazy(
        "The deck has %(actual)s Sensei card; at most %(max)s is allowed.",
        "The deck has %(actual)s Sensei cards; at most %(max)s is allowed.",
        "actual",
    ),
    "no_rules_in_force": gettext_lazy(
        "No rules of %(format)s were in force on %(date)s: the earliest rules this site knows start on %(start)s."
    ),
    "not_in_pool": ngettext_lazy(
        "%(card)s: the deck has %(missing)s more copy than the pool.",
        "%(card)s: the deck has %(missing)s more copies than the pool.",
        "missing",
    ),
    "no_sealed_product": gettext_lazy("%(format)s has no sealed product: its pools cannot be checked."),
    "pool_size": gettext_lazy("The pool has %(actual)s cards; a pool of this product has %(expected)s."),
    "pool_bronze": ngettext_lazy(
        "Tribe %(value)s has %(actual)s Bronze champion in the pool; the product gives at least %(min)s.",
        "Tribe %(value)s has %(actual)s Bronze champions in the pool; the product gives at least %(min)s.",
        "actual",
    ),
    "pool_silver": ngettext_lazy(
        "Tribe %(value)s has %(actual)s Silver champion in the pool; the product gives at least %(min)s.",
        "Tribe %(value)s has %(actual)s Silver champions in the pool; the product gives at least %(min)s.",
        "actual",
    ),
    "pool_gold": ngettext_lazy(
        "Tribe %(value)s has %(actual)s Gold champion in the pool; the product gives at least %(min)s.",
        "Tribe %(value)s has %(actual)s Gold champions in the pool; the product gives at least %(min)s.",
        "actual",
    ),
    "pool_top_rank": ngettext_lazy(
        "Tribe %(value)s has %(actual)s Platinum or Epic champion in the pool; the product gives at least %(min)s.",
        "Tribe %(value)s has %(actual)s Platinum or Epic champions in the pool; the product gives at least %(min)s.",
        "actual",
    ),
    "pool_counter": ngettext_lazy(
        "The pool has %(actual)s Counter type card; the product gives at least %(min)s.",
        "The pool has %(actual)s Counter type cards; the product gives at least %(min)s.",
        "actual",
    ),
    "unknown_card": gettext_lazy("“%(card)s” is not a card in the catalogue."),
    "wrong_game": gettext_lazy("%(card)s is a card of another game (%(game)s)."),
    "not_owned": ngettext_lazy(
        "%(card)s: %(missing)s more copy needed than the collection holds.",
        "%(card)s: %(missing)s more copies needed than the collection holds.",
        "missing",
    ),
}

TOKUI_WAZA = {
    "unknown": gettext_lazy("“%(style)s” is not a Martial Arts Style."),
    "undeclared": gettext_lazy("%(card)s needs a declared Tokui-Waza of its style."),
    "mismatch": gettext_lazy("%(card)s does not match the declared Tokui-Waza (%(style)s)."),
    "no_card": gettext_lazy("A %(style)s Tokui-Waza needs at least one non-Mastery %(style)s card."),
    "off_style": gettext_lazy("With a %(style)s Tokui-Waza, cards of another style are not allowed: %(cards)s."),
}

MAIN_PERSONALITY = {
    "missing": gettext_lazy("The deck has no Main Personality: it needs the levels of exactly one personality."),
    "mixed": ngettext_lazy(
        "The Main Personality cards are of %(count)s personality (%(personalities)s); a deck has exactly one.",
        "The Main Personality cards are of %(count)s personalities (%(personalities)s); a deck has exactly one.",
        "count",
    ),
    "declared": gettext_lazy(
        "The header names %(declared)s as Main Personality, but the deck's Main Personality cards are %(personality)s."
    ),
}

# "Only one card from each group": the format states its reading (docs/formats.md, Choices).
GROUP_EXCLUSIVE = {
    "copy": ngettext_lazy(
        "Only one card from group %(group)s is allowed; the deck has %(actual)s: %(cards)s.",
        "Only one card from group %(group)s is allowed; the deck has %(actual)s: %(cards)s.",
        "actual",
    ),
    "title": ngettext_lazy(
        "Only one title from group %(group)s is allowed; the deck has %(actual)s: %(cards)s.",
        "Only one title from group %(group)s is allowed; the deck has %(actual)s: %(cards)s.",
        "actual",
    ),
}

SUB_PROBLEMS = {"style_restriction": TOKUI_WAZA, "main_personality": MAIN_PERSONALITY}

BY_KIND = {
    "deck_size": BY_CODE["deck_size"],
    "count": ngettext_lazy(
        "%(actual)s matching card; %(expected)s required.",
        "%(actual)s matching cards; %(expected)s required.",
        "actual",
    ),
    "count_per_value": ngettext_lazy(
        "%(value)s: %(actual)s card; %(expected)s required.",
        "%(value)s: %(actual)s cards; %(expected)s required.",
        "actual",
    ),
    "composition": ngettext_lazy(
        "%(group)s: %(actual)s %(ranks)s card; %(expected)s required.",
        "%(group)s: %(actual)s %(ranks)s cards; %(expected)s required.",
        "actual",
    ),
    "copy_limit": BY_CODE["copy_limit"],
    "max_sharing": gettext_lazy("%(actual)s cards share “%(value)s”; at most %(max)s may."),
    "banned": BY_CODE["banned"],
    "restricted": BY_CODE["restricted"],
    "group_total": BY_CODE["group_total"],
    "eligibility": BY_CODE["not_yet_legal"],
    "attribute_range": gettext_lazy("%(card)s: %(value)s is outside %(expected)s."),
    "flagged_illegal": gettext_lazy("%(card)s is not allowed."),
}


def _rank_names(values):
    ranks = games.ranks()
    names = [str(ranks.get(value, value)) for value in values]
    return _(" or ").join(names)


def render(violation):
    """The violation's message in the active language."""
    params = {**violation.params, "expected": violation.expected, "actual": violation.actual}
    params["cards"] = ", ".join(violation.cards)
    if "values" in params:
        params["ranks"] = _rank_names(params["values"])
    return str(_template(violation, params) % params)


def _template(violation, params):
    if violation.kind in SUB_PROBLEMS:
        return SUB_PROBLEMS[violation.kind][params["problem"]]
    if violation.kind == "group_exclusive":
        return GROUP_EXCLUSIVE[params.get("per", "title")]
    return BY_CODE.get(violation.code) or BY_KIND.get(violation.kind, BY_CODE["unknown_card"])


def summary(verdict):
    count = len(verdict.violations)
    if not count:
        return _("Legal")
    return ngettext("%(count)s problem", "%(count)s problems", count) % {"count": count}
