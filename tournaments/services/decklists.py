"""Registered decks: who registers which deck for whom, the deadline, the freeze after round one,
pasted lists and each deck's legality in the event's format."""

from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages
from decks.models import DeckVersion, Visibility
from decks.services.decks import cards_from_decklist, create_deck, save_version, version_cards
from decks.services.legality import validate_request

from ..access import can, refusal
from ..models import AuditAction, AuditEntry, Entrant, Event
from ..models.entrants import event_player_labels
from .common import NOT_CANCELLED, locked, log, organiser_only, require_status
from .sealed import check_buildable

define_messages(
    {
        "event.organiser_or_player": _("Only the organiser or the player can change this entry."),
        "event.deadline_passed": _(
            "The decklist deadline has passed, so your deck cannot be registered or changed here: ask the "
            "organiser or a judge at the desk. Until a legal deck is registered you cannot check in."
        ),
        "event.deck_frozen": _(
            "Decklists are frozen since the event started: your registered deck stays as it is. Only the "
            "organiser or a judge can change it, with a reason."
        ),
        "event.deck_change_reason": _("The list is frozen: say why it changes (the reason goes into the log)."),
        "event.paste_needs_format": _("This event has no format to check a pasted list against."),
        "event.decklist_empty": _("Paste the decklist: one card a line, with its quantity."),
        "event.deck_wrong_game": _("That deck version is not a deck of this event's game."),
        "event.no_such_deck": _("There is no such deck version among the decks this entry may register."),
        "event.deck_after_drop": _(
            "%(name)s has dropped from this event, so the registered deck no longer changes: ask the organiser "
            "to undo the drop first."
        ),
    }
)


@transaction.atomic
def submit_deck(entrant, deck_version, actor, reason=""):
    """Register a deck version (a snapshot: later edits to the deck do not change it); an illegal deck
    is saved but blocks check-in. Once the list is frozen only the organiser or a judge changes it,
    with a reason (deck_frozen)."""
    event = locked(entrant.event)
    entrant = Entrant.objects.get(pk=entrant.pk)
    return _register_deck(event, entrant, deck_version, actor, reason)


def deadline_passed(event, now=None):
    return event.settings.deck_deadline is not None and (now or timezone.now()) >= event.settings.deck_deadline


def deck_frozen(event, entrant):
    """Is this entry's list frozen? From the deadline, and from the start for a list already registered
    (a late entrant may still register a first list before the deadline)."""
    started = not event.registration_open
    return deadline_passed(event) or (started and entrant.deck_id is not None)


def _check_deck_change(event, entrant, actor, reason):
    """Players change their own list until it freezes; then only the organiser or a judge, with a reason."""
    if not deck_frozen(event, entrant):
        return
    if not can(actor, event, "deck_checks"):
        code = "event.deadline_passed" if deadline_passed(event) else "event.deck_frozen"
        raise DomainError(code, "deck", status=403)
    if not (reason or "").strip():
        raise DomainError("event.deck_change_reason", "reason")


def _register_deck(event, entrant, deck_version, actor, reason="", owned=True):
    require_status(event, *NOT_CANCELLED)  # a cancelled event takes no list until it is reopened
    _may_change_deck(event, entrant, actor)
    _check_player_still_playing(event, entrant, actor)
    _check_deck_change(event, entrant, actor, reason)
    if owned:
        deck_version = registrable_version(event, entrant, actor, deck_version)
    check_buildable(event, entrant, version_cards(deck_version))
    legal, problems = deck_legality(event, deck_version)
    before = {"deck": entrant.deck_id, "legal": entrant.deck_legal} if entrant.deck_id else {"deck": None}
    entrant.deck, entrant.deck_legal, entrant.deck_problems = deck_version, legal, problems
    entrant.save(update_fields=["deck", "deck_legal", "deck_problems"])
    frozen_change = bool((reason or "").strip())
    log(
        event,
        actor,
        AuditAction.DECK_CHANGE if frozen_change else AuditAction.DECK_SUBMIT,
        entrant=entrant,
        before=before,
        after={"deck": deck_version.pk, "legal": legal, **({"reason": reason.strip()} if frozen_change else {})},
    )
    return entrant


@transaction.atomic
def register_decklist_text(entrant, actor, text, reason=""):
    """The organiser (or a judge) pastes an entry's list at the desk: it becomes a private deck of the
    organiser's, checked against the event's format like any other, and is registered at once."""
    event = locked(entrant.event)
    if not can(actor, event, "deck_checks"):
        raise refusal("deck_checks")
    if not event.format_slug:
        raise DomainError("event.paste_needs_format", "decklist")
    _check_deck_change(event, entrant, actor, reason)
    cards, declarations = cards_from_decklist(text, event.game)
    if not cards:
        raise DomainError("event.decklist_empty", "decklist")
    name = f"{entrant.name} · {event.name}"[:120]
    deck = create_deck(event.organiser, name, event.game, event.format_slug, Visibility.PRIVATE, cards, declarations)
    return _register_deck(event, entrant, deck.latest_version(), actor, reason, owned=False)


def builds_own_deck(event, entrant, actor):
    """True when the player builds their own deck; False for staff building at the desk (a judge or
    the organiser); anyone else is refused."""
    mine = entrant.user_id is not None and entrant.user_id == actor.pk
    if not mine and not can(actor, event, "deck_checks"):
        raise refusal("deck_checks")
    return mine


def register_built_cards(event, entrant, actor, cards):
    """A deck built on the site for this entry (from a sealed pool), registered at once through
    _register_deck (the caller holds the event lock). The player's own private deck when they build
    it; the organiser's, as for a list pasted at the desk, when staff build it for them. Building
    again saves a new version of the same deck."""
    mine = builds_own_deck(event, entrant, actor)
    owner = actor if mine else event.organiser
    name = f"{entrant.name} · {event.name}"[:120]
    current = entrant.deck.deck if entrant.deck_id else None
    # A deck its owner deleted meanwhile gets no new version: building again makes a new deck.
    if current is not None and current.owner_id == owner.pk and current.name == name and current.deleted_at is None:
        version = save_version(current, cards, {})
    else:
        deck = create_deck(owner, name, event.game, event.format_slug, Visibility.PRIVATE, cards, {})
        version = deck.latest_version()
    return _register_deck(event, entrant, version, actor, owned=mine)


@transaction.atomic
def set_deck_deadline(event, actor, deadline):
    """Move (or clear) the decklist deadline; a date already past is refused."""
    event = locked(event)
    organiser_only(event, actor)
    if deadline is not None and deadline <= timezone.now():
        raise DomainError("event.deadline_in_past", "deck_deadline")
    before = event.settings.deck_deadline
    event.settings.deck_deadline = deadline
    event.settings.save(update_fields=["deck_deadline"])
    log(
        event,
        actor,
        AuditAction.EVENT_DEADLINE,
        before={"deadline": before.isoformat() if before else None},
        after={"deadline": deadline.isoformat() if deadline else None},
    )
    return event


def submitted_versions(event, entrant):
    """The lists this entry has been registered with: the player's own choices and lists pasted at
    the desk (each registration is logged with its version)."""
    entries = AuditEntry.objects.filter(
        event=event, entrant=entrant, action__in=(AuditAction.DECK_SUBMIT, AuditAction.DECK_CHANGE)
    )
    return {entry["deck"] for entry in entries.values_list("after", flat=True) if entry and entry.get("deck")}


def registrable_versions(event, entrant, actor):
    """Who may register which list, decided here for pages, the API and exports alike: a player
    registers their own decks; the organiser and judges only a list this entry was registered with
    (the player's own, or one pasted at the desk) or, for a walk-in without an account, one of their
    own decks. Nobody ever picks among another player's private decks."""
    own = Q(deck__owner=actor, deck__deleted_at__isnull=True)  # a deleted deck is in no one's choices
    if entrant.user_id is not None and entrant.user_id == actor.pk:
        return DeckVersion.objects.filter(own)
    allowed = Q(pk__in=submitted_versions(event, entrant))
    if entrant.user_id is None:
        allowed |= own
    return DeckVersion.objects.filter(allowed)


def registrable_version(event, entrant, actor, deck_version):
    """The version if `actor` may register it for this entry (registrable_versions); anything else is
    "no such version" (404) whether it exists or not, so nobody learns of another's private decks."""
    version_id = deck_version.pk if isinstance(deck_version, DeckVersion) else deck_version
    found = registrable_versions(event, entrant, actor).filter(pk=version_id).select_related("deck")
    version = found.first() if isinstance(version_id, int) else None
    if version is None:
        raise DomainError("event.no_such_deck", "deck", status=404)
    if version.deck.game_id != event.game_id:
        raise DomainError("event.deck_wrong_game", "deck")
    return version


def legality_date(event):
    """The day an event's lists are judged as of: the day it starts (in the site's time zone), or
    today while it has no date. A multi-day event is judged as of its first day: a card that
    becomes legal on the second day is not legal for it (docs/events.md)."""
    return timezone.localdate(event.starts_at) if event.starts_at else timezone.localdate()


def deck_legality(event, deck_version):
    """(legal, problems) as of the event's date: problems are violation codes with their message."""
    if not event.format_slug:
        return True, []
    cards = [{"card": card, "qty": qty} for card, qty in version_cards(deck_version).items()]
    try:
        verdict = validate_request(
            event.format_slug, cards=cards, declarations=deck_version.declarations, as_of=legality_date(event)
        )
    except DomainError as error:
        return False, [{"code": "unreadable", "message": error.message}]
    return verdict["legal"], [{"code": v["code"], "message": v["message"]} for v in verdict["violations"]]


def judge_again(event, actor, entrants):
    """Judge the registered lists of `entrants` (locked by the caller, with the event) again as of
    the event's date, as when its date changes or a player checks in. A verdict that changes is
    saved and logged with its reasons (a list still illegal, for other reasons now, changes too);
    returns the entrants whose verdict changed."""
    changed = []
    for entrant in entrants:
        if entrant.deck_id is None:
            continue
        legal, problems = deck_legality(event, entrant.deck)
        if legal == entrant.deck_legal and problems == entrant.deck_problems:
            continue
        before = {"legal": entrant.deck_legal}
        entrant.deck_legal, entrant.deck_problems = legal, problems
        entrant.save(update_fields=["deck_legal", "deck_problems"])
        after = {
            "legal": legal,
            "as_of": legality_date(event).isoformat(),
            "problems": [p["message"] for p in problems],
        }
        log(event, actor, AuditAction.DECK_VERDICT, entrant=entrant, before=before, after=after)
        changed.append(entrant)
    return changed


def without_legal_deck(event, among=None):
    """Who would sit down without the legal deck the event requires: players still in with no legal
    registered deck, checked in before the start (the start waits for them), everyone not dropped after
    it (each pairing waits for them: a late walk-in, a list judged illegal since). `among`: only these
    entrant ids (the top cut seats its seeds). Nobody where no format says what a legal deck is. Sealed
    and constructed alike: a sealed player checks in before building (entrants_doors.needs_deck_to_check_in)
    but is not seated without the deck."""
    if not event.format_slug:
        return []
    waiting = event.entrants.filter(dropped_after__isnull=True).exclude(deck_legal=True)
    if event.registration_open:
        waiting = waiting.filter(checked_in=True)
    if among is not None:
        waiting = waiting.filter(pk__in=among)
    # By name whatever the case, the same on every database (a message and the desk list them).
    return list(waiting.select_related("user").order_by(Lower("name"), "pk"))


def refuse_without_decks(event, code, among=None):
    """Raise `code` (a message with the count and the names) while without_legal_deck finds anyone."""
    waiting = without_legal_deck(event, among)
    if waiting:
        labels = event_player_labels(event)
        names = ", ".join(labels[entrant.pk] for entrant in waiting)
        raise DomainError(code, status=409, count=len(waiting), names=names)


def _may_change_entrant(event, entrant, actor):
    if actor.pk != event.organiser_id and (entrant.user_id is None or entrant.user_id != actor.pk):
        raise DomainError("event.organiser_or_player", status=403)


def _check_player_still_playing(event, entrant, actor):
    """A player registers their own list while they play: not once the event has finished (the list
    would join its published lists and metagame unplayed) nor after dropping. Staff still may, at
    the desk (deck checks), with a reason once the list is frozen."""
    if can(actor, event, "deck_checks"):
        return
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS, Event.Status.TOP_CUT)
    if entrant.dropped:
        raise DomainError("event.deck_after_drop", "deck", status=409, name=entrant.name)


def _may_change_deck(event, entrant, actor):
    """The player themselves, the organiser, or a judge (deck checks)."""
    if not can(actor, event, "deck_checks"):
        _may_change_entrant(event, entrant, actor)
