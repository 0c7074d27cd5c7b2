"""Is a worker scoring? /healthz and the organiser's dashboard read the workers' heartbeat (issue 25)."""

import time

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from core import workers
from tests.conftest import make_user
from tournaments.models import Report


@pytest.fixture
def with_broker(settings, monkeypatch):
    """As with Redis configured and answering, whatever this run has."""
    settings.REDIS_URL = "redis://127.0.0.1:6379/13"
    monkeypatch.setattr("config.health._broker_state", lambda: "ok")
    cache.delete(workers.HEARTBEAT_KEY)
    workers._last_write[0] = 0.0


def test_in_process_needs_no_worker(client, settings, db):
    settings.REDIS_URL = ""
    assert client.get("/healthz").json() == {
        "status": "ok",
        "database": "ok",
        "broker": "in-process",
        "worker": "in-process",
    }


def test_no_worker_seen_is_degraded_with_the_reason(client, with_broker, db):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "degraded",
        "database": "ok",
        "broker": "ok",
        "worker": "down",
        "reason": "no worker seen",
    }


def test_a_worker_seen_lately_is_ok(client, with_broker, db):
    workers.ping()
    assert client.get("/healthz").json()["status"] == "ok"


def test_a_silent_worker_is_degraded(client, with_broker, settings, db):
    cache.set(workers.HEARTBEAT_KEY, time.time() - settings.WORKER_STALE_SECONDS - 30, timeout=None)
    body = client.get("/healthz").json()
    assert (body["status"], body["worker"]) == ("degraded", "down")
    assert body["reason"].startswith("no worker seen for ")
    assert "worker_seen" in body


def test_tasks_write_the_heartbeat_a_few_times_not_per_task(with_broker, monkeypatch):
    writes = []
    monkeypatch.setattr(workers.cache, "set", lambda *args, **kwargs: writes.append(args))
    for _ in range(20):
        workers._on_task()
    assert len(writes) == 1


def _waiting_report(paired):
    event, match, _ids = paired
    seat = match.seats.select_related("entrant__user").first()
    entrant = seat.entrant
    payload = {"wins": {str(entrant.pk): 2}, "draws": 0}
    Report.objects.create(match=match, entrant=entrant, reporter=entrant.user, payload=payload)
    return event


def test_the_dashboard_says_when_scoring_paused(client, organiser, paired, with_broker):
    event = _waiting_report(paired)
    client.force_login(organiser)
    with translation.override("fr"):
        url = reverse("tournaments:manage", args=[event.pk])
        page = client.get(url).content.decode()
    assert 'id="scoring-paused"' in page
    assert "Comptabilisation en pause depuis" in page
    workers.ping()  # a worker is back: nothing to say
    assert 'id="scoring-paused"' not in client.get(url).content.decode()


def test_no_pause_without_waiting_reports_or_in_process(client, organiser, paired, with_broker, settings):
    event, _match, _ids = paired
    client.force_login(organiser)
    url = reverse("tournaments:manage", args=[event.pk])
    assert 'id="scoring-paused"' not in client.get(url).content.decode()
    _waiting_report(paired)
    settings.REDIS_URL = ""
    assert 'id="scoring-paused"' not in client.get(url).content.decode()


def test_paused_since_is_the_later_of_last_seen_and_oldest_waiting(with_broker, settings):
    from django.utils import timezone

    now = timezone.now()
    assert workers.paused_since(None) is None
    assert workers.paused_since(now) == now
    seen = now - timezone.timedelta(seconds=settings.WORKER_STALE_SECONDS + 60)
    cache.set(workers.HEARTBEAT_KEY, seen.timestamp(), timeout=None)
    assert workers.paused_since(now - timezone.timedelta(hours=1)) == seen
    assert workers.paused_since(now) == now


def test_only_the_organiser_sees_the_console(client, paired, with_broker, db):
    event = _waiting_report(paired)
    client.force_login(make_user("charlie"))
    assert client.get(reverse("tournaments:manage", args=[event.pk])).status_code in (403, 404)
