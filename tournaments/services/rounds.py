"""Pairing rounds (Swiss and top cut) with the event row locked: two clicks make one round."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Event, Match, Round, Seat
from ..pairing import PairingError, Player, pair_round
from .common import EventConflict, EventError, bump_results, locked, log, require_status
from .standings import event_standings


def current_round(event):
    return event.rounds.order_by("-number").first()


def missing_results(round_):
    return round_.matches.exclude(status=Match.Status.CONFIRMED) if round_ else Match.objects.none()


@transaction.atomic
def pair_next_round(event, actor, force=False):
    """Pair the next Swiss round. `force` pairs even with unconfirmed tables (logged); `actor`
    None is the system's automatic pairing."""
    event = locked(event)
    if actor is not None:
        _organiser_only(event, actor)
    require_status(event, Event.Status.SWISS)
    latest = current_round(event)
    unconfirmed = list(missing_results(latest).values_list("table", flat=True)) if latest else []
    if unconfirmed and not force:
        raise EventConflict(_("Round %(number)s still has tables without a result.") % {"number": latest.number})
    if unconfirmed:
        log(event, actor, "round.force", f"round {latest.number}", after={"unconfirmed_tables": unconfirmed})
    number = (latest.number if latest else 0) + 1
    if number > event.swiss_rounds:
        raise EventError(_("All %(count)s Swiss rounds have been paired.") % {"count": event.swiss_rounds})
    players = _players(event, number)
    try:
        pairing = pair_round(players, number, seed=event.seed, pod_size=event.pod_size if event.is_pods else 2)
    except PairingError:
        raise EventError(_("At least 2 active players are needed to pair a round.")) from None
    round_ = _create_round(event, number, pairing)
    _start_timer(event)
    bump_results(event)
    log(event, actor, "round.pair", f"round {number}", after={"tables": len(pairing.tables), "byes": pairing.byes})
    return round_


def _organiser_only(event, actor):
    if actor != event.organiser:
        raise EventError(_("Only the event's organiser can do this."))


def _players(event, number):
    standings = {row["entrant"]: row for row in event_standings(event)}
    met = {}
    for seat_match, entrant in Seat.objects.filter(match__round__event=event, match__is_bye=False).values_list(
        "match_id", "entrant_id"
    ):
        met.setdefault(seat_match, []).append(entrant)
    opponents = {}
    for seated in met.values():
        for entrant in seated:
            opponents.setdefault(entrant, set()).update(other for other in seated if other != entrant)
    players = []
    for entrant in event.entrants.all():
        row = standings.get(entrant.pk, {})
        active = entrant.dropped_after is None and entrant.joined_round <= number
        players.append(
            Player(
                entrant.pk,
                row.get("match_points", 0),
                row.get("rank", 0),
                frozenset(opponents.get(entrant.pk, ())),
                row.get("byes", 0),
                not active,
            )
        )
    return players


def _create_round(event, number, pairing, stage=Round.Stage.SWISS):
    """The round, its matches and seats in three bulk inserts (a 1,024-player round is 512 tables)."""
    round_ = Round.objects.create(event=event, number=number, stage=stage, notes=pairing.notes)
    tables = [(seated, False) for seated in pairing.tables] + [([entrant], True) for entrant in pairing.byes]
    matches = Match.objects.bulk_create(
        Match(round=round_, table=table, is_bye=bye, status=Match.Status.CONFIRMED if bye else Match.Status.PENDING)
        for table, (_seated, bye) in enumerate(tables, start=1)
    )
    Seat.objects.bulk_create(
        Seat(match=match, entrant_id=entrant, game_wins=2 if bye else 0)
        for match, (seated, bye) in zip(matches, tables, strict=True)
        for entrant in seated
    )
    return round_


def _start_timer(event):
    event.timer_ends_at = timezone.now() + timezone.timedelta(minutes=event.round_minutes)
    event.timer_paused_seconds = None
    event.save(update_fields=["timer_ends_at", "timer_paused_seconds"])


BRACKET = {4: [(1, 4), (2, 3)], 8: [(1, 8), (4, 5), (2, 7), (3, 6)]}


@transaction.atomic
def start_top_cut(event, actor):
    """Single elimination seeded 1v8, 4v5, 2v7, 3v6 from the Swiss standings (dropped players out)."""
    event = locked(event)
    _organiser_only(event, actor)
    require_status(event, Event.Status.SWISS)
    latest = current_round(event)
    if not event.top_cut:
        raise EventError(_("This event has no top cut."))
    if latest is None or latest.number < event.swiss_rounds or missing_results(latest).exists():
        raise EventConflict(_("Finish every Swiss round before the top cut."))
    seeds = [row["entrant"] for row in event_standings(event) if not row["dropped"]][: event.top_cut]
    if len(seeds) < event.top_cut:
        raise EventError(_("Not enough players for a top %(count)s.") % {"count": event.top_cut})
    round_ = Round.objects.create(event=event, number=latest.number + 1, stage=Round.Stage.TOP_CUT)
    for slot, (high, low) in enumerate(BRACKET[event.top_cut], start=1):
        _bracket_match(round_, slot, seeds[high - 1], seeds[low - 1])
    event.status = Event.Status.TOP_CUT
    event.save(update_fields=["status"])
    _start_timer(event)
    log(event, actor, "top_cut.start", f"top {event.top_cut}", after={"seeds": seeds})
    return round_


def _bracket_match(round_, slot, first, second):
    match = Match.objects.create(round=round_, table=slot, bracket_slot=slot)
    Seat.objects.create(match=match, entrant_id=first)
    Seat.objects.create(match=match, entrant_id=second)
    return match


@transaction.atomic
def advance_top_cut(event, actor):
    """Winners of neighbouring bracket slots meet; after the final the event is finished."""
    event = locked(event)
    _organiser_only(event, actor)
    require_status(event, Event.Status.TOP_CUT)
    latest = current_round(event)
    if missing_results(latest).exists():
        raise EventConflict(_("The current top-cut round still has matches without a result."))
    winners = [match_winner(match) for match in latest.matches.order_by("bracket_slot")]
    if len(winners) == 1:
        event.status = Event.Status.FINISHED
        event.timer_ends_at = event.timer_paused_seconds = None
        event.save(update_fields=["status", "timer_ends_at", "timer_paused_seconds"])
        log(event, actor, "event.finish", event.name, after={"winner": winners[0]})
        return None
    round_ = Round.objects.create(event=event, number=latest.number + 1, stage=Round.Stage.TOP_CUT)
    for slot in range(len(winners) // 2):
        _bracket_match(round_, slot + 1, winners[2 * slot], winners[2 * slot + 1])
    _start_timer(event)
    log(event, actor, "top_cut.advance", f"round {round_.number}", after={"players": winners})
    return round_


def match_winner(match):
    """The entrant with more game wins (a top-cut match cannot end in a draw)."""
    seats = sorted(match.seats.all(), key=lambda seat: -seat.game_wins)
    return seats[0].entrant_id
