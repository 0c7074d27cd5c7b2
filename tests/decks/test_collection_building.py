"""Inside a collection: filters and grouping, counts labelled as copies and distinct cards, and
"decks I can build" with what each deck misses. Buildable and legal are told apart everywhere."""

from pathlib import Path

import pytest

from catalogue.models import Card, Game
from decks.models import Collection
from decks.services import decks as deck_services

pytestmark = pytest.mark.django_db
EXPORTS = Path(__file__).parent / "exports"


@pytest.fixture
def shelf(alice, sample):
    """Every card of the legal 32-card deck once, plus 3 Goku (Level 1) of another game."""
    game = Game.objects.get(slug="dust-collectorz")
    content = deck_services.deck_content((EXPORTS / "plain-deck.txt").read_text(encoding="utf-8"), game)
    collection = Collection.objects.create(owner=alice, name="Shelf")
    for card_id, qty in content.cards.items():
        collection.items.create(card_id=card_id, qty=qty)
    collection.items.create(card=Card.objects.filter(name="Goku (Level 1)").first(), qty=3)
    return collection, content


def test_filters_and_grouping_inside_a_collection(client, alice, shelf):
    collection, _content = shelf
    client.force_login(alice)
    page = client.get(f"/en/collections/{collection.pk}/")
    assert "35 copies" in page.text and "33 distinct cards" in page.text
    only_dc = client.get(f"/en/collections/{collection.pk}/", {"f-game": "dust-collectorz", "f-group": "tribe"})
    groups = [group.grouper for group in _groups(only_dc)]
    assert groups == ["Attic Hoarders", "Cobweavers", "Gutter Gremlins", "Lintlings", "Rustbacks", "—"]
    assert "Goku (Level 1)" not in only_dc.text
    bronze = client.get(f"/en/collections/{collection.pk}/", {"f-rank": "bronze", "f-tribe": "Lintlings"})
    assert [item.card.name for item in bronze.context["page"].object_list] == ["Fluffnip", "Pocket Puff"]
    none = client.get(f"/en/collections/{collection.pk}/", {"f-name": "no such card"})
    assert "No card of this collection matches these filters." in none.text
    by_type = client.get(f"/fr/collections/{collection.pk}/", {"f-group": "type"})
    assert by_type.status_code == 200 and "Regrouper par" in by_type.text


def test_the_set_and_type_filters(client, alice, shelf):
    collection, _content = shelf
    client.force_login(alice)
    url = f"/en/collections/{collection.pk}/"

    def shown(query):
        return sorted(item.card.name for item in client.get(url, query).context["page"].object_list)

    assert shown({"f-set": "SAI"}) == ["Goku (Level 1)"]
    assert shown({"f-type": "counter"}) == ["Dustpan Trap", "Mousetrap Snap"]
    assert shown({"f-set": "PR1", "f-type": "counter", "f-name": "mouse"}) == ["Mousetrap Snap"]
    assert len(shown({"f-set": "PR1"})) == 32


def _groups(response):
    labels = []
    for item in response.context["page"].object_list:
        if not labels or labels[-1].grouper != item.group_label:
            labels.append(type("Group", (), {"grouper": item.group_label})())
    return labels


def test_decks_i_can_build_say_what_each_misses(client, alice, bob, shelf):
    collection, content = shelf
    game = Game.objects.get(slug="dust-collectorz")
    full = deck_services.create_deck(alice, "Full", game, "dc-prerelease", "private", content.cards)
    puff = Card.objects.get(name="Pocket Puff")
    greedy = deck_services.create_deck(alice, "Greedy", game, "dc-prerelease", "private", {puff.pk: 3})
    deck_services.create_deck(bob, "Bob's", game, "dc-prerelease", "private", {puff.pk: 1})
    client.force_login(alice)
    page = client.get(f"/en/collections/{collection.pk}/decks/")
    rows = page.context["rows"]
    assert [(row["deck"].name, row["buildable"], row["legal"]) for row in rows] == [
        ("Full", True, True),
        ("Greedy", False, False),
    ]
    assert rows[1]["missing"] == [("Pocket Puff", 2)] and "2 Pocket Puff" in page.text
    assert "1 of your 2 decks can be built." in page.text
    client.force_login(bob)
    assert client.get(f"/en/collections/{collection.pk}/decks/").status_code == 404
    # Missing cards never make a deck "not legal": the deck page says legal and not buildable apart.
    client.force_login(alice)
    collection.items.filter(card=puff).delete()
    deck_page = client.get(f"/en/decks/{full.pk}/", {"collection": collection.pk})
    assert deck_page.context["verdict"]["legal"] is True and deck_page.context["verdict"]["buildable"] is False
    assert greedy.pk


def test_the_deck_list_shows_a_legality_badge(client, alice, shelf):
    _collection, content = shelf
    game = Game.objects.get(slug="dust-collectorz")
    deck_services.create_deck(alice, "Full", game, "dc-prerelease", "public", content.cards)
    deck_services.create_deck(
        alice, "Tiny", game, "dc-prerelease", "private", {Card.objects.get(name="Fluffnip").pk: 1}
    )
    client.force_login(alice)
    page = client.get("/en/decks/")
    badges = {deck.name: deck.legal for deck in page.context["mine"]}
    assert badges == {"Full": True, "Tiny": False}
    assert page.text.count("legal-badge") == 2
