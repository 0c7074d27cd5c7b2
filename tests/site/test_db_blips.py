"""A dropped database connection never answers 500 (issue 25): the report and confirm views run once
more on a new connection; anything else is a 503 with a message and Retry-After."""

import sys

import pytest
from django.db import OperationalError
from django.test import RequestFactory
from django.utils import timezone, translation

from api.models import IdempotentRequest
from tournaments.models import Report
from tournaments.services import results_reports as report_services

# transactional: a view runs again only outside a transaction, as requests do (tests wrap theirs in one)
pytestmark = pytest.mark.usefixtures("transactional_db", "eager_celery")


def failing(times, target):
    """`target`, failing as a dropped connection does the first `times` calls."""
    calls = []

    def call(*args, **kwargs):
        calls.append(1)
        if len(calls) <= times:
            raise OperationalError("terminating connection due to administrator command")
        return target(*args, **kwargs)

    return call


def wins(match):
    first, second = (seat.entrant for seat in match.seats.all())
    return {"wins": {str(first.pk): 2, str(second.pk): 0}, "draws": 0}


def test_a_report_meeting_a_dropped_connection_runs_again(api, alice, paired, monkeypatch):
    _event, match, _ids = paired
    monkeypatch.setattr(report_services, "submit_report", failing(1, report_services.submit_report))
    api.force_authenticate(alice)
    response = api.post(f"/api/v1/matches/{match.pk}/report/", wins(match), format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert response.status_code == 202
    assert Report.objects.filter(match=match).count() == 1
    assert IdempotentRequest.objects.get(key="k1").status == 202


def test_a_second_drop_is_a_503_and_the_same_key_runs_again(api, alice, paired, monkeypatch):
    _event, match, _ids = paired
    real = report_services.submit_report
    monkeypatch.setattr(report_services, "submit_report", failing(2, real))
    api.force_authenticate(alice)
    url = f"/api/v1/matches/{match.pk}/report/"
    with translation.override("fr"):
        response = api.post(url, wins(match), format="json", HTTP_IDEMPOTENCY_KEY="k2", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    body = response.json()
    assert body["code"] == "service.database_unavailable"
    assert body["errors"] == {"non_field_errors": [body["message"]]}
    assert "base de données" in body["message"]
    assert not Report.objects.filter(match=match).exists()
    monkeypatch.setattr(report_services, "submit_report", real)
    assert api.post(url, wins(match), format="json", HTTP_IDEMPOTENCY_KEY="k2").status_code == 202
    assert Report.objects.filter(match=match).count() == 1


def test_the_phone_form_runs_again_and_replays_its_key(client, alice, paired, monkeypatch):
    event, match, _ids = paired
    monkeypatch.setattr("tournaments.views.results.submit_report", failing(1, report_services.submit_report))
    client.force_login(alice)
    first, second = (seat.entrant_id for seat in match.seats.all())
    url = f"/en/events/{event.pk}/matches/{match.pk}/report/"
    form = {f"wins_{first}": "2", f"wins_{second}": "1", "draws": "0"}
    response = client.post(url, form, HTTP_IDEMPOTENCY_KEY="phone-1")
    assert response.status_code == 302
    again = client.post(url, form, HTTP_IDEMPOTENCY_KEY="phone-1")  # the answer was lost: sent again
    assert (again.status_code, again["Location"]) == (302, response["Location"])
    assert Report.objects.filter(match=match).count() == 1


def test_other_pages_answer_503_with_the_message(client, alice, paired, monkeypatch):
    event, match, _ids = paired
    monkeypatch.setattr("tournaments.views.results.dispute", failing(5, report_services.dispute))
    client.force_login(alice)
    response = client.post(f"/it/events/{event.pk}/matches/{match.pk}/dispute/")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert "database" in response.content.decode()  # Italian: "il database"


def test_a_drop_outside_any_view_is_a_503_too():
    from config.urls import handler500

    request = RequestFactory().get("/en/")
    try:
        raise OperationalError("server closed the connection unexpectedly")
    except OperationalError:
        assert sys.exception() is not None
        response = handler500(request)
    assert response.status_code == 503


def test_a_key_left_in_progress_by_a_dead_request_is_taken_over(api, alice, paired):
    _event, match, _ids = paired
    url = f"/api/v1/matches/{match.pk}/report/"
    IdempotentRequest.objects.create(user=alice, key="k3", path=url)
    api.force_authenticate(alice)
    assert api.post(url, wins(match), format="json", HTTP_IDEMPOTENCY_KEY="k3").status_code == 409
    IdempotentRequest.objects.filter(key="k3").update(created_at=timezone.now() - timezone.timedelta(minutes=1))
    assert api.post(url, wins(match), format="json", HTTP_IDEMPOTENCY_KEY="k3").status_code == 202
