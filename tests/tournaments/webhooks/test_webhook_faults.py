"""Webhooks under faults: without a broker a request never waits for a receiver (the background
thread sends), and a delivery whose message was lost is sent by the sweeper, without a person."""

import threading
from datetime import timedelta

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from core.tasks import Task
from tournaments.models import Webhook, WebhookDelivery
from tournaments.tasks import sweep_webhooks

from .test_webhooks import RESULT, register, win

Status = WebhookDelivery.Status


def test_a_request_confirming_a_result_returns_while_the_receiver_hangs(
    transactional_db, api, organiser, store_night, receiver, settings
):
    """The embedded default: the delivery runs on the background thread, so the request is back
    while the receiver still holds the delivery (before this, it waited up to 6 × the timeout)."""
    settings.TASKS_LATER_IN_BACKGROUND = True
    settings.WEBHOOK_GATHER_SECONDS = 0
    receiver.release = threading.Event()
    event = store_night
    register(api, organiser, event, receiver.url)
    match = event.rounds.get(number=1).matches.get(table=1)
    first, second = match.seats.order_by("pk")

    body = {"wins": {str(first.entrant_id): 2, str(second.entrant_id): 0}}
    answer = api.post(f"/api/v1/matches/{match.pk}/result/", body, format="json")

    assert answer.status_code < 300
    assert not receiver.answered.is_set()  # the request is back, the receiver has not answered yet
    assert WebhookDelivery.objects.get().status in (Status.QUEUED, Status.SENDING)
    assert receiver.arrived.wait(30)  # sent all the same, off the request
    receiver.release.set()
    assert receiver.answered.wait(30)
    for _ in range(300):  # the background thread writes the outcome just after the answer
        if WebhookDelivery.objects.get().status == Status.DELIVERED:
            break
        threading.Event().wait(0.1)
    assert WebhookDelivery.objects.get().status == Status.DELIVERED


def test_a_delivery_whose_message_was_lost_is_sent_by_the_sweeper(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks, monkeypatch
):
    event = store_night
    register(api, organiser, event, receiver.url)
    with monkeypatch.context() as broker:
        broker.setattr(Task, "apply_async", _broker_down)
        win(event, organiser, 1, django_capture_on_commit_callbacks)  # queued, its message refused
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == Status.QUEUED and receiver.received == []

    sweep_webhooks()  # still within its gathering window: left alone
    assert receiver.received == []

    WebhookDelivery.objects.update(created_at=timezone.now() - timedelta(minutes=2))
    sweep_webhooks()
    sweep_webhooks()  # a second sweep finds it delivered: nothing more is sent

    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == (Status.DELIVERED, 1)
    assert [body["kind"] for body in receiver.bodies()] == [RESULT]


@pytest.mark.parametrize(
    ("status", "attempts", "last_sent_minutes_ago", "swept"),
    [
        (Status.RETRYING, 1, 2, True),  # its 30 s wait is long past: the retry's message was lost
        (Status.RETRYING, 3, 2, False),  # waiting 2 minutes after the third attempt: not yet due
        (Status.SENDING, 1, 5, True),  # the worker died mid-send: its lease has ended
        (Status.SENDING, 1, 0, False),  # being sent right now
        (Status.DELIVERED, 1, 5, False),
    ],
)
def test_the_sweeper_sends_only_what_is_overdue(
    organiser, store_night, receiver, status, attempts, last_sent_minutes_ago, swept
):
    event = store_night
    webhook = Webhook.objects.create(event=event, owner=organiser, url=receiver.url, kinds=[RESULT], secret="s")
    sent_at = timezone.now() - timedelta(minutes=last_sent_minutes_ago)
    WebhookDelivery.objects.create(webhook=webhook, event=event, kind=RESULT, status=status, attempts=attempts)
    WebhookDelivery.objects.update(sent_at=sent_at, created_at=sent_at - timedelta(minutes=1))

    sweep_webhooks()

    assert len(receiver.received) == (1 if swept else 0)


def _broker_down(*args, **kwargs):
    raise BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
