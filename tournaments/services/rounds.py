"""Pairing rounds (Swiss and top cut) with the event row locked: two clicks make one round. Each
round starts the event's clock (rounds_clock)."""

import logging

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.bulk import db_value, insert_rows
from core.errors import DomainError, define_messages

from ..engine import bracket
from ..engine.pairing import Player, pair_round
from ..models import AuditAction, AuditEntry, Event, Match, Report, Round, Seat
from .common import locked, log, organiser_only, require_status
from .decklists import refuse_without_decks, without_legal_deck
from .events import close_event
from .results import record_byes, record_result, seated_result
from .rounds_clock import start_round_clock, stop_clock
from .standings import event_standings

logger = logging.getLogger("tournaments")

define_messages(
    {
        "round.results_missing": _("Round %(number)s still has tables without a result."),
        "round.all_paired": ngettext_lazy(
            "The event's %(count)s Swiss round has been paired.",
            "All %(count)s Swiss rounds have been paired.",
            "count",
        ),
        "round.stale": _("Round %(expected)s cannot be paired now: the next round is round %(next)s. Reload the page."),
        "round.expected_needed": _("Say which round you mean to pair: forcing a round needs its number."),
        "top_cut.none": _("This event has no top cut."),
        "top_cut.swiss_unfinished": _("Finish every Swiss round before the top cut."),
        "top_cut.not_enough": _("Not enough players for a top %(count)s."),
        "top_cut.results_missing": _("The current top-cut round still has matches without a result."),
        "round.none": _("No round has been paired yet."),
        "round.not_latest": _("Only the last round, round %(latest)s, can be changed now. Reload the page."),
        "round.has_results": _(
            "Round %(number)s cannot be re-paired: results have been entered or reported for it. Delete the "
            "round instead, or correct the results."
        ),
        "round.has_confirmed": _(
            "Round %(number)s cannot be deleted: it has confirmed results (tables: %(tables)s). Correct them instead."
        ),
        "round.repair_swiss_only": _("Only a Swiss round can be re-paired; a top-cut round can be deleted."),
        "round.needs_decks": ngettext_lazy(
            "%(count)s player still in the event has no legal registered deck: %(names)s. Nobody is paired "
            "without one: register a legal list for them on the Decklists page or drop them, "
            "then pair.",
            "%(count)s players still in the event have no legal registered deck: %(names)s. Nobody is paired "
            "without one: register legal lists for them on the Decklists page or drop them, "
            "then pair.",
            "count",
        ),
        "round.needs_sealed_decks": ngettext_lazy(
            "%(count)s player still in the event has no legal registered deck: %(names)s. Nobody is paired "
            "without one: register their pool and build their deck at the desk (the Deck building page) or "
            "drop them, then pair.",
            "%(count)s players still in the event have no legal registered deck: %(names)s. Nobody is paired "
            "without one: register their pools and build their decks at the desk (the Deck building page) or "
            "drop them, then pair.",
            "count",
        ),
    }
)


def current_round(event):
    return event.rounds.order_by("-number").first()


def missing_results(round_):
    return round_.matches.exclude(status=Match.Status.CONFIRMED) if round_ else Match.objects.none()


@transaction.atomic
def pair_next_round(event, actor, force=False, expected=None, seed_offset=0):
    """Pair the next Swiss round. `expected` is the round the caller means to pair: a stale or
    repeated press is refused (409), and forcing a round needs it. `force` pairs even with
    unconfirmed tables (logged); `actor` None is the system's automatic pairing."""
    event = locked(event)
    if actor is not None:
        organiser_only(event, actor)
    require_status(event, Event.Status.SWISS)
    if force and expected is None:
        raise DomainError("round.expected_needed", "round")
    latest = current_round(event)
    if expected is not None and expected != (latest.number if latest else 0) + 1:
        raise DomainError(
            "round.stale", "round", status=409, expected=expected, next=(latest.number if latest else 0) + 1
        )
    unconfirmed = list(missing_results(latest).values_list("table", flat=True)) if latest else []
    if unconfirmed and not force:
        raise DomainError("round.results_missing", number=latest.number, status=409)
    number = (latest.number if latest else 0) + 1
    if event.all_swiss_rounds_paired(number - 1):
        raise DomainError("round.all_paired", count=event.swiss_rounds)
    _require_decks(event)
    if unconfirmed:
        log(
            event, actor, AuditAction.ROUND_FORCE, round_number=latest.number, after={"unconfirmed_tables": unconfirmed}
        )
    players = _players(event, number)
    pairing = pair_round(
        players,
        number,
        seed=event.settings.seed + seed_offset,
        pod_size=event.settings.pod_size if event.is_pods else 2,
        pods_of_five=event.is_pods and event.settings.pods_of_five,
    )
    round_ = _create_round(event, number, pairing)
    start_round_clock(event)
    log(
        event,
        actor,
        AuditAction.ROUND_PAIR,
        round_number=number,
        after={"tables": len(pairing.tables), "byes": pairing.byes},
    )
    return round_


def _require_decks(event, among=None):
    """Nobody is seated without the legal deck the event requires (as at the start, checked by hand at
    the desk before each round): a late walk-in added by name, a list judged illegal since. `among`:
    the entrant ids the pairing seats (None: everyone still in)."""
    code = "round.needs_sealed_decks" if event.is_sealed else "round.needs_decks"
    refuse_without_decks(event, code, among)


def held_up_by_decks(event):
    """Who the next start or pairing waits for (decklists.without_legal_deck): a Swiss round seats
    everyone still in, the top cut its seeds, a bracket round the winners who play on. The organiser's
    desk lists them before the button."""
    if not event.format_slug:
        return []
    latest = current_round(event)
    among = None
    if event.status == Event.Status.TOP_CUT:
        among = _playing_on(event, _winners(latest))
    elif event.top_cut and latest is not None and event.all_swiss_rounds_paired(latest.number):
        among = _seeds(event)
    return without_legal_deck(event, among)


def after_results(event_id):
    """A round's results came in (coalesced: one run per burst). Once the round is complete, the
    standings are computed once and, for auto_pair events, the next round is paired: the pairing
    names the round it expects, so a repeated run pairs nothing. A run that finds reports still
    waiting does nothing: the scoring of those sends another run."""
    event = Event.objects.filter(pk=event_id, status=Event.Status.SWISS).first()
    if event is None:
        return None
    if Report.objects.filter(match__round__event=event, status=Report.Status.RECEIVED).exists():
        return None
    latest = current_round(event)
    if latest is None or missing_results(latest).exists():
        return None
    event_standings(event)
    if not event.settings.auto_pair or event.all_swiss_rounds_paired(latest.number):
        return None
    try:
        return pair_next_round(event, None, expected=latest.number + 1)
    except DomainError as error:  # paired meanwhile, or not possible: nothing to do
        logger.info("event %s: not pairing automatically (%s)", event_id, error.code)
        return None


def _players(event, number):
    standings = {row["entrant"]: row for row in event_standings(event)}
    met = {}
    seated = Seat.objects.filter(match__round__event=event, match__is_bye=False).values_list("match_id", "entrant_id")
    for seat_match, entrant in seated:
        met.setdefault(seat_match, []).append(entrant)
    opponents = {}
    for at_table in met.values():
        for entrant in at_table:
            opponents.setdefault(entrant, set()).update(other for other in at_table if other != entrant)
    # Each player's place in the standings, not their shared rank: players equal on every tiebreaker
    # stay in the standings' order (by name), so an imported event pairs as the original would have,
    # whatever its entrants' ids (docs/interchange.md).
    place = {entrant: index for index, entrant in enumerate(standings, start=1)}
    players = []
    for entrant, dropped_after, joined_round in event.entrants.values_list("pk", "dropped_after", "joined_round"):
        row = standings.get(entrant, {})
        active = dropped_after is None and joined_round <= number
        players.append(
            Player(
                entrant,
                row.get("match_points", 0),
                place.get(entrant, 0),
                frozenset(opponents.get(entrant, ())),
                row.get("byes", 0),
                not active,
            )
        )
    return players


def create_round(event, actor, pairing):
    """Seat a round as `pairing` gives it, not as the engine would: an imported event's rounds
    (services.interchange). The caller holds the event's lock; byes are won as usual."""
    round_ = _create_round(event, pairing.round, pairing)
    after = {"tables": len(pairing.tables), "byes": pairing.byes, "imported": True}
    log(event, actor, AuditAction.ROUND_PAIR, round_number=pairing.round, after=after)
    return round_


def _create_round(event, number, pairing):
    """The round, its matches and seats in a few multi-row inserts (core/bulk.py): a
    4,096-player round is 2,048 tables and 4,096 seats."""
    round_ = Round.objects.create(event=event, number=number, stage=Round.Stage.SWISS, notes=pairing.notes)
    tables = [(seated, False) for seated in pairing.tables] + [([entrant], True) for entrant in pairing.byes]
    pending = Match.Status.PENDING.value
    now = db_value(Match, "updated_at", timezone.now())
    columns = ("round", "table", "is_bye", "status", "draws", "version", "extra_minutes", "updated_at")
    matches = [(round_.pk, table, bye, pending, 0, 0, 0, now) for table, (_seated, bye) in enumerate(tables, start=1)]
    match_ids = {table: pk for pk, table in insert_rows(Match, columns, matches, returning=("id", "table"))}
    seats = [(match_ids[table], entrant) for table, (seated, _bye) in enumerate(tables, start=1) for entrant in seated]
    insert_rows(Seat, ("match", "entrant"), seats)
    if pairing.byes:
        record_byes(round_)
    return round_


@transaction.atomic
def start_top_cut(event, actor):
    """Single elimination seeded 1v8, 4v5, 2v7, 3v6 from the Swiss standings (dropped players out)."""
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.SWISS)
    latest = current_round(event)
    if not event.top_cut:
        raise DomainError("top_cut.none")
    if latest is None or not event.all_swiss_rounds_paired(latest.number) or missing_results(latest).exists():
        raise DomainError("top_cut.swiss_unfinished", status=409)
    seeds = _seeds(event)
    if len(seeds) < event.top_cut:
        raise DomainError("top_cut.not_enough", count=event.top_cut)
    _require_decks(event, seeds)
    round_ = Round.objects.create(event=event, number=latest.number + 1, stage=Round.Stage.TOP_CUT)
    for slot, (first, second) in enumerate(bracket.first_round(seeds), start=1):
        _bracket_match(round_, slot, first, second)
    event.status = Event.Status.TOP_CUT
    event.save(update_fields=["status"])
    start_round_clock(event)
    log(
        event,
        actor,
        AuditAction.TOP_CUT_START,
        round_number=round_.number,
        after={"size": event.top_cut, "seeds": seeds},
    )
    return round_


def _seeds(event):
    """The top cut's players from the Swiss standings, best first (dropped players out)."""
    return [row["entrant"] for row in event_standings(event) if not row["dropped"]][: event.top_cut]


def _winners(round_):
    """Each bracket match's winner (None while it has no result), in bracket order."""
    matches = round_.matches.order_by("bracket_slot").prefetch_related("seats")
    return [seated_result(match, list(match.seats.all())).winner for match in matches]


def _gone(event, winners):
    return set(event.entrants.filter(pk__in=winners, dropped_after__isnull=False).values_list("pk", flat=True))


def _playing_on(event, winners):
    """The winners the next bracket round seats: none after the final, nor those gone (walked over)."""
    if len(winners) < 2:
        return []
    gone = _gone(event, winners)
    return [winner for winner in winners if winner is not None and winner not in gone]


def _walk_over(event, match, actor, gone, present):
    """A winner who has dropped or been disqualified since does not play on: their opponent wins
    the match unplayed (MTR: the bracket goes on without them), written by the one result writer.
    Two gone leave the table to the organiser."""
    if len(gone) == 1 and len(present) == 1:
        (winner,), (absent,) = present, gone
        record_result(match, actor, wins={winner: event.best_of // 2 + 1, absent: 0})


def _bracket_match(round_, slot, first, second):
    match = Match.objects.create(round=round_, table=slot, bracket_slot=slot)
    Seat.objects.bulk_create([Seat(match=match, entrant_id=first), Seat(match=match, entrant_id=second)])
    return match


@transaction.atomic
def advance_top_cut(event, actor):
    """Winners of neighbouring bracket slots meet; after the final the event is finished."""
    event = locked(event)
    organiser_only(event, actor)
    require_status(event, Event.Status.TOP_CUT)
    latest = current_round(event)
    if missing_results(latest).exists():
        raise DomainError("top_cut.results_missing", status=409)
    winners = _winners(latest)
    if len(winners) == 1:
        close_event(event, actor, winner=winners[0])
        return None
    gone = _gone(event, winners)
    _require_decks(event, [winner for winner in winners if winner not in gone])
    round_ = Round.objects.create(event=event, number=latest.number + 1, stage=Round.Stage.TOP_CUT)
    for slot, (first, second) in enumerate(bracket.next_round(winners), start=1):
        match = _bracket_match(round_, slot, first, second)
        _walk_over(event, match, actor, gone & {first, second}, {first, second} - gone)
    start_round_clock(event)
    log(event, actor, AuditAction.TOP_CUT_ADVANCE, round_number=round_.number, after={"players": winners})
    return round_


def _latest_for_change(event, actor, expected):
    """The last round, which the organiser names (`expected`), so a stale tab changes nothing."""
    organiser_only(event, actor)
    require_status(event, Event.Status.SWISS, Event.Status.TOP_CUT)
    latest = current_round(event)
    if latest is None:
        raise DomainError("round.none", status=409)
    if expected != latest.number:
        raise DomainError("round.not_latest", "round", status=409, latest=latest.number)
    return latest


@transaction.atomic
def delete_last_round(event, actor, expected):
    """Delete the last round while none of its tables has a confirmed result (byes aside): its
    pairings and reports go, drops made during it take effect before it, and the log keeps it all."""
    event = locked(event)
    latest = _latest_for_change(event, actor, expected)
    confirmed = list(
        latest.matches.filter(is_bye=False, status=Match.Status.CONFIRMED)
        .order_by("table")
        .values_list("table", flat=True)
    )
    if confirmed:
        raise DomainError(
            "round.has_confirmed", status=409, number=latest.number, tables=", ".join(map(str, confirmed[:10]))
        )
    before = _remove_round(event, latest)
    log(event, actor, AuditAction.ROUND_DELETE, round_number=latest.number, before=before)
    return latest.number


@transaction.atomic
def repair_round(event, actor, expected):
    """Pair the current Swiss round again (after a late entry, a removal or a drop) while nothing has been
    entered or reported for it; another seed is used, so equal choices may fall differently."""
    event = locked(event)
    latest = _latest_for_change(event, actor, expected)
    if latest.stage != Round.Stage.SWISS:
        raise DomainError("round.repair_swiss_only", status=409)
    played = latest.matches.filter(is_bye=False).exclude(status=Match.Status.PENDING).exists()
    # A game loss given while a table plays is entered too: pairing again would silently drop it.
    played = played or Seat.objects.filter(match__round=latest, games_conceded__gt=0).exists()
    if played or Report.objects.filter(match__round=latest).exists():
        raise DomainError("round.has_results", status=409, number=latest.number)
    before = _remove_round(event, latest)
    repairs = AuditEntry.objects.filter(event=event, action=AuditAction.ROUND_REPAIR, round_number=latest.number)
    round_ = pair_next_round(event, actor, expected=latest.number, seed_offset=repairs.count() + 1)
    log(event, actor, AuditAction.ROUND_REPAIR, round_number=round_.number, before=before)
    return round_


def _remove_round(event, round_):
    """Delete a round (matches, seats and reports go with it) and undo what it moved on."""
    before = {
        "tables": round_.matches.filter(is_bye=False).count(),
        "byes": round_.matches.filter(is_bye=True).count(),
        "reports": Report.objects.filter(match__round=round_).count(),
    }
    if round_.stage == Round.Stage.SWISS:
        # A drop during the round took effect after it: with the round gone, it takes effect before.
        event.entrants.filter(dropped_after=round_.number).update(dropped_after=round_.number - 1)
    elif not event.rounds.filter(stage=Round.Stage.TOP_CUT).exclude(pk=round_.pk).exists():
        event.status = Event.Status.SWISS
        event.save(update_fields=["status"])
    round_.delete()
    stop_clock(event)
    return before
