"""Dragon Ball Z CCG quick reference: the Expanded format's deck building, from the format in force."""

import datetime

from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext

from .. import quick
from ..formats import constraint

FORMAT = "dbz-expanded"


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
                *_levels(definition),
                _(
                    "One Mastery at most, matching a declared Tokui-Waza; with a Tokui-Waza, no cards of another "
                    "Martial Arts Style."
                ),
                _banned_and_restricted(len(lists.get("banned", [])), len(lists.get("restricted", []))),
                *_flagged(definition),
                *_groups(definition),
            ]
        ),
        quick.heading(_("Printings and dates")),
        quick.items(
            [
                _days_to_legal(constraint(definition, "not_yet_legal").get("days")),
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


def _levels(definition):
    """The level rules the format enforces: the Main Personality's levels and the Allies'."""
    found = []
    if constraint(definition, "main_personality_levels"):
        found.append(_("Main Personality levels start at level 1 and skip none, as they are played in order."))
    allies = constraint(definition, "ally_level")
    if allies:
        levels = {"low": allies.get("min"), "high": allies.get("max")}
        if allies.get("since"):
            since = date_format(datetime.date.fromisoformat(allies["since"]))
            found.append(_("Allies of level %(low)s to %(high)s only, from %(date)s.") % {**levels, "date": since})
        else:
            found.append(_("Allies of level %(low)s to %(high)s only.") % levels)
    return found


def _flagged(definition):
    if constraint(definition, "battle_simulator"):
        return [_("Cards printed with the words “Battle Simulator” are not allowed; the rest of that product is.")]
    return []


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


def _banned_and_restricted(banned, restricted):
    """Each count with its own plural form ("1 banned card", "2 cards restricted to one copy")."""
    return _("%(banned)s and %(restricted)s, each from the date listed.") % {
        "banned": ngettext("%(count)s banned card", "%(count)s banned cards", banned) % {"count": banned},
        "restricted": ngettext(
            "%(count)s card restricted to one copy", "%(count)s cards restricted to one copy", restricted
        )
        % {"count": restricted},
    }


def _days_to_legal(days):
    return ngettext(
        "A card becomes legal %(days)s day after its first printing is released; a reprint does not reset it.",
        "A card becomes legal %(days)s days after its first printing is released; a reprint does not reset it.",
        days,
    ) % {"days": days}


def rules_expectations(source):
    """(anchor, numbers, description): what the rulings should say, from the enforced values, so
    that importing a new rulings document flags a number the format has not caught up with."""
    definition = source.formats.get(FORMAT) or {"constraints": []}
    size, copies = constraint(definition, "deck_size"), constraint(definition, "copy_limit")
    allies, waiting = constraint(definition, "ally_level"), constraint(definition, "not_yet_legal")
    found = [
        ("deck-size-b1", [size.get("min"), size.get("max")], gettext_noop("smallest and largest deck")),
        (
            "named-cards-b1",
            [copies.get("named_main_personality"), copies.get("default")],
            gettext_noop("copies of a named card of your Main Personality, and of any other card"),
        ),
        ("named-cards-p1", [allies.get("min"), allies.get("max")], gettext_noop("levels of the Allies allowed")),
        ("card-eligibility-p2", [waiting.get("days")], gettext_noop("days before a new card is legal")),
    ]
    return [(anchor, numbers, description) for anchor, numbers, description in found if None not in numbers]
