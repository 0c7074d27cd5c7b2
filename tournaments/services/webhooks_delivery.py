"""Sending one webhook delivery: claimed by one worker, signed, posted with a short timeout, and
its outcome written to the delivery log (docs/webhooks.md). Only workers call out: a slow or
failing receiver holds up a worker for WEBHOOK_TIMEOUT_SECONDS, never a page."""

import hashlib
import hmac
import json
import logging
import time
import urllib.error
import urllib.request
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from core.errors import DomainError

from ..models import WebhookDelivery
from .webhooks import check_address

logger = logging.getLogger("tournaments")
Status = WebhookDelivery.Status
SIGNATURE_HEADER, TIMESTAMP_HEADER = "Webhook-Signature", "Webhook-Timestamp"
MAX_WAIT_SECONDS = 3600
SENDING_LEASE = timedelta(seconds=60)  # a claim older than this was a worker that died mid-send
LOST_MARGIN = timedelta(seconds=30)  # a message this late past its time was lost: the sweeper sends it


def signature(secret, timestamp, body):
    """HMAC-SHA256 of "timestamp.body" with the webhook's secret, as hex (what receivers recompute)."""
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def attempt(delivery_id):
    """Send the delivery if no one else is: returns the seconds to wait before the next attempt,
    or None when there is none (delivered, given up, or another worker has it)."""
    now = timezone.now()
    sendable = Q(status__in=(Status.QUEUED, Status.RETRYING)) | Q(
        status=Status.SENDING, sent_at__lt=now - SENDING_LEASE
    )
    claimed = WebhookDelivery.objects.filter(sendable, pk=delivery_id).update(
        status=Status.SENDING, attempts=F("attempts") + 1, sent_at=now
    )
    if not claimed:
        return None
    related = ("webhook", "event__counters", "event__settings")
    delivery = WebhookDelivery.objects.select_related(*related).filter(pk=delivery_id).first()
    if delivery is None:  # the webhook was removed meanwhile
        return None
    if delivery.payload is None:  # fixed at the first attempt: the facts gathered until now
        delivery.payload = payload(delivery)
        delivery.save(update_fields=["payload"])
    code, error = post(delivery)
    return _record(delivery, code, error)


def payload(delivery):
    """What the receiver reads: the kind, the event's state now, and where to read the rest."""
    event = delivery.event
    latest_round = event.rounds.order_by("-number").values_list("number", flat=True).first()
    return {
        "id": delivery.pk,
        "kind": delivery.kind,
        "created_at": delivery.created_at.isoformat(),
        "event": {
            "id": event.pk,
            "name": event.name,
            "status": event.status,
            "round": latest_round,
            "results_version": event.counters.results_version,
            "publication": event.settings.publication,
        },
        "links": {
            "event": reverse("public-event-detail", args=[event.pk]),
            "standings": reverse("public-event-standings", args=[event.pk]),
        },
    }


def body_of(delivery):
    return json.dumps(delivery.payload, separators=(",", ":"), sort_keys=True).encode()


def post(delivery):
    """(HTTP status, None) when the receiver answered, else (None, why)."""
    webhook = delivery.webhook
    try:
        check_address(urlsplit(webhook.url).hostname)
    except DomainError as refusal:
        return None, str(refusal.message)
    body = body_of(delivery)
    timestamp = str(int(time.time()))
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "card-events-webhooks/1",
        "Webhook-Id": str(delivery.pk),
        "Webhook-Kind": delivery.kind,
        TIMESTAMP_HEADER: timestamp,
        SIGNATURE_HEADER: f"sha256={signature(webhook.secret, timestamp, body)}",
    }
    request = urllib.request.Request(webhook.url, data=body, headers=headers, method="POST")  # noqa: S310 - http(s) checked at registration
    try:
        with _OPENER.open(request, timeout=settings.WEBHOOK_TIMEOUT_SECONDS) as response:
            return response.status, None
    except urllib.error.HTTPError as answer:
        return answer.code, None
    except (urllib.error.URLError, OSError, ValueError) as failure:
        return None, str(getattr(failure, "reason", failure))[:200]


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is the receiver's answer (3xx, retried), never followed: it could lead inside."""

    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def lost():
    """The deliveries whose message was lost (the broker restarted, the process stopped): queued
    past their gathering window, waiting past their retry time, or held past the sending lease,
    each with a margin (LOST_MARGIN) so a message merely late is not doubled. Sending them again
    is safe: `attempt` claims with a conditional UPDATE."""
    now = timezone.now()
    gathered = now - timedelta(seconds=settings.WEBHOOK_GATHER_SECONDS) - LOST_MARGIN
    shortest_wait = now - timedelta(seconds=settings.WEBHOOK_RETRY_SECONDS) - LOST_MARGIN
    candidates = WebhookDelivery.objects.filter(
        Q(status=Status.QUEUED, created_at__lt=gathered)
        | Q(status=Status.RETRYING, sent_at__lt=shortest_wait)
        | Q(status=Status.SENDING, sent_at__lt=now - SENDING_LEASE)
    ).values_list("pk", "status", "attempts", "sent_at")
    return [
        pk
        for pk, status, attempts, sent_at in candidates
        if status != Status.RETRYING or _retry_due(attempts, sent_at, now)
    ]


def _retry_due(attempts, sent_at, now):
    return sent_at + timedelta(seconds=retry_wait(attempts)) + LOST_MARGIN < now


def retry_wait(attempts):
    """Seconds before the next attempt: WEBHOOK_RETRY_SECONDS, twice as long each time, at most an hour."""
    return min(settings.WEBHOOK_RETRY_SECONDS * 2 ** (attempts - 1), MAX_WAIT_SECONDS)


def _record(delivery, code, error):
    delivered = code is not None and 200 <= code < 300
    wait = None
    if delivered:
        status = Status.DELIVERED
    elif delivery.attempts >= settings.WEBHOOK_MAX_ATTEMPTS:
        status = Status.FAILED
    else:
        status = Status.RETRYING
        wait = retry_wait(delivery.attempts)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        status=status,
        response_code=code,
        error=error or "",
        delivered_at=timezone.now() if delivered else None,
    )
    logger.info("webhook %s delivery %s: %s (%s)", delivery.webhook_id, delivery.pk, status, code or error)
    return wait
