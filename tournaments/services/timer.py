"""The round clock: start, pause, resume and extend (shown full-screen for a projector)."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..models import AuditAction
from .common import locked, log, organiser_only

BUILD_MINUTES = 30  # a prerelease's usual deck-building time
BUILD_LIMITS = (5, 120)

define_messages(
    {
        "timer.cannot": _("The clock cannot do that now."),
        "timer.event_over": _("The event is over: the round clock no longer runs."),
        "timer.build_sealed": _("The deck-building clock is for sealed events."),
        "timer.build_started": _("Round 1 is paired: the clock now belongs to the rounds."),
        "timer.build_minutes": _("Deck building lasts between %(least)s and %(most)s minutes."),
    }
)


def remaining_seconds(event):
    if event.is_finished:
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
    if event.is_finished:
        raise DomainError("timer.event_over", "action")
    now = timezone.now()
    if action == "start":  # a round's length: the clock no longer counts deck building
        event.timer_ends_at, event.timer_paused_seconds = now + datetime.timedelta(minutes=event.round_minutes), None
        event.build_clock = False
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
    event.save(update_fields=["timer_ends_at", "timer_paused_seconds", "build_clock"])
    log(event, actor, AuditAction(f"timer.{action}"), after={"remaining": remaining_seconds(event)})
    return event


@transaction.atomic
def start_build_clock(event, actor, minutes=BUILD_MINUTES):
    """Before round 1 of a sealed event: the clock counts down deck building ("Deck building" on the
    projector and timer pages). Pause, resume and extend work as for a round; pairing round 1
    starts the round clock in its place."""
    event = locked(event)
    organiser_only(event, actor)
    if not event.sealed:
        raise DomainError("timer.build_sealed", "minutes")
    if not event.registration_open or event.rounds.exists():
        raise DomainError("timer.build_started", "minutes", status=409)
    least, most = BUILD_LIMITS
    if not isinstance(minutes, int) or not least <= minutes <= most:
        raise DomainError("timer.build_minutes", "minutes", least=least, most=most)
    event.timer_ends_at, event.timer_paused_seconds = timezone.now() + datetime.timedelta(minutes=minutes), None
    event.build_clock = True
    event.save(update_fields=["timer_ends_at", "timer_paused_seconds", "build_clock"])
    log(event, actor, AuditAction.BUILD_CLOCK, after={"remaining": remaining_seconds(event), "minutes": minutes})
    return event


def clock_label(event):
    """What the clock counts: "Deck building" until round 1 is paired (which clears `build_clock`)."""
    return str(_("Deck building")) if event.build_clock else ""
