"""Getting in: the event's capacity, its waitlist (first come, first served) and its join code.

Every function here runs inside a transaction that holds the event's lock (services.common.locked):
places are counted and given under that lock, so two registrations at once never exceed capacity and
a freed place goes to exactly one player. Waitlisted players are not entrants: pairing and standings
never see them."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages
from core.numbers import INTEGER_MAX

from ..models import AuditAction, Entrant, Event, WaitlistEntry, new_join_code
from .common import locked, log, organiser_only
from .seats import seat_late_entrant

define_messages(
    {
        "capacity.full": _(
            "More places than capacity: all %(capacity)s places are taken, so %(name)s cannot be added. "
            "Raise the capacity first."
        ),
        "capacity.full_started": _("The event is full and has started: no more places are given."),
        "capacity.below_entrants": _(
            "Capacity cannot be lower than the %(count)s players already entered: remove players first."
        ),
        "capacity.invalid": _("Capacity is a whole number of at least 2, or blank for no limit."),
        "waitlist.already_waiting": _("You are already on the waitlist, number %(position)s."),
        "waitlist.not_waiting": _("You are not on the waitlist of this event."),
        "join.unknown_code": _("No event has the join code “%(typed)s”: check the code on the screen."),
    }
)

MIN_CAPACITY = 2
MAX_CAPACITY = INTEGER_MAX  # the column (PostgreSQL integer); SQLite would store more


def places_taken(event):
    """Entries holding a place: everyone registered who has not withdrawn (dropped)."""
    return event.entrants.filter(dropped_after__isnull=True).count()


def free_places(event):
    """Places left, or None when the event has no capacity."""
    if event.capacity is None:
        return None
    return max(0, event.capacity - places_taken(event))


def require_place(event, name, by_organiser=True):
    """Refuse an entry beyond capacity: the organiser's "more places than capacity", or a player's
    late registration once the event has started (before it, players go to the waitlist instead)."""
    if free_places(event) == 0:
        if not by_organiser:
            raise DomainError("capacity.full_started", status=409)
        raise DomainError("capacity.full", "capacity", status=409, capacity=event.capacity, name=name)


def waiting(event):
    """The waitlist in order: who came first is first in line."""
    return event.waitlist.filter(promoted_at__isnull=True).select_related("user").order_by("created_at", "pk")


def position(event, user):
    """The user's number on the waitlist (1 is next), or None when they are not waiting."""
    if not user.is_authenticated:
        return None
    mine = event.waitlist.filter(user=user, promoted_at__isnull=True).first()
    if mine is None:
        return None
    ahead = event.waitlist.filter(promoted_at__isnull=True, created_at__lt=mine.created_at).count()
    ties = event.waitlist.filter(promoted_at__isnull=True, created_at=mine.created_at, pk__lt=mine.pk).count()
    return ahead + ties + 1


def join_waitlist(event, user):
    """Put a player who found the event full on its waitlist (the caller holds the event lock)."""
    if not event.registration_open:
        raise DomainError("capacity.full_started", status=409)
    found = event.waitlist.filter(user=user).first()
    if found is not None and found.promoted_at is None:
        raise DomainError("waitlist.already_waiting", status=409, position=position(event, user))
    if found is not None:  # promoted once, then withdrew: in line again, at the back
        found.delete()
    entry = WaitlistEntry.objects.create(event=event, user=user)
    log(event, user, AuditAction.WAITLIST_JOIN, after={"user": user.pk, "position": position(event, user)})
    return entry


@transaction.atomic
def leave_waitlist(event, user):
    """A waiting player gives up their place in line."""
    event = locked(event)
    entry = event.waitlist.filter(user=user, promoted_at__isnull=True).first()
    if entry is None:
        raise DomainError("waitlist.not_waiting", status=404)
    before = position(event, user)
    entry.delete()
    log(event, user, AuditAction.WAITLIST_LEAVE, before={"user": user.pk, "position": before})
    return event


def fill_places(event, actor):
    """Give free places to the first in line, each exactly once (the caller holds the event lock).
    Only before the event starts: once it has started nobody moves up."""
    if not event.registration_open:
        return []
    free = free_places(event)
    line = waiting(event).select_for_update(of=("self",))
    if free is not None:
        line = line[:free]
    promoted = []
    for entry in list(line):
        if event.entrants.filter(user=entry.user).exists():  # the organiser added them meanwhile
            entry.delete()
            continue
        entrant = Entrant.objects.create(event=event, user=entry.user, name=str(entry.user)[:120], joined_round=1)
        seat_late_entrant(event, entrant)
        entry.promoted_at, entry.entrant = timezone.now(), entrant
        entry.save(update_fields=["promoted_at", "entrant"])
        log(
            event,
            actor,
            AuditAction.WAITLIST_PROMOTE,
            entrant=entrant,
            after={"user": entry.user_id, "waiting_since": entry.created_at.isoformat()},
        )
        promoted.append(entrant)
    return promoted


def check_capacity(event, capacity):
    if capacity is None:
        return
    if not isinstance(capacity, int) or isinstance(capacity, bool) or not MIN_CAPACITY <= capacity <= MAX_CAPACITY:
        raise DomainError("capacity.invalid", "capacity")
    taken = places_taken(event) if event is not None else 0
    if capacity < taken:
        raise DomainError("capacity.below_entrants", "capacity", count=taken)


@transaction.atomic
def set_capacity(event, actor, capacity):
    """Change the number of places (None: no limit). Lower than the players already entered is
    refused; places a raise frees go to the waitlist at once."""
    event = locked(event)
    organiser_only(event, actor)
    check_capacity(event, capacity)
    if capacity == event.capacity:
        return event
    before = event.capacity
    event.capacity = capacity
    event.save(update_fields=["capacity"])
    log(event, actor, AuditAction.EVENT_CAPACITY, before={"capacity": before}, after={"capacity": capacity})
    fill_places(event, actor)
    return event


@transaction.atomic
def regenerate_join_code(event, actor):
    """A new join code for the event: the old one stops working at once (a code seen by the wrong
    people, say)."""
    event = locked(event)
    organiser_only(event, actor)
    before = event.join_code
    event.join_code = new_join_code()
    event.save(update_fields=["join_code"])
    log(event, actor, AuditAction.JOIN_CODE_NEW, before={"join_code": before}, after={"join_code": event.join_code})
    return event


def normalised_code(code):
    """What a player typed, as stored: upper case, without spaces or dashes."""
    return "".join((code or "").split()).replace("-", "").upper()


def event_by_join_code(code):
    """The event a join code opens, or a 404 refusal."""
    cleaned = normalised_code(code)
    event = Event.objects.filter(join_code=cleaned).first() if cleaned else None
    if event is None:
        raise DomainError("join.unknown_code", "code", status=404, typed=cleaned[:12])
    return event
