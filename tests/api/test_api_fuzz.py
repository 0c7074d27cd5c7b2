"""Property-based fuzzing of the public API from its own OpenAPI schema (schemathesis 4.x).

Schemathesis reads /api/v1/schema/ through the WSGI application (no server, no network),
generates valid and invalid requests for every operation, anonymously and as the sample event's
organiser, with the sample data loaded, and runs every check it has: no server error (5xx), status
codes, content types, headers and bodies as the schema documents them, invalid requests refused and
valid ones accepted; and every error response (status >= 400) is JSON carrying a human-readable
"message". The few operations whose valid requests a business rule may still refuse are listed,
each with its reason, in schemathesis.toml and docs/api.md. The example budget is fixed
(FUZZ_EXAMPLES changes it for a deeper local run).
"""

import io
import json
import os
from pathlib import Path

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.test import override_settings
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import ignored_auth

SCHEMA_PATH = "/api/v1/schema/?format=json"
# Schemathesis' WSGI client sends `Host: localhost`.
FUZZ_HOST = "localhost"
# The documented exceptions to "a valid request is accepted" (docs/api.md).
CONFIG_PATH = str(Path(__file__).resolve().parents[2] / "schemathesis.toml")


def load_schema(coverage=True):
    """The schema as the API serves it. The coverage phase (every boundary, type and method of every
    parameter) runs once, as the organiser, whose requests reach the services; anonymous requests
    are refused before them, so the random phase alone is enough there and keeps the pass short."""
    config = SchemathesisConfig.from_path(CONFIG_PATH)
    config.projects.default.phases.coverage.enabled = coverage
    with override_settings(ALLOWED_HOSTS=[FUZZ_HOST]):
        from config.wsgi import application

        return schemathesis.openapi.from_wsgi(SCHEMA_PATH, application, config=config)


schema = load_schema()
anonymous_schema = load_schema(coverage=False)


@pytest.fixture(scope="module")
def sample_data(django_db_setup, django_db_blocker):
    """`make run`'s sample data (catalogue, demo accounts, an event two rounds in), loaded once for the
    module and rolled back after it (each test runs in a savepoint of this transaction, as a Django
    TestCase does with setUpTestData)."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            call_command("load_sample_data", stdout=io.StringIO())
            yield
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


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


EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.fixture
def organiser_token(db):
    """The sample event's organiser, so that writes reach the services with an event under way."""
    return Token.objects.create(user=get_user_model().objects.get(username="organiser")).key


def validate(case, response, excluded=()):
    case.validate_response(response, additional_checks=[error_is_json_with_message], excluded_checks=excluded)


@pytest.mark.usefixtures("sample_data", "wsgi_calls_in_test_transaction")
@anonymous_schema.parametrize()
@FUZZ_SETTINGS
def test_api_never_fails_and_errors_are_json(case):
    validate(case, case.call())


@pytest.mark.usefixtures("sample_data", "wsgi_calls_in_test_transaction", "eager_celery")
@schema.parametrize()
@FUZZ_SETTINGS
def test_api_never_fails_for_a_signed_in_organiser(case, organiser_token):
    # The credentials are real, so "the API ignores (invalid) authentication" does not apply.
    validate(case, case.call(headers={"Authorization": f"Token {organiser_token}"}), excluded=[ignored_auth])
