"""Property-based fuzzing of the public API from its own OpenAPI schema (schemathesis 4.x).

Schemathesis reads /api/v1/schema/ through the WSGI application (no server, no network),
generates valid and invalid requests for every operation, anonymously and as a signed-in
organiser, and runs all its checks: no server error (5xx), status codes, content types, headers
and bodies as the schema documents them; and every error response (status >= 400) is JSON
carrying a human-readable "message". FUZZ_EXAMPLES sets the examples per operation (CI's
PostgreSQL pass runs 100).
"""

import json
import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from catalogue.services import import_catalogue_file
from config.wsgi import application
from tests.conftest import make_user
from tournaments.services import entrants, events

SCHEMA_PATH = "/api/v1/schema/?format=json"
# Schemathesis' WSGI client sends `Host: localhost`.
FUZZ_HOST = "localhost"

with override_settings(ALLOWED_HOSTS=[FUZZ_HOST]):
    schema = schemathesis.openapi.from_wsgi(SCHEMA_PATH, application)

FUZZ_CATALOGUE = {
    "game": "dust-collectorz",
    "set": {"code": "FZ1", "name": "Fuzzy Frontier", "released_on": "2025-09-02"},
    "tribes": [
        {"name": "Quillback", "beats": "Ashmaw"},
        {"name": "Ashmaw", "beats": "Nettlewisp"},
        {"name": "Nettlewisp", "beats": "Grimsoot"},
        {"name": "Grimsoot", "beats": "Lanternjaw"},
        {"name": "Lanternjaw", "beats": "Quillback"},
    ],
    "cards": [
        {
            "number": "01",
            "name": "Zéphyrine Quillback",
            "type": "champion",
            "tribe": "Quillback",
            "rank": "epic",
            "ability": "Needle Storm",
            "stats": {"power": 9, "speed": 7, "health": 4, "cunning": 6},
        },
        {
            "number": "02",
            "name": "Soot-Licker",
            "type": "champion",
            "tribe": "Grimsoot",
            "rank": "bronze",
            "ability": "Smother",
            "stats": {"power": 3, "speed": 2, "health": 8, "cunning": 1},
        },
        {
            "number": "03",
            "name": "Lantern Out",
            "type": "counter",
            "ability": "Blackout",
            "text": "Cancel one ability.",
        },
    ],
}


@pytest.fixture
def fuzz_catalogue(db, tmp_path):
    path = tmp_path / "fuzz-catalogue.json"
    path.write_text(json.dumps(FUZZ_CATALOGUE, ensure_ascii=False), encoding="utf-8")
    import_catalogue_file(path)


@pytest.fixture
def wsgi_calls_in_test_transaction(settings):
    """Let schemathesis call the WSGI app inside pytest-django's test transaction.

    Django's own test client disconnects `close_old_connections` while it handles a request; a bare
    WSGI call does not, and on PostgreSQL it would close the connection holding the test transaction.
    """
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, FUZZ_HOST]
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def error_is_json_with_message(ctx, response, case):
    """Every API error (status >= 400) is a JSON object with a "message" key."""
    if response.status_code < 400:
        return None
    content_type = ";".join(response.headers.get("content-type", []))
    assert content_type.startswith("application/json"), (
        f"{response.status_code} response is {content_type or 'untyped'}, not JSON: {response.content[:200]!r}"
    )
    try:
        body = json.loads(response.content)
    except ValueError as error:
        raise AssertionError(
            f"{response.status_code} response is not valid JSON: {response.content[:200]!r}"
        ) from error
    assert isinstance(body, dict) and "message" in body, (
        f"{response.status_code} JSON error has no 'message': {response.content[:200]!r}"
    )
    return None


EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.fixture
def organiser_token(db):
    """A signed-in organiser with an event of their own, so writes reach the services."""
    organiser = make_user("fuzzy", organiser=True)
    event = events.create_event(organiser, "Fuzz open", "dust-collectorz", swiss_rounds=3)
    for name in ("Ana", "Bo", "Cy"):
        entrants.add_entrant(event, organiser, name=name)
    return Token.objects.create(user=organiser).key


def validate(case, response, excluded=()):
    # Wrong credentials and unknown ids are schema-valid yet rightly refused: positive-data acceptance is off.
    case.validate_response(
        response,
        additional_checks=[error_is_json_with_message],
        excluded_checks=[positive_data_acceptance, *excluded],
    )


@pytest.mark.usefixtures("fuzz_catalogue", "wsgi_calls_in_test_transaction")
@schema.parametrize()
@FUZZ_SETTINGS
def test_api_never_fails_and_errors_are_json(case):
    validate(case, case.call())


@pytest.mark.usefixtures("fuzz_catalogue", "wsgi_calls_in_test_transaction", "eager_celery")
@schema.parametrize()
@FUZZ_SETTINGS
def test_api_never_fails_for_a_signed_in_organiser(case, organiser_token):
    # The credentials are real, so "the API ignores (invalid) authentication" does not apply.
    validate(case, case.call(headers={"Authorization": f"Token {organiser_token}"}), excluded=[ignored_auth])
