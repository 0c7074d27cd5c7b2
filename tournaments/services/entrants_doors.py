"""Who may come in now, whatever the door (the join page, the code, a registration link, the API, a
team): staff don't play, a player enters once, and an entry after the start comes with a legal deck
while a round is left to play. The entrants and teams services ask here before a place is given."""

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages

from ..models import AuditAction, Event, Penalty, new_join_code
from .common import locked, log, organiser_only
from .decklists import deadline_passed

define_messages(
    {
        "event.withdrawn": _(
            "%(name)s withdrew from this event. To play after all, ask the organiser to undo the drop."
        ),
        "event.teams_only": _(
            "This is a team event: the organiser enters each team with its two members. If a team names you, "
            "join it through the event's join code or link."
        ),
        "event.late_no_round_left": ngettext_lazy(
            "The event’s only Swiss round is paired: an entry now would never play. The organiser can add a "
            "Swiss round in the event settings first.",
            "All %(count)s Swiss rounds are paired: an entry now would never play. The organiser can add a "
            "Swiss round in the event settings first.",
            "count",
        ),
        "event.late_entry_needs_deck": _(
            "The event has started: a late entry is paired from the next round, so it needs a legal deck now. "
            "Register with one of your legal decks, or ask the organiser at the desk."
        ),
        "event.late_entry_deck_illegal": _(
            "The event has started, so a late entry needs a legal deck, and this one is not legal: %(reasons)s"
        ),
        "event.late_entry_at_desk": _(
            "The event has started and the decklist deadline has passed: ask the organiser or a judge at the "
            "desk to enter you with your list."
        ),
        "event.staff_cannot_play": _(
            "You are on this event's staff, and staff don't play in the event they work at. Ask the organiser "
            "to take you off the staff first."
        ),
    }
)


def late_entry_needs_deck(event):
    """After the start nobody checks in any more and pairing takes every entrant: at an event that
    checks decks, a player entering late brings a legal deck with the entry."""
    return not event.registration_open and needs_deck_to_check_in(event)


def late_entry_refusal(event, by_organiser=False):
    """Why an entry cannot be made now (a DomainError), or None: every Swiss round is paired (it would
    never play, yet stand in the standings and the prizes with the losses of the rounds it missed); for a
    player entering themselves, the event checks decks, has started and its decklist deadline has passed."""
    started = not event.registration_open and event.swiss_rounds is not None
    if started and event.rounds.filter(stage="swiss").count() >= event.swiss_rounds:
        return DomainError("event.late_no_round_left", status=409, count=event.swiss_rounds)
    if not by_organiser and late_entry_needs_deck(event) and deadline_passed(event):
        return DomainError("event.late_entry_at_desk", status=409)
    return None


def second_entry_refusal(event, user):
    """Why `user` cannot enter again (a DomainError), or None when they have no entry: a player is
    entered once. One who withdrew is told so, and that only the organiser can undo a drop (a
    disqualification's drop is not theirs to ask back)."""
    entry = event.entrants.filter(user=user).first()
    if entry is None:
        return None
    if entry.dropped and not entry.penalties.filter(kind=Penalty.Kind.DISQUALIFICATION).exists():
        return DomainError("event.withdrawn", "user", status=409, name=str(user))
    return DomainError("event.already_registered", "user", name=str(user))


def refuse_second_entry(event, user):
    refusal = second_entry_refusal(event, user)
    if refusal is not None:
        raise refusal


def require_not_staff(event, user):
    """Staff don't play (tournaments.access.staff_role says why)."""
    if event.staff.filter(user=user).exists():
        raise DomainError("event.staff_cannot_play", status=409)


def needs_deck_to_check_in(event):
    """A constructed event with a format checks players in with a legal deck only. At a sealed event
    arrival comes first: players check in at the door, build from their pool, and the start waits
    for their decks (services.events.start_event)."""
    return bool(event.format_slug) and not event.is_sealed


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


def event_with_join_code(pk, code):
    """Event `pk` if `code` is its join code, else None."""
    cleaned = normalised_code(code)
    return Event.objects.filter(pk=pk, join_code=cleaned).first() if cleaned else None


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
