"""Violation messages in the active language (EN/FR/IT), rendered only when shown.

The generic codes and kinds are here; a game's codes and kinds are its package's
(`GameDefinition.violation_messages`), found through the registry.
"""

import datetime

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

import games
from core.errors import DomainError
from games.deck_rules import MessagesBy

BY_CODE = {
    "deck_size": ngettext_lazy(
        "The deck has %(actual)s card; it must have %(expected)s.",
        "The deck has %(actual)s cards; it must have %(expected)s.",
        "actual",
    ),
    "banned": gettext_lazy("%(card)s is banned."),
    "restricted": gettext_lazy("%(card)s is restricted to %(limit)s per deck; the deck has %(actual)s."),
    "copy_limit": ngettext_lazy(
        "%(card)s: at most %(limit)s copy is allowed; the deck has %(actual)s.",
        "%(card)s: at most %(limit)s copies are allowed; the deck has %(actual)s.",
        "limit",
    ),
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
    "no_rules_in_force": gettext_lazy(
        "No rules of %(format)s were in force on %(date)s: the earliest rules this site knows start on %(start)s."
    ),
    "not_in_pool": ngettext_lazy(
        "%(card)s: the deck has %(missing)s more copy than the pool.",
        "%(card)s: the deck has %(missing)s more copies than the pool.",
        "missing",
    ),
    "no_sealed_product": gettext_lazy("%(format)s has no sealed product: its pools cannot be checked."),
    "pool_size": ngettext_lazy(
        "The pool has %(actual)s card; a pool of this product has %(expected)s.",
        "The pool has %(actual)s cards; a pool of this product has %(expected)s.",
        "actual",
    ),
    # A pool against the boosters of its product (games/boosters.py); %(booster_count)s is "5 boosters".
    "pool_cards_missing": ngettext_lazy(
        "A pool of %(booster_count)s has %(expected)s cards; this one has %(actual)s (%(gap)s missing).",
        "A pool of %(booster_count)s has %(expected)s cards; this one has %(actual)s (%(gap)s missing).",
        "gap",
    ),
    "pool_cards_extra": ngettext_lazy(
        "A pool of %(booster_count)s has %(expected)s cards; this one has %(actual)s (%(gap)s too many).",
        "A pool of %(booster_count)s has %(expected)s cards; this one has %(actual)s (%(gap)s too many).",
        "gap",
    ),
    "pool_rarity_excess": ngettext_lazy(
        "The pool has %(actual)s %(ranks)s card, but there are at most %(expected)s in %(booster_count)s.",
        "The pool has %(actual)s %(ranks)s cards, but there are at most %(expected)s in %(booster_count)s.",
        "actual",
    ),
    "pool_rarity_short": ngettext_lazy(
        "The pool has only %(actual)s %(ranks)s card; there are at least %(expected)s in %(booster_count)s.",
        "The pool has only %(actual)s %(ranks)s cards; there are at least %(expected)s in %(booster_count)s.",
        "actual",
    ),
    "pool_off_product": gettext_lazy("%(card)s fits none of the booster slots of this product."),
    "unknown_card": gettext_lazy("“%(card)s” is not a card in the catalogue."),
    "bad_line": gettext_lazy("Line %(line)s (“%(text)s”): %(problem)s"),
    "wrong_game": gettext_lazy("%(card)s is a card of another game (%(game)s)."),
    "not_owned": ngettext_lazy(
        "%(card)s: %(missing)s more copy needed than the collection holds.",
        "%(card)s: %(missing)s more copies needed than the collection holds.",
        "missing",
    ),
}

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
    "max_sharing": ngettext_lazy(
        "At most %(max)s card may have “%(value)s”; the deck has %(actual)s.",
        "At most %(max)s cards may share “%(value)s”; the deck has %(actual)s.",
        "max",
    ),
    "banned": BY_CODE["banned"],
    "restricted": BY_CODE["restricted"],
    "eligibility": BY_CODE["not_yet_legal"],
    "attribute_range": MessagesBy(
        "problem",
        {
            "outside": gettext_lazy("%(card)s: %(value)s is outside %(expected)s."),
            "missing": gettext_lazy("%(card)s: the value is missing; %(expected)s is required."),
        },
        default="outside",
    ),
    "flagged_illegal": gettext_lazy("%(card)s is not allowed."),
}


def rank_names(values):
    """Ranks, or card types where a product counts a type as a rarity (Counter), joined with "or"."""
    ranks = games.ranks()
    names = [str(ranks.get(value) or games.card_type_label(value)) for value in values]
    if len(names) > 2:  # "A, B or C"
        return _(" or ").join([", ".join(names[:-1]), names[-1]])
    return _(" or ").join(names)


def booster_count(count):
    return ngettext("%(count)s booster", "%(count)s boosters", count) % {"count": count}


# Dates are stored in ISO 8601 with the violation; shown the reader's way ("25 novembre 2026").
DATE_PARAMS = ("date", "start")


def _reader_date(value):
    try:
        return formats.date_format(datetime.date.fromisoformat(value))
    except (TypeError, ValueError):
        return value


def render(violation):
    """The violation's message in the active language."""
    params = {**violation.params, "expected": violation.expected, "actual": violation.actual}
    params |= {key: _reader_date(params[key]) for key in DATE_PARAMS if isinstance(params.get(key), str)}
    params |= games.labelled_values(violation.params)
    params["cards"] = ", ".join(violation.cards)
    if isinstance(params.get("error"), dict):  # a line's own problem, kept as a code (bad_line)
        params["problem"] = DomainError.from_dict(params["error"]).message
    if "values" in params:
        params["ranks"] = rank_names(params["values"])
    if "boosters" in params:
        params["booster_count"] = booster_count(params["boosters"])
    return str(_template(violation, params) % params)


def _template(violation, params):
    """The message of the violation's code, else of its kind (a game's first, then the generic one)."""
    template = (
        games.violation_message(violation.code)
        or BY_CODE.get(violation.code)
        or games.violation_message(violation.kind)
        or BY_KIND.get(violation.kind, BY_CODE["unknown_card"])
    )
    return template.pick(params) if isinstance(template, MessagesBy) else template


def summary(verdict):
    count = len(verdict.violations)
    if not count:
        return _("Legal")
    return ngettext("%(count)s problem", "%(count)s problems", count) % {"count": count}
