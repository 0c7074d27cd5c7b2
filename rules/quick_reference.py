"""Our own short summary of each game, built by the game registry from the same configuration the
deck validator and the scoring service use, so the numbers shown are the numbers enforced."""

from django.utils import timezone

from games.base import QuickReferenceInput
from games.formats import definition_in_force


def reference_input(game):
    """The formats in force today and the catalogue's tribe wheel, for the registry's builders."""
    today = timezone.localdate()
    names = [tribe.name for tribe in game.wheel()]
    wheel = [(name, names[(index + 1) % len(names)]) for index, name in enumerate(names)]
    formats = {slug: definition_in_force(slug, today) for slug in game.definition.formats}
    return QuickReferenceInput(formats=formats, wheel=wheel)


def quick_reference(game):
    """Blocks (see games/quick.py) for the game, or None when it has no quick reference."""
    builder = game.definition.quick_reference
    return builder(reference_input(game)) if builder else None


def rules_expectations(game):
    """(anchor, numbers, description): what the rules text should say, from the enforced values."""
    builder = game.definition.rules_expectations
    return builder(reference_input(game)) if builder else []
