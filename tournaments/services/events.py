"""Event lifecycle: creation, registration, decks, check-in, start, drops, finish."""

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game
from core.errors import DomainError, define_messages
from decks.models import DeckVersion, Format
from decks.services.decks import version_cards
from decks.services.legality import validate_request

from ..models import AuditAction, Entrant, Event
from .common import bump_results, locked, log, organiser_only, require_status
from .prizes import fix_prizes

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
        "event.already_registered": _("%(name)s is already registered."),
        "event.walk_in_name": _("A walk-in needs a name."),
        "event.deadline_passed": _("The decklist deadline has passed."),
        "event.deck_wrong_game": _("That deck version is not a deck of this event's game."),
        "event.no_such_deck": _("There is no such deck version among the decks this entry may register."),
        "event.organiser_or_player": _("Only the organiser or the player can change this entry."),
        "event.check_in_needs_deck": _("%(name)s cannot check in without a legal registered deck."),
        "event.start_needs_players": _("At least 2 checked-in players are needed to start."),
        "event.already_dropped": _("%(name)s has already dropped."),
        "event.publication": _("Unknown publication choice."),
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
def add_entrant(event, actor, user=None, name="", deck_version=None):
    """The organiser adds anyone (walk-ins by name); a player registers themselves."""
    event = locked(event)
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS)
    is_organiser = actor.pk == event.organiser_id
    if not is_organiser and (user is None or user != actor):
        raise DomainError("event.players_register_themselves", status=403)
    if user is not None and event.entrants.filter(user=user).exists():
        raise DomainError("event.already_registered", "user", name=str(user))
    name = (name or (str(user) if user else "")).strip()
    if not name:
        raise DomainError("event.walk_in_name", "name")
    joined = event.rounds.count() + 1
    # A walk-in added by the organiser is at the desk: checked in, unless a legal deck is required first.
    present = joined > 1 or (is_organiser and not event.format_slug)
    entrant = Entrant.objects.create(event=event, user=user, name=name[:120], joined_round=joined, checked_in=present)
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
def submit_deck(entrant, deck_version, actor):
    """Register a frozen deck version; an illegal deck is saved but blocks check-in."""
    event = locked(entrant.event)
    return _register_deck(event, entrant, deck_version, actor)


def _register_deck(event, entrant, deck_version, actor):
    _may_change_entrant(event, entrant, actor)
    if event.deck_deadline and timezone.now() > event.deck_deadline and actor.pk != event.organiser_id:
        raise DomainError("event.deadline_passed", "deck")
    deck_version = registrable_version(event, entrant, deck_version)
    legal, problems = deck_legality(event, deck_version)
    before = entrant.deck_id
    entrant.deck, entrant.deck_legal, entrant.deck_problems = deck_version, legal, problems
    entrant.save(update_fields=["deck", "deck_legal", "deck_problems"])
    log(
        event,
        actor,
        AuditAction.DECK_SUBMIT,
        entrant=entrant,
        before={"deck": before},
        after={"deck": deck_version.pk, "legal": legal},
    )
    return entrant


def deck_owner(event, entrant):
    """Whose decks an entry registers: the player's own, or the organiser's for a walk-in."""
    return entrant.user_id if entrant.user_id is not None else event.organiser_id


def registrable_version(event, entrant, deck_version):
    """The version, if its deck belongs to the entry's owner (see deck_owner); anything else is
    "no such version" (404), so nobody learns of another player's private decks by trying ids."""
    version_id = deck_version.pk if isinstance(deck_version, DeckVersion) else deck_version
    found = DeckVersion.objects.filter(pk=version_id, deck__owner_id=deck_owner(event, entrant)).select_related("deck")
    version = found.first()
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
    """A drop takes effect before the next round is paired; the entrant keeps their standing."""
    event = locked(entrant.event)
    _may_change_entrant(event, entrant, actor)
    entrant.refresh_from_db(fields=["dropped_after"])
    if entrant.dropped:
        raise DomainError("event.already_dropped", name=entrant.name)
    entrant.dropped_after = event.rounds.filter(stage="swiss").count()
    entrant.save(update_fields=["dropped_after"])
    bump_results(event)  # the standings show the drop
    log(event, actor, AuditAction.ENTRANT_DROP, entrant=entrant, after={"after_round": entrant.dropped_after})
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
