"""The public read API (issue 29): what the pages show anyone, versioned under /api/v1/public/, from
the pages' per-change cache (ETags, 304s), rate-limited per client, and never more than the pages."""

import datetime

import pytest
from django.utils import timezone

from catalogue.models import Game
from tests.tournaments.decklists.test_event_decklists import public_deck, start
from tournaments.models import Event
from tournaments.services import entrants, events

from ..interchange.interchange_support import played_event

pytestmark = pytest.mark.django_db


def _day(day):
    return timezone.make_aware(datetime.datetime(2026, 11, day, 18, 0))


def test_the_list_holds_public_events_only_filtered_and_paginated(api, organiser, alice):
    friday = events.create_event(organiser, "Friday", "dust-collectorz", starts_at=_day(27))
    events.create_event(organiser, "Saturday", "dbz-ccg", starts_at=_day(28))
    events.create_event(organiser, "Secret", "dust-collectorz", starts_at=_day(27), is_public=False)
    api.force_authenticate(organiser)  # the organiser of the private event: still not listed here
    names = [event["name"] for event in api.get("/api/v1/public/events/").json()["results"]]
    assert names == ["Saturday", "Friday"]
    assert [e["id"] for e in api.get("/api/v1/public/events/?game=dust-collectorz").json()["results"]] == [friday.pk]
    assert api.get("/api/v1/public/events/?organiser=OLIVIA").json()["count"] == 2
    assert api.get("/api/v1/public/events/?organiser=alice").json()["count"] == 0
    dated = api.get("/api/v1/public/events/?date_from=2026-11-28&date_to=2026-11-28").json()
    assert [event["name"] for event in dated["results"]] == ["Saturday"]
    paged = api.get("/api/v1/public/events/?page_size=1&page=2").json()
    assert paged["count"] == 2 and [event["name"] for event in paged["results"]] == ["Friday"]
    bad = api.get("/api/v1/public/events/?date_from=someday")
    assert bad.status_code == 400 and set(bad.json()) >= {"message", "errors"}


def test_a_private_event_is_404_everywhere_even_to_its_organiser(api, organiser):
    event = played_event(organiser)
    Event.objects.filter(pk=event.pk).update(is_public=False)
    api.force_authenticate(organiser)
    for path in ("", "standings/", "rounds/1/", "decklists/"):
        response = api.get(f"/api/v1/public/events/{event.pk}/{path}")
        assert response.status_code == 404 and "message" in response.json()


@pytest.mark.parametrize("path", ["", "standings/", "rounds/2/", "decklists/"])
def test_event_answers_have_an_etag_and_answer_304_until_something_changes(api, organiser, path):
    event = played_event(organiser)
    url = f"/api/v1/public/events/{event.pk}/{path}"
    first = api.get(url)
    assert first.status_code == 200 and first["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    events.update_event(event, organiser, venue="Hall C")
    assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_standings_and_rounds_are_the_pages_data_served_from_the_cache(api, organiser, monkeypatch):
    event = played_event(organiser)
    standings = api.get(f"/api/v1/public/events/{event.pk}/standings/").json()
    assert standings == api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()
    assert len(standings["standings"]) == 7 and standings["round"] == 3

    def no_render(*args):
        raise AssertionError("rendered again: not served from the cache")

    monkeypatch.setattr("tournaments.api.public.standings_payload", no_render)
    assert api.get(f"/api/v1/public/events/{event.pk}/standings/").json() == standings
    tables = api.get(f"/api/v1/public/events/{event.pk}/rounds/3/").json()["tables"]
    assert tables == api.get(f"/api/v1/tournaments/{event.pk}/rounds/3/").json()["tables"]
    assert api.get(f"/api/v1/public/events/{event.pk}/rounds/9/").status_code == 404


def test_decklists_show_only_once_published(api, organiser, alice, sample):
    dc = Game.objects.get(slug="dust-collectorz")
    event = events.create_event(organiser, "Prerelease", dc, format_slug="dc-prerelease", swiss_rounds=2)
    entrants.add_entrant(event, alice, user=alice, deck_version=public_deck(alice, dc).latest_version())
    url = f"/api/v1/public/events/{event.pk}/decklists/"
    api.force_authenticate(alice)  # even the owner: the public API shows what anyone sees
    events.set_publication(event, organiser, "all")
    assert api.get(url).json() == []
    start(event, organiser)
    events.finish_event(event, organiser)
    published = api.get(url).json()
    assert "Lint rush" in [deck["deck_name"] for deck in published] and all(deck["decklist"] for deck in published)


def test_each_client_is_rate_limited(api, organiser, settings):
    settings.PUBLIC_API_RATE = "3/minute"
    for _attempt in range(3):
        assert api.get("/api/v1/public/events/").status_code == 200
    refused = api.get("/api/v1/public/events/")
    assert refused.status_code == 429 and refused["Retry-After"]
    assert set(refused.json()) >= {"message", "code"}
    other = api.get("/api/v1/public/events/", REMOTE_ADDR="10.9.8.7")
    assert other.status_code == 200, "another client has its own allowance"


def test_a_page_of_events_costs_the_same_queries_whatever_its_length(api, organiser, django_assert_max_num_queries):
    for number in range(12):
        event = events.create_event(organiser, f"Night {number}", "dust-collectorz")
        entrants.add_entrant(event, organiser, name=f"Player {number}")
    with django_assert_max_num_queries(4):
        page = api.get("/api/v1/public/events/?page_size=12").json()
    assert len(page["results"]) == 12 and {event["players"] for event in page["results"]} == {1}


def test_the_list_filters_by_format(api, organiser, sample):
    events.create_event(organiser, "Open play", "dust-collectorz")
    prerelease = events.create_event(organiser, "Prerelease", "dust-collectorz", format_slug="dc-prerelease")
    listed = api.get("/api/v1/public/events/?format=dc-prerelease").json()
    assert [event["id"] for event in listed["results"]] == [prerelease.pk]
    assert listed["results"][0]["format"] == "dc-prerelease"
    assert api.get("/api/v1/public/events/?format=").json()["count"] == 2  # blank: any format


def _fields(schema, node):
    """The member names an answer of this schema has (an item's, for a list or a page)."""
    while "$ref" in node or node.get("type") == "array":
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else node["items"]
    if "results" in node.get("properties", {}):
        return _fields(schema, node["properties"]["results"])
    return set(node["properties"])


def _example_item(value):
    value = value["results"] if isinstance(value, dict) and "results" in value else value
    return value[0] if isinstance(value, list) else value


def test_every_public_read_is_documented_with_an_example_of_its_shape(api):
    schema = api.get("/api/v1/schema/?format=json").json()
    public = {path: operations["get"] for path, operations in schema["paths"].items() if "/public/" in path}
    assert len(public) == 6, sorted(public)
    for path, operation in public.items():
        answer = operation["responses"]["200"]["content"]["application/json"]
        assert answer.get("examples"), f"{path} has no example"
        (example,) = answer["examples"].values()
        item = _example_item(example["value"])
        assert isinstance(item, dict) and set(item) == _fields(schema, answer["schema"]), path
        assert {"404", "429"} <= set(operation["responses"]) or path == "/api/v1/public/events/", path


def test_the_examples_have_the_members_of_real_answers(api, organiser):
    from tournaments.api.public import EVENT_EXAMPLE, ROUND_EXAMPLE, STANDINGS_EXAMPLE

    event = played_event(organiser)
    real = {
        "list": api.get("/api/v1/public/events/").json()["results"][0],
        "event": api.get(f"/api/v1/public/events/{event.pk}/").json(),
        "standings": api.get(f"/api/v1/public/events/{event.pk}/standings/").json(),
        "round": api.get(f"/api/v1/public/events/{event.pk}/rounds/1/").json(),
    }
    assert set(EVENT_EXAMPLE) == set(real["list"]) == set(real["event"])
    assert set(STANDINGS_EXAMPLE) == set(real["standings"])
    assert set(STANDINGS_EXAMPLE["standings"][0]) == set(real["standings"]["standings"][0])
    assert set(ROUND_EXAMPLE) == set(real["round"])
    assert set(ROUND_EXAMPLE["tables"][0]) == set(real["round"]["tables"][0])
