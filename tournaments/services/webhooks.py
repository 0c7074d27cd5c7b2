"""Webhooks: registering a receiver, and queueing the news it asked for (docs/webhooks.md).

The log's one writer (services.common.log) calls `announce` for every action, so every path to a
fact (page, phone, API, penalty, task) tells the webhooks, and nothing else does. Deliveries are
queued after commit and gathered: facts of one kind arriving while a delivery waits to be sent join
it (one delivery per webhook, event and kind in a burst). Sending is webhooks_delivery.py's."""

import ipaddress
import logging
import secrets
import socket
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http.request import validate_host
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages
from core.tasks import send_later

from ..access import decklists_published, require
from ..models import AuditAction, Webhook, WebhookDelivery, WebhookKind

logger = logging.getLogger("tournaments")
DELIVER = "tournaments.tasks.deliver_webhook"
MAX_URL_LENGTH = 500
LOST_AFTER = timedelta(seconds=60)  # a queued delivery not sent by then lost its message: send again

define_messages(
    {
        "webhook.url_scheme": _("Enter an http:// or https:// address."),
        "webhook.url_self": _("A webhook cannot point at this site itself."),
        "webhook.url_private": _("A webhook cannot point at a private or local network address."),
        "webhook.url_unknown": _("The webhook’s host name could not be found."),
        "webhook.kinds": _("Choose at least one kind of news to send."),
        "webhook.site_wide": _("Only the site’s administrators can register a webhook for every event."),
        "webhook.replay_unsent": _("This delivery has not been sent yet: there is nothing to replay."),
    }
)

# What each logged action tells the webhooks; every action that changes the standings also sends
# "standings changed" (services.common passes that, from its STALE_AFTER table).
KINDS_AFTER = {
    **dict.fromkeys(
        (AuditAction.ROUND_PAIR, AuditAction.ROUND_FORCE, AuditAction.ROUND_REPAIR, AuditAction.TOP_CUT_ADVANCE),
        (WebhookKind.ROUND_PAIRED,),
    ),
    AuditAction.TOP_CUT_START: (WebhookKind.ROUND_PAIRED, WebhookKind.DECKLISTS_PUBLISHED),
    **dict.fromkeys(
        (
            AuditAction.RESULT_ENTER,
            AuditAction.RESULT_CONFIRM,
            AuditAction.RESULT_ACCEPT,
            AuditAction.RESULT_CORRECT,
            AuditAction.RESULT_PENALTY,
        ),
        (WebhookKind.RESULT_CONFIRMED,),
    ),
    # the lists become public at the finish (all lists) or the top cut (its lists), or when the
    # publication changes after that; queue_deliveries checks that some list is public now
    AuditAction.EVENT_PUBLICATION: (WebhookKind.DECKLISTS_PUBLISHED,),
    AuditAction.EVENT_FINISH: (WebhookKind.EVENT_FINISHED, WebhookKind.DECKLISTS_PUBLISHED),
}


def register(actor, event, url, kinds, own_host=""):
    """A new webhook for `event` (None: every event, for the site's administrators). The URL is
    checked before anything is written; the secret is in the returned row, to be shown once."""
    if event is None:
        if not actor.is_superuser:
            raise DomainError("webhook.site_wide", status=403)
    else:
        require(actor, event, "manage")
    url = check_url(url, own_host)  # resolves the host: outside the transaction and its lock
    kinds = sorted(set(kinds))
    if not kinds or not set(kinds) <= set(WebhookKind.values):
        raise DomainError("webhook.kinds", field="kinds")
    with transaction.atomic():
        _lock_event(event)
        webhook = Webhook.objects.create(event=event, owner=actor, url=url, kinds=kinds, secret=new_secret())
        _log(webhook, actor, AuditAction.WEBHOOK_REGISTER, kinds=kinds)
    return webhook


def new_secret():
    return secrets.token_hex(32)


@transaction.atomic
def rotate_secret(webhook, actor):
    """A new secret, from the next delivery on (a receiver that leaked the old one replaces it)."""
    _lock_event(webhook.event)
    webhook.secret = new_secret()
    webhook.save(update_fields=["secret"])
    _log(webhook, actor, AuditAction.WEBHOOK_SECRET)
    return webhook


@transaction.atomic
def remove(webhook, actor):
    """The webhook and its delivery log go; the event's log keeps that it was there."""
    _lock_event(webhook.event)
    _log(webhook, actor, AuditAction.WEBHOOK_REMOVE, kinds=webhook.kinds)
    webhook.delete()


def _lock_event(event):
    """The log's writer expects the event's lock (docs/architecture.md); a site-wide webhook has none."""
    if event is not None:
        from .common import locked  # common imports this module (announce)

        locked(event)


def _log(webhook, actor, action, **details):
    """One line in the event's log: the webhook and the host it sends to, never its secret nor the
    rest of its URL (a receiver's path may hold a token of its own). None of these actions is news
    for the webhooks (KINDS_AFTER), so logging them sends nothing. A site-wide webhook belongs to
    no event: the application's logger keeps its line."""
    after = {"webhook": webhook.pk, "host": urlsplit(webhook.url).hostname or "", **details}
    if webhook.event_id is None:
        line = ("site-wide webhook %s (%s): %s by %s", webhook.pk, after["host"], action, actor.username)
        transaction.on_commit(lambda: logger.info(*line))
        return
    from .common import log  # common imports this module (announce)

    log(webhook.event, actor, action, after=after)


def check_url(url, own_host=""):
    """The URL, or a DomainError: http(s) only, never this site, and (DEBUG off) never a private or
    loopback address unless WEBHOOK_ALLOW_PRIVATE."""
    url = (url or "").strip()
    parts = urlsplit(url)
    try:
        host = parts.hostname
    except ValueError:
        host = None
    if parts.scheme not in ("http", "https") or not host or len(url) > MAX_URL_LENGTH:
        raise DomainError("webhook.url_scheme", field="url")
    own = [name for name in settings.ALLOWED_HOSTS if name != "*"]
    if own_host:
        own.append(own_host.rsplit(":", 1)[0] if not own_host.endswith("]") else own_host)
    if validate_host(host, own) or validate_host(f"[{host}]", own):
        raise DomainError("webhook.url_self", field="url")
    check_address(host)
    return url


def check_address(host):
    """Refuse a host that resolves to a private, loopback, link-local or reserved address; checked
    again before each delivery, so a name that changes its address later is refused too."""
    if settings.DEBUG or settings.WEBHOOK_ALLOW_PRIVATE:
        return
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except (OSError, UnicodeError):
        raise DomainError("webhook.url_unknown", field="url") from None
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        if not ip.is_global or ip.is_multicast:
            raise DomainError("webhook.url_private", field="url")


def announce(event_id, action, standings_changed):
    """Called by the log's writer for every action, inside its transaction: the webhooks that want
    this news get a delivery queued once the transaction commits (never for a rolled-back one)."""
    kinds = KINDS_AFTER.get(action, ()) + ((WebhookKind.STANDINGS_CHANGED,) if standings_changed else ())
    if kinds:
        # robust: a failure to queue is logged and never undoes or fails what was just committed
        transaction.on_commit(lambda: queue_deliveries(event_id, kinds), robust=True)


def queue_deliveries(event_id, kinds):
    """One queued delivery per webhook that wants each kind, joined by every fact that arrives
    before it is sent (the gathering window, WEBHOOK_GATHER_SECONDS)."""
    subscribed = Webhook.objects.filter(Q(event_id=event_id) | Q(event__isnull=True)).values_list("pk", "kinds")
    if WebhookKind.DECKLISTS_PUBLISHED in kinds and not decklists_published(event_id):
        kinds = tuple(kind for kind in kinds if kind != WebhookKind.DECKLISTS_PUBLISHED)
    for webhook_id, wanted in subscribed:
        for kind in kinds:
            if kind in wanted:
                _queue(webhook_id, event_id, kind)


def _queue(webhook_id, event_id, kind):
    try:
        with transaction.atomic():
            delivery = WebhookDelivery.objects.create(webhook_id=webhook_id, event_id=event_id, kind=kind)
    except IntegrityError:  # one is already queued: this fact joins it
        _send_again_if_lost(webhook_id, event_id, kind)
        return
    send_later(DELIVER, delivery.pk, settings.WEBHOOK_GATHER_SECONDS)


def _send_again_if_lost(webhook_id, event_id, kind):
    """A queued delivery whose message was lost (the broker was away) would hold up every later
    one: once it is overdue, the next fact sends it again (sending is idempotent)."""
    overdue = timezone.now() - timedelta(seconds=settings.WEBHOOK_GATHER_SECONDS) - LOST_AFTER
    queued = WebhookDelivery.objects.filter(
        webhook_id=webhook_id,
        event_id=event_id,
        kind=kind,
        status=WebhookDelivery.Status.QUEUED,
        replay_of__isnull=True,
        created_at__lt=overdue,
    ).values_list("pk", flat=True)
    for delivery_id in queued:
        send_later(DELIVER, delivery_id, 0)


@transaction.atomic
def replay(original, actor):
    """Send a past delivery's body again, as a new delivery in the log (signed afresh)."""
    if original.payload is None:
        raise DomainError("webhook.replay_unsent", status=409)
    webhook = original.webhook
    _lock_event(webhook.event)
    delivery = WebhookDelivery.objects.create(
        webhook_id=original.webhook_id,
        event_id=original.event_id,
        kind=original.kind,
        payload=original.payload,
        replay_of=original,
    )
    _log(webhook, actor, AuditAction.WEBHOOK_REPLAY, delivery=delivery.pk, replay_of=original.pk, kind=original.kind)
    transaction.on_commit(lambda: send_later(DELIVER, delivery.pk, 0))
    return delivery
