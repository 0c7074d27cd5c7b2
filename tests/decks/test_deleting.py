"""Deleting asks first and says what goes with it; a collection's deletion is the collections
service's, logged with who made it, from the page and the API alike (a deck's can be undone:
test_deck_undo_delete.py)."""

import logging

import pytest

from catalogue.models import Card, Game
from decks.models import Collection
from decks.services import collections as collection_services
from decks.services import decks as deck_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def binder(alice, sample):
    collection = collection_services.create_collection(alice, "Binder")
    for name, qty in (("Pocket Puff", 3), ("Fluffnip", 2)):
        collection_services.add_copies(collection, Card.objects.get(name=name), qty, actor=alice)
    collection_services.add_copies(collection, Card.objects.get(name="Fluffnip"), 1, ("foil", "near_mint", ""), alice)
    return collection


def test_deleting_a_collection_says_how_many_copies_go(client, alice, binder, caplog):
    client.force_login(alice)
    question = client.get(f"/en/collections/{binder.pk}/delete/").text
    assert "6 copies" in question and "2 distinct cards" in question
    assert "These cards and the collection’s history go with it." in question
    with caplog.at_level(logging.INFO, logger="decks.services.collections"):
        client.post(f"/en/collections/{binder.pk}/delete/")
    assert not Collection.objects.filter(pk=binder.pk).exists()
    assert f"collection {binder.pk} deleted by alice" in caplog.text


def test_the_api_deletes_through_the_same_service(api, alice, binder, caplog):
    api.force_authenticate(alice)
    with caplog.at_level(logging.INFO, logger="decks.services.collections"):
        assert api.delete(f"/api/v1/collections/{binder.pk}/").status_code == 204
    assert f"collection {binder.pk} deleted by alice" in caplog.text


def test_deleting_a_deck_says_its_versions_go(client, alice, sample):
    game = Game.objects.get(slug="dust-collectorz")
    puff = Card.objects.get(name="Pocket Puff")
    deck = deck_services.create_deck(alice, "Lint rush", game, "dc-prerelease", "private", {puff.pk: 1})
    deck_services.change_card(deck, puff.pk, 1)
    client.force_login(alice)
    assert "Its 2 saved versions go with it." in client.get(f"/en/decks/{deck.pk}/delete/").text
