"""Collection and deck pages as the owner (alice), another player (bob) and anonymously."""

import pytest

from catalogue.models import Card
from decks.models import Collection, Deck
from decks.services import decks as deck_services
from tests.decks.import_helpers import import_confirmed

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(alice, sample):
    from catalogue.models import Game

    puff, fluff = Card.objects.get(name="Pocket Puff"), Card.objects.get(name="Fluffnip")
    game = Game.objects.get(slug="dust-collectorz")
    return deck_services.create_deck(alice, "Lint rush", game, "dc-prerelease", "private", {puff.pk: 2, fluff.pk: 1})


@pytest.fixture
def pool(alice, sample):
    collection = Collection.objects.create(owner=alice, name="Pool")
    collection.items.create(card=Card.objects.get(name="Pocket Puff"), qty=1)
    return collection


def test_collections_need_login(client, pool):
    assert client.get("/en/collections/").status_code == 302
    assert client.get(f"/en/collections/{pool.pk}/").status_code == 302


def test_other_users_collection_is_404(client, bob, pool):
    client.force_login(bob)
    for url in ("", "import/", "export/", "settings/", "delete/"):
        assert client.get(f"/en/collections/{pool.pk}/{url}").status_code == 404, url
    assert client.post(f"/en/collections/{pool.pk}/count/", {"card": 1, "qty": 5, "action": "set"}).status_code == 404
    assert client.post(f"/en/collections/{pool.pk}/delete/").status_code == 404
    assert Collection.objects.filter(pk=pool.pk).exists()


def test_collection_page_search_add_and_remove(client, alice, pool):
    client.force_login(alice)
    page = client.get(f"/en/collections/{pool.pk}/", {"q": "fluff"})
    assert "Fluffnip" in page.text and "Pocket Puff" in page.text
    fluff = Card.objects.get(name="Fluffnip")
    client.post(f"/en/collections/{pool.pk}/count/", {"card": fluff.pk, "qty": 3, "action": "set"})
    assert pool.owned()[fluff.pk] == 3
    client.post(f"/en/collections/{pool.pk}/count/", {"card": fluff.pk, "qty": 0, "action": "set"})
    assert fluff.pk not in pool.owned()


def test_collection_import_page_shows_every_bad_line(client, alice, pool):
    client.force_login(alice)
    response = client.post(f"/en/collections/{pool.pk}/import/", {"text": "1 Fluffnip\n2 Fluffnp\nnonsense 0"})
    assert response.status_code == 200
    assert "Line 2" in response.text and "Did you mean: Fluffnip" in response.text
    assert list(pool.owned()) == [Card.objects.get(name="Pocket Puff").pk]
    ok = import_confirmed(client, f"/en/collections/{pool.pk}/import/", {"text": "1 Fluffnip"})
    assert ok.status_code == 302 and len(pool.owned()) == 2


def test_collection_delete_asks_first(client, alice, pool):
    client.force_login(alice)
    assert "This cannot be undone." in client.get(f"/en/collections/{pool.pk}/delete/").text
    assert Collection.objects.filter(pk=pool.pk).exists()
    client.post(f"/en/collections/{pool.pk}/delete/")
    assert not Collection.objects.filter(pk=pool.pk).exists()


def test_private_deck_pages(client, alice, bob, deck):
    client.force_login(alice)
    page = client.get(f"/en/decks/{deck.pk}/")
    assert page.status_code == 200 and "Not legal" in page.text and "<svg" in page.text
    assert "The deck has 3 cards; it must have 32." in page.text
    client.force_login(bob)
    for url in ("", "edit/", "settings/", "delete/", "export/", "versions/1/"):
        assert client.get(f"/en/decks/{deck.pk}/{url}").status_code == 404, url
    client.logout()
    assert client.get(f"/en/decks/{deck.pk}/").status_code == 404
    assert client.get(f"/en/decks/{deck.pk}/edit/").status_code == 302


def test_public_deck_is_readable_but_not_editable(client, alice, bob, deck):
    deck_services.edit_deck(deck, visibility="public")
    client.force_login(bob)
    page = client.get(f"/en/decks/{deck.pk}/")
    assert page.status_code == 200 and "Edit cards" not in page.text
    assert "Lint rush" in client.get("/en/decks/").text
    assert client.get(f"/en/decks/{deck.pk}/edit/").status_code == 404
    assert client.post(f"/en/decks/{deck.pk}/card/", {"card": Card.objects.first().pk}).status_code == 404


def test_check_against_collection_shows_buildable_badge(client, alice, deck, pool):
    client.force_login(alice)
    page = client.get(f"/en/decks/{deck.pk}/", {"collection": pool.pk})
    assert "Not buildable from the collection" in page.text and "2 cards are missing" in page.text
    messages = [missing["message"] for missing in page.context["verdict"]["missing"]]
    assert "Pocket Puff: 1 more copy needed than the collection holds." in messages
    assert "not_owned" not in [violation["code"] for violation in page.context["verdict"]["violations"]]
    pool.items.create(card=Card.objects.get(name="Fluffnip"), qty=1)
    pool.items.filter(card__name="Pocket Puff").update(qty=2)
    assert "Buildable from the collection" in client.get(f"/en/decks/{deck.pk}/", {"collection": pool.pk}).text


def test_builder_checks_without_saving_then_saves_a_version(client, alice, deck):
    client.force_login(alice)
    checked = client.post(f"/en/decks/{deck.pk}/edit/", {"decklist": "3 Pocket Puff", "check": "1"})
    assert checked.status_code == 200 and "The deck has 3 cards" in checked.text
    assert deck.latest_version().number == 1
    saved = client.post(f"/en/decks/{deck.pk}/edit/", {"decklist": "3 Pocket Puff", "save": "1"})
    assert saved.status_code == 302 and deck.latest_version().number == 2
    diff = client.get(f"/en/decks/{deck.pk}/versions/2/").text
    assert "Changes since version 1" in diff and "Fluffnip" in diff


def test_builder_refuses_unknown_lines(client, alice, deck):
    client.force_login(alice)
    response = client.post(f"/en/decks/{deck.pk}/edit/", {"decklist": "3 Pocket Pff", "save": "1"})
    assert response.status_code == 200 and "Did you mean: Pocket Puff" in response.text
    assert deck.latest_version().number == 1


def test_add_and_remove_buttons_work_without_javascript(client, alice, deck):
    client.force_login(alice)
    fluff = Card.objects.get(name="Fluffnip")
    client.post(f"/en/decks/{deck.pk}/card/", {"card": fluff.pk})
    assert deck_services.version_cards(deck.latest_version())[fluff.pk] == 2
    client.post(f"/en/decks/{deck.pk}/card/", {"card": fluff.pk, "remove": "1"})
    client.post(f"/en/decks/{deck.pk}/card/", {"card": fluff.pk, "remove": "1"})
    assert fluff.pk not in deck_services.version_cards(deck.latest_version())
    other_game = Card.objects.filter(card_set__game__slug="dbz-ccg").first()
    assert client.post(f"/en/decks/{deck.pk}/card/", {"card": other_game.pk}).status_code == 404


def test_create_deck_page(client, alice, sample):
    client.force_login(alice)
    assert client.get("/en/decks/new/").status_code == 200
    response = client.post(
        "/en/decks/new/",
        {
            "name": "Saiyan",
            "format": "dbz-expanded",
            "visibility": "unlisted",
            "decklist": "Tokui-Waza: Saiyan\n1 Goku (Level 1)",
        },
    )
    deck = Deck.objects.get(name="Saiyan")
    assert response.url == f"/en/decks/{deck.pk}/" and deck.game.slug == "dbz-ccg"
    assert deck.latest_version().declarations == {"tokui-waza": "Saiyan"}


def test_deck_export_round_trips(client, alice, deck):
    client.force_login(alice)
    text = client.get(f"/en/decks/{deck.pk}/export/").content.decode()
    assert "2 Pocket Puff (PR1) 002" in text
    cards, _declarations = deck_services.cards_from_decklist(text, deck.game)
    assert cards == deck_services.version_cards(deck.latest_version())


def test_deck_delete_asks_first(client, alice, deck):
    client.force_login(alice)
    assert "for 30 days; then it is deleted for good." in client.get(f"/en/decks/{deck.pk}/delete/").text
    assert Deck.objects.get(pk=deck.pk).deleted_at is None, "asking deletes nothing"
    client.post(f"/en/decks/{deck.pk}/delete/")
    assert Deck.objects.get(pk=deck.pk).deleted_at is not None  # restorable: tests/decks/test_deck_undo_delete.py
    assert client.get(f"/en/decks/{deck.pk}/").status_code == 404


@pytest.mark.parametrize("language", ["fr", "it"])
def test_deck_pages_are_translated(client, alice, deck, pool, language):
    client.force_login(alice)
    for url in (
        "/decks/",
        f"/decks/{deck.pk}/",
        f"/decks/{deck.pk}/edit/",
        "/collections/",
        f"/collections/{pool.pk}/",
    ):
        response = client.get(f"/{language}{url}")
        assert response.status_code == 200 and f'lang="{language}"' in response.text


def test_owned_and_missing_table(client, alice, deck, pool):
    client.force_login(alice)
    page = client.get(f"/en/decks/{deck.pk}/", {"collection": pool.pk})
    rows = page.context["missing"]
    assert [(card.name, needed, owned, missing) for card, needed, owned, missing in rows] == [
        ("Fluffnip", 1, 0, 1),
        ("Pocket Puff", 2, 1, 1),
    ]


def test_violations_link_to_the_rule_in_the_readers_language(client, alice, deck):
    client.force_login(alice)
    page = client.get(f"/fr/decks/{deck.pk}/").text
    assert 'href="/fr/rules/dust-collectorz/#deck-composition-1"' in page
