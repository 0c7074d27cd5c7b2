"""Catalogue writes: an import is one transaction, so an error anywhere writes nothing."""

import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import F

from games.cards import bare_number, search_key

from .importing import file_error, read_catalogue
from .models import Card, CardSet, Game, Tribe
from .signals import catalogue_imported

logger = logging.getLogger(__name__)


@dataclass
class ImportSummary:
    game: str
    set_code: str
    created: int
    updated: int


def known_games():
    tribes = {}
    for tribe in Tribe.objects.select_related("game"):
        tribes.setdefault(tribe.game.slug, []).append(tribe.name)
    return {game.slug: (game.schema, tribes.get(game.slug, [])) for game in Game.objects.all()}


def import_catalogue_file(path, actor=None):
    parsed = read_catalogue(
        path, known_games(), settings.CATALOGUE_IMPORT_MAX_BYTES, settings.CATALOGUE_IMPORT_MAX_CARDS
    )
    with transaction.atomic():
        game = Game.objects.select_for_update().get(slug=parsed.game)
        tribes = _write_wheel(game, parsed.tribes, source=str(path))
        card_set = _write_set(game, parsed)
        created, updated = _write_cards(card_set, parsed.cards, tribes)
        Game.objects.filter(pk=game.pk).update(catalogue_version=F("catalogue_version") + 1)
    catalogue_imported.send(sender=Game, game=parsed.game)
    logger.info(
        "catalogue import %s by %s: %s created, %s updated",
        path,
        actor.username if actor else "system",
        created,
        updated,
    )
    return ImportSummary(parsed.game, parsed.set_code, created, updated)


def _write_wheel(game, wheel, source):
    existing = {search_key(tribe.name): tribe for tribe in game.tribes.all()}
    if not wheel:
        return {tribe.name: tribe for tribe in existing.values()}
    wanted = {search_key(name) for name, _ in wheel}
    for key, tribe in existing.items():
        if key not in wanted and tribe.cards.exists():
            raise file_error(source, "catalogue.tribe_missing", "tribes", tribe=tribe.name)
    Tribe.objects.filter(game=game).update(beats=None)
    Tribe.objects.filter(game=game).exclude(pk__in=[t.pk for k, t in existing.items() if k in wanted]).delete()
    tribes = {}
    for position, (name, _beats) in enumerate(wheel):
        tribe = existing.get(search_key(name)) or Tribe(game=game)
        tribe.name, tribe.position = name, position
        tribe.save()
        tribes[name] = tribe
    for name, beats in wheel:
        tribes[name].beats = tribes[beats]
        tribes[name].save(update_fields=["beats"])
    return tribes


def _write_set(game, parsed):
    card_set, _ = CardSet.objects.update_or_create(
        game=game,
        code=parsed.set_code,
        defaults={"name": parsed.set_name, "released_on": parsed.released_on},
    )
    return card_set


def _write_cards(card_set, cards, tribes):
    existing = {card.number: card for card in card_set.cards.all()}
    by_bare = {}
    for card in existing.values():
        by_bare.setdefault(bare_number(card.number), []).append(card)
    in_file = {fields["number"] for fields in cards}
    created = updated = 0
    for fields in cards:
        card = existing.get(fields["number"]) or _resaved(fields, by_bare, in_file) or Card(card_set=card_set)
        created += card.pk is None
        updated += card.pk is not None
        for key, value in fields.items():
            setattr(card, key, tribes[value] if key == "tribe" and value else value)
        card.save()
    return created, updated


def _resaved(fields, by_bare, in_file):
    """The card a spreadsheet's number means (Excel saves 001 as 1): the one card of the set whose
    number differs only by leading zeros and that no row names as printed; it keeps its number."""
    candidates = [card for card in by_bare.get(bare_number(fields["number"]), []) if card.number not in in_file]
    if len(candidates) != 1:
        return None
    card = candidates[0]
    by_bare[bare_number(fields["number"])].remove(card)  # another row's 01 is a new card, not this one again
    fields["number"] = card.number
    return card
