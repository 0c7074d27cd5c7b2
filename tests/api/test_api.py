import pytest

from catalogue.models import Card

pytestmark = pytest.mark.django_db


def test_games_lists_wheel_and_sets(api, dc_catalogue):
    games = {game["slug"]: game for game in api.get("/api/v1/games/").json()}
    assert set(games) == {"dust-collectorz", "dbz-ccg", "dust-reclamation"}
    assert games["dust-collectorz"]["tribes"][0] == {"name": "Rustborn", "beats": "Glimmerkin"}
    assert games["dust-collectorz"]["sets"] == [{"code": "TST", "name": "Test Sampler", "released_on": "2023-10-09"}]
    assert games["dust-reclamation"]["has_decks"] is False


def test_cards_filters(api, dc_catalogue):
    body = api.get("/api/v1/cards/", {"game": "dust-collectorz", "tribe": "mirewalkers", "rank": "bronze"}).json()
    assert body["count"] == 2
    assert {card["tribe"] for card in body["results"]} == {"Mirewalkers"}
    assert body["results"][0]["stats"] == {"power": 1, "speed": 2, "health": 3, "cunning": 2}
    assert api.get("/api/v1/cards/", {"set": "TST", "type": "counter"}).json()["count"] == 3


def test_cards_q_is_case_and_accent_insensitive(api, dc_catalogue):
    for query in ("émile", "EMILE", "Emile the rust"):
        names = [card["name"] for card in api.get("/api/v1/cards/", {"q": query}).json()["results"]]
        assert names == ["Émile the Rust-Eater"], query


def test_cards_are_paginated(api, dc_catalogue):
    body = api.get("/api/v1/cards/", {"page_size": 10}).json()
    assert body["count"] == 38 and len(body["results"]) == 10 and "page=2" in body["next"]
    assert len(api.get("/api/v1/cards/", {"page_size": 10, "page": 4}).json()["results"]) == 8


@pytest.mark.parametrize(
    ("params", "field"),
    [({"rank": "diamond"}, "rank"), ({"game": "chess"}, "game"), ({"sort": "price"}, "sort")],
)
def test_bad_filters_are_json_400(api, dc_catalogue, params, field):
    response = api.get("/api/v1/cards/", params)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["message"] and field in body["errors"]


def test_unknown_card_and_page_are_json_404(api, dc_catalogue):
    assert api.get("/api/v1/cards/999999/").json()["message"] == "Not found."  # in the request's language
    response = api.get("/api/v1/cards/", {"page": 99})
    assert response.status_code == 404 and "message" in response.json()


def test_card_detail(api, dc_catalogue):
    card = Card.objects.get(number="036")
    body = api.get(f"/api/v1/cards/{card.pk}/").json()
    assert (body["type"], body["ability"], body["tribe"], body["stats"]) == ("counter", "Trap", None, {})


def test_token_auth(api, alice):
    response = api.post("/api/v1/auth/token/", {"username": "alice", "password": "pw-alice"}, format="json")
    token = response.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/v1/games/").status_code == 200
    bad = api.post("/api/v1/auth/token/", {"username": "alice", "password": "wrong"}, format="json")
    assert bad.status_code == 401 and bad.json()["code"] == "api.wrong_credentials"
    missing = api.post("/api/v1/auth/token/", {"username": "alice"}, format="json")
    assert missing.status_code == 400 and "password" in missing.json()["errors"]


def test_catalogue_is_read_only(api, alice, dc_catalogue):
    api.force_authenticate(alice)
    assert api.post("/api/v1/cards/", {"name": "x"}, format="json").status_code == 405
    assert api.delete(f"/api/v1/cards/{Card.objects.first().pk}/").status_code == 405


def test_schema_and_docs_are_self_hosted(client):
    schema = client.get("/api/v1/schema/", {"format": "json"}).json()
    assert "/api/v1/cards/" in schema["paths"]
    docs = client.get("/api/v1/docs/").text
    assert "/static/drf_spectacular_sidecar/" in docs
    assert "cdn" not in docs.lower()


def test_unknown_api_path_is_json_404(client, settings):
    settings.DEBUG = False
    response = client.get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert response.json() == {
        "message": "Not found.",
        "code": "api.not_found",
        "errors": {"non_field_errors": ["Not found."]},
    }


def test_healthz_reports_database_and_broker(client, settings):
    body = client.get("/healthz").json()
    assert body["database"] == "ok"
    assert body["broker"] == ("ok" if settings.REDIS_URL else "in-process")


def test_healthz_reports_a_broken_broker_as_degraded_without_failing(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "degraded",
        "database": "ok",
        "broker": "down",
        "worker": "unknown",
    }  # no exception names


@pytest.mark.parametrize("page_size", ["0", "abc", "201", "-1"])
def test_bad_page_size_is_a_400(api, dc_catalogue, page_size):
    response = api.get("/api/v1/cards/", {"page_size": page_size})
    assert response.status_code == 400 and "page_size" in response.json()["errors"]
