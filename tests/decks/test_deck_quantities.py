"""A deck holds at most 99 copies of a card in all, however the copies arrive (lines that add up, a
list of cards over the API, the builder's + button): else its own text could never be saved again."""

import pytest

from catalogue.models import Card, Game
from decks.models import Deck
from decks.services import decks as deck_services

pytestmark = pytest.mark.django_db

REFUSED = "A deck holds at most 99 copies of a card: Pocket Puff (120)."


@pytest.fixture
def puff(sample):
    return Card.objects.get(name="Pocket Puff")


@pytest.fixture
def deck(alice, puff):
    game = Game.objects.get(slug="dust-collectorz")
    return deck_services.create_deck(alice, "Puff pile", game, "dc-prerelease", "private", {puff.pk: 99})


def test_lines_adding_up_past_99_are_refused_when_creating(client, alice, sample):
    client.force_login(alice)
    data = {
        "name": "Puffs",
        "format": "dc-prerelease",
        "visibility": "private",
        "decklist": "60 Pocket Puff\n60 Pocket Puff",
    }
    response = client.post("/en/decks/new/", data)
    assert response.status_code == 200
    assert REFUSED in response.text
    assert not Deck.objects.filter(name="Puffs").exists()


def test_the_builder_refuses_them_and_keeps_the_saved_version(client, alice, deck):
    client.force_login(alice)
    response = client.post(f"/en/decks/{deck.pk}/edit/", {"decklist": "60 Pocket Puff\n60 Pocket Puff", "save": "1"})
    assert REFUSED in response.text
    assert deck.versions.count() == 1
    # What a saved deck writes out is saved back unchanged: no version of 100 copies or more exists.
    text = client.get(f"/en/decks/{deck.pk}/export/").content.decode()
    assert text == "99 Pocket Puff (PR1) 002\n"
    assert client.post(f"/en/decks/{deck.pk}/edit/", {"decklist": text, "save": "1"}).status_code == 302


def test_the_api_refuses_a_card_listed_twice_past_99(api, alice, puff):
    api.force_authenticate(alice)
    body = {"name": "Puffs", "game": "dust-collectorz", "format": "dc-prerelease"}
    cards = [{"card": puff.pk, "qty": 60}, {"card": puff.pk, "qty": 60}]
    response = api.post("/api/v1/decks/", {**body, "cards": cards}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "decks.too_many_copies"
    assert response.json()["errors"] == {"cards": [REFUSED]}
    assert not Deck.objects.filter(name="Puffs").exists()


def test_plus_at_99_says_so_and_minus_still_works(client, alice, deck, puff):
    client.force_login(alice)
    response = client.post(f"/en/decks/{deck.pk}/card/", {"card": puff.pk}, follow=True)
    assert "A deck holds at most 99 copies of a card: Pocket Puff (100)." in response.text
    assert deck_services.version_cards(deck.latest_version()) == {puff.pk: 99}
    client.post(f"/en/decks/{deck.pk}/card/", {"card": puff.pk, "remove": "1"})
    assert deck_services.version_cards(deck.latest_version()) == {puff.pk: 98}
