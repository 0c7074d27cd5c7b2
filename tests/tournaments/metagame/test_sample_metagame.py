"""The metagame report (issue 29, item 4) of the sample event `make run` loads, against a count
made by hand from its data; who may read it; its CSV, JSON and public API; the season report and
its cost."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from sample.events import SAMPLE_NAME
from tests.exports_support import read_dicts
from tournaments.models import Event, EventSettings, Seat
from tournaments.services import events

pytestmark = pytest.mark.django_db

# The sample event as it loads (sample/events.py): who plays which deck, and the two rounds played,
# (round, table, first player, games, second player, games).
RUST_AND_LINT = ("Ada", "Alice", "Dmitri", "Greta")  # Epic cards King Corrode and Omnifluff the Endless
WEAVER = ("Bob", "Bruno", "Elodie")  # Arachnerva the Weaver
FIVE_PLATINUM = ("Charlie", "Chiara", "Hugo")  # no Epic card
HEIRLOOM = ("Femi", "Ines")  # Bilgewater Bess and The Last Heirloom
PLAYED = [
    (1, 1, "Femi", 2, "Chiara", 0),  # Heirloom beats Five Platinum
    (1, 2, "Greta", 1, "Bob", 2),  # Weaver beats Rust and Lint
    (1, 3, "Elodie", 2, "Dmitri", 0),  # Weaver beats Rust and Lint
    (1, 4, "Ada", 2, "Hugo", 1),  # Rust and Lint beats Five Platinum
    (1, 5, "Charlie", 0, "Bruno", 2),  # Weaver beats Five Platinum
    (1, 6, "Alice", 0, "Ines", 2),  # Heirloom beats Rust and Lint
    (2, 1, "Bruno", 0, "Elodie", 2),  # Weaver mirror
    (2, 2, "Femi", 2, "Bob", 1),  # Heirloom beats Weaver
    (2, 3, "Ines", 2, "Ada", 0),  # Heirloom beats Rust and Lint
    (2, 4, "Alice", 2, "Chiara", 0),  # Rust and Lint beats Five Platinum
    (2, 5, "Charlie", 2, "Hugo", 0),  # Five Platinum mirror
    (2, 6, "Dmitri", 1, "Greta", 2),  # Rust and Lint mirror
]
# Counted by hand from PLAYED (mirrors left out of the archetype's own record):
# label, decks, (wins, losses, draws), mirror matches.
BY_HAND = [
    (
        "King Corrode + Omnifluff the Endless",
        4,
        (2, 4, 0),
        1,
    ),  # beat Five Platinum twice; lost 2 to Weaver, 2 to Heirloom
    ("Arachnerva the Weaver", 3, (3, 1, 0), 1),  # beat Rust and Lint twice and Five Platinum; lost to Heirloom
    ("No Epic", 3, (0, 4, 0), 1),  # lost to Heirloom, Rust and Lint twice, Weaver
    ("Bilgewater Bess + The Last Heirloom", 2, (4, 0, 0), 0),  # won all four
]


@pytest.fixture
def sample_event(db):
    call_command("load_sample_data", stdout=io.StringIO())
    return Event.objects.get(name=SAMPLE_NAME)


def publish(event):
    """The organiser publishes every list and ends the event (round 3 was never played)."""
    organiser = event.organiser
    events.set_publication(event, organiser, EventSettings.Publication.ALL)
    events.finish_event(event, organiser)
    return Event.objects.get(pk=event.pk)


def test_the_sample_is_the_event_the_hand_count_was_made_from(sample_event):
    seats = Seat.objects.filter(match__round__event=sample_event, match__round__number__lte=2).order_by(
        "match__round__number", "match__table", "pk"
    )
    rows = [(seat.match.round.number, seat.match.table, seat.entrant.name, seat.game_wins) for seat in seats]
    expected = [row for r, t, a, wa, b, wb in PLAYED for row in ((r, t, a, wa), (r, t, b, wb))]
    assert rows == expected
    decks = {entrant.name: entrant.deck.deck.name for entrant in sample_event.entrants.select_related("deck__deck")}
    assert {name for name, deck in decks.items() if deck == "Rust and Lint"} == set(RUST_AND_LINT)
    assert {name for name, deck in decks.items() if deck == "The Weaver"} == set(WEAVER)
    assert {name for name, deck in decks.items() if deck == "Five Platinum"} == set(FIVE_PLATINUM)
    assert {name for name, deck in decks.items() if deck == "Heirloom Tide"} == set(HEIRLOOM)
    assert all(entrant.deck_legal for entrant in sample_event.entrants.all()), (
        "the sample lists are legal pre-release decks"
    )


def test_the_sample_metagame_matches_the_hand_count(client, sample_event):
    event = publish(sample_event)
    report = client.get(f"/en/events/{event.pk}/metagame.json").json()
    rows = [
        (row["label"], row["decks"], (row["wins"], row["losses"], row["draws"]), row["mirror_matches"])
        for row in report["archetypes"]
    ]
    assert rows == BY_HAND
    assert [row["share"] for row in report["archetypes"]] == [round(4 / 12, 4), 0.25, 0.25, round(2 / 12, 4)]
    assert [row["win_rate"] for row in report["archetypes"]] == [round(2 / 6, 4), 0.75, 0.0, 1.0]
    assert not report["has_top_cut"] and all(row["conversion"] is None for row in report["archetypes"])
    matchups = report["matchups"]["rows"]  # rows and columns: Rust and Lint, Weaver, Five Platinum, Heirloom
    records = [[(cell["wins"], cell["losses"]) if cell else None for cell in row] for row in matchups]
    assert records == [
        [None, (0, 2), (2, 0), (0, 2)],
        [(2, 0), None, (1, 0), (0, 1)],
        [(0, 2), (0, 1), None, (0, 1)],
        [(2, 0), (1, 0), (1, 0), None],
    ]
    by_player = {deck["name"]: deck["label"] for deck in report["lists"]}
    assert {by_player[name] for name in HEIRLOOM} == {"Bilgewater Bess + The Last Heirloom"}
    page = client.get(f"/en/events/{event.pk}/metagame/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="metagame-chart') == 2
    assert "75%" in html and "Arachnerva the Weaver" in html
    assert f'href="/en/events/{event.pk}/metagame/"' in client.get(f"/en/events/{event.pk}/").content.decode()


def test_unpublished_lists_have_no_report_except_for_the_organiser(client, sample_event):
    users = get_user_model().objects
    for who in (None, users.get(username="alice")):
        if who:
            client.force_login(who)
        for path in ("metagame/", "metagame.csv", "metagame.json"):
            assert client.get(f"/en/events/{sample_event.pk}/{path}").status_code == 404, (who, path)
        assert (
            f"/events/{sample_event.pk}/metagame/" not in client.get(f"/en/events/{sample_event.pk}/").content.decode()
        )
    client.force_login(sample_event.organiser)
    page = client.get(f"/en/events/{sample_event.pk}/metagame/")
    assert page.status_code == 200 and "players see this report once the event publishes" in page.content.decode()


def test_the_csv_reads_back_in_french(client, sample_event):
    event = publish(sample_event)
    rows = read_dicts(client.get(f"/fr/events/{event.pk}/metagame.csv"), "fr")
    assert [row["Archétype"] for row in rows][-1] == "Bilgewater Bess + The Last Heirloom"
    weaver = next(row for row in rows if row["Archétype"] == "Arachnerva the Weaver")
    assert weaver["Decks"] == "3" and weaver["Part (%)"] == "25,00"
    assert weaver["Taux de victoire en matchs (%)"] == "75,00" and weaver["Matchs miroirs"] == "1"
    assert weaver["Contre Arachnerva the Weaver\u00a0: taux de victoire (%)"] == ""  # the mirror is no matchup
    assert weaver["Contre Aucune carte Épique\u00a0: taux de victoire (%)"] == "100,00"


def test_the_public_api_gives_the_report_once_published_with_etags(api, sample_event):
    url = f"/api/v1/public/events/{sample_event.pk}/metagame/"
    assert api.get(url).status_code == 404
    api.force_authenticate(sample_event.organiser)
    assert api.get(url).status_code == 404, "the public API answers as it would anyone"
    event = publish(sample_event)
    first = api.get(url)
    assert first.status_code == 200 and first.json()["decks"] == 12
    assert first.json()["event"]["id"] == event.pk
    assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_game_without_decks_has_no_report(client, organiser):
    event = events.create_event(organiser, "Trick night", "dust-reclamation")
    client.force_login(organiser)
    assert client.get(f"/en/events/{event.pk}/metagame/").status_code == 404
