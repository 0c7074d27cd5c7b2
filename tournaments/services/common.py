"""What every event service shares: the lock, the log, and the refusals they explain.

Lock order (docs/architecture.md): the event row first, then match rows, then report rows. A use
case that needs the event locks it before touching any match; one that touches a single match and
not the event may lock the match alone.
"""

import logging

from django.db.models import F
from django.utils.translation import gettext_lazy as _

from core.bulk import insert_instance
from core.errors import DomainError, define_messages

from ..access import require
from ..models import AuditEntry, Event, Match

logger = logging.getLogger("tournaments")

define_messages(
    {
        "event.status": _("Not possible while the event is in “%(state)s”."),
    }
)


def locked(event):
    """The event row, locked until the transaction ends: writes to one event queue up here. The lock
    is FOR NO KEY UPDATE, so rows that only reference the event (log entries) are not held up."""
    return Event.objects.select_for_update(no_key=True).get(pk=event.pk)


def locked_match(match):
    """A match row, locked; take the event's lock first when the use case needs it. Only the match
    row is locked (`of=self`): its round and event are read along, not locked out of order."""
    return Match.objects.select_for_update(of=("self",)).select_related("round__event__game").get(pk=match.pk)


def log(event, actor, action, *, round_number=None, match=None, entrant=None, before=None, after=None):
    """Record who did what; the target is a round, a table (match) or an entrant."""
    if match is not None:
        round_number = match.round.number
    insert_instance(  # every report is logged: a plain INSERT keeps a result burst cheap
        AuditEntry(
            event=event,
            actor=actor if actor is not None and actor.is_authenticated else None,
            action=action,
            round_number=round_number,
            table=match.table if match is not None else None,
            entrant=entrant,
            entrant_name=entrant.name if entrant is not None else "",
            before=before,
            after=after,
        )
    )
    who = actor.username if actor is not None and actor.is_authenticated else "system"
    logger.info("event %s: %s round=%s table=%s by %s", event.pk, action, round_number, match and match.table, who)


def require_status(event, *statuses):
    if event.status not in statuses:
        raise DomainError("event.status", state=event.get_status_display())


def organiser_only(event, actor):
    """Settings, pairing, starting and finishing: the organiser's alone (capability "manage")."""
    require(actor, event, "manage")


def bump_results(event):
    """Results changed: standings caches keyed on the version, and the pages that show them
    (tournaments/page_cache.py), are stale from now on. One UPDATE for both counters."""
    Event.objects.filter(pk=event.pk).update(
        results_version=F("results_version") + 1, pages_version=F("pages_version") + 1
    )
    event.refresh_from_db(fields=["results_version", "pages_version"])
