"""What judges check (issue 32, item 5): a DBZ list on the deck-check sheet and as the event
publishes it shows the Main Personality with its levels, the declared Tokui-Waza, the cards
grouped by card type and the card count."""

import html
import re

import pytest
from django.urls import reverse

from catalogue.models import Game
from decks.services import decks as deck_services
from tests.conftest import join_event
from tests.decks.test_dbz_decks import DECKLIST
from tournaments.models import CheckedDeck
from tournaments.services import decklists, entrants, events, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def dbz_event(organiser, alice, bob, sample):
    """A DBZ event in round 1 where alice registered a Goku deck (levels 1 to 3, Saiyan Tokui-Waza)."""
    game = Game.objects.get(slug="dbz-ccg")
    event = events.create_event(organiser, "Saiyan Saturday", game, top_cut=0, swiss_rounds=3)
    for user in (alice, bob):
        join_event(event, user)
    cards, declarations = deck_services.cards_from_decklist(DECKLIST, game)
    deck = deck_services.create_deck(alice, "Saiyan rush", game, "dbz-expanded", "private", cards, declarations)
    decklists.submit_deck(event.entrants.get(user=alice), deck.latest_version(), alice)
    for number in range(2):
        entrants.add_entrant(event, organiser, name=f"Walk-in {number}")
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    return event


def facts(page):
    listed = re.search(r'<dl class="facts deck-facts">(.*?)</dl>', page).group(1)
    return dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", listed))


def assert_a_judge_can_check(page):
    assert facts(page) == {"Main Personality": "Goku", "Levels": "1, 2, 3", "Tokui-Waza": "Saiyan Style"}
    assert "Main Personality — 3" in page  # the type's group, with its count
    assert page.index("Main Personality — 3") < page.index("Goku (Level 1)") < page.index("Goku (Level 3)")
    assert "7 cards in all" in page


def test_the_deck_check_sheet_shows_what_the_deck_is_built_around(client, organiser, alice, dbz_event):
    client.force_login(organiser)
    client.post(reverse("tournaments:deck_check_draw", args=[dbz_event.pk]), {"count": 2, "seed": "s"})
    checked = CheckedDeck.objects.get(entrant__user=alice)
    sheet = client.get(reverse("tournaments:deck_check_sheet", args=[dbz_event.pk, checked.pk]))
    assert_a_judge_can_check(html.unescape(sheet.text))


def test_a_published_dbz_list_is_grouped_with_its_facts_and_count(client, organiser, dbz_event):
    events.set_publication(dbz_event, organiser, "all")
    client.force_login(organiser)
    page = html.unescape(client.get(f"/en/events/{dbz_event.pk}/").text)
    assert_a_judge_can_check(page)
    french = html.unescape(client.get(f"/fr/events/{dbz_event.pk}/").text)
    assert "7 cartes en tout" in french
