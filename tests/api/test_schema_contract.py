"""What the API's schema promises is what the API does (docs/api.md): JSON bodies only, text
patterns that match the refusals, bounds on pages, and 409 for a request the object's state refuses."""

import re

import pytest

from tests.conftest import make_user
from tournaments.services import events

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(api):
    return api.get("/api/v1/schema/?format=json").json()


def _python_pattern(pattern):
    return re.compile(pattern.replace("$", r"\Z"))


def test_bodies_are_json_except_a_collection_upload(schema):
    media_types = {
        (path, method): set(operation["requestBody"]["content"])
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation
    }
    upload = ("/api/v1/collections/{id}/import/", "post")
    assert media_types.pop(upload) == {"application/json", "multipart/form-data"}
    assert set().union(*media_types.values()) == {"application/json"}


def test_a_form_body_is_refused_with_415_in_json(api, alice):
    api.force_authenticate(alice)
    response = api.post("/api/v1/collections/", "name=Binder", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415 and response.json()["code"] == "api.unsupported_media_type"


def test_a_name_s_pattern_refuses_what_the_api_refuses(api, schema, organiser):
    pattern = _python_pattern(schema["components"]["schemas"]["EventCreateRequest"]["properties"]["name"]["pattern"])
    assert pattern.search("Zéphyrine Open") and pattern.search("Open 中文")
    api.force_authenticate(organiser)
    for refused in ("Open\u202eniarT", "   ", "Open\x00"):
        assert not pattern.search(refused)
        response = api.post("/api/v1/tournaments/", {"name": refused, "game": "dust-collectorz"})
        assert response.status_code == 400


def test_a_number_is_not_text(api, alice):
    api.force_authenticate(alice)
    response = api.post("/api/v1/collections/", {"name": 0})
    assert response.status_code == 400 and "name" in response.json()["errors"]


def test_pages_are_bounded_as_the_paginator_is(api, schema):
    parameters = {item["name"]: item["schema"] for item in schema["paths"]["/api/v1/cards/"]["get"]["parameters"]}
    assert (parameters["page_size"]["minimum"], parameters["page_size"]["maximum"]) == (1, 200)
    assert api.get("/api/v1/cards/", {"page_size": 201}).status_code == 400
    assert api.get("/api/v1/cards/", {"page_size": 200}).status_code == 200


def test_the_log_refuses_a_query_its_schema_does_not_allow(api, organiser):
    event = events.create_event(organiser, "Open", "dust-collectorz")
    api.force_authenticate(organiser)
    assert api.get(f"/api/v1/tournaments/{event.pk}/log/", {"round": "first"}).status_code == 400
    assert api.get(f"/api/v1/tournaments/{event.pk}/log/", {"round": 1, "page": 9}).status_code == 200


def test_a_request_the_event_s_state_refuses_is_a_409(api, organiser):
    event = events.create_event(organiser, "Open", "dust-collectorz")
    api.force_authenticate(organiser)
    check = api.post(f"/api/v1/tournaments/{event.pk}/deck-checks/", {"count": 1})
    assert check.status_code == 409 and check.json()["code"] == "event.status"
    pool = api.post(f"/api/v1/tournaments/{event.pk}/pools/freeze/")
    assert pool.status_code == 409 and pool.json()["code"] == "sealed.not_sealed"


def test_wrong_credentials_are_a_401_and_a_missing_password_a_400(api):
    make_user("alice")
    wrong = api.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "nope"}, headers={"Accept-Language": "fr"}
    )
    assert wrong.status_code == 401 and wrong.json() == {
        "message": "Nom d’utilisateur ou mot de passe incorrect.",
        "code": "api.wrong_credentials",
        "errors": {"non_field_errors": ["Nom d’utilisateur ou mot de passe incorrect."]},
    }
    assert api.post("/api/v1/auth/token/", {"username": "alice"}).status_code == 400
