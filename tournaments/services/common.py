import logging

from django.db.models import F
from django.utils.translation import gettext as _

from ..models import AuditEntry, Event

logger = logging.getLogger("tournaments")


class EventError(ValueError):
    """Input an event cannot take; the message is for the user. `status` is the HTTP status."""

    status = 400

    def __init__(self, message, field="non_field_errors"):
        super().__init__(message)
        self.message, self.field = message, field


class EventConflict(EventError):
    status = 409


def locked(event):
    """The event row, locked until the transaction ends: writes to one event queue up here."""
    return Event.objects.select_for_update().get(pk=event.pk)


def log(event, actor, action, target="", before=None, after=None):
    AuditEntry.objects.create(
        event=event,
        actor=actor if actor and actor.is_authenticated else None,
        action=action,
        target=str(target)[:80],
        before=before,
        after=after,
    )
    logger.info("event %s: %s %s by %s", event.pk, action, target, actor)


def require_status(event, *statuses):
    if event.status not in statuses:
        raise EventError(_("Not possible while the event is in “%(status)s”.") % {"status": event.get_status_display()})


def bump_results(event):
    """Results changed: standings caches keyed on the version are stale from now on."""
    Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
    event.refresh_from_db(fields=["results_version"])
