"""Deck history players use: compare any two versions, restore an old version as a new one, and
copy a deck you can see into your own; in pages and the API."""

import pytest

from catalogue.models import Card, Game
from decks.models import Deck
from decks.services import decks as deck_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(alice, sample):
    """Version 1: 2 Pocket Puff; version 2: + Fluffnip; version 3: 3 Pocket Puff, no Fluffnip."""
    game = Game.objects.get(slug="dust-collectorz")
    puff, fluff = Card.objects.get(name="Pocket Puff"), Card.objects.get(name="Fluffnip")
    deck = deck_services.create_deck(alice, "History", game, "dc-prerelease", "public", {puff.pk: 2})
    deck_services.save_version(deck, {puff.pk: 2, fluff.pk: 1}, {})
    deck_services.save_version(deck, {puff.pk: 3}, {})
    return deck


def test_compare_any_two_versions(client, deck):
    page = client.get(f"/en/decks/{deck.pk}/compare/", {"older": 1, "newer": 3})
    assert page.status_code == 200
    assert [(card.name, before, after) for card, before, after in page.context["diff"]] == [("Pocket Puff", 2, 3)]
    page = client.get(f"/en/decks/{deck.pk}/compare/", {"older": 3, "newer": 2})
    assert [(card.name, before, after) for card, before, after in page.context["diff"]] == [
        ("Fluffnip", 0, 1),
        ("Pocket Puff", 3, 2),
    ]
    assert "From version 3 to version 2" in page.text
    # By default the last two versions; an unknown version is not a server error.
    assert client.get(f"/en/decks/{deck.pk}/compare/").context["older"].number == 2
    assert client.get(f"/en/decks/{deck.pk}/compare/", {"older": 9, "newer": 1}).status_code == 200


def test_compare_over_the_api(api, deck):
    body = api.get(f"/api/v1/decks/{deck.pk}/compare/", {"older": 1, "newer": 2}).json()
    assert (body["older"], body["newer"]) == (1, 2)
    assert [(c["name"], c["before"], c["after"]) for c in body["changes"]] == [("Fluffnip", 0, 1)]
    assert api.get(f"/api/v1/decks/{deck.pk}/compare/", {"older": "x"}).status_code == 400
    assert api.get(f"/api/v1/decks/{deck.pk}/compare/", {"older": 7}).status_code == 404


def test_restore_an_old_version_as_the_newest(client, alice, bob, deck):
    client.force_login(bob)
    assert "Restore this version" not in client.get(f"/en/decks/{deck.pk}/versions/2/").text
    assert client.post(f"/en/decks/{deck.pk}/versions/2/restore/").status_code == 404
    client.force_login(alice)
    assert "Restore this version as the newest one" in client.get(f"/en/decks/{deck.pk}/versions/2/").text
    page = client.post(f"/en/decks/{deck.pk}/versions/2/restore/", follow=True)
    assert "Version 2 restored as version 4." in page.text
    latest = deck.latest_version()
    assert latest.number == 4 and latest.content_hash == deck.versions.get(number=2).content_hash
    assert deck.versions.count() == 4  # nothing rewritten
    again = client.post(f"/en/decks/{deck.pk}/versions/4/restore/", follow=True)
    assert "Version 4 already has these cards." in again.text and deck.versions.count() == 4
    assert client.post(f"/en/decks/{deck.pk}/versions/99/restore/").status_code == 404


def test_restore_over_the_api(api, alice, bob, deck):
    api.force_authenticate(bob)
    assert api.post(f"/api/v1/decks/{deck.pk}/versions/1/restore/").status_code == 404
    api.force_authenticate(alice)
    restored = api.post(f"/api/v1/decks/{deck.pk}/versions/1/restore/")
    assert restored.status_code == 201 and restored.json()["number"] == 4
    assert api.post(f"/api/v1/decks/{deck.pk}/versions/4/restore/").status_code == 200
    assert api.post(f"/api/v1/decks/{deck.pk}/versions/12/restore/").status_code == 404


def test_clone_a_public_deck_into_your_own(client, bob, deck):
    assert client.get(f"/en/decks/{deck.pk}/clone/").status_code == 302  # sign in first
    client.force_login(bob)
    assert client.get(f"/en/decks/{deck.pk}/clone/").context["form"].initial["name"] == "History (copy)"
    response = client.post(f"/en/decks/{deck.pk}/clone/", {"name": "My history"})
    copy = Deck.objects.get(owner=bob)
    assert response.url == f"/en/decks/{copy.pk}/"
    assert (copy.name, copy.visibility, copy.format_slug) == ("My history", "private", "dc-prerelease")
    assert copy.latest_version().number == 1
    assert copy.latest_version().content_hash == deck.latest_version().content_hash
    assert client.get(f"/en/decks/{copy.pk}/edit/").status_code == 200  # bob's to change


def test_clone_an_unlisted_deck_by_its_link_only(client, api, alice, bob, deck):
    deck_services.edit_deck(deck, visibility="unlisted")
    client.force_login(bob)
    assert client.post(f"/en/decks/{deck.pk}/clone/", {"name": "Stolen"}).status_code == 404
    client.post(f"/en/decks/shared/{deck.share_token}/clone/", {"name": "Shared copy"})
    assert Deck.objects.filter(owner=bob, name="Shared copy").exists()
    api.force_authenticate(bob)
    created = api.post(f"/api/v1/shared/decks/{deck.share_token}/clone/", {}, format="json")
    assert created.status_code == 201 and created.json()["name"] == "History (copy)"
    api.force_authenticate(None)
    assert api.post(f"/api/v1/shared/decks/{deck.share_token}/clone/", {}, format="json").status_code == 401


def test_private_decks_cannot_be_cloned_by_others(api, alice, bob, deck):
    deck_services.edit_deck(deck, visibility="private")
    api.force_authenticate(bob)
    assert api.post(f"/api/v1/decks/{deck.pk}/clone/", {}, format="json").status_code == 404
    assert not Deck.objects.filter(owner=bob).exists()
