"""The event's clock (models.Clock): a round's, started by pairing, or deck building's at a sealed
event; the organiser starts, pauses, resumes and extends it. The caller holds the event's lock."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

from ..models import AuditAction
from .common import NOT_CANCELLED, locked, log, organiser_only, require_status

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


def _run(event, seconds, deck_building=False):
    clock = event.clock
    clock.ends_at, clock.paused_seconds = timezone.now() + datetime.timedelta(seconds=seconds), None
    clock.deck_building = deck_building
    clock.save(update_fields=["ends_at", "paused_seconds", "deck_building"])


def start_round_clock(event):
    """A round was paired: its clock runs for the round's length (deck building is over)."""
    _run(event, event.settings.round_minutes * 60)


def stop_clock(event):
    clock = event.clock
    clock.ends_at = clock.paused_seconds = None
    clock.save(update_fields=["ends_at", "paused_seconds"])


def hold_clock(event):
    """An event being cancelled: a running clock is paused, so a reopening resumes it where it was."""
    clock = event.clock
    if clock.ends_at is not None and clock.paused_seconds is None:
        clock.paused_seconds = remaining_seconds(event)
        clock.save(update_fields=["paused_seconds"])


def remaining_seconds(event):
    if event.is_finished or event.is_cancelled:
        return None  # a finished (or cancelled) event's clock never runs, whatever was left on it
    clock = event.clock
    if clock.paused_seconds is not None:
        return clock.paused_seconds
    if clock.ends_at is None:
        return None
    return max(0, int((clock.ends_at - timezone.now()).total_seconds()))


@transaction.atomic
def control_timer(event, actor, action, minutes=0):
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, *NOT_CANCELLED)
    if event.is_finished:
        raise DomainError("timer.event_over", "action")
    clock = event.clock
    running = clock.ends_at is not None and clock.paused_seconds is None
    if action == "start":  # a round's length: the clock no longer counts deck building
        start_round_clock(event)
    elif action == "pause" and running:
        clock.paused_seconds = remaining_seconds(event)
    elif action == "resume" and clock.paused_seconds is not None:
        _run(event, clock.paused_seconds, clock.deck_building)
    elif action == "extend" and 1 <= minutes <= 60 and (clock.ends_at or clock.paused_seconds is not None):
        if clock.paused_seconds is not None:
            clock.paused_seconds += minutes * 60
        else:
            clock.ends_at += datetime.timedelta(minutes=minutes)
    else:
        raise DomainError("timer.cannot", "action", status=409)
    clock.save(update_fields=["ends_at", "paused_seconds", "deck_building"])
    log(event, actor, AuditAction(f"timer.{action}"), after={"remaining": remaining_seconds(event)})
    return event


@transaction.atomic
def start_build_clock(event, actor, minutes=BUILD_MINUTES):
    """Before round 1 of a sealed event: the clock counts down deck building ("Deck building" on the
    projector and timer pages). Pause, resume and extend work as for a round; pairing round 1
    starts the round clock in its place."""
    event = locked(event)
    organiser_only(event, actor)
    if not event.is_sealed:
        raise DomainError("timer.build_sealed", "minutes", status=409)
    require_status(event, *NOT_CANCELLED)
    if not event.registration_open or event.rounds.exists():
        raise DomainError("timer.build_started", "minutes", status=409)
    least, most = BUILD_LIMITS
    if not isinstance(minutes, int) or not least <= minutes <= most:
        raise DomainError("timer.build_minutes", "minutes", least=least, most=most)
    _run(event, minutes * 60, deck_building=True)
    log(event, actor, AuditAction.BUILD_CLOCK, after={"remaining": remaining_seconds(event), "minutes": minutes})
    return event


def clock_label(event):
    """What the clock counts: "Deck building" until round 1 is paired (which clears `deck_building`)."""
    return str(_("Deck building")) if event.clock.deck_building else ""
