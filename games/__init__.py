"""The game registry: one module per game in this package, each defining `GAME`, a GameDefinition.

Services, views and templates ask the registry instead of testing a game's slug. Adding a game is
one new module here plus its catalogue data (see docs/architecture.md). Plain Python: no models.
"""

import importlib
import pkgutil

from .base import GameDefinition

GENERIC = GameDefinition(slug=None, name="")
_SKIP = {"base", "card_standing", "cards", "formats", "quick", "scoring"}


def _discover():
    found = {}
    for module in pkgutil.iter_modules(__path__):
        if module.name in _SKIP:
            continue
        definition = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if isinstance(definition, GameDefinition):
            found[definition.slug] = definition
    return found


_GAMES = _discover()


def registered():
    """Every game the site ships, in a stable order."""
    return [_GAMES[slug] for slug in sorted(_GAMES)]


def get(slug):
    """The definition of a game by slug; games without a module behave as GENERIC."""
    return _GAMES.get(slug, GENERIC)


def of(game):
    """The definition of a catalogue Game row (or anything with a `slug`)."""
    return get(getattr(game, "slug", None))


def card_schemas():
    """Card schemas by key, for the Game row's `schema` choice."""
    schemas = {GENERIC.card_schema.key: GENERIC.card_schema}
    for definition in registered():
        schemas.setdefault(definition.card_schema.key, definition.card_schema)
    return schemas


def card_type_label(card_type):
    return card_types().get(card_type) or card_type.replace("_", " ").capitalize()


def ranks():
    """Every rank of every game's cards, {rank: label}, in each game's own order."""
    found = {}
    for definition in registered():
        found.update({rank: label for rank, label in definition.card_schema.ranks.items() if rank not in found})
    return found


def card_types():
    """Every card type of every game, {type: label}."""
    found = {}
    for definition in registered():
        found.update(definition.card_schema.card_types)
    return found


def card_schema_choices():
    """Choices for the Game row's `schema` (a callable, so a new game needs no migration)."""
    return [(key, schema.label) for key, schema in card_schemas().items()]


def rank_choices():
    return list(ranks().items())
