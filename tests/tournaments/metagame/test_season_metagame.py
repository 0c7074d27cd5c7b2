"""A store's season (issue 29, item 4): the same report over an organiser's finished events of one
format with published lists, filtered by dates; its cost does not grow with events or players."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from catalogue.models import Card, Game
from decks.models import Visibility
from decks.services.decks import create_deck
from tests.event_builder import build_event
from tournaments.models import Event, EventSettings

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(organiser, sample):
    """Two decks of the organiser's: one with an Epic card, one without (the event checks neither)."""
    game = Game.objects.get(slug="dust-collectorz")
    champions = list(Card.objects.filter(card_set__game=game, type="champion").exclude(rank="epic").order_by("pk"))
    epic = Card.objects.get(name="King Corrode")
    plain = create_deck(
        organiser, "Plain", game, "dc-prerelease", Visibility.PRIVATE, {card.pk: 1 for card in champions[:30]}
    )
    epic_deck = create_deck(
        organiser, "Epic", game, "dc-prerelease", Visibility.PRIVATE, {**{c.pk: 1 for c in champions[:29]}, epic.pk: 1}
    )
    return plain.latest_version(), epic_deck.latest_version()


def finished_event(organiser, decks, players, day, name="League night", **fields):
    """A finished event of `players` with published lists (every other player on each deck)."""
    event = build_event(organiser, players, 2, pending=False, name=name)
    for index, entrant in enumerate(event.entrants.order_by("name")):
        entrant.deck = decks[index % 2]
        entrant.save(update_fields=["deck"])
    starts = timezone.make_aware(datetime.datetime(2026, 11, day, 18, 0))
    fields = {"status": Event.Status.FINISHED, "format_slug": "dc-prerelease", "starts_at": starts, **fields}
    Event.objects.filter(pk=event.pk).update(**fields)
    EventSettings.objects.filter(event=event).update(publication=EventSettings.Publication.ALL)
    return event


def season_url(organiser, **dates):
    query = "&".join(f"{key}={value}" for key, value in dates.items())
    return f"/en/events/metagame.json?organiser={organiser.username}&format=dc-prerelease&{query}"


def test_the_season_counts_finished_published_events_of_the_format_and_dates(client, organiser, decks):
    first = finished_event(organiser, decks, 4, 6)
    second = finished_event(organiser, decks, 6, 13)
    finished_event(organiser, decks, 4, 20, name="Another format", format_slug="")
    finished_event(organiser, decks, 4, 20, name="Still playing", status=Event.Status.SWISS)
    finished_event(organiser, decks, 4, 20, name="Private", is_public=False)
    report = client.get(season_url(organiser)).json()
    assert [event["id"] for event in report["events"]] == [first.pk, second.pk]
    assert report["decks"] == 10
    # Plain: 12 Lintlings, 12 Rustbacks, 6 Cobweavers; Epic: one Rustback more, King Corrode.
    archetypes = {row["label"]: row["decks"] for row in report["archetypes"]}
    assert archetypes == {"Lintlings / Rustbacks · No Epic": 5, "Rustbacks · King Corrode": 5}
    dated = client.get(season_url(organiser, date_from="2026-11-10", date_to="2026-11-30")).json()
    assert [event["id"] for event in dated["events"]] == [second.pk] and dated["decks"] == 6
    page = client.get(f"/en/events/metagame/?organiser={organiser.username}&format=dc-prerelease")
    assert page.status_code == 200 and "King Corrode" in page.content.decode()
    bad = client.get("/en/events/metagame.json?organiser=nobody-here&format=dc-prerelease")
    assert bad.status_code == 400 and set(bad.json()) == {"message", "code", "errors"}


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_season_costs_the_same_queries_for_more_events_and_players(client, organiser, decks):
    finished_event(organiser, decks, 4, 6)
    few = (_queries(client, season_url(organiser)), _queries(client, season_url(organiser).replace(".json", ".csv")))
    for day in (7, 8, 9):
        finished_event(organiser, decks, 12, day)
    many = (_queries(client, season_url(organiser)), _queries(client, season_url(organiser).replace(".json", ".csv")))
    assert few == many
    page = f"/en/events/metagame/?organiser={organiser.username}&format=dc-prerelease"
    assert _queries(client, page) < 20


def test_an_events_report_costs_the_same_queries_for_more_players(client, organiser, decks):
    small = finished_event(organiser, decks, 4, 6)
    large = finished_event(organiser, decks, 40, 7)
    # Each rendered once (the cache is empty): the same fixed number of queries.
    assert _queries(client, f"/en/events/{small.pk}/metagame/") == _queries(client, f"/en/events/{large.pk}/metagame/")
