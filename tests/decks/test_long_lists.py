"""Lists that grow with a player's cards and decks are paged, so nothing falls off the end: a
collection's history, the player's own decks, a deck's versions."""

import re

import pytest

from catalogue.models import Card, Game
from decks.models import Collection, CollectionChange, Deck
from decks.services import collections as collection_services
from decks.services import decks as deck_services
from tests.decks.import_helpers import import_confirmed

pytestmark = pytest.mark.django_db


@pytest.fixture
def binder(alice, sample):
    return Collection.objects.create(owner=alice, name="Binder")


def test_an_import_stays_undoable_after_sixty_single_counts(client, api, alice, binder):
    client.force_login(alice)
    import_confirmed(client, f"/en/collections/{binder.pk}/import/", {"text": "3 Fluffnip\n2 Dustpan Trap"})
    imported = CollectionChange.objects.get(collection=binder, kind="add")
    puff = Card.objects.get(name="Pocket Puff")
    for _click in range(60):
        collection_services.add_copies(binder, puff, 1, actor=alice)

    first = client.get(f"/en/collections/{binder.pk}/history/")
    assert f'id="change-{imported.pk}"' not in first.text
    assert "Page 1 of 2" in first.text and "page=2" in first.text
    second = client.get(f"/en/collections/{binder.pk}/history/", {"page": 2})
    assert f'id="change-{imported.pk}"' in second.text
    assert f"/history/{imported.pk}/undo/" in second.text
    api.force_authenticate(alice)  # the API pages the same history
    newest = api.get(f"/api/v1/collections/{binder.pk}/history/").json()
    assert newest["count"] == 61 and imported.pk not in [change["id"] for change in newest["results"]]
    oldest = api.get(newest["next"]).json()["results"]
    assert len(oldest) == 11 and oldest[-1]["id"] == imported.pk and oldest[-1]["kind"] == "add"

    client.post(f"/en/collections/{binder.pk}/history/{imported.pk}/undo/")
    assert binder.owned() == {puff.pk: 60}


def test_an_empty_history_says_so(client, alice, binder):
    client.force_login(alice)
    assert "No changes yet." in client.get(f"/en/collections/{binder.pk}/history/").text


@pytest.fixture
def many_decks(alice, sample):
    """51 decks, "Deck 00" saved first: one more than a page."""
    game = Game.objects.get(slug="dust-collectorz")
    return [
        deck_services.create_deck(alice, f"Deck {number:02}", game, "dc-prerelease", "private") for number in range(51)
    ]


def test_my_decks_are_paged_and_sorted(client, alice, many_decks):
    client.force_login(alice)
    oldest = f'href="/en/decks/{many_decks[0].pk}/"'
    first = client.get("/en/decks/")
    assert len(re.findall(r'href="/en/decks/\d+/"', first.text)) == 50
    assert oldest not in first.text and "?mine=2" in first.text
    second = client.get("/en/decks/", {"mine": 2})
    assert oldest in second.text and "Page 2 of 2" in second.text

    by_name = client.get("/en/decks/", {"sort": "name"})
    assert oldest in by_name.text and "sort=name&amp;mine=2" in by_name.text
    assert by_name.text.index("Deck 00") < by_name.text.index("Deck 01")
    assert client.get("/en/decks/", {"sort": "nonsense", "mine": "abc", "page": "-3"}).status_code == 200


def test_every_version_of_a_deck_is_listed_on_its_page(client, alice, sample):
    game = Game.objects.get(slug="dust-collectorz")
    deck = deck_services.create_deck(alice, "Tuned", game, "dc-prerelease", "public")
    puff = Card.objects.get(name="Pocket Puff")
    for _save in range(52):
        deck_services.change_card(deck, puff.pk, 1 if deck.latest_version().number % 2 else -1)
    assert deck.versions.count() == 53
    first = client.get(f"/en/decks/{deck.pk}/", {"hand": "7"})
    assert f'href="/en/decks/{deck.pk}/versions/53/"' in first.text
    assert f'href="/en/decks/{deck.pk}/versions/1/"' not in first.text
    second = client.get(f"/en/decks/{deck.pk}/", {"hand": "7", "versions": "2"})
    assert f'href="/en/decks/{deck.pk}/versions/1/"' in second.text and "?hand=7&amp;versions=1" in second.text


def test_the_api_lists_all_my_decks_however_many_public_ones_there_are(api, alice, bob, sample):
    game = Game.objects.get(slug="dust-collectorz")
    mine = deck_services.create_deck(alice, "My oldest", game, "dc-prerelease", "private")
    Deck.objects.bulk_create(
        Deck(owner=bob, name=f"Public {number}", game=game, format_slug="dc-prerelease", visibility="public")
        for number in range(500)
    )
    api.force_authenticate(alice)
    listed = api.get("/api/v1/decks/").json()
    assert len(listed) == 501 and listed[-1]["id"] == mine.pk
    api.force_authenticate(None)
    assert len(api.get("/api/v1/decks/").json()) == 500


def test_a_card_search_showing_its_first_20_says_how_many_match(client, alice, binder):
    game = Game.objects.get(slug="dust-collectorz")
    deck = deck_services.create_deck(alice, "Search", game, "dc-prerelease", "private")
    matching = Card.objects.filter(card_set__game=game, search_name__contains="e").count()
    assert matching > 20
    client.force_login(alice)
    note = f"The first 20 of {matching} matching cards are shown: type more of the name to find the others."
    assert note in client.get(f"/en/decks/{deck.pk}/edit/", {"q": "e"}).text
    everywhere = Card.objects.filter(search_name__contains="e").count()  # a collection holds any game's cards
    note = note.replace(f"of {matching} ", f"of {everywhere} ")
    assert note in client.get(f"/en/collections/{binder.pk}/", {"q": "e"}).text
    assert "matching cards are shown" not in client.get(f"/en/decks/{deck.pk}/edit/", {"q": "puff"}).text
