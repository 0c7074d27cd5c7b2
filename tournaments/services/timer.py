"""The round clock: start, pause, resume and extend (shown full-screen for a projector)."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..models import AuditAction, Event
from .common import locked, log, organiser_only

define_messages(
    {
        "timer.cannot": _("The clock cannot do that now."),
        "timer.event_over": _("The event is over: the round clock no longer runs."),
    }
)


def remaining_seconds(event):
    if event.status == Event.Status.FINISHED:
        return None  # a finished event's clock never runs, whatever was left on it
    if event.timer_paused_seconds is not None:
        return event.timer_paused_seconds
    if event.timer_ends_at is None:
        return None
    return max(0, int((event.timer_ends_at - timezone.now()).total_seconds()))


@transaction.atomic
def control_timer(event, actor, action, minutes=0):
    event = locked(event)
    organiser_only(event, actor)
    if event.status == Event.Status.FINISHED:
        raise DomainError("timer.event_over", "action")
    now = timezone.now()
    if action == "start":
        event.timer_ends_at, event.timer_paused_seconds = now + datetime.timedelta(minutes=event.round_minutes), None
    elif action == "pause" and event.timer_paused_seconds is None and event.timer_ends_at:
        event.timer_paused_seconds = remaining_seconds(event)
    elif action == "resume" and event.timer_paused_seconds is not None:
        event.timer_ends_at, event.timer_paused_seconds = (
            now + datetime.timedelta(seconds=event.timer_paused_seconds),
            None,
        )
    elif action == "extend" and 1 <= minutes <= 60 and (event.timer_ends_at or event.timer_paused_seconds is not None):
        if event.timer_paused_seconds is not None:
            event.timer_paused_seconds += minutes * 60
        else:
            event.timer_ends_at += datetime.timedelta(minutes=minutes)
    else:
        raise DomainError("timer.cannot", "action")
    event.save(update_fields=["timer_ends_at", "timer_paused_seconds"])
    log(event, actor, AuditAction(f"timer.{action}"), after={"remaining": remaining_seconds(event)})
    return event
