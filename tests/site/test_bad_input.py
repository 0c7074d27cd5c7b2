"""No input reaches a 500 (issue 25, item 5): each case is sent as an attacker would send it, and
gets a 4xx with a clear message and changes nothing, on SQLite and PostgreSQL alike."""

import json

import pytest
from django.test import Client

from core.errors import DomainError
from decks.models import Collection
from tests.tournaments.results.reporting_support import game, report
from tournaments.models import Event, Match, Report
from tournaments.services import results_reports

pytestmark = pytest.mark.django_db

HUGE = 10**20
OVER_INT32 = 2**31
OVER_INT64 = 2**63


def _json_error(response, status=400):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["message"] and "code" in body, body
    return body


# JSON bodies


def test_a_deeply_nested_json_body_is_refused_before_any_view(api):
    deep = "[" * 100_000 + "]" * 100_000
    response = api.post("/api/v1/auth/token/", deep, content_type="application/json")
    body = _json_error(response)
    assert body["code"] == "api.json_too_deep" and "nested" in body["message"]


def test_a_json_body_nested_within_the_limit_is_still_read(api, alice):
    api.force_authenticate(alice)
    nested = {"name": "Binder", "extra": [[[[{"a": [1]}]]]]}
    assert api.post("/api/v1/collections/", nested, format="json").status_code == 201


def test_the_depth_message_is_translated(api):
    deep = "[" * 1000 + "]" * 1000
    response = api.post("/api/v1/auth/token/", deep, content_type="application/json", headers={"Accept-Language": "fr"})
    assert "imbriqu" in _json_error(response)["message"]


# Integers beyond the database's range


def test_a_capacity_beyond_the_database_is_refused_on_every_database(api, organiser):
    api.force_authenticate(organiser)
    for capacity in (OVER_INT32, OVER_INT64 - 1):
        body = {"name": "Overflow open", "game": "dust-collectorz", "capacity": capacity}
        response = api.post("/api/v1/tournaments/", body, format="json")
        assert response.status_code == 400, (capacity, response.content)
        assert "capacity" in response.json()["errors"]
    body = {"name": "Overflow open", "game": "dust-collectorz", "capacity": HUGE}
    assert _json_error(api.post("/api/v1/tournaments/", body, format="json"))["code"] == "api.number_out_of_range"
    for field in ("swiss_rounds", "top_cut", "best_of"):
        body = {"name": "Overflow open", "game": "dust-collectorz", field: OVER_INT32}
        response = api.post("/api/v1/tournaments/", body, format="json")
        assert response.status_code == 400 and field in response.json()["errors"], (field, response.content)
    assert not Event.objects.exists()


def test_a_card_id_beyond_the_database_is_refused(api, alice, sample):
    api.force_authenticate(alice)
    collection = api.post("/api/v1/collections/", {"name": "Binder"}, format="json").json()["id"]
    for card in (HUGE, OVER_INT64):
        response = api.post(f"/api/v1/collections/{collection}/cards/", {"card": card, "add": 1}, format="json")
        assert response.status_code == 400 and response.json()["message"], response.content
    response = api.post(
        "/api/v1/decks/validate/", {"format": "dc-prerelease", "cards": [{"card": HUGE, "qty": 1}]}, format="json"
    )
    assert response.status_code == 400, response.content
    assert not Collection.objects.get(pk=collection).items.exists()


def test_any_json_number_beyond_64_bits_is_refused_by_the_parser(api, alice):
    api.force_authenticate(alice)
    response = api.post(
        "/api/v1/collections/", json.dumps({"name": "Binder", "n": HUGE}), content_type="application/json"
    )
    body = _json_error(response)
    assert body["code"] == "api.number_out_of_range"
    assert not Collection.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        f"/api/v1/cards/{HUGE}/",
        f"/api/v1/matches/{HUGE}/",
        f"/api/v1/tournaments/{HUGE}/",
        f"/api/v1/collections/{HUGE}/",
        f"/api/v1/decks/{HUGE}/",
        f"/api/v1/tournaments/1/deck-checks/decks/{HUGE}/",
    ],
)
def test_a_huge_id_in_an_api_url_is_not_found(api, alice, url):
    api.force_authenticate(alice)
    assert _json_error(api.get(url), status=404)["code"] == "api.not_found"


@pytest.mark.parametrize("url", [f"/en/events/{HUGE}/", f"/en/decks/{HUGE}/", f"/en/collections/{HUGE}/"])
def test_a_huge_id_in_a_page_url_is_not_found(client, alice, url):
    client.force_login(alice)
    response = client.get(url)
    assert response.status_code == 404 and "<html" in response.text


def test_huge_numbers_in_query_parameters_are_refused(api, alice, sample):
    api.force_authenticate(alice)
    assert api.get(f"/api/v1/cards/?page={HUGE}").status_code in (400, 404)
    assert api.get(f"/api/v1/cards/?page_size={HUGE}").status_code == 400
    deck = api.post(
        "/api/v1/decks/", {"name": "Deck", "game": "dust-collectorz", "format": "dc-prerelease"}, format="json"
    )
    assert deck.status_code == 201, deck.content
    deck_id = deck.json()["id"]
    response = api.get(f"/api/v1/decks/{deck_id}/check/?collection={HUGE}")
    assert 400 <= response.status_code < 500 and response.json()["message"], response.content
    response = api.get(f"/api/v1/decks/{deck_id}/compare/?older={HUGE}&newer=1")
    assert 400 <= response.status_code < 500 and response.json()["message"], response.content


def test_a_huge_card_id_in_a_page_form_is_a_form_error(client, alice, sample):
    client.force_login(alice)
    assert client.post("/en/collections/", {"name": "Binder"}).status_code == 302
    collection = Collection.objects.get(owner=alice)
    response = client.post(f"/en/collections/{collection.pk}/count/", {"card": HUGE, "qty": 1})
    assert response.status_code in (200, 302, 400, 404), response.status_code
    assert not collection.items.exists()


# NUL bytes


@pytest.mark.parametrize(
    "url",
    [
        "/en/catalogue/dust-collectorz%00/",
        "/en/catalogue/dust-collectorz/DC1/0%001/",
        "/en/catalogue/?q=fluff%00nip",
        "/api/v1/cards/?q=fluff%00nip",
        "/api/v1/cards/?set=%00",
        "/en/events/?q=%00",
        "/healthz?x=%00",
    ],
)
def test_a_nul_byte_in_a_url_is_a_400(client, sample, url):
    response = client.get(url)
    assert response.status_code == 400, (url, response.status_code)
    if url.startswith("/api/"):
        assert response.json()["code"] == "request.nul"
    else:
        assert "NUL" in response.text or "nul" in response.text.lower()


def test_a_nul_byte_in_a_form_body_is_a_400(client, alice):
    client.force_login(alice)
    form = "name=Bin%00der"
    response = client.post("/fr/collections/", form, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and "NUL" in response.text and "<html" in response.text
    # A multipart form is checked by its fields, which refuse NUL as well.
    response = client.post("/en/collections/", {"name": "Bin\x00der"})
    assert response.status_code == 200 and "Null characters are not allowed" in response.text
    assert not Collection.objects.exists()


def test_a_nul_byte_in_a_form_body_sent_to_the_api_is_a_400(api, alice):
    api.force_authenticate(alice)
    response = api.post("/api/v1/collections/", "name=Bin%00der", content_type="application/x-www-form-urlencoded")
    assert _json_error(response)["code"] == "request.nul"
    assert not Collection.objects.exists()


# Host header


@pytest.mark.parametrize("host", ["evil.example.com", "bad host", "127.0.0.1:8000\x00", "[::1"])
@pytest.mark.parametrize("path", ["/en/", "/api/v1/games/", "/healthz"])
def test_a_bad_host_is_a_400(settings, host, path):
    settings.ALLOWED_HOSTS = ["events.example.org"]
    response = Client(HTTP_HOST=host).get(path)
    assert response.status_code == 400, (host, path, response.status_code)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_health_probes_on_the_loopback_reach_healthz(settings, host):
    settings.ALLOWED_HOSTS = ["events.example.org"]
    response = Client(HTTP_HOST=host).get("/healthz")
    assert response.status_code == 200 and response.json()["database"] == "ok"
    # Only /healthz: the loopback name is not a host of the site's pages.
    assert Client(HTTP_HOST=host).get("/en/").status_code == 400


def test_probe_hosts_are_configured(settings):
    settings.ALLOWED_HOSTS = ["events.example.org"]
    settings.HEALTH_PROBE_HOSTS = ["10.0.0.5"]
    assert Client(HTTP_HOST="10.0.0.5:8000").get("/healthz").status_code == 200
    assert Client(HTTP_HOST="127.0.0.1").get("/healthz").status_code == 400


# Player reports


@pytest.mark.usefixtures("eager_celery")
def test_capture_ids_too_large_are_refused_at_submission(api, paired, alice, django_capture_on_commit_callbacks):
    event, match, ids = paired
    a, b = ids[alice.pk], ids[bob_id(ids, alice)]
    huge_pile = {"games": [game(a, b, captures_winner=[HUGE, 1])]}
    response = report(api, alice, match, huge_pile, django_capture_on_commit_callbacks)
    assert _json_error(response)["code"] == "api.number_out_of_range"
    # The phone's form and any other path reach the same check before anything is stored or scored.
    with pytest.raises(DomainError) as refused:
        results_reports.submit_report(match, alice, huge_pile)
    assert refused.value.code == "report.number_out_of_range"
    beyond = {"games": [game(a, b, captures_winner=[OVER_INT64, 1])]}
    with pytest.raises(DomainError):
        results_reports.submit_report(match, alice, beyond)
    assert not Report.objects.exists()


def bob_id(ids, alice):
    return next(user for user in ids if user != alice.pk)


# Numbers typed into forms and queries: "²" and "٣" are digits to str.isdigit() but not numbers
# int() or the database take, and a number beyond 64 bits is none the database can look up.

NOT_NUMBERS = ["²", "٣", "9" * 30]


def _footprint(event):
    event = Event.objects.get(pk=event.pk)
    entrants = list(event.entrants.order_by("pk").values_list("checked_in", "dropped_after"))
    matches = list(Match.objects.filter(round__event=event).order_by("pk").values_list("status", "version"))
    return event.status, event.rounds.count(), entrants, matches


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_an_organisers_forms_answer_a_strange_number_without_an_error(client, organiser, paired, value):
    event, match, _ids = paired
    client.force_login(organiser)
    before = _footprint(event)
    forms = [
        (f"/en/events/{event.pk}/manage/check-in/", {"entrant": value}),
        (f"/en/events/{event.pk}/manage/pair/", {"round": value}),
        (f"/en/events/{event.pk}/manage/rounds/delete/", {"round": value}),
        (f"/en/events/{event.pk}/manage/rounds/repair/", {"round": value}),
        (f"/en/events/{event.pk}/manage/matches/{match.pk}/accept/", {"report": value, "version": value}),
    ]
    for url, form in forms:
        response = client.post(url, form)
        assert response.status_code < 500, (url, response.status_code)
    assert _footprint(event) == before


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_an_organisers_pages_answer_a_strange_number_in_the_query(client, organiser, paired, value):
    event, _match, _ids = paired
    client.force_login(organiser)
    for url in (
        f"/en/events/{event.pk}/manage/?q={value}",
        f"/en/events/{event.pk}/manage/rounds/1/?q={value}",
        f"/en/events/{event.pk}/manage/log/?round={value}&player={value}",
    ):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_the_deck_builders_card_button_answers_a_strange_number(client, alice, sample, value):
    from decks.models import Deck

    client.force_login(alice)
    created = client.post(
        "/en/decks/new/", {"name": "Deck", "format": "dc-prerelease", "visibility": "private", "decklist": ""}
    )
    assert created.status_code == 302, created.content[:300]
    deck = Deck.objects.get(owner=alice)
    response = client.post(f"/en/decks/{deck.pk}/card/", {"card": value})
    assert response.status_code == 404
    assert deck.versions.count() == 1


@pytest.mark.parametrize("value", ["²", "٣"])
def test_a_strange_page_number_in_the_api_is_a_400_with_a_message(api, sample, value):
    for query in (f"page={value}", f"page_size={value}"):
        body = _json_error(api.get(f"/api/v1/cards/?{query}"))
        assert body["errors"], query


@pytest.mark.parametrize("value", ["²", "٣"])
def test_strange_version_and_collection_numbers_in_the_deck_api_are_a_400(api, alice, sample, value):
    api.force_authenticate(alice)
    deck = api.post("/api/v1/decks/", {"name": "Deck", "game": "dust-collectorz", "format": "dc-prerelease"})
    assert deck.status_code == 201, deck.content
    deck_id = deck.json()["id"]
    _json_error(api.get(f"/api/v1/decks/{deck_id}/compare/?older={value}&newer=1"))
    _json_error(api.get(f"/api/v1/decks/{deck_id}/validate/?collection={value}"))


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_a_strange_sample_hand_number_deals_a_fresh_hand(client, alice, sample, value):
    from decks.models import Deck

    client.force_login(alice)
    client.post("/en/decks/new/", {"name": "Deck", "format": "dc-prerelease", "visibility": "private", "decklist": ""})
    deck = Deck.objects.get(owner=alice)
    assert client.get(f"/en/decks/{deck.pk}/?hand={value}").status_code == 200
