"""Dust Collectorz deck-check messages, by the codes its format gives its rules (games/formats/
dc-prerelease.json); the legality engine finds them through the registry."""

from django.utils.translation import ngettext_lazy

VIOLATION_MESSAGES = {
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
    "epic_limit": ngettext_lazy(
        "At most %(max)s Epic card is allowed; the deck has %(actual)s.",
        "At most %(max)s Epic cards are allowed; the deck has %(actual)s.",
        "max",
    ),
    "epic_duplicate": ngettext_lazy(
        "%(card)s is an Epic card and appears %(actual)s time; Epic cards must be unique.",
        "%(card)s is an Epic card and appears %(actual)s times; Epic cards must be unique.",
        "actual",
    ),
    "ability_limit": ngettext_lazy(
        "At most %(max)s Bronze or Silver card may have the ability “%(value)s”; the deck has %(actual)s.",
        "At most %(max)s Bronze or Silver cards may share the ability “%(value)s”; the deck has %(actual)s.",
        "max",
    ),
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
}
