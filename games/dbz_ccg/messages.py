"""Dragon Ball Z CCG deck-check messages: by the codes its format gives generic rules, and by its
own kinds (games/dbz_ccg/constraints.py); the legality engine finds them through the registry."""

from django.utils.translation import gettext_lazy, ngettext_lazy

from ..deck_rules import MessagesBy

TOKUI_WAZA = MessagesBy(
    "problem",
    {
        "unknown": gettext_lazy("“%(style)s” is not a Martial Arts Style."),
        "undeclared": gettext_lazy("%(card)s needs a declared Tokui-Waza of its style."),
        "mismatch": gettext_lazy("%(card)s does not match the declared Tokui-Waza (%(style)s)."),
        "no_card": gettext_lazy("The %(style)s Tokui-Waza needs at least one non-Mastery %(style)s card."),
        "off_style": gettext_lazy("With the %(style)s Tokui-Waza, cards of another style are not allowed: %(cards)s."),
    },
)

MAIN_PERSONALITY = MessagesBy(
    "problem",
    {
        "missing": gettext_lazy("The deck has no Main Personality: it needs the levels of exactly one personality."),
        "mixed": ngettext_lazy(
            "The Main Personality cards are of %(count)s personality (%(personalities)s); a deck has exactly one.",
            "The Main Personality cards are of %(count)s personalities (%(personalities)s); a deck has exactly one.",
            "count",
        ),
        "declared": gettext_lazy(
            "The header names %(declared)s as Main Personality, but the deck's Main Personality cards are "
            "%(personality)s."
        ),
    },
)

# "Only one card from each group": the format states its reading (docs/formats.md, Choices).
GROUP_EXCLUSIVE = MessagesBy(
    "per",
    {
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
    },
    default="title",
)

VIOLATION_MESSAGES = {
    "main_personality": MAIN_PERSONALITY,
    "main_personality_levels": ngettext_lazy(
        "The Main Personality has no Level %(missing)s: its levels (%(levels)s) must start at Level 1 and go up "
        "one at a time.",
        "The Main Personality has no Levels %(missing)s: its levels (%(levels)s) must start at Level 1 and go up "
        "one at a time.",
        "count",
    ),
    "style_restriction": TOKUI_WAZA,
    "group_exclusive": GROUP_EXCLUSIVE,
    "group_total": ngettext_lazy(
        "At most %(max)s card of group %(group)s is allowed in total; the deck has %(actual)s.",
        "At most %(max)s cards of group %(group)s are allowed in total; the deck has %(actual)s.",
        "max",
    ),
    "mastery_limit": ngettext_lazy(
        "At most %(max)s Mastery card is allowed; the deck has %(actual)s.",
        "At most %(max)s Mastery cards are allowed; the deck has %(actual)s.",
        "max",
    ),
    "ally_level": MessagesBy(
        "problem",
        {
            "outside": gettext_lazy(
                "%(card)s is a level %(value)s Ally; only Allies of level %(expected)s are allowed."
            ),
            "missing": gettext_lazy(
                "%(card)s is an Ally without a level; only Allies of level %(expected)s are allowed."
            ),
        },
        default="outside",
    ),
    "battle_simulator": gettext_lazy("%(card)s is a Battle Simulator card and is not allowed in tournaments."),
    "sensei_limit": ngettext_lazy(
        "At most %(max)s Sensei card is allowed; the deck has %(actual)s.",
        "At most %(max)s Sensei cards are allowed; the deck has %(actual)s.",
        "max",
    ),
}
