"""A person's decks, collections and bulk checks in their data download (accounts.personal_data):
every version of every deck with its cards, every collection with its cards and history."""

from django.db.models import Prefetch
from django.urls import reverse

from accounts.personal_data import when

from .models import (
    BulkValidation,
    Collection,
    CollectionCard,
    CollectionVisibility,
    Deck,
    DeckVersion,
    DeckVersionCard,
    Visibility,
)


def export(user):
    return {
        "decks": [_deck(deck) for deck in _decks(user)],
        "collections": [_collection(collection) for collection in _collections(user)],
        "bulk_validations": [_bulk(job) for job in BulkValidation.objects.filter(owner=user).order_by("created_at")],
    }


def card_row(row):
    """A deck's or collection's card row as the download writes it."""
    card = row.card
    return {"card_id": card.pk, "name": card.name, "set": card.card_set.code, "number": card.number, "qty": row.qty}


def _decks(user):
    cards = Prefetch("cards", queryset=DeckVersionCard.objects.select_related("card__card_set").order_by("card__name"))
    versions = Prefetch("versions", queryset=DeckVersion.objects.order_by("number").prefetch_related(cards))
    return Deck.objects.filter(owner=user).select_related("game").prefetch_related(versions).order_by("created_at")


def _deck(deck):
    shared = deck.visibility != Visibility.PRIVATE
    return {
        "id": deck.pk,
        "name": deck.name,
        "game": deck.game.slug,
        "format": deck.format_slug,
        "description": deck.description,
        "visibility": deck.visibility,
        "share_link": reverse("decks:shared_deck", args=[deck.share_token]) if shared else None,
        "created_at": when(deck.created_at),
        "updated_at": when(deck.updated_at),
        "deleted_at": when(deck.deleted_at),  # still held: restorable for RESTORE_DAYS, then purged
        "versions": [
            {
                "number": version.number,
                "content_hash": version.content_hash,
                "declarations": version.declarations,
                "created_at": when(version.created_at),
                "cards": [card_row(row) for row in version.cards.all()],
            }
            for version in deck.versions.all()
        ],
    }


def _collections(user):
    items = Prefetch("items", queryset=CollectionCard.objects.select_related("card__card_set").order_by("card__name"))
    return Collection.objects.filter(owner=user).prefetch_related(items, "history").order_by("created_at")


def _collection(collection):
    shared = collection.visibility != CollectionVisibility.PRIVATE
    return {
        "id": collection.pk,
        "name": collection.name,
        "visibility": collection.visibility,
        "share_link": reverse("decks:shared_collection", args=[collection.share_token]) if shared else None,
        "created_at": when(collection.created_at),
        "updated_at": when(collection.updated_at),
        "cards": [
            {
                **card_row(item),
                "finish": item.finish,
                "condition": item.condition,
                "language": item.language,
                "tags": item.tags,
            }
            for item in collection.items.all()
        ],
        "history": [
            {
                "change": change.kind,
                "when": when(change.created_at),
                "copies_added": change.copies_added,
                "copies_removed": change.copies_removed,
            }
            for change in sorted(collection.history.all(), key=lambda change: (change.created_at, change.pk))
        ],
    }


def _bulk(job):
    return {
        "format": job.format_slug,
        "checked_as_of": when(job.as_of),
        "status": job.status,
        "created_at": when(job.created_at),
        "finished_at": when(job.finished_at),
        "decklists": [{"name": item.get("name", ""), "text": item.get("text", "")} for item in job.items],
        "results": [{"name": row.get("name", ""), "legal": row.get("legal")} for row in job.results],
    }
