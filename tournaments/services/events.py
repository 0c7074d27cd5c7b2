"""Event lifecycle: creation, registration, decks, check-in, start, drops, finish."""

import secrets

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game
from core.errors import DomainError, define_messages
from decks.models import DeckVersion, Format, Visibility
from decks.services.decks import cards_from_decklist, create_deck, version_cards
from decks.services.legality import validate_request

from ..access import can, refusal
from ..models import AuditAction, AuditEntry, Entrant, Event, Match
from .common import locked, log, log_many, organiser_only, require_status
from .prizes import fix_prizes
from .registration import check_capacity, fill_places, free_places, join_waitlist, require_place, set_capacity
from .sealed import check_buildable
from .seats import seat_late_entrant

MAX_ROUNDS = 20

define_messages(
    {
        "event.organisers_create": _("Only organisers can create events."),
        "event.unknown_game": _("Unknown game."),
        "event.format_wrong_game": _("“%(format)s” is not a format of %(game)s."),
        "event.mode": _("Mode must be versus, team or ffa."),
        "event.best_of": _("Matches are best of 1 or best of 3."),
        "event.swiss_rounds": _("Swiss rounds must be between 1 and %(max)s."),
        "event.top_cut": _("The top cut is 0, 4 or 8."),
        "event.pod_size": _("Pods have 3 or 4 players."),
        "event.ffa_top_cut": _("Free-for-all events have no single-elimination top cut."),
        "event.players_register_themselves": _("Players can only register themselves."),
        "event.needs_consent": _(
            "%(name)s has an account, so only they can enter this event: share the join code or the event's "
            "link with them. Walk-ins without an account are added by name."
        ),
        "event.already_registered": _("%(name)s is already registered."),
        "event.walk_in_name": _("A walk-in needs a name."),
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
        "event.deadline_in_past": _("The decklist deadline must be in the future."),
        "event.deck_wrong_game": _("That deck version is not a deck of this event's game."),
        "event.no_such_deck": _("There is no such deck version among the decks this entry may register."),
        "event.organiser_or_player": _("Only the organiser or the player can change this entry."),
        "event.check_in_needs_deck": _("%(name)s cannot check in without a legal registered deck."),
        "event.start_needs_players": _("At least 2 checked-in players are needed to start."),
        "event.already_dropped": _("%(name)s has already dropped."),
        "event.publication": _("Unknown publication choice."),
        "event.duplicate_name": _(
            "“%(name)s” is already entered in this event. Add them again only if this is another person."
        ),
        "event.remove_after_start": _("%(name)s cannot be removed: round 1 is paired. Drop them instead."),
        "event.drop_after_pairing": _(
            "You are paired in round %(number)s: play or concede that match first, then drop before the next "
            "round is paired. Or ask the organiser."
        ),
        "event.not_dropped": _("%(name)s has not dropped."),
        "event.rounds_played": _("Swiss rounds cannot be fewer than the rounds already paired (%(count)s)."),
        "event.shape_locked": _("%(setting)s cannot change any more: the event is in “%(state)s”."),
        "event.best_of_played": _("Best of cannot change once a result has been entered or reported."),
        "event.name_needed": _("An event needs a name."),
        "event.undrop_too_late": _("%(name)s's drop cannot be undone: a round has been paired since."),
        "event.not_team_mode": _("Teams are for team events only."),
        "event.team_name": _("A team needs a name."),
        "event.sealed_locked": _("Sealed or not is decided while registration is open, before deck building ends."),
        "event.team_members": _("A team has two different members: give a username or a name for each."),
    }
)


def create_event(
    organiser, name, game, mode="versus", best_of=3, swiss_rounds=None, top_cut=0, format_slug="", **options
):
    if not organiser.is_organiser:
        raise DomainError("event.organisers_create", status=403)
    game = game if isinstance(game, Game) else Game.objects.filter(slug=game).first()
    if game is None:
        raise DomainError("event.unknown_game", "game")
    if format_slug and not Format.objects.filter(slug=format_slug, game=game).exists():
        raise DomainError("event.format_wrong_game", "format", format=format_slug, game=game.name)
    _check_shape(mode, best_of, swiss_rounds, top_cut, options.get("pod_size", 4))
    deadline = options.get("deck_deadline")
    if deadline is not None and deadline <= timezone.now():
        raise DomainError("event.deadline_in_past", "deck_deadline")
    check_capacity(None, options.get("capacity"))
    with transaction.atomic():
        event = Event.objects.create(
            name=name.strip(),
            organiser=organiser,
            game=game,
            format_slug=format_slug or "",
            mode=mode,
            best_of=best_of,
            swiss_rounds=swiss_rounds,
            top_cut=top_cut,
            seed=secrets.randbelow(2**31),
            **options,
        )
        log(event, organiser, AuditAction.EVENT_CREATE, after={"mode": mode, "best_of": best_of, "top_cut": top_cut})
    return event


def _check_shape(mode, best_of, swiss_rounds, top_cut, pod_size):
    if mode not in Event.Mode.values:
        raise DomainError("event.mode", "mode")
    if best_of not in (1, 3):
        raise DomainError("event.best_of", "best_of")
    if swiss_rounds is not None and not 1 <= swiss_rounds <= MAX_ROUNDS:
        raise DomainError("event.swiss_rounds", "swiss_rounds", max=MAX_ROUNDS)
    if top_cut not in (0, 4, 8):
        raise DomainError("event.top_cut", "top_cut")
    if pod_size not in (3, 4):
        raise DomainError("event.pod_size", "pod_size")
    if mode == Event.Mode.FFA and top_cut:
        raise DomainError("event.ffa_top_cut", "top_cut")


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
    if user is not None and event.entrants.filter(user=user).exists():
        raise DomainError("event.already_registered", "user", name=str(user))
    name = (name or (str(user) if user else "")).strip()
    if not name:
        raise DomainError("event.walk_in_name", "name")
    same = event.entrants.filter(Q(name__iexact=name) | Q(user__username__iexact=name))
    # A player entering with their own account is one person for sure: only typed names may repeat.
    if not confirmed_duplicate and user is None and same.exists():
        raise DomainError("event.duplicate_name", "name", status=409, name=name)
    require_place(event, name, by_organiser=is_organiser)
    if user is not None:
        event.waitlist.filter(user=user).delete()  # in the event now, no longer in line
    joined = event.rounds.count() + 1
    # A walk-in added by the organiser is at the desk: checked in, unless a legal deck is required first.
    present = joined > 1 or (is_organiser and not event.format_slug)
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
    return entrant


@transaction.atomic
def register_player(event, user, deck_version=None):
    """A player registers themselves: a place while one is free, else (before the start) the
    waitlist. Returns the Entrant, or the WaitlistEntry when they wait in line."""
    event = locked(event)
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS)
    if event.entrants.filter(user=user).exists():
        raise DomainError("event.already_registered", "user", name=str(user))
    if free_places(event) == 0 and event.registration_open:
        return join_waitlist(event, user)
    return add_entrant(event, user, user=user, deck_version=deck_version)


@transaction.atomic
def add_team(event, actor, name, members):
    """A team of two in a team event: `members` are two names. A member with an account links it
    themselves (services.teams.join_team), and may then report and confirm the team's results."""
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS)
    if event.mode != Event.Mode.TEAM:
        raise DomainError("event.not_team_mode", "name")
    name = (name or "").strip()
    members = [str(member or "").strip()[:120] for member in members or []]
    if not name:
        raise DomainError("event.team_name", "name")
    if len(members) != 2 or not all(members) or members[0].casefold() == members[1].casefold():
        raise DomainError("event.team_members", "members")
    _check_members_free(event, members)
    require_place(event, name)
    joined = event.rounds.count() + 1
    entrant = Entrant.objects.create(
        event=event, name=name[:120], joined_round=joined, checked_in=not event.format_slug, member_names=members
    )
    log(event, actor, AuditAction.TEAM_ADD, entrant=entrant, after={"members": members})
    return entrant


def _check_members_free(event, members):
    """A name is a member of one team only (whether or not it is someone's username)."""
    wanted = {member.casefold() for member in members}
    for team in event.entrants.exclude(member_names=[]):
        if wanted & {name.casefold() for name in team.member_names}:
            raise DomainError("event.already_registered", "members", name=team.name)


@transaction.atomic
def submit_deck(entrant, deck_version, actor, reason=""):
    """Register a deck version (a snapshot: later edits to the deck do not change it); an illegal deck
    is saved but blocks check-in. Once the list is frozen only the organiser or a judge changes it,
    with a reason (deck_frozen)."""
    event = locked(entrant.event)
    entrant = Entrant.objects.get(pk=entrant.pk)
    return _register_deck(event, entrant, deck_version, actor, reason)


def deadline_passed(event, now=None):
    return event.deck_deadline is not None and (now or timezone.now()) >= event.deck_deadline


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
    _may_change_deck(event, entrant, actor)
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


@transaction.atomic
def set_deck_deadline(event, actor, deadline):
    """Move (or clear) the decklist deadline; a date already past is refused."""
    event = locked(event)
    organiser_only(event, actor)
    if deadline is not None and deadline <= timezone.now():
        raise DomainError("event.deadline_in_past", "deck_deadline")
    before = event.deck_deadline
    event.deck_deadline = deadline
    event.save(update_fields=["deck_deadline"])
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
    if entrant.user_id is not None and entrant.user_id == actor.pk:
        return DeckVersion.objects.filter(deck__owner=actor)
    allowed = Q(pk__in=submitted_versions(event, entrant))
    if entrant.user_id is None:
        allowed |= Q(deck__owner=actor)
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


def deck_legality(event, deck_version):
    """(legal, problems): problems are violation codes with their message at registration time."""
    if not event.format_slug:
        return True, []
    cards = [{"card": card, "qty": qty} for card, qty in version_cards(deck_version).items()]
    try:
        verdict = validate_request(event.format_slug, cards=cards, declarations=deck_version.declarations)
    except DomainError as error:
        return False, [{"code": "unreadable", "message": error.message}]
    return verdict["legal"], [{"code": v["code"], "message": v["message"]} for v in verdict["violations"]]


def _may_change_entrant(event, entrant, actor):
    if actor.pk != event.organiser_id and (entrant.user_id is None or entrant.user_id != actor.pk):
        raise DomainError("event.organiser_or_player", status=403)


def _may_change_deck(event, entrant, actor):
    """The player themselves, the organiser, or a judge (deck checks)."""
    if not can(actor, event, "deck_checks"):
        _may_change_entrant(event, entrant, actor)


@transaction.atomic
def check_in(entrant, actor, checked_in=True):
    """The organiser checks players in at the desk (players cannot check themselves in)."""
    event = locked(entrant.event)
    organiser_only(event, actor)
    if checked_in and event.format_slug and not entrant.deck_legal:
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
    waiting = event.entrants.filter(checked_in=False, dropped_after__isnull=True).order_by("name", "pk")
    if entrant_ids is not None:
        waiting = waiting.filter(pk__in=entrant_ids)
    waiting = list(waiting.select_for_update(of=("self",)))
    refused = [entrant for entrant in waiting if event.format_slug and not entrant.deck_legal]
    checked = [entrant for entrant in waiting if entrant not in refused]
    Entrant.objects.filter(pk__in=[entrant.pk for entrant in checked]).update(checked_in=True)
    log_many(event, actor, AuditAction.ENTRANT_CHECK_IN, [{"entrant": entrant} for entrant in checked])
    return checked, refused


@transaction.atomic
def start_event(event, actor):
    """Close registration: entrants who did not check in are left out (dropped before round 1)."""
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.REGISTRATION)
    players = event.entrants.filter(checked_in=True).count()
    if players < 2:
        raise DomainError("event.start_needs_players")
    event.entrants.filter(checked_in=False).update(dropped_after=0)
    if event.swiss_rounds is None:
        event.swiss_rounds = event.planned_rounds(players)
    event.status = Event.Status.SWISS
    event.save(update_fields=["status", "swiss_rounds"])
    log(event, actor, AuditAction.EVENT_START, after={"players": players, "swiss_rounds": event.swiss_rounds})
    return event


@transaction.atomic
def drop(entrant, actor):
    """A drop takes effect before the next round is paired; the entrant keeps their standing. A player
    drops themselves between their result and the next pairing; the organiser drops anyone, any time."""
    event = locked(entrant.event)
    _may_change_entrant(event, entrant, actor)
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


EDITABLE = (
    "name",
    "starts_at",
    "venue",
    "capacity",
    "deck_deadline",
    "publication",
    "swiss_rounds",
    "top_cut",
    "best_of",
    "sealed",
)


@transaction.atomic
def update_event(event, actor, **changes):
    """Change the event's settings. Name, date, venue, deadline and publication change at any time;
    Swiss rounds, top cut and best-of only while they cannot contradict what was played."""
    event = locked(event)
    organiser_only(event, actor)
    changes = {key: value for key, value in changes.items() if key in EDITABLE and getattr(event, key) != value}
    _check_edit(event, changes)
    if "deck_deadline" in changes:  # its own rule (not in the past) and its own log entry
        event = set_deck_deadline(event, actor, changes.pop("deck_deadline"))
    if "capacity" in changes:  # its own rules (not below the entrants, the waitlist moves up)
        event = set_capacity(event, actor, changes.pop("capacity"))
    before = {key: _loggable(getattr(event, key)) for key in changes}
    for key, value in changes.items():
        setattr(event, key, value.strip() if isinstance(value, str) else value)
    if changes:
        event.save(update_fields=list(changes))
        log(event, actor, AuditAction.EVENT_EDIT, before=before, after={k: _loggable(v) for k, v in changes.items()})
    return event


def _loggable(value):
    return value.isoformat() if hasattr(value, "isoformat") else value


def _check_edit(event, changes):
    if "name" in changes and not (changes["name"] or "").strip():
        raise DomainError("event.name_needed", "name")
    if "publication" in changes and changes["publication"] not in Event.Publication.values:
        raise DomainError("event.publication", "publication")
    if "sealed" in changes and (not event.registration_open or event.pools_frozen_at is not None):
        raise DomainError("event.sealed_locked", "sealed")
    shape = {key: changes[key] for key in ("swiss_rounds", "top_cut", "best_of") if key in changes}
    if not shape:
        return
    if event.status not in (Event.Status.REGISTRATION, Event.Status.SWISS):
        label = capfirst(Event._meta.get_field(next(iter(shape))).verbose_name)
        raise DomainError("event.shape_locked", next(iter(shape)), setting=label, state=event.get_status_display())
    _check_shape(
        event.mode,
        shape.get("best_of", event.best_of),
        shape.get("swiss_rounds", event.swiss_rounds),
        shape.get("top_cut", event.top_cut),
        event.pod_size,
    )
    paired = event.rounds.filter(stage="swiss").count()
    if "swiss_rounds" in shape and paired and (shape["swiss_rounds"] or 0) < paired:
        raise DomainError("event.rounds_played", "swiss_rounds", count=paired)
    if "best_of" in shape:
        played = Match.objects.filter(round__event=event, is_bye=False, status=Match.Status.CONFIRMED).exists()
        if played or event.rounds.filter(matches__reports__isnull=False).exists():
            raise DomainError("event.best_of_played", "best_of")


@transaction.atomic
def undo_drop(entrant, actor):
    """The organiser takes a drop back, as long as no round has been paired since it."""
    event = locked(entrant.event)
    organiser_only(event, actor)
    entrant.refresh_from_db(fields=["dropped_after"])
    if not entrant.dropped:
        raise DomainError("event.not_dropped", name=entrant.name)
    if entrant.dropped_after != event.rounds.filter(stage="swiss").count():
        raise DomainError("event.undrop_too_late", status=409, name=entrant.name)
    require_place(event, entrant.name)  # the place may have gone to the waitlist since
    before = entrant.dropped_after
    entrant.dropped_after = None
    entrant.save(update_fields=["dropped_after"])
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


@transaction.atomic
def finish_event(event, actor):
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.SWISS, Event.Status.TOP_CUT)
    fix_prizes(event, actor)
    event.status = Event.Status.FINISHED
    event.timer_ends_at = event.timer_paused_seconds = None
    event.save(update_fields=["status", "timer_ends_at", "timer_paused_seconds"])
    log(event, actor, AuditAction.EVENT_FINISH)
    return event


@transaction.atomic
def set_publication(event, actor, publication):
    event = locked(event)
    organiser_only(event, actor)
    if publication not in Event.Publication.values:
        raise DomainError("event.publication", "publication")
    before = event.publication
    event.publication = publication
    event.save(update_fields=["publication"])
    log(event, actor, AuditAction.EVENT_PUBLICATION, before={"publication": before}, after={"publication": publication})
    return event
