"""Refusals speak the reader's language in every app: the same code, the same message in pages,
the API and services (a French request gets French, an Italian page's API call gets Italian)."""

import json

import pytest
from django.utils import translation

from catalogue.services import import_catalogue_file
from core.errors import DomainError
from rules.services import import_rules
from tests.conftest import dc_document, write_catalogue
from tests.tournaments.results.reporting_support import game, report

pytestmark = pytest.mark.django_db


def test_catalogue_import_errors_in_french(tmp_path):
    path = write_catalogue(tmp_path, dc_document(game="magic"), "bad.json")
    with translation.override("fr"):
        with pytest.raises(DomainError) as caught:
            import_catalogue_file(path)
        message = caught.value.message
    assert message.startswith("bad.json\xa0: Jeu «\xa0magic\xa0» inconnu\u202f; jeux connus\xa0: ")


def test_deck_validation_errors_follow_accept_language(client):
    body = json.dumps({"format": "no-such-format", "decklist": "1 Pocket Puff"})
    french = client.post("/api/v1/decks/validate/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 400
    assert french.json() == {
        "message": "Format «\xa0no-such-format\xa0» inconnu.",
        "code": "decks.unknown_format",
        "errors": {"format": ["Format «\xa0no-such-format\xa0» inconnu."]},
    }


def test_the_api_speaks_the_language_of_the_page_that_called_it(client):
    body = json.dumps({"format": "no-such-format", "decklist": "1 Pocket Puff"})
    response = client.post(
        "/api/v1/decks/validate/",
        body,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
        HTTP_REFERER="http://testserver/it/decks/",
    )
    assert response.json()["message"] == "Formato “no-such-format” sconosciuto."
    assert response["Content-Language"] == "it"
    elsewhere = client.post(
        "/api/v1/decks/validate/", body, content_type="application/json", HTTP_REFERER="https://evil.example/it/"
    )
    assert elsewhere.json()["message"] == "Unknown format “no-such-format”."


@pytest.mark.usefixtures("eager_celery")
def test_impossible_reports_in_french_and_italian(api, paired, alice, django_capture_on_commit_callbacks):
    _event, match, ids = paired
    a = ids[alice.pk]
    b = next(entrant for entrant in ids.values() if entrant != a)
    both = {"wins": {str(a): 2, str(b): 2}}
    french = report(api, alice, match, both, django_capture_on_commit_callbacks, HTTP_ACCEPT_LANGUAGE="fr")
    assert french.json()["message"] == "Les deux joueurs ne peuvent pas gagner le match tous les deux."
    pile = {"games": [game(a, b, captures_winner={"gold": 11})]}
    italian = report(api, alice, match, pile, django_capture_on_commit_callbacks, HTTP_ACCEPT_LANGUAGE="it")
    body = italian.json()
    assert body["code"] == "scoring.rank_over_decks"
    assert body["errors"] == {f"games.1.captures.{a}.gold": ["Più carte Oro di quante ne contengano 2 mazzi (10)."]}


@pytest.mark.usefixtures("eager_celery")
def test_the_players_page_refuses_in_its_own_language(client, paired, alice, organiser):
    event, match, ids = paired
    from tournaments.services.results import record_result

    record_result(match, organiser, wins={ids[alice.pk]: 2, next(e for e in ids.values() if e != ids[alice.pk]): 0})
    client.force_login(alice)
    response = client.post(f"/fr/events/{event.pk}/matches/{match.pk}/dispute/", follow=True)
    assert "Ce match est clos\xa0: son résultat est confirmé." in response.text


def test_rules_import_errors_in_italian():
    with translation.override("it"):
        with pytest.raises(DomainError) as caught:
            import_rules("dust-collectorz", "en", b"", "vuoto.txt")
        assert caught.value.message == "vuoto.txt: Il documento è vuoto."


def test_the_clash_calculator_refuses_in_french(client, sample):
    from catalogue.models import Card

    champion = Card.objects.filter(card_set__game__slug="dust-collectorz", tribe__isnull=False).first()
    query = {"stat": "power", "attacker_0": champion.pk, "defender_0": champion.pk}
    page = client.get("/fr/rules/dust-collectorz/clash/", query).text
    assert "Le défenseur ne peut pas répondre avec la tribu attaquante." in page


@pytest.mark.parametrize(
    ("language", "not_found", "bad_json"),
    [
        ("fr", "Introuvable.", "Le corps de la requête n’est pas du JSON valide."),
        ("it", "Non trovato.", "Il corpo della richiesta non è JSON valido."),
    ],
)
def test_api_framework_errors_in_the_request_language(client, sample, language, not_found, bad_json):
    missing = client.get("/api/v1/cards/999999/", HTTP_ACCEPT_LANGUAGE=language)
    assert missing.status_code == 404 and missing.json()["message"] == not_found
    broken = client.post(
        "/api/v1/decks/validate/",
        "{not json",
        content_type="application/json",
        HTTP_REFERER=f"http://testserver/{language}/decks/",
    )
    assert broken.status_code == 400 and broken.json()["message"] == bad_json


def test_api_throttling_in_the_request_language(rf):
    from rest_framework.exceptions import Throttled

    from api.errors import json_exception_handler

    with translation.override("it"):
        response = json_exception_handler(Throttled(wait=2.2), {"request": rf.get("/api/v1/cards/")})
    assert response.status_code == 429 and response["Retry-After"] == "3"
    assert json.loads(response.content)["message"] == "Troppe richieste: riprova tra 3 secondi."


def test_the_idempotency_keys_refusals_have_the_apis_error_shape(api, paired, alice):
    """A key too long (400) and a repeat while the first request runs (409) answer like every other
    API error: message, code and the field at fault, in the request's language."""
    from api.models import IdempotentRequest

    _event, match, ids = paired
    url = f"/api/v1/matches/{match.pk}/report/"
    body = {"wins": {str(ids[alice.pk]): 2}, "draws": 0}
    api.force_authenticate(alice)
    long_key = api.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k" * 101, HTTP_ACCEPT_LANGUAGE="it")
    message = "La chiave Idempotency-Key supera i 100 caratteri."
    assert long_key.status_code == 400
    assert long_key.json() == {
        "message": message,
        "code": "api.idempotency_key_too_long",
        "errors": {"Idempotency-Key": [message]},
    }
    IdempotentRequest.objects.create(user=alice, key="running", path=url)  # its first request still runs
    repeat = api.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="running", HTTP_ACCEPT_LANGUAGE="fr")
    assert repeat.status_code == 409
    assert repeat.json()["code"] == "api.idempotency_in_progress"
    assert repeat.json()["message"].startswith("La première requête portant cette clé Idempotency-Key")
    assert repeat.json()["errors"] == {"Idempotency-Key": [repeat.json()["message"]]}
    assert not match.reports.exists()


def test_an_api_server_error_has_the_apis_error_shape(rf):
    from config.urls import handler500

    with translation.override("fr"):
        response = handler500(rf.get("/api/v1/tournaments/"))
    assert response.status_code == 500
    assert json.loads(response.content) == {
        "message": "Erreur interne du serveur.",
        "code": "api.server_error",
        "errors": {"non_field_errors": ["Erreur interne du serveur."]},
    }
