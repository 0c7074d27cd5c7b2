"""Dust Collectorz quick reference, and the numbers the rules text must state, from the format
in force and the scoring tables."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext

from .. import quick
from ..formats import constraint
from .cards import RANKS
from .scoring import LAST_ROUND_BONUS, RANK_POINTS

FORMAT = "dc-prerelease"

# Which scoring section of the rules is which game mode (rules anchors).
MODE_SECTIONS = {
    "versus": "mode-two-player-versus-scoring",
    "team": "mode-four-player-team-scoring",
    "ffa": "mode-three-and-four-player-free-for-all-scoring",
}

# What the checker says a scoring rule's number is (translated when the finding is shown).
LAST_ROUND_DESCRIPTIONS = {
    "versus": gettext_noop("last-round bonus (two-player versus)"),
    "team": gettext_noop("last-round bonus (four-player team)"),
    "ffa": gettext_noop("last-round bonus (free-for-all)"),
}


def reference_values(source):
    """The enforced numbers: deck composition from the format in force, scoring from this module."""
    definition = source.formats.get(FORMAT) or {"constraints": []}
    slots = constraint(definition, "rank_composition").get("slots", [])
    return {
        "deck_size": constraint(definition, "deck_size").get("exactly"),
        "per_tribe": constraint(definition, "tribe_count").get("exactly"),
        "counters": constraint(definition, "counter_count").get("exactly"),
        "slots": [(slot["values"], slot["count"]) for slot in slots],
        "epic_limit": constraint(definition, "epic_limit").get("max"),
        "ability_limit": constraint(definition, "ability_limit").get("max"),
        "tribes": len(source.wheel),
    }


def quick_reference(source):
    values = reference_values(source)
    blocks = [
        quick.heading(_("Deck composition")),
        quick.paragraph(
            _(
                "A deck has exactly %(size)s cards: %(tribe)s champions of each tribe and %(counters)s Counter "
                "type cards."
            )
            % {"size": values["deck_size"], "tribe": values["per_tribe"], "counters": values["counters"]}
        ),
        quick.table(
            [_("Rank"), _("Cards")],
            [[[quick.rank_cell(rank, RANKS[rank]) for rank in ranks], count] for ranks, count in values["slots"]],
            caption=_("In each tribe"),
        ),
        quick.paragraph(
            " ".join(
                (
                    ngettext(
                        "At most %(epics)s Epic card, each one only once.",
                        "At most %(epics)s Epic cards, each one only once.",
                        values["epic_limit"],
                    )
                    % {"epics": values["epic_limit"]},
                    ngettext(
                        "At most %(shared)s Bronze or Silver card may share an ability.",
                        "At most %(shared)s Bronze or Silver cards may share an ability.",
                        values["ability_limit"],
                    )
                    % {"shared": values["ability_limit"]},
                )
            )
        ),
    ]
    if source.wheel:
        blocks += [
            quick.heading(_("Tribe wheel")),
            quick.paragraph(
                _(
                    "Each tribe is stronger than the next one on the wheel: a stronger-tribe card gets +1 on the "
                    "declared stat, a weaker-tribe card −1. The defender may not answer with the attacking tribe, "
                    "and a tie goes to the defender."
                )
            ),
            quick.items([f"{name} · " + _("beats %(other)s") % {"other": beats} for name, beats in source.wheel]),
        ]
    return blocks + _scoring_blocks()


def _scoring_blocks():
    captured = [
        [[quick.rank_cell(rank, RANKS[rank])] if rank in RANKS else _("Counter type card"), points]
        for rank, points in RANK_POINTS.items()
    ]
    modes = [
        [_("Two players (versus)"), f"+{LAST_ROUND_BONUS['versus']}"],
        [_("Teams of two (2 against 2)"), f"+{LAST_ROUND_BONUS['team']}"],
        [_("Free-for-all (3-4 players)"), f"+{LAST_ROUND_BONUS['ffa']}"],
    ]
    return [
        quick.heading(_("Scoring")),
        quick.table([_("Captured card"), _("Points")], captured),
        quick.table([_("Game mode"), _("Last round won")], modes),
        quick.paragraph(
            _(
                "Discarded cards do not count. On equal scores the winner of the last round wins. In Young "
                "Champions the player who runs out of cards first wins; otherwise the fewest cards in hand."
            )
        ),
        quick.paragraph(
            _(
                "Young Champions, equal numbers of cards in hand: the player who made the last successful play "
                "(the last card or chain that could beat the card in the center) wins the tie."
            )
        ),
    ]


def rules_expectations(source):
    """(anchor, numbers, description): what the rules text should say, from the enforced values."""
    values = reference_values(source)
    found = [
        (
            "deck-composition-1",
            [values["deck_size"], values["per_tribe"], values["tribes"] or 5, values["counters"]],
            gettext_noop("deck size, cards per tribe, tribes, Counter type cards"),
        ),
        (
            "deck-composition-2",
            [count for _ranks, count in values["slots"]],
            gettext_noop("cards of each rank per tribe"),
        ),
        ("deck-composition-note-1", [values["epic_limit"]], gettext_noop("Epic cards per deck")),
        ("deck-composition-3", [values["ability_limit"]], gettext_noop("Bronze or Silver cards sharing an ability")),
    ]
    for mode, section in MODE_SECTIONS.items():
        found += [
            (f"{section}-b1", [RANK_POINTS["bronze"]], gettext_noop("points for a Bronze or Silver card")),
            (f"{section}-b2", [RANK_POINTS["gold"]], gettext_noop("points for a Gold card")),
            (f"{section}-b3", [RANK_POINTS["platinum"]], gettext_noop("points for a Platinum or Epic card")),
            (f"{section}-b4", [RANK_POINTS["counter"]], gettext_noop("points for a Counter type card")),
            (f"{section}-b5", [LAST_ROUND_BONUS[mode]], LAST_ROUND_DESCRIPTIONS[mode]),
        ]
    return found
