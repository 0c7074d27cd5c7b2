"""The game registry: one package per game in this package, each defining `GAME`, a GameDefinition.

Services, views and templates ask the registry instead of testing a game's slug. Adding a game is
one new package here plus its catalogue data (see docs/architecture.md); the modules beside them
(cards, scoring, deck_rules, chart_panels, options...) are what every game builds on. Plain
Python: no models.
"""

import importlib
import pkgutil

from .base import GameDefinition

GENERIC = GameDefinition(slug=None, name="")


def _discover():
    found = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        definition = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if isinstance(definition, GameDefinition):
            found[definition.slug] = definition
    return found


_GAMES = _discover()


def registered():
    """Every game the site ships, in a stable order."""
    return [_GAMES[slug] for slug in sorted(_GAMES)]


def register(definition):
    """Add a game that lives outside this package (a plugin, the tests' worked example)."""
    _GAMES[definition.slug] = definition


def unregister(slug):
    _GAMES.pop(slug, None)


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


def stat_fields():
    """Every stat any game's cards have (the catalogue's stat columns), each once, in game order."""
    found = {}
    for definition in registered():
        found.update(dict.fromkeys(definition.card_schema.stats))
    return tuple(found)


def labelled_values(params):
    """The params that hold a card attribute's value ({"style": "red"}), with its label in the
    active language ("Red Style"), so a message never shows a stored key."""
    labelled = {}
    for definition in registered():
        for attribute, labels in definition.card_schema.value_labels.items():
            value = params.get(attribute)
            if isinstance(value, str) and value.casefold() in labels:
                labelled[attribute] = str(labels[value.casefold()])
    return labelled


def violation_message(key):
    """A game's deck-check message for a violation code or kind, or None; games keep their codes
    distinct from each other's (a test holds them to it)."""
    for definition in _GAMES.values():
        message = definition.violation_messages.get(key)
        if message is not None:
            return message
    return None
