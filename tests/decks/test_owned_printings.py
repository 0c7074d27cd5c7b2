"""A collection owns a card in any printing that is the same card: "3 Senzu Bean" reads as the newest
printing, and a player holding three of the Saiyan Saga printing can build the deck. The deck page,
the API and "Decks I can build" count alike; printings with other rules stay other cards."""

import datetime

import pytest

from catalogue.models import Card, Game
from decks.resolution import CardIndex
from decks.services import collections as collection_services
from decks.services import decks as deck_services
from games.cards import PrintingRule
from tests.decks.legality_helpers import card


@pytest.fixture
def binder(db, alice, sample):
    collection = collection_services.create_collection(alice, "DBZ binder")
    older = Card.objects.get(card_set__code="SAI", name="Senzu Bean")
    collection_services.set_copies(collection, older, 3, actor=alice)
    return collection


@pytest.fixture
def senzu_deck(alice, sample):
    game = Game.objects.get(slug="dbz-ccg")
    newest = Card.objects.get(card_set__code="NEW", name="Senzu Bean")
    return deck_services.create_deck(alice, "Beans", game, "dbz-expanded", "private", {newest.pk: 3})


def test_the_api_counts_an_older_printing_as_the_card(api, alice, binder):
    api.force_authenticate(alice)
    body = {"format": "dbz-expanded", "decklist": "3 Senzu Bean", "collection": binder.pk}
    answer = api.post("/api/v1/decks/validate/", body, format="json").json()
    assert answer["buildable"] is True and answer["missing"] == []
    answer = api.post("/api/v1/decks/validate/", {**body, "decklist": "4 Senzu Bean"}, format="json").json()
    assert [(row["name"], row["needed"], row["owned"], row["missing"]) for row in answer["missing"]] == [
        ("Senzu Bean", 4, 3, 1)
    ]


def test_the_deck_page_and_decks_i_can_build_agree(client, alice, binder, senzu_deck):
    client.force_login(alice)
    page = client.get(f"/en/decks/{senzu_deck.pk}/", {"collection": binder.pk})
    assert "You own every card of this deck." in page.text
    built = client.get(f"/en/collections/{binder.pk}/decks/")
    assert '<span class="badge ok">Buildable</span>' in built.text


def test_printings_with_other_rules_stay_other_cards():
    """Plain Python: a reprint with the same rules pools with its first printing; one with other rules
    (Dust Collectorz' default rule) does not; two printings in one deck share what is owned."""
    first = card("Pocket Puff", rank="bronze", ability="Sweep Up")
    reprint = card("Pocket Puff", rank="bronze", ability="Sweep Up", released_on=datetime.date(2024, 5, 1))
    changed = card("Pocket Puff", rank="silver", ability="Sweep Up", released_on=datetime.date(2025, 1, 1))
    index = CardIndex("dust-collectorz", [first, reprint, changed], PrintingRule())
    assert index.owned_for({reprint.id: 3}, {first.id: 2, changed.id: 5}) == {reprint.id: 2}
    assert index.owned_for({first.id: 1, reprint.id: 2}, {first.id: 2}) == {first.id: 1, reprint.id: 1}
    assert index.owned_for({changed.id: 1}, {first.id: 4}) == {changed.id: 0}


def test_drawing_a_hand_keeps_the_check_against_the_collection(client, alice, binder, sample):
    game = Game.objects.get(slug="dust-collectorz")
    puff = Card.objects.get(name="Pocket Puff")
    deck = deck_services.create_deck(alice, "Lint rush", game, "dc-prerelease", "private", {puff.pk: 8})
    client.force_login(alice)
    page = client.get(f"/en/decks/{deck.pk}/", {"collection": binder.pk, "as_of": "2026-01-05", "hand": "3"})
    draw_again = page.text.split('id="sample-hand"', 1)[1]
    assert f"?collection={binder.pk}&amp;as_of=2026-01-05&amp;hand=" in draw_again
    assert '<input type="hidden" name="hand" value="3">' in page.text  # and checking keeps the hand
