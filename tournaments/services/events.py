"""An event's own writes: create, edit, start, finish and decklist publication; each locks the
event, checks, writes and logs. Calling an event off (cancel, reopen, delete): events_cancel."""

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

import games
from catalogue.models import Game
from core.errors import DomainError, define_messages
from decks.models import Format

from ..engine.match_result import check_pod_table
from ..engine.pairing.pods import FIVE
from ..models import (
    AuditAction,
    Clock,
    Event,
    EventSettings,
    Match,
    PageCounters,
    PrizeTable,
    SealedSetup,
)
from .common import locked, log, organiser_only, require_status
from .decklists import judge_again, refuse_without_decks, set_deck_deadline
from .entrants import check_capacity, set_capacity
from .prizes import fix_prizes
from .rounds_clock import stop_clock
from .sealed import check_booster_change, check_booster_count, pools_off_count

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
        "event.pods_of_five": _(
            "Pods of five are for free-for-all events of a game played by five at a table, such as %(games)s."
        ),
        "event.ffa_top_cut": _("Free-for-all events have no single-elimination top cut."),
        "event.deadline_in_past": _("The decklist deadline must be in the future."),
        "event.start_needs_players": _("At least 2 checked-in players are needed to start."),
        "event.start_needs_decks": ngettext_lazy(
            "%(count)s checked-in player has no legal registered deck yet: %(names)s. Register their deck "
            "or drop them, then start.",
            "%(count)s checked-in players have no legal registered deck yet: %(names)s. Register their decks "
            "or drop them, then start.",
            "count",
        ),
        "event.publication": _("Unknown publication choice."),
        "event.rounds_played": _("Swiss rounds cannot be fewer than the rounds already paired (%(count)s)."),
        "event.shape_locked": _("%(setting)s cannot change any more: the event is in “%(state)s”."),
        "event.best_of_played": _("Best of cannot change once a result has been entered or reported."),
        "event.game_options_played": _(
            "The game’s options (such as the Work Order reading) cannot change once a result has been "
            "entered or reported: the scores so far were worked out with them."
        ),
        "event.name_needed": _("An event needs a name."),
        "event.sealed_locked": _("Sealed or not is decided while registration is open, before deck building ends."),
    }
)


MAX_ROUNDS = 20


# Where each setting given to create_event is kept: the event row itself or one of its rows.
EVENT_FIELDS = {"starts_at", "venue", "is_public"}
SETTINGS_FIELDS = {
    "capacity",
    "pod_size",
    "pods_of_five",
    "tiebreakers",
    "deck_deadline",
    "late_entry_losses",
    "auto_pair",
    "pod_points",
    "publication",
    "round_minutes",
}


def create_event(
    organiser, name, game, mode="versus", best_of=3, swiss_rounds=None, top_cut=0, format_slug="", **options
):
    """A new event with its rows (EventSettings, Clock, SealedSetup, PrizeTable, PageCounters).
    `options`: the EVENT_FIELDS and SETTINGS_FIELDS, `sealed`, `boosters` (per player, within the
    format's product; None: its default) and `game_options` (the game's own)."""
    if not organiser.is_organiser:
        raise DomainError("event.organisers_create", status=403)
    game = game if isinstance(game, Game) else Game.objects.filter(slug=game).first()
    if game is None:
        raise DomainError("event.unknown_game", "game")
    if format_slug and not Format.objects.filter(slug=format_slug, game=game).exists():
        raise DomainError("event.format_wrong_game", "format", format=format_slug, game=game.name)
    unknown = set(options) - EVENT_FIELDS - SETTINGS_FIELDS - {"sealed", "boosters", "game_options"}
    if unknown:
        raise TypeError(f"create_event() got unexpected settings {sorted(unknown)}")
    _check_shape(mode, best_of, swiss_rounds, top_cut, options.get("pod_size", 4))
    check_pods_of_five(game, mode, options.get("pods_of_five", False))
    deadline = options.get("deck_deadline")
    if deadline is not None and deadline <= timezone.now():
        raise DomainError("event.deadline_in_past", "deck_deadline")
    check_capacity(None, options.get("capacity"))
    check_booster_count(format_slug, options.get("boosters"))
    if options.get("pod_points"):
        check_pod_table(options["pod_points"])
    game_options = game.definition.check_options(options.pop("game_options", None) or {}, mode)
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
            **{key: value for key, value in options.items() if key in EVENT_FIELDS},
        )
        chosen = {key: value for key, value in options.items() if key in SETTINGS_FIELDS}
        event.settings = EventSettings.objects.create(
            event=event, seed=secrets.randbelow(2**31), game_options=game_options, **chosen
        )
        event.clock = Clock.objects.create(event=event)
        event.sealed_setup = SealedSetup.objects.create(
            event=event, enabled=bool(options.get("sealed")), boosters=options.get("boosters")
        )
        event.prizes = PrizeTable.objects.create(event=event)
        event.counters = PageCounters.objects.create(event=event)
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


def check_pods_of_five(game, mode, pods_of_five):
    """Pods of five only where they can be played: free-for-all, a game whose tables seat five."""
    if pods_of_five and (mode != Event.Mode.FFA or game.definition.largest_pod < FIVE):
        names = [definition.name for definition in games.registered() if definition.largest_pod >= FIVE]
        raise DomainError("event.pods_of_five", "pods_of_five", games=", ".join(names))


@transaction.atomic
def start_event(event, actor):
    """Close registration: entrants who did not check in are left out (dropped before round 1). Where
    the format says what a legal deck is, every checked-in player needs one first (or is dropped): a
    sealed player checks in before building, a constructed one's list may be judged illegal since."""
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.REGISTRATION)
    # A player who checked in and then withdrew holds no place: counting them would start an event
    # that cannot pair, with rounds planned for players who are not there.
    players = event.entrants.filter(checked_in=True, dropped_after__isnull=True).count()
    if players < 2:
        raise DomainError("event.start_needs_players")
    refuse_without_decks(event, "event.start_needs_decks")
    event.entrants.filter(checked_in=False).update(dropped_after=0)
    if event.swiss_rounds is None:
        event.swiss_rounds = event.planned_rounds(players)
    event.status = Event.Status.SWISS
    event.save(update_fields=["status", "swiss_rounds"])
    log(event, actor, AuditAction.EVENT_START, after={"players": players, "swiss_rounds": event.swiss_rounds})
    return event


# What update_event may change, and where it is kept: on the event row, or (row, field) of its rows.
EDITABLE = {
    "name": ("", "name"),
    "starts_at": ("", "starts_at"),
    "venue": ("", "venue"),
    "capacity": ("settings", "capacity"),
    "deck_deadline": ("settings", "deck_deadline"),
    "publication": ("settings", "publication"),
    "swiss_rounds": ("", "swiss_rounds"),
    "top_cut": ("", "top_cut"),
    "best_of": ("", "best_of"),
    "sealed": ("sealed_setup", "enabled"),
    "boosters": ("sealed_setup", "boosters"),  # per player; a registered pool must still match
    "pods_of_five": ("settings", "pods_of_five"),  # read by the next pairing
    "game_options": ("settings", "game_options"),  # the game's own (Reclamation's Work Order reading)
}


def current_setting(event, key):
    """The value update_event would change for `key` (forms start from it)."""
    row, field = EDITABLE[key]
    return getattr(getattr(event, row) if row else event, field)


@transaction.atomic
def update_event(event, actor, **changes):
    """Change the event's settings. Name, date, venue, deadline and publication change at any time;
    Swiss rounds, top cut and best-of only while they cannot contradict what was played, the game's
    options (`game_options`, merged into the current ones) only until a result is entered or reported. A new date
    judges the registered lists again as of it: the entrants whose verdict changed are returned as
    `event.verdicts_changed` (and logged); new boosters per player, the players whose registered pool
    no longer matches as `event.pools_off_count`."""
    event = locked(event)
    organiser_only(event, actor)
    if changes.get("game_options") is not None:
        changes["game_options"] = _chosen_options(event, changes["game_options"])
    changes = {key: value for key, value in changes.items() if key in EDITABLE and current_setting(event, key) != value}
    _check_edit(event, changes)
    if "deck_deadline" in changes:  # its own rule (not in the past) and its own log entry
        event = set_deck_deadline(event, actor, changes.pop("deck_deadline"))
    if "capacity" in changes:  # its own rules (not below the entrants, the waitlist moves up)
        event = set_capacity(event, actor, changes.pop("capacity"))
    if "publication" in changes:  # its own log entry, which tells the webhooks when lists become public
        event = set_publication(event, actor, changes.pop("publication"))
    if not changes:
        return event
    before = {key: _loggable(current_setting(event, key)) for key in changes}
    changed_rows = {}
    for key, value in changes.items():
        row, field = EDITABLE[key]
        target = getattr(event, row) if row else event
        setattr(target, field, value.strip() if isinstance(value, str) else value)
        changed_rows.setdefault(target, []).append(field)
    for target, fields in changed_rows.items():
        target.save(update_fields=fields)
    log(event, actor, AuditAction.EVENT_EDIT, before=before, after={k: _loggable(v) for k, v in changes.items()})
    if "boosters" in changes:  # pools registered for the old count are registered again
        event.pools_off_count = pools_off_count(event)
    if "starts_at" in changes and event.format_slug:  # the lists are judged as of the event's date
        registered = event.entrants.exclude(deck=None).select_for_update(of=("self",)).select_related("deck")
        event.verdicts_changed = judge_again(event, actor, registered.order_by("pk"))
    return event


def _chosen_options(event, given):
    """The game's options after a change: those not named keep their value. An event created before an
    option existed reads as its default, so choosing that default again is no change (a locked form
    sends it back)."""
    definition = event.game.definition
    chosen = definition.check_options({**(event.settings.game_options or {}), **given}, event.mode)
    return event.settings.game_options if chosen == definition.chosen_options(event.settings.game_options) else chosen


def _loggable(value):
    return value.isoformat() if hasattr(value, "isoformat") else value


def _check_edit(event, changes):
    if "name" in changes and not (changes["name"] or "").strip():
        raise DomainError("event.name_needed", "name")
    if "publication" in changes and changes["publication"] not in EventSettings.Publication.values:
        raise DomainError("event.publication", "publication")
    if "pods_of_five" in changes:
        check_pods_of_five(event.game, event.mode, changes["pods_of_five"])
    if "sealed" in changes and (not event.registration_open or event.sealed_setup.pools_frozen_at is not None):
        raise DomainError("event.sealed_locked", "sealed")
    if "boosters" in changes:
        check_booster_change(event, changes["boosters"])
    if "game_options" in changes and results_begun(event):
        raise DomainError("event.game_options_played", "game_options", status=409)
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
        event.settings.pod_size,
    )
    paired = event.rounds.filter(stage="swiss").count()
    if "swiss_rounds" in shape and paired and (shape["swiss_rounds"] or 0) < paired:
        raise DomainError("event.rounds_played", "swiss_rounds", count=paired)
    if "best_of" in shape and results_begun(event):
        raise DomainError("event.best_of_played", "best_of")


def results_begun(event):
    """Whether a result was entered or reported (byes aside): from then on what scores it stays."""
    played = Match.objects.filter(round__event=event, is_bye=False, status=Match.Status.CONFIRMED).exists()
    return played or event.rounds.filter(matches__reports__isnull=False).exists()


@transaction.atomic
def finish_event(event, actor):
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.SWISS, Event.Status.TOP_CUT)
    return close_event(event, actor)


def close_event(event, actor, **after):
    """End a locked event, by the organiser's "Finish" or the top cut's final: the prizes are fixed
    from the final standings (the top cut first, by how far each player went), then the clock stops."""
    status, event.status = event.status, Event.Status.FINISHED  # so the prizes read the final order
    try:
        fix_prizes(event, actor)
    except DomainError:
        event.status = status  # a short pool stops the finish
        raise
    event.save(update_fields=["status"])
    stop_clock(event)
    log(event, actor, AuditAction.EVENT_FINISH, after=after or None)
    return event


@transaction.atomic
def set_publication(event, actor, publication):
    event = locked(event)
    organiser_only(event, actor)
    if publication not in EventSettings.Publication.values:
        raise DomainError("event.publication", "publication")
    before = event.settings.publication
    event.settings.publication = publication
    event.settings.save(update_fields=["publication"])
    log(event, actor, AuditAction.EVENT_PUBLICATION, before={"publication": before}, after={"publication": publication})
    return event
