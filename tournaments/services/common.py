"""What every event service shares: the lock, the log, and the refusals they explain.

Lock order (docs/architecture.md): the event row first, then match rows, then report rows. A use
case that needs the event locks it before touching any match; one that touches a single match and
not the event may lock the match alone.
"""

import logging

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from core.bulk import insert_instance
from core.errors import DomainError, define_messages

from ..access import require
from ..models import AuditAction, AuditEntry, Event, Match, PageCounters
from .webhooks import announce

logger = logging.getLogger("tournaments")

define_messages(
    {
        "event.status": _("Not possible while the event is in “%(state)s”."),
        "event.cancelled": _("This event is cancelled: %(reason)s"),
    }
)


def locked(event):
    """The event row, locked until the transaction ends: writes to one event queue up here. The lock
    is FOR NO KEY UPDATE, so rows that only reference the event (log entries) are not held up."""
    return Event.objects.select_for_update(no_key=True, of=("self",)).get(pk=event.pk)


def locked_match(match):
    """A match row, locked; take the event's lock first when the use case needs it. Only the match
    row is locked (`of=self`): its round and event are read along, not locked out of order."""
    return Match.objects.select_for_update(of=("self",)).select_related("round__event__game").get(pk=match.pk)


# What each action makes stale: RESULTS (standings and every page that shows them) or PAGES (the
# public pages only). An action not listed changes nothing a cached page shows.
RESULTS, PAGES = "results", "pages"
STALE_AFTER = {
    **dict.fromkeys(
        (
            AuditAction.RESULT_ENTER,
            AuditAction.RESULT_CORRECT,
            AuditAction.RESULT_CONFIRM,
            AuditAction.RESULT_ACCEPT,
            AuditAction.RESULT_PENALTY,
            AuditAction.TOP_CUT_RESEAT,
            AuditAction.ROUND_PAIR,
            AuditAction.ROUND_REPAIR,
            AuditAction.ROUND_DELETE,
            AuditAction.PENALTY_GIVE,
            AuditAction.PENALTY_TAKE_BACK,
            AuditAction.ENTRANT_DROP,
            AuditAction.ENTRANT_UNDROP,
            AuditAction.ENTRANT_REMOVE,
            # A player told apart from a namesake by their username no longer is (models.player_labels):
            # the standings' rows, cached per results version, are shown anew.
            AuditAction.ACCOUNT_DELETE,
        ),
        RESULTS,
    ),
    **dict.fromkeys(
        (
            AuditAction.RESULT_DISPUTE,
            AuditAction.ENTRANT_ADD,
            AuditAction.TEAM_ADD,
            AuditAction.TEAM_JOIN,
            AuditAction.ENTRANT_CHECK_IN,
            AuditAction.ENTRANT_CHECK_OUT,
            AuditAction.DECK_SUBMIT,
            AuditAction.DECK_CHANGE,
            AuditAction.EVENT_START,
            AuditAction.EVENT_FINISH,
            AuditAction.EVENT_CANCEL,
            AuditAction.EVENT_REOPEN,
            AuditAction.EVENT_EDIT,
            AuditAction.EVENT_PUBLICATION,
            AuditAction.EVENT_CAPACITY,
            AuditAction.JOIN_CODE_NEW,
            AuditAction.TOP_CUT_START,
            AuditAction.TOP_CUT_ADVANCE,
            AuditAction.TIMER_START,
            AuditAction.TIMER_PAUSE,
            AuditAction.TIMER_RESUME,
            AuditAction.TIMER_EXTEND,
            AuditAction.BUILD_CLOCK,
            AuditAction.BUILD_SEATS,
            AuditAction.POOLS_FREEZE,
            AuditAction.TABLE_EXTEND,
            AuditAction.WAITLIST_JOIN,
            AuditAction.WAITLIST_LEAVE,
            AuditAction.WAITLIST_PROMOTE,
            AuditAction.STAFF_ADD,
            AuditAction.STAFF_ROLE,
            AuditAction.STAFF_REMOVE,
        ),
        PAGES,
    ),
}


def log(event, actor, action, *, round_number=None, match=None, entrant=None, before=None, after=None):
    """The one writer of the log: record who did what (the target is a round, a table or an entrant),
    mark stale what the action changes (STALE_AFTER) and tell the webhooks that want it (after
    commit). The caller holds the event's lock."""
    entry = _entry(event.pk, actor, action, round_number, match, entrant, before, after)
    insert_instance(entry)  # every report is logged: a plain INSERT keeps a result burst cheap
    mark_stale(event, STALE_AFTER.get(action))
    announce(event.pk, action, STALE_AFTER.get(action) == RESULTS)
    who = actor.username if actor is not None and actor.is_authenticated else "system"
    logger.info("event %s: %s round=%s table=%s by %s", event.pk, action, entry.round_number, entry.table, who)


def log_many(event, actor, action, entries, event_locked=True):
    """The same for many targets at once (a check-in of everyone, a scoring batch): one INSERT, and
    the pages marked stale once. `entries` are dicts of log() keywords. Without the event's lock
    (`event_locked=False`) the pages are marked stale after commit, so locks are never taken out of
    order (docs/architecture.md)."""
    if not entries:
        return
    event_id = getattr(event, "pk", event)
    rows = [_entry(event_id, actor, action, **entry) for entry in entries]
    AuditEntry.objects.bulk_create(rows, batch_size=500)
    scope = STALE_AFTER.get(action)
    if event_locked:
        mark_stale(event, scope)
    else:
        transaction.on_commit(lambda: mark_stale(event_id, scope))
    announce(event_id, action, scope == RESULTS)
    logger.info("event %s: %s x%s", event_id, action, len(rows))


def _entry(event_id, actor, action, round_number=None, match=None, entrant=None, before=None, after=None):
    """One log row; a table's round is read from its match."""
    return AuditEntry(
        event_id=event_id,
        actor=_account(actor),
        action=action,
        round_number=match.round.number if match is not None else round_number,
        table=match.table if match is not None else None,
        entrant=entrant,
        entrant_name=entrant.name if entrant is not None else "",
        before=before,
        after=after,
    )


def _account(actor):
    return actor if actor is not None and actor.is_authenticated else None


def reattribute(user, placeholder):
    """A deleted account in every event's log (docs/privacy.md): its entries stay as they are, but
    name the placeholder account as who acted, and where one mentions the account (a staff member's
    username, a player's account id) the placeholder instead. Nothing else in an entry changes."""
    AuditEntry.objects.filter(actor=user).update(actor=placeholder)
    mentioning = AuditEntry.objects.filter(Q(before__user=user.pk) | Q(after__user=user.pk))
    entries = list(mentioning.only("pk", "before", "after"))
    for entry in entries:
        entry.before, entry.after = _mention(entry.before, user, placeholder), _mention(entry.after, user, placeholder)
    AuditEntry.objects.bulk_update(entries, ["before", "after"], batch_size=500)


def _mention(data, user, placeholder):
    if not isinstance(data, dict) or data.get("user") != user.pk:
        return data
    renamed = {"username": placeholder.username} if "username" in data else {}
    return {**data, "user": placeholder.pk, **renamed}


def mark_stale(event, scope):
    """Standings caches are keyed on the results version, rendered pages (tournaments/page_cache.py)
    on the pages version: a new number makes them stale in every process at once. Only the log's
    writer calls it in the site; fixtures that write rows in bulk call it too."""
    if scope is None:
        return
    counters = {"pages_version": F("pages_version") + 1}
    if scope == RESULTS:
        counters["results_version"] = F("results_version") + 1
    PageCounters.objects.filter(event_id=getattr(event, "pk", event)).update(**counters)
    if isinstance(event, Event) and Event.counters.is_cached(event):
        event.counters.refresh_from_db(fields=list(counters))


# Every status but "cancelled": for the doors open at any stage of an event that is not called off.
NOT_CANCELLED = tuple(status for status in Event.Status.values if status != Event.Status.CANCELLED)
# Every status but "finished": what changes the standings stops once they are final (and prizes fixed).
NOT_FINISHED = tuple(status for status in Event.Status.values if status != Event.Status.FINISHED)


def require_status(event, *statuses):
    """Refuse (409) unless the event is in one of `statuses`; a cancelled event's refusal gives the
    organiser's reason, so every door says the same thing."""
    if event.status not in statuses:
        raise status_refusal(event)


def status_refusal(event):
    if event.is_cancelled:
        return DomainError("event.cancelled", status=409, reason=event.cancel_reason)
    return DomainError("event.status", status=409, state=event.get_status_display())


def organiser_only(event, actor):
    """Settings, pairing, starting and finishing: the organiser's alone (capability "manage")."""
    require(actor, event, "manage")
