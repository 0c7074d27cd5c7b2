"""The log's words for webhooks: which receiver (its host only, as the log keeps it) and what news."""

from django.utils.translation import gettext as _

from ..models import AuditAction, WebhookKind
from .audit import describes


def _news(kinds):
    return ", ".join(str(WebhookKind(kind).label) for kind in kinds if kind in WebhookKind.values)


def _receiver(after):
    return _("Receiver: %(host)s") % {"host": after.get("host") or "?"}


@describes(AuditAction.WEBHOOK_REGISTER, AuditAction.WEBHOOK_REMOVE)
def _webhook_news(entry, after, before, names):
    return [_receiver(after), _("news: %(kinds)s") % {"kinds": _news(after.get("kinds") or [])}]


@describes(AuditAction.WEBHOOK_SECRET)
def _webhook_secret(entry, after, before, names):
    return _receiver(after)


@describes(AuditAction.WEBHOOK_REPLAY)
def _webhook_replay(entry, after, before, names):
    sent = _("delivery %(original)s (%(kind)s) sent again as delivery %(delivery)s") % {
        "original": after.get("replay_of", "?"),
        "kind": _news([after.get("kind")]) or after.get("kind", "?"),
        "delivery": after.get("delivery", "?"),
    }
    return [_receiver(after), sent]
