"""Small wording defects a store owner met on the night (issue 27 item 7): what a message counts is
what was done, the reporting player's own wins come first, and counts agree in French."""

import html
import re

import pytest

from tests.conftest import join_event
from tournaments.models import DeckCheck
from tournaments.services import entrants as entrant_services
from tournaments.services import events

pytestmark = pytest.mark.django_db

DRAWN_ONE = {
    "en": "1 table drawn for a deck check: table {table} (seed s1).",
    "fr": "1 table tirée au sort pour une vérification de deck\u00a0: table {table} (graine s1).",
    "it": "1 tavolo sorteggiato per un controllo mazzi: tavolo {table} (seme s1).",
}


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_drawing_one_deck_check_table_says_one_table(client, paired, organiser, language):
    event, match, _ids = paired
    client.force_login(organiser)
    response = client.post(
        f"/{language}/events/{event.pk}/manage/judging/deck-checks/", {"count": 1, "seed": "s1"}, follow=True
    )
    check = DeckCheck.objects.get()
    assert check.tables == [match.table]
    assert DRAWN_ONE[language].format(table=match.table) in html.unescape(response.text)


def test_the_report_form_puts_the_reporting_players_wins_first(client, paired, alice, bob):
    event, match, ids = paired
    for user in (alice, bob):
        client.force_login(user)
        page = client.get(f"/en/events/{event.pk}/me/").text
        form = page[page.index('class="form report-form"') :]
        labels = re.findall(r'<label for="r-\d+">(.*?)</label>', form)
        names = re.findall(r'name="wins_(\d+)"', form)
        opponent = bob if user == alice else alice
        assert labels == ["Games you won", f"Games won by {opponent.username}"]
        assert [int(name) for name in names] == [ids[user.pk], ids[opponent.pk]]


@pytest.mark.parametrize(
    ("language", "one", "nine"),
    [
        ("en", "1 of 9 places taken", "9 of 9 places taken"),
        ("fr", "1 place prise sur 9", "9 places prises sur 9"),
        ("it", "1 posto occupato su 9", "9 posti occupati su 9"),
    ],
)
def test_places_taken_agree_with_the_count_on_the_event_page(client, organiser, alice, language, one, nine):
    event = events.create_event(organiser, "Small room", "dust-collectorz")
    entrant_services.set_capacity(event, organiser, 9)
    join_event(event, alice)
    assert one in client.get(f"/{language}/events/{event.pk}/").text
    for number in range(8):
        entrant_services.add_entrant(event, organiser, name=f"Walk-in {number}")
    assert nine in client.get(f"/{language}/events/{event.pk}/").text
