"""The events lists at platform scale: filtered by game, status, date, store and whose events,
paginated, and costing the same queries with ten events or a hundred."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from tests.conftest import join_event, make_user
from tests.event_builder import build_event
from tournaments.models import Event, EventStaff
from tournaments.services.events import create_event

URL = reverse("tournaments:events")


def _event(organiser, name, game="dust-collectorz", day=None, venue="", **fields):
    event = create_event(organiser, name, game)
    changes = {"venue": venue, **fields}
    if day is not None:
        changes["starts_at"] = timezone.make_aware(datetime.datetime.combine(day, datetime.time(18)))
    Event.objects.filter(pk=event.pk).update(**changes)
    return event


def _names(response):
    return [event.name for event in response.context["page"].object_list]


@pytest.fixture
def stores(db, organiser):
    other = make_user("lyon_store", organiser=True)
    return {
        "friday": _event(organiser, "Friday night", day=datetime.date(2026, 12, 4), venue="Card Cave Lille"),
        "dbz": _event(organiser, "DBZ open", game="dbz-ccg", day=datetime.date(2026, 12, 12)),
        "lyon": _event(other, "Lyon prerelease", day=datetime.date(2026, 12, 5), status=Event.Status.FINISHED),
        "hidden": _event(other, "Staff practice", is_public=False),
    }


def test_filters_by_game_status_store_and_dates(client, stores):
    assert sorted(_names(client.get(URL, {"game": "dbz-ccg"}))) == ["DBZ open"]
    assert _names(client.get(URL, {"status": "finished"})) == ["Lyon prerelease"]
    assert _names(client.get(URL, {"store": "card cave"})) == ["Friday night"]
    assert _names(client.get(URL, {"store": "lyon_store"})) == ["Lyon prerelease"]
    december_first_week = client.get(URL, {"starts_from": "2026-12-01", "starts_until": "2026-12-06", "sort": "date"})
    assert _names(december_first_week) == ["Friday night", "Lyon prerelease"]


def test_a_private_event_stays_out_of_every_filter(client, stores):
    assert "Staff practice" not in _names(client.get(URL))
    assert _names(client.get(URL, {"q": "practice"})) == []
    assert "No event matches these filters." in client.get(URL, {"q": "practice"}).content.decode()


def test_whose_events(client, organiser, alice, stores):
    join_event(stores["friday"], alice)
    EventStaff.objects.create(event=stores["dbz"], user=alice, role=EventStaff.Role.JUDGE)
    client.force_login(alice)
    assert _names(client.get(URL, {"mine": "playing"})) == ["Friday night"]
    assert _names(client.get(URL, {"mine": "working"})) == ["DBZ open"]
    client.force_login(organiser)
    assert sorted(_names(client.get(URL, {"mine": "organising"}))) == ["DBZ open", "Friday night"]


def test_bad_filters_say_what_is_wrong_and_list_nothing_hidden(client, stores):
    response = client.get(URL, {"game": "chess", "starts_from": "2026-12-10", "starts_until": "2026-12-01"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Unknown game “chess”." in page
    assert "The end date is before the start date." in page
    assert "Staff practice" not in page


def test_pages_keep_the_filters(client, organiser):
    for number in range(55):
        _event(organiser, f"Store night {number:02d}")
    page = client.get(URL, {"q": "store night", "sort": "name"})
    assert len(page.context["page"].object_list) == 50
    assert "q=store+night&amp;sort=name&amp;page=2" in page.content.decode()
    second = client.get(URL, {"q": "store night", "sort": "name", "page": 2})
    assert _names(second) == [f"Store night {number}" for number in range(50, 55)]


def _queries(client, params):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(URL, params).status_code == 200
    return len(captured)


@pytest.mark.parametrize("params", [{}, {"mine": "playing"}, {"game": "dust-collectorz", "sort": "date"}])
def test_query_count_does_not_grow_with_the_number_of_events(client, organiser, alice, params):
    def add_events(count):
        for number in range(count):
            event = _event(organiser, f"Night {number}", day=datetime.date(2026, 12, 1))
            join_event(event, alice)

    client.force_login(alice)
    add_events(5)
    few = _queries(client, params)
    add_events(60)
    assert _queries(client, params) == few


@pytest.mark.parametrize("model", ["event", "entrant", "auditentry", "match"])
def test_admin_lists_cost_the_same_with_more_events(client, organiser, alice, model):
    admin = make_user("site_admin", is_staff=True, is_superuser=True)
    client.force_login(admin)
    url = reverse(f"admin:tournaments_{model}_changelist")

    def count():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    build_event(organiser, players=8, played=1, name="First")
    few = count()
    for number in range(6):
        build_event(organiser, players=8, played=1, name=f"More {number}")
    assert count() == few


def test_the_list_reads_events_without_the_rows_an_event_page_needs(client, stores):
    """A list row needs the event and its game. Joined to the five rows each event page reads along
    with it (settings, clock, sealed setup, prizes, page counters), PostgreSQL took 13-22 ms to plan
    each list page of a thousand stores (docs/benchmarks.md)."""
    with CaptureQueriesContext(connection) as captured:
        page = client.get(URL)
    listed = next(
        query["sql"] for query in captured if 'FROM "tournaments_event"' in query["sql"] and "LIMIT" in query["sql"]
    )
    for table in ("eventsettings", "clock", "sealedsetup", "prizetable", "pagecounters", "accounts_user"):
        assert table not in listed
    assert "Friday night" in page.content.decode()


def test_statuses_and_modes_are_shown_in_the_readers_language(client, stores):
    english = client.get(URL).content.decode()
    with translation.override("fr"):
        french = client.get(reverse("tournaments:events")).content.decode()
        finished_fr, versus_fr = str(Event.Status.FINISHED.label), str(Event.Mode.VERSUS.label)
    assert finished_fr != str(Event.Status.FINISHED.label)
    assert f">{finished_fr}</span>" in french and f">{versus_fr}</td>" in french
    assert f">{Event.Status.FINISHED.label}</span>" in english and f">{Event.Mode.VERSUS.label}</td>" in english
    assert Event(status="no-such-status").get_status_display() == "no-such-status"


def _row(page, name):
    row = page[page.index(f">{name}</a>") :]
    return row[: row.index("</tr>")]


def test_a_listed_event_changes_on_the_list_at_once(client, organiser, alice, stores):
    assert '<td class="num">0</td>' in _row(client.get(URL).content.decode(), "Friday night")
    join_event(stores["friday"], alice)
    Event.objects.filter(pk=stores["friday"].pk).update(status=Event.Status.SWISS)
    row = _row(client.get(URL).content.decode(), "Friday night")
    assert '<td class="num">1</td>' in row and str(Event.Status.SWISS.label) in row
    assert "Manage" not in row
    client.force_login(organiser)
    assert "Manage" in _row(client.get(URL).content.decode(), "Friday night")
    assert "Manage" not in _row(client.get(URL).content.decode(), "Lyon prerelease")


@pytest.mark.parametrize("url", ["/api/v1/tournaments/", "/api/v1/public/events/"])
def test_the_api_lists_cost_the_same_with_more_events(api, organiser, alice, url):
    """Each event's players are counted in the list's query, not one query per event."""

    def add_events(prefix, count):
        for number in range(count):
            join_event(_event(organiser, f"{prefix} {number}"), alice)

    def read():
        with CaptureQueriesContext(connection) as captured:
            response = api.get(url)
        assert response.status_code == 200
        body = response.json()
        rows = body["results"] if isinstance(body, dict) else body
        return len(captured), sorted((row["name"], row["players"]) for row in rows)

    api.force_authenticate(alice)
    add_events("Friday", 3)
    few, listed = read()
    assert listed == [("Friday 0", 1), ("Friday 1", 1), ("Friday 2", 1)]
    add_events("Saturday", 40)
    many, listed = read()
    assert many == few
    assert len(listed) == 43 and {players for _name, players in listed} == {1}


def test_the_api_list_filters_sorts_and_pages_as_the_events_page(api, organiser, alice, stores):
    join_event(stores["friday"], alice)
    api.force_authenticate(alice)

    def names(**query):
        response = api.get("/api/v1/tournaments/", query)
        assert response.status_code == 200, response.json()
        return [event["name"] for event in response.json()["results"]]

    assert names(mine="playing") == ["Friday night"]
    assert names(status="finished") == ["Lyon prerelease"]
    assert names(store="card cave") == ["Friday night"]
    assert names(game="dbz-ccg") == ["DBZ open"]
    assert names(sort="date", date_from="2026-12-01", date_to="2026-12-06") == ["Friday night", "Lyon prerelease"]
    assert names(sort="name") == ["DBZ open", "Friday night", "Lyon prerelease"]  # not the private one
    second = api.get("/api/v1/tournaments/", {"sort": "name", "page_size": 2, "page": 2}).json()
    assert second["count"] == 3 and [event["name"] for event in second["results"]] == ["Lyon prerelease"]
    refused = api.get("/api/v1/tournaments/", {"status": "playing", "page_size": 500})
    assert refused.status_code == 400 and set(refused.json()["errors"]) == {"status", "page_size"}
    assert api.get("/api/v1/tournaments/", {"page": 9}).status_code == 404


def test_a_bad_query_on_the_api_list_has_the_api_s_error_shape(api):
    body = api.get("/api/v1/tournaments/", {"status": "playing"}).json()
    assert body["code"] == "api.invalid" and set(body) == {"message", "code", "errors"}
    assert list(body["errors"]) == ["status"]
