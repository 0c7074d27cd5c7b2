"""An event's own writes: create, edit, start, finish and decklist publication; each locks the event,
checks, writes and logs."""

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game
from core.errors import DomainError, define_messages
from decks.models import Format

from ..models import AuditAction, Event, Match
from .common import locked, log, organiser_only, require_status
from .decklists import set_deck_deadline
from .entrants import check_capacity, set_capacity
from .prizes import fix_prizes

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
        "event.deadline_in_past": _("The decklist deadline must be in the future."),
        "event.start_needs_players": _("At least 2 checked-in players are needed to start."),
        "event.publication": _("Unknown publication choice."),
        "event.rounds_played": _("Swiss rounds cannot be fewer than the rounds already paired (%(count)s)."),
        "event.shape_locked": _("%(setting)s cannot change any more: the event is in “%(state)s”."),
        "event.best_of_played": _("Best of cannot change once a result has been entered or reported."),
        "event.name_needed": _("An event needs a name."),
        "event.sealed_locked": _("Sealed or not is decided while registration is open, before deck building ends."),
    }
)


MAX_ROUNDS = 20


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
