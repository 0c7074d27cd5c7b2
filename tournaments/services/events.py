"""Event lifecycle: creation, registration, decks, check-in, start, drops, finish."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from catalogue.models import Game
from decks.models import DeckVersion, Format
from decks.services.decks import version_cards
from decks.services.legality import ValidationInputError, validate_request

from ..models import Entrant, Event
from .common import EventError, bump_results, locked, log, require_status

MAX_ROUNDS = 20


def create_event(
    organiser, name, game, mode="versus", best_of=3, swiss_rounds=None, top_cut=0, format_slug="", **options
):
    if not organiser.is_organiser:
        raise EventError(_("Only organisers can create events."))
    game = game if isinstance(game, Game) else Game.objects.filter(slug=game).first()
    if game is None:
        raise EventError(_("Unknown game."), "game")
    if format_slug and not Format.objects.filter(slug=format_slug, game=game).exists():
        raise EventError(
            _("“%(format)s” is not a format of %(game)s.") % {"format": format_slug, "game": game}, "format"
        )
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
            seed=_seed(),
            **options,
        )
        log(event, organiser, "event.create", event.name, after={"mode": mode, "best_of": best_of, "top_cut": top_cut})
    return event


def _seed():
    import secrets

    return secrets.randbelow(2**31)


def _check_shape(mode, best_of, swiss_rounds, top_cut, pod_size):
    if mode not in Event.Mode.values:
        raise EventError(_("Mode must be versus, team or ffa."), "mode")
    if best_of not in (1, 3):
        raise EventError(_("Matches are best of 1 or best of 3."), "best_of")
    if swiss_rounds is not None and not 1 <= swiss_rounds <= MAX_ROUNDS:
        raise EventError(_("Swiss rounds must be between 1 and %(max)s.") % {"max": MAX_ROUNDS}, "swiss_rounds")
    if top_cut not in (0, 4, 8):
        raise EventError(_("The top cut is 0, 4 or 8."), "top_cut")
    if mode == Event.Mode.FFA and pod_size not in (3, 4):
        raise EventError(_("Pods have 3 or 4 players."), "pod_size")
    if mode == Event.Mode.FFA and top_cut:
        raise EventError(_("Free-for-all events have no single-elimination top cut."), "top_cut")


@transaction.atomic
def add_entrant(event, actor, user=None, name="", deck_version=None):
    """The organiser adds anyone (walk-ins by name); a player registers themselves."""
    event = locked(event)
    require_status(event, Event.Status.REGISTRATION, Event.Status.SWISS)
    is_organiser = actor == event.organiser
    if not is_organiser and (user is None or user != actor):
        raise EventError(_("Players can only register themselves."))
    if user is not None and event.entrants.filter(user=user).exists():
        raise EventError(_("%(name)s is already registered.") % {"name": user}, "user")
    name = (name or (str(user) if user else "")).strip()
    if not name:
        raise EventError(_("A walk-in needs a name."), "name")
    joined = event.rounds.count() + 1
    # A walk-in added by the organiser is at the desk: checked in, unless a legal deck is required first.
    present = joined > 1 or (is_organiser and not event.format_slug)
    entrant = Entrant.objects.create(event=event, user=user, name=name[:120], joined_round=joined, checked_in=present)
    log(event, actor, "entrant.add", entrant.name, after={"user": user.pk if user else None, "joined_round": joined})
    if deck_version is not None:
        submit_deck(entrant, deck_version, actor)
    return entrant


@transaction.atomic
def submit_deck(entrant, deck_version, actor):
    """Register a frozen deck version; an illegal deck is saved but blocks check-in."""
    event = locked(entrant.event)
    _may_change_entrant(event, entrant, actor)
    if event.deck_deadline and timezone.now() > event.deck_deadline and actor != event.organiser:
        raise EventError(_("The decklist deadline has passed."), "deck")
    if not isinstance(deck_version, DeckVersion):
        deck_version = DeckVersion.objects.filter(pk=deck_version).select_related("deck").first()
    if deck_version is None or deck_version.deck.game_id != event.game_id:
        raise EventError(_("That deck version is not a deck of this event's game."), "deck")
    if actor != event.organiser and deck_version.deck.owner_id != actor.pk:
        raise EventError(_("You can only register your own decks."), "deck")
    legal, problems = deck_legality(event, deck_version)
    before = entrant.deck_id
    entrant.deck, entrant.deck_legal, entrant.deck_problems = deck_version, legal, problems
    entrant.save(update_fields=["deck", "deck_legal", "deck_problems"])
    log(
        event,
        actor,
        "deck.submit",
        entrant.name,
        before={"deck": before},
        after={"deck": deck_version.pk, "legal": legal},
    )
    return entrant


def deck_legality(event, deck_version):
    if not event.format_slug:
        return True, []
    cards = [{"card": card, "qty": qty} for card, qty in version_cards(deck_version).items()]
    try:
        verdict = validate_request(event.format_slug, cards=cards, declarations=deck_version.declarations)
    except ValidationInputError as error:
        return False, [{"code": "unreadable", "message": error.message}]
    return verdict["legal"], [{"code": v["code"], "message": v["message"]} for v in verdict["violations"]]


def _may_change_entrant(event, entrant, actor):
    if actor != event.organiser and (entrant.user_id is None or entrant.user_id != actor.pk):
        raise EventError(_("Only the organiser or the player can change this entry."))


@transaction.atomic
def check_in(entrant, actor, checked_in=True):
    event = locked(entrant.event)
    _may_change_entrant(event, entrant, actor)
    if checked_in and event.format_slug and not entrant.deck_legal:
        raise EventError(_("%(name)s cannot check in without a legal registered deck.") % {"name": entrant.name})
    entrant.checked_in = checked_in
    entrant.save(update_fields=["checked_in"])
    log(event, actor, "entrant.check_in" if checked_in else "entrant.check_out", entrant.name)
    return entrant


@transaction.atomic
def start_event(event, actor):
    """Close registration: entrants who did not check in are left out (dropped before round 1)."""
    event = locked(event)
    _organiser_only(event, actor)
    require_status(event, Event.Status.REGISTRATION)
    players = event.entrants.filter(checked_in=True)
    if players.count() < 2:
        raise EventError(_("At least 2 checked-in players are needed to start."))
    no_shows = event.entrants.filter(checked_in=False)
    no_shows.update(dropped_after=0)
    if event.swiss_rounds is None:
        event.swiss_rounds = event.planned_rounds(players.count())
    event.status = Event.Status.SWISS
    event.save(update_fields=["status", "swiss_rounds"])
    log(event, actor, "event.start", event.name, after={"players": players.count(), "swiss_rounds": event.swiss_rounds})
    return event


@transaction.atomic
def drop(entrant, actor):
    """A drop takes effect before the next round is paired; the entrant keeps their standing."""
    event = locked(entrant.event)
    _may_change_entrant(event, entrant, actor)
    if entrant.dropped:
        raise EventError(_("%(name)s has already dropped.") % {"name": entrant.name})
    entrant.dropped_after = event.rounds.filter(stage="swiss").count()
    entrant.save(update_fields=["dropped_after"])
    bump_results(event)  # the standings show the drop
    log(event, actor, "entrant.drop", entrant.name, after={"after_round": entrant.dropped_after})
    return entrant


def _organiser_only(event, actor):
    if actor != event.organiser:
        raise EventError(_("Only the event's organiser can do this."))


@transaction.atomic
def finish_event(event, actor):
    event = locked(event)
    _organiser_only(event, actor)
    require_status(event, Event.Status.SWISS, Event.Status.TOP_CUT)
    event.status = Event.Status.FINISHED
    event.timer_ends_at = event.timer_paused_seconds = None
    event.save(update_fields=["status", "timer_ends_at", "timer_paused_seconds"])
    log(event, actor, "event.finish", event.name)
    return event


@transaction.atomic
def set_publication(event, actor, publication):
    event = locked(event)
    _organiser_only(event, actor)
    if publication not in Event.Publication.values:
        raise EventError(_("Unknown publication choice."), "publication")
    before = event.publication
    event.publication = publication
    event.save(update_fields=["publication"])
    log(
        event,
        actor,
        "event.publication",
        event.name,
        before={"publication": before},
        after={"publication": publication},
    )
    return event
