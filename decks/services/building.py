"""What a player's decks need from a collection ("decks I can build"), and each deck's legality for
lists, answered apart: buildable is about the collection, legal about the format's rules."""

import hashlib

from django.core.cache import cache
from django.db.models import Max
from django.utils import timezone

from catalogue.models import Card

from ..models import DeckVersion, DeckVersionCard
from .legality import card_index, validate_request

LEGALITY_SECONDS = 3600


def latest_versions(decks):
    """{deck id: its newest DeckVersion} in one query."""
    newest = DeckVersion.objects.filter(deck__in=decks).values("deck_id").annotate(number=Max("number"))
    wanted = {(row["deck_id"], row["number"]) for row in newest}
    versions = DeckVersion.objects.filter(deck__in=decks, number__in={number for _deck, number in wanted})
    return {version.deck_id: version for version in versions if (version.deck_id, version.number) in wanted}


def version_cards(versions):
    """{version id: {card id: copies}} in one query."""
    cards = {version.pk: {} for version in versions}
    for version_id, card_id, qty in DeckVersionCard.objects.filter(version__in=versions).values_list(
        "version_id", "card_id", "qty"
    ):
        cards[version_id][card_id] = qty
    return cards


def buildable_decks(collection, decks):
    """One row per deck: copies it needs, what the collection lacks (card, missing copies) and
    whether it is buildable; buildable decks first, then those missing the fewest copies."""
    decks = list(decks)
    owned = collection.owned()
    versions = latest_versions(decks)
    cards = version_cards(list(versions.values()))
    short = {}
    for deck in decks:
        version = versions.get(deck.pk)
        needed = cards.get(version.pk, {}) if version else {}
        held = card_index(deck.game).owned_for(needed, owned)  # other printings of the same card count
        short[deck.pk] = {card: qty - held.get(card, 0) for card, qty in needed.items() if qty > held.get(card, 0)}
    names = dict(
        Card.objects.filter(pk__in={card for need in short.values() for card in need}).values_list("pk", "name")
    )
    legal = legality(decks, versions)
    rows = []
    for deck in decks:
        version = versions.get(deck.pk)
        missing = sorted(((names.get(card, "?"), qty) for card, qty in short[deck.pk].items()), key=lambda row: row[0])
        copies = sum(cards.get(version.pk, {}).values()) if version else 0
        rows.append(
            {
                "deck": deck,
                "copies": copies,
                "missing": missing,
                "missing_copies": sum(qty for _name, qty in missing),
                "buildable": bool(copies) and not missing,
                "legal": legal.get(deck.pk),
            }
        )
    return sorted(rows, key=lambda row: (not row["buildable"], row["missing_copies"], row["deck"].name.casefold()))


def legality(decks, versions=None):
    """{deck id: legal today?} for lists (the badge), cached per format, cards and declarations."""
    decks = list(decks)
    versions = versions if versions is not None else latest_versions(decks)
    today = timezone.localdate()
    answers, todo = {}, []
    for deck in decks:
        version = versions.get(deck.pk)
        if version is None:
            continue
        key = _legality_key(deck.format_slug, version, today)
        known = cache.get(key)
        if known is None:
            todo.append((deck, version, key))
        else:
            answers[deck.pk] = known
    cards = version_cards([version for _deck, version, _key in todo])
    for deck, version, key in todo:
        items = [{"card": card, "qty": qty} for card, qty in cards[version.pk].items()]
        verdict = validate_request(deck.format_slug, cards=items, declarations=version.declarations, summary=False)
        answers[deck.pk] = verdict["legal"]
        cache.set(key, verdict["legal"], LEGALITY_SECONDS)
    return answers


def _legality_key(format_slug, version, today):
    declarations = hashlib.sha256(repr(sorted(version.declarations.items())).encode()).hexdigest()[:12]
    return f"deck-legal:{format_slug}:{version.content_hash}:{declarations}:{today.isoformat()}"
