"""Facts arriving at once from several processes still make one queued delivery per webhook and
kind: the unique constraint decides, not a read-then-write race (PostgreSQL only)."""

import threading

import pytest
from django.db import connection

from tournaments.models import Webhook, WebhookDelivery
from tournaments.services import events
from tournaments.services.webhooks import queue_deliveries

pytestmark = pytest.mark.postgres


def test_simultaneous_results_queue_one_delivery(transactional_db, organiser, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("row-level concurrency needs PostgreSQL")
    from django.db import connections

    sent = []
    monkeypatch.setattr("tournaments.services.webhooks.send_later", lambda path, pk, countdown: sent.append(pk))
    event = events.create_event(organiser, "Rush", "dust-collectorz", top_cut=0, swiss_rounds=3)
    Webhook.objects.create(event=event, owner=organiser, url="https://example.org/", kinds=["result.confirmed"])
    barrier, errors = threading.Barrier(8), []

    def confirm():
        try:
            barrier.wait()
            queue_deliveries(event.pk, ("result.confirmed",))
        except Exception as error:  # noqa: BLE001 - asserted on below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=confirm) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert WebhookDelivery.objects.count() == 1 and len(sent) == 1
