"""Calling an event off: cancel it (players see why), reopen it (the undo), or delete one made by
mistake while nobody is in it. Each locks the event, checks, writes and logs."""

import logging

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages
from core.text import has_hidden_characters

from ..models import AuditAction, Cancellation, Event
from .common import locked, log, organiser_only, require_status
from .entrants import fill_places, waiting
from .results_reports import score_after_reopening
from .rounds_clock import hold_clock

define_messages(
    {
        "event.cancel_reason": _(
            "Say why the event is cancelled, in up to %(max)s characters without hidden characters: players see it."
        ),
        "event.delete_not_empty": _(
            "“%(name)s” cannot be deleted: players have entered it, wait for a place or have played rounds. "
            "Cancel it instead: players see that it is cancelled and why, and nothing is lost."
        ),
    }
)

logger = logging.getLogger("tournaments")


MAX_CANCEL_REASON = 300


@transaction.atomic
def cancel_event(event, actor, reason):
    """Call off an event that has not finished, saying why (players see it). Everything stays as it
    is (entrants, rounds, the waitlist) and the round clock is held; until it is reopened, every door
    that enters, checks in, pairs or takes a result refuses it (common.require_status), and reports
    already sent wait unscored (results_scoring)."""
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS, Event.Status.TOP_CUT)
    reason = _cancel_reason(reason)
    hold_clock(event)
    before = {"status": event.status}
    # update_or_create: a row left behind by a status changed in the admin is simply replaced
    Cancellation.objects.update_or_create(event=event, defaults={"reason": reason, "status_before": event.status})
    event.status = Event.Status.CANCELLED
    event.save(update_fields=["status"])
    log(event, actor, AuditAction.EVENT_CANCEL, before=before, after={"reason": reason})
    return event


def _cancel_reason(reason):
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason or len(reason) > MAX_CANCEL_REASON or has_hidden_characters(reason):
        raise DomainError("event.cancel_reason", "reason", max=MAX_CANCEL_REASON)
    return reason


@transaction.atomic
def reopen_event(event, actor):
    """Undo a cancellation: the event returns to the status it had, places freed meanwhile go to the
    waitlist (before the start) and reports kept waiting are scored. The clock stays paused for the
    organiser to resume."""
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.CANCELLED)
    before = {"reason": event.cancel_reason}
    event.status = status_after_reopening(event)
    event.save(update_fields=["status"])
    Cancellation.objects.filter(event=event).delete()
    log(event, actor, AuditAction.EVENT_REOPEN, before=before, after={"status": event.status})
    fill_places(event, actor)
    score_after_reopening(event)
    return event


def status_after_reopening(event):
    """The status a cancelled event had, which reopening returns it to (registration, for a status set
    to cancelled without its row, by the admin say)."""
    cancellation = Cancellation.objects.filter(event=event).first()
    return cancellation.status_before if cancellation is not None else Event.Status.REGISTRATION


@transaction.atomic
def delete_event(event, actor):
    """Delete an event made by mistake (twice, the wrong game): only while nobody has entered it or
    waits for a place and no round is paired; otherwise it is cancelled instead. Final: its log goes
    with it, so the application's logger keeps the line."""
    event = locked(event)
    organiser_only(event, actor)
    refusal = delete_refusal(event)
    if refusal is not None:
        raise refusal
    line = ("event %s (%s) deleted by %s", event.pk, event.name, actor.username)
    event.delete()
    transaction.on_commit(lambda: logger.info(*line))


def delete_refusal(event):
    """Why the event cannot be deleted (a DomainError, 409), or None: someone has entered it, waits for
    a place, or a round is paired. Such an event is cancelled instead: nobody's part in it is lost."""
    if event.entrants.exists() or event.rounds.exists() or waiting(event).exists():
        return DomainError("event.delete_not_empty", status=409, name=event.name)
    return None
