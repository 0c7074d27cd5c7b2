"""Nobody finds a private event by trying join codes: unknown codes typed on the join page, in a
registration link or through the API count per address and per account; over the limit no code is
looked up, and the answer says when to try again. Players who type the right code never wait."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.conftest import make_user
from tests.site.test_hardening import DEAD_CACHE
from tournaments.services import events

pytestmark = pytest.mark.django_db

STORE = "203.0.113.40"


@pytest.fixture
def few_codes(settings):
    settings.LOGIN_LIMITS = {**settings.LOGIN_LIMITS, "join_account": "3/hour", "join_address": "5/hour"}


@pytest.fixture
def private_event(organiser):
    return events.create_event(organiser, "Back room", "dust-collectorz", is_public=False)


def typed(client, code, address=STORE, language="en"):
    return client.get(f"/{language}/events/join/{code}/", REMOTE_ADDR=address)


def test_right_codes_never_count_so_a_whole_store_gets_in(client, private_event, few_codes):
    for _ in range(12):
        assert typed(client, private_event.join_code).status_code == 302


def test_unknown_codes_from_one_address_stop_being_looked_up(client, private_event, few_codes):
    for _ in range(5):
        assert typed(client, "ZZZZZZ").status_code == 404
    refused = typed(client, private_event.join_code)  # even the right code: it is not looked up
    assert refused.status_code == 429 and refused["Retry-After"].isdigit()
    assert "Too many unknown join codes were typed from here. Try again in 60 minutes." in refused.text
    assert 'aria-invalid="true"' in refused.text  # the refusal is tied to the code's box
    french = typed(client, private_event.join_code, language="fr")
    assert french.status_code == 429 and "Réessayez dans 60" in french.text
    assert typed(client, private_event.join_code, address="198.51.100.3").status_code == 302  # another store


def test_the_limit_follows_a_signed_in_account_across_addresses(client, private_event, few_codes):
    client.force_login(make_user("mallory"))
    for number in range(3):
        assert typed(client, "ZZZZZZ", address=f"198.51.100.{number}").status_code == 404
    assert typed(client, private_event.join_code, address="198.51.100.9").status_code == 429


def test_a_registration_link_with_wrong_codes_counts_too(client, private_event, few_codes):
    client.force_login(make_user("mallory"))
    register = f"/en/events/{private_event.pk}/register/"
    for _ in range(3):
        assert client.get(register, {"code": "ZZZZZZ"}, REMOTE_ADDR=STORE).status_code == 404
    # over the limit the right code no longer opens the private event's registration
    assert client.get(register, {"code": private_event.join_code}, REMOTE_ADDR=STORE).status_code == 404
    carla = make_user("carla")
    client.force_login(carla)
    opened = client.get(register, {"code": private_event.join_code}, REMOTE_ADDR="198.51.100.20")
    assert opened.status_code == 200 and "Back room" in opened.text


def test_the_api_refuses_with_its_json_error_and_retry_after(private_event, few_codes):
    api = APIClient(REMOTE_ADDR=STORE)
    api.force_authenticate(make_user("mallory"))
    for _ in range(3):
        unknown = api.post("/api/v1/tournaments/join/", {"code": "ZZZZZZ"}, format="json")
        assert unknown.status_code == 404 and unknown.json()["code"] == "join.unknown_code"
    refused = api.post("/api/v1/tournaments/join/", {"code": private_event.join_code}, format="json")
    assert refused.status_code == 429 and refused["Retry-After"].isdigit()
    body = refused.json()
    assert body["code"] == "join.too_many_codes" and body["errors"] == {"code": [body["message"]]}
    assert not private_event.entrants.exists()


def test_the_limits_hold_with_the_cache_down(client, private_event, few_codes, settings):
    settings.CACHES = DEAD_CACHE
    cache.close()
    for _ in range(5):
        assert typed(client, "ZZZZZZ").status_code == 404
    assert typed(client, private_event.join_code).status_code == 429
