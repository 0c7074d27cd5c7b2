"""Our own short summary of each game, built from the same configuration the deck validator and
the scoring service use, so the numbers shown are the numbers enforced (rules as code)."""

from django.utils import timezone

from decks.models import Format
from decks.services.legality import format_for
from tournaments.scoring import dust_collectorz, reclamation


def quick_reference(game):
    builders = {"dust-collectorz": _dust_collectorz, "dbz-ccg": _dbz, "dust-reclamation": _reclamation}
    builder = builders.get(game.slug)
    return {"kind": game.slug, **builder(game)} if builder else None


def _constraint(definition, code):
    return next((c for c in definition["constraints"] if c.get("code") == code), {})


def _format(slug):
    if not Format.objects.filter(slug=slug).exists():
        return None
    row, _compiled = format_for(slug, timezone.localdate())
    return row


def _dust_collectorz(game):
    row = _format("dc-prerelease")
    definition = row.definition if row else {"constraints": []}
    slots = _constraint(definition, "rank_composition").get("slots", [])
    return {
        "format": row,
        "deck_size": _constraint(definition, "deck_size").get("exactly"),
        "per_tribe": _constraint(definition, "tribe_count").get("exactly"),
        "counters": _constraint(definition, "counter_count").get("exactly"),
        "slots": [(slot["values"], slot["count"]) for slot in slots],
        "epic_limit": _constraint(definition, "epic_limit").get("max"),
        "ability_limit": _constraint(definition, "ability_limit").get("max"),
        "wheel": game.wheel(),
        "rank_points": dust_collectorz.RANK_POINTS,
        "bonus": dust_collectorz.LAST_ROUND_BONUS,
    }


def _dbz(game):
    row = _format("dbz-expanded")
    definition = row.definition if row else {"constraints": [], "lists": {}}
    size = _constraint(definition, "deck_size")
    copies = _constraint(definition, "copy_limit")
    return {
        "format": row,
        "min_size": size.get("min"),
        "max_size": size.get("max"),
        "copies": copies.get("default"),
        "named_copies": copies.get("named_main_personality"),
        "banned": len(definition.get("lists", {}).get("banned", [])),
        "restricted": len(definition.get("lists", {}).get("restricted", [])),
        "eligibility_days": _constraint(definition, "not_yet_legal").get("days"),
    }


def _reclamation(game):
    return {
        "rounds": reclamation.ROUNDS,
        "trick": reclamation.TRICK_POINTS,
        "dust": reclamation.DUST_POINTS,
        "work_order": reclamation.WORK_ORDER_POINTS,
    }
