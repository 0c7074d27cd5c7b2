"""Who plays: adding players and teams, self-registration, check-in, drops and removal; the capacity, the
waitlist (first come, first served) and the join code. Who may come in at all: entrants_doors.

Getting in runs inside a transaction that holds the event's lock (services.common.locked): places are
counted and given under that lock, so two registrations at once never exceed capacity and a freed place
goes to exactly one player. Waitlisted players are not entrants: pairing and standings never see them."""

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages
from core.numbers import INTEGER_MAX

from ..models import AuditAction, Entrant, Event, Match, Penalty, WaitlistEntry
from .common import NOT_CANCELLED, NOT_FINISHED, locked, log, log_many, organiser_only, require_status
from .decklists import _may_change_entrant, _register_deck, judge_again
from .entrants_doors import (
    late_entry_needs_deck,
    late_entry_refusal,
    needs_deck_to_check_in,
    refuse_second_entry,
    require_not_staff,
)
from .sealed import seat_late_entrant

define_messages(
    {
        "event.players_register_themselves": _("Players can only register themselves."),
        "event.needs_consent": _(
            "%(name)s has an account, so only they can enter this event: share the join code or the event's "
            "link with them. Walk-ins without an account are added by name."
        ),
        "event.already_registered": _("%(name)s is already registered."),
        "event.walk_in_name": _("A walk-in needs a name."),
        "event.check_in_needs_deck": _("%(name)s cannot check in without a legal registered deck."),
        "event.check_in_deck_illegal": _("%(name)s cannot check in: the registered list is not legal. %(reasons)s"),
        "event.check_in_over": _(
            "Check-in ended when the event started: players entered since then count as present, and "
            "pairing takes everyone who has not dropped. To take a player out of the next rounds, drop them."
        ),
        "event.check_in_not_registered": _(
            "Nobody was checked in: this player is not registered for this event (removed, or never entered). "
            "Add them first."
        ),
        "event.already_dropped": _("%(name)s has already dropped."),
        "event.duplicate_name": _(
            "“%(name)s” is already entered in this event. Add them again only if this is another person."
        ),
        "event.remove_after_start": _("%(name)s cannot be removed: round 1 is paired. Drop them instead."),
        "event.drop_after_pairing": _(
            "You are paired in round %(number)s: play or concede that match first, then drop before the next "
            "round is paired. Or ask the organiser."
        ),
        "event.not_dropped": _("%(name)s has not dropped."),
        "event.undrop_too_late": _("%(name)s's drop cannot be undone: a round has been paired since."),
        "event.undrop_disqualified": _(
            "%(name)s was disqualified by a judge: to let them play on, take the disqualification back on the judging page."
        ),
        "event.not_team_mode": _("Teams are for team events only."),
    }
)


@transaction.atomic
def add_entrant(event, actor, user=None, name="", deck_version=None, confirmed_duplicate=False):
    """The organiser adds anyone (walk-ins by name); a player registers themselves. A name (or
    username) already entered is refused (409) until the organiser confirms it is another person."""
    event = locked(event)
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS)
    is_organiser = actor.pk == event.organiser_id
    if not is_organiser and (user is None or user != actor):
        raise DomainError("event.players_register_themselves", status=403)
    if user is not None and user != actor:
        raise DomainError("event.needs_consent", "user", status=403, name=str(user))
    if user is not None and event.mode == Event.Mode.TEAM:  # a player plays there in the team that names them
        raise DomainError("event.teams_only", status=409)
    if user is not None:
        refuse_second_entry(event, user)
        require_not_staff(event, user)
    name = (name or (str(user) if user else "")).strip()
    if not name:
        raise DomainError("event.walk_in_name", "name")
    same = event.entrants.filter(Q(name__iexact=name) | Q(user__username__iexact=name))
    # A player entering with their own account is one person for sure: only typed names may repeat.
    if not confirmed_duplicate and user is None and same.exists():
        raise DomainError("event.duplicate_name", "name", status=409, name=name)
    refusal = late_entry_refusal(event, by_organiser=is_organiser)
    if refusal is not None:
        raise refusal
    require_place(event, name, by_organiser=is_organiser)
    if not is_organiser and late_entry_needs_deck(event) and deck_version is None:
        raise DomainError("event.late_entry_needs_deck", "deck")
    if user is not None:
        event.waitlist.filter(user=user).delete()  # in the event now, no longer in line
    joined = event.rounds.count() + 1
    # A walk-in added by the organiser is at the desk: checked in, unless a legal deck is required first.
    # Once the event has started check-in is over: whoever enters is paired from the next round.
    present = not event.registration_open or (is_organiser and not event.format_slug)
    entrant = Entrant.objects.create(event=event, user=user, name=name[:120], joined_round=joined, checked_in=present)
    seat_late_entrant(event, entrant)
    log(
        event,
        actor,
        AuditAction.ENTRANT_ADD,
        entrant=entrant,
        after={"user": user.pk if user else None, "joined_round": joined},
    )
    if deck_version is not None:
        _register_deck(event, entrant, deck_version, actor)
    if not is_organiser and late_entry_needs_deck(event) and not entrant.deck_legal:
        reasons = " ".join(problem["message"] for problem in entrant.deck_problems)
        raise DomainError("event.late_entry_deck_illegal", "deck", reasons=reasons)  # the entry is rolled back
    return entrant


@transaction.atomic
def register_player(event, user, deck_version=None):
    """A player registers themselves: a place while one is free, else (before the start) the
    waitlist. Returns the Entrant, or the WaitlistEntry when they wait in line. At a team event
    they join the team that names them (entrants_teams.enter_team)."""
    from .entrants_teams import enter_team  # entrants_teams imports this module (require_place)

    event = locked(event)
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS)
    if event.mode == Event.Mode.TEAM:
        return enter_team(event, user, deck_version)
    refuse_second_entry(event, user)
    if free_places(event) == 0 and event.registration_open:
        return join_waitlist(event, user)
    return add_entrant(event, user, user=user, deck_version=deck_version)


def require_check_in_open(event):
    """Check-in (and out) is the door before the start: starting leaves out who is not checked in, and
    after it pairing reads only drops (docs/events.md, late entries)."""
    require_status(event, *NOT_CANCELLED)
    if not event.registration_open:
        raise DomainError("event.check_in_over", status=409)


@transaction.atomic
def check_in(entrant, actor, checked_in=True):
    """The organiser checks players in at the desk (players cannot check themselves in), before the start."""
    event = locked(entrant.event)
    organiser_only(event, actor)
    require_check_in_open(event)
    entrant.refresh_from_db(fields=["dropped_after"])
    if checked_in and entrant.dropped:  # withdrawn: their place may be someone else's now
        raise DomainError("event.already_dropped", status=409, name=entrant.name)
    if checked_in and needs_deck_to_check_in(event):
        entrant = Entrant.objects.select_for_update(of=("self",)).select_related("deck").get(pk=entrant.pk)
        judge_again(event, actor, [entrant])
        if entrant.deck_id and not entrant.deck_legal:  # the verdict as of the event's date, with why
            reasons = " ".join(problem["message"] for problem in entrant.deck_problems)
            raise DomainError("event.check_in_deck_illegal", name=entrant.name, reasons=reasons)
        if not entrant.deck_legal:
            raise DomainError("event.check_in_needs_deck", name=entrant.name)
    entrant.checked_in = checked_in
    entrant.save(update_fields=["checked_in"])
    action = AuditAction.ENTRANT_CHECK_IN if checked_in else AuditAction.ENTRANT_CHECK_OUT
    log(event, actor, action, entrant=entrant)
    return entrant


@transaction.atomic
def check_in_many(event, actor, entrant_ids=None):
    """Check in several players at once (`entrant_ids`), or everyone not yet checked in (None).
    Returns (checked in, refused): a player without a legal deck, where one is needed, is refused."""
    event = locked(event)
    organiser_only(event, actor)
    require_check_in_open(event)
    waiting = event.entrants.filter(checked_in=False, dropped_after__isnull=True).order_by("name", "pk")
    if entrant_ids is not None:
        waiting = waiting.filter(pk__in=entrant_ids)
    waiting = list(waiting.select_for_update(of=("self",)).select_related("deck"))
    if event.format_slug:
        judge_again(event, actor, waiting)
    refused = [entrant for entrant in waiting if needs_deck_to_check_in(event) and not entrant.deck_legal]
    checked = [entrant for entrant in waiting if entrant not in refused]
    Entrant.objects.filter(pk__in=[entrant.pk for entrant in checked]).update(checked_in=True)
    log_many(event, actor, AuditAction.ENTRANT_CHECK_IN, [{"entrant": entrant} for entrant in checked])
    return checked, refused


@transaction.atomic
def drop(entrant, actor):
    """A drop takes effect before the next round is paired; the entrant keeps their standing. A player
    drops themselves between their result and the next pairing; the organiser drops anyone, any time."""
    event = locked(entrant.event)
    _may_change_entrant(event, entrant, actor)
    require_status(event, *NOT_FINISHED)
    entrant.refresh_from_db(fields=["dropped_after"])
    if entrant.dropped:
        raise DomainError("event.already_dropped", name=entrant.name)
    if actor.pk != event.organiser_id:
        waiting = entrant.seats.filter(match__round__event=event, match__is_bye=False).exclude(
            match__status=Match.Status.CONFIRMED
        )
        unplayed = waiting.select_related("match__round").first()
        if unplayed is not None:
            raise DomainError("event.drop_after_pairing", status=409, number=unplayed.match.round.number)
    entrant.dropped_after = event.rounds.filter(stage="swiss").count()
    entrant.save(update_fields=["dropped_after"])
    log(event, actor, AuditAction.ENTRANT_DROP, entrant=entrant, after={"after_round": entrant.dropped_after})
    fill_places(event, actor)  # a withdrawal before the start frees a place for the waitlist
    return entrant


@transaction.atomic
def undo_drop(entrant, actor):
    """The organiser takes a drop back, as long as no round has been paired since it; never a
    disqualification's drop."""
    event = locked(entrant.event)
    organiser_only(event, actor)
    require_status(event, *NOT_FINISHED)
    entrant.refresh_from_db(fields=["dropped_after"])
    if not entrant.dropped:
        raise DomainError("event.not_dropped", name=entrant.name)
    if entrant.penalties.filter(kind=Penalty.Kind.DISQUALIFICATION).exists():
        raise DomainError("event.undrop_disqualified", status=409, name=entrant.name)
    if entrant.dropped_after != event.rounds.filter(stage="swiss").count():
        raise DomainError("event.undrop_too_late", status=409, name=entrant.name)
    require_place(event, entrant.name)  # the place may have gone to the waitlist since
    before = entrant.dropped_after
    entrant.dropped_after = None
    # Once the event has started, only a player who is there is let back in: the desk shows them
    # checked in, as the start would have had they checked in on time.
    entrant.checked_in = entrant.checked_in or event.status != Event.Status.REGISTRATION
    entrant.save(update_fields=["dropped_after", "checked_in"])
    log(event, actor, AuditAction.ENTRANT_UNDROP, entrant=entrant, before={"after_round": before})
    return entrant


@transaction.atomic
def remove_entrant(entrant, actor):
    """Remove a mistaken entry before round 1 is paired; later, a player can only drop."""
    event = locked(entrant.event)
    organiser_only(event, actor)
    if event.rounds.exists() or entrant.seats.exists():
        raise DomainError("event.remove_after_start", status=409, name=entrant.name)
    log(
        event,
        actor,
        AuditAction.ENTRANT_REMOVE,
        entrant=entrant,
        before={"user": entrant.user_id, "deck": entrant.deck_id, "checked_in": entrant.checked_in},
    )
    entrant.delete()
    fill_places(event, actor)
    return entrant


define_messages(
    {
        "capacity.full": _(
            "More places than capacity: all %(capacity)s places are taken, so %(name)s cannot be added. "
            "Raise the capacity first."
        ),
        "capacity.full_started": _("The event is full and has started: no more places are given."),
        "capacity.below_entrants": ngettext_lazy(
            "Capacity cannot be lower than the %(count)s player already entered: remove players first.",
            "Capacity cannot be lower than the %(count)s players already entered: remove players first.",
            "count",
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
    if event.settings.capacity is None:
        return None
    return max(0, event.settings.capacity - places_taken(event))


def require_place(event, name, by_organiser=True):
    """Refuse an entry beyond capacity: the organiser's "more places than capacity", or a player's
    late registration once the event has started (before it, players go to the waitlist instead)."""
    if free_places(event) == 0:
        if not by_organiser:
            raise DomainError("capacity.full_started", status=409)
        raise DomainError("capacity.full", "capacity", status=409, capacity=event.settings.capacity, name=name)


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
    require_not_staff(event, user)
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
        raise DomainError("capacity.below_entrants", "capacity", status=409, count=taken)


@transaction.atomic
def set_capacity(event, actor, capacity):
    """Change the number of places (None: no limit). Lower than the players already entered is
    refused; places a raise frees go to the waitlist at once."""
    event = locked(event)
    organiser_only(event, actor)
    check_capacity(event, capacity)
    if capacity == event.settings.capacity:
        return event
    before = event.settings.capacity
    event.settings.capacity = capacity
    event.settings.save(update_fields=["capacity"])
    log(event, actor, AuditAction.EVENT_CAPACITY, before={"capacity": before}, after={"capacity": capacity})
    fill_places(event, actor)
    return event
