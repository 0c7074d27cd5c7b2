"""Pages that fit the game (issue 32, item 6): a game without deck building (Dust: Reclamation)
offers no deck links or deck sections anywhere; a game with decks (Dust Collectorz) still does."""

import pytest
from django.core.cache import cache

from tests.conftest import join_event
from tournaments.services import events, rounds

pytestmark = pytest.mark.django_db

DECK_WORDS = ["Register a deck", "Change my deck", "Decklists", "Decklist publication", "Deck checks", "deck-check"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def pages(client, event, organiser, alice):
    """The player's page (before the start, while decks may change) and, once round 1 is paired,
    the event page and the organiser's dashboard, players, results desk and judging pages."""
    client.force_login(alice)
    texts = [client.get(f"/en/events/{event.pk}/me/").text]
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    texts.append(client.get(f"/en/events/{event.pk}/").text)
    client.force_login(organiser)
    for path in ("manage/", "manage/players/", "manage/results/", "manage/judging/"):
        response = client.get(f"/en/events/{event.pk}/{path}")
        assert response.status_code == 200, path
        texts.append(response.text)
    return texts


def seated(organiser, alice, bob, game):
    event = events.create_event(organiser, f"{game} night", game, top_cut=0, swiss_rounds=3)
    for user in (alice, bob):
        join_event(event, user)
    return event


def test_a_game_without_decks_offers_no_deck_links(client, organiser, alice, bob):
    event = seated(organiser, alice, bob, "dust-reclamation")
    texts = pages(client, event, organiser, alice)
    for text in texts:
        for words in DECK_WORDS:
            assert words not in text
    assert f"/events/{event.pk}/manage/decklists/" not in "".join(texts)
    assert "checked in" in texts[0]  # the player's tile still says whether they are checked in


def test_a_game_with_decks_keeps_them(client, organiser, alice, bob):
    event = seated(organiser, alice, bob, "dust-collectorz")
    me, _event_page, dashboard, players, desk, judging = pages(client, event, organiser, alice)
    assert "Register a deck" in me
    assert "Decklists" in dashboard and "Decklist publication" in dashboard
    assert "<th>Deck</th>" in players
    assert "Decklists" in desk
    assert "Deck checks" in judging


def test_registering_for_a_game_without_decks_asks_for_no_deck(client, organiser, alice):
    event = events.create_event(organiser, "Trick night", "dust-reclamation", top_cut=0, swiss_rounds=3)
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/register/").text
    assert 'name="deck"' not in page and "Build a deck" not in page and "No deck yet" not in page
    response = client.post(f"/en/events/{event.pk}/register/", {"csrfmiddlewaretoken": "sent by the browser"})
    assert response.status_code == 302 and event.entrants.filter(user=alice).exists()
    again = client.get(f"/en/events/{event.pk}/register/")
    assert again.status_code == 302 and again["Location"].endswith(f"/events/{event.pk}/me/")


def test_registering_for_a_game_with_decks_still_offers_one(client, organiser, alice):
    event = events.create_event(organiser, "Collectorz night", "dust-collectorz", top_cut=0, swiss_rounds=3)
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/register/").text
    assert 'name="deck"' in page and "Build a deck" in page
