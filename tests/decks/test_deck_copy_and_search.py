"""A copy of a deck keeps its description (page and API), and the builder's card search says when a
search by tribe or rank finds nothing, as a search by name does."""

import pytest

from catalogue.models import Card, Game, Tribe
from decks.models import Deck
from decks.services import decks as deck_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_deck(alice, sample):
    game = Game.objects.get(slug="dust-collectorz")
    puff = Card.objects.get(name="Pocket Puff")
    return deck_services.create_deck(
        alice, "Lint rush", game, "dc-prerelease", "public", {puff.pk: 2}, description="Swarm early; hold Trap."
    )


def test_a_copy_keeps_the_description_on_the_page_and_over_the_api(client, api, bob, public_deck):
    client.force_login(bob)
    copied = client.post(f"/en/decks/{public_deck.pk}/clone/", {"name": "My lint rush"}, follow=True)
    copy = Deck.objects.get(owner=bob, name="My lint rush")
    assert copy.description == "Swarm early; hold Trap." and "Swarm early; hold Trap." in copied.text
    settings_page = client.get(f"/en/decks/{copy.pk}/settings/").text
    assert "Swarm early; hold Trap." in settings_page, "the copy's owner edits it from there"
    api.force_authenticate(bob)
    body = api.post(f"/api/v1/decks/{public_deck.pk}/clone/", {}, format="json").json()
    assert body["description"] == "Swarm early; hold Trap." and body["visibility"] == "private"


def test_a_search_by_tribe_or_rank_alone_that_finds_nothing_says_so(client, alice, public_deck):
    # A tribe on the wheel whose cards are not in the catalogue yet: choosing it finds no card.
    Tribe.objects.create(game=public_deck.game, name="Vacuum Sprites", position=9)
    client.force_login(alice)
    empty = client.get(f"/en/decks/{public_deck.pk}/edit/", {"tribe": "Vacuum Sprites"}).text
    assert "No card matches." in empty
    empty = client.get(f"/en/decks/{public_deck.pk}/edit/", {"tribe": "Vacuum Sprites", "rank": "gold"}).text
    assert "No card matches." in empty
    found = client.get(f"/en/decks/{public_deck.pk}/edit/", {"rank": "epic"}).text
    assert "No card matches." not in found and "Omnifluff the Endless" in found
    assert "No card matches." not in client.get(f"/en/decks/{public_deck.pk}/edit/").text, "no search, no message"
