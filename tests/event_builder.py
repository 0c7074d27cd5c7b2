"""Big events in a few bulk inserts, for query-count tests and benchmarks: players, Swiss rounds
with every result confirmed, and the next round paired and waiting for results.

The pairings are not Swiss (table k pairs neighbours in a rotated order) and results are fixed
(the first seat wins 2-1): what matters is the size, not the games."""

from django.db import transaction

from tournaments.models import Entrant, Event, Match, Round, Seat
from tournaments.services.common import RESULTS, mark_stale
from tournaments.services.events import create_event


def _tables(entrants, number):
    """Pairs of one round (None for the bye), from the list rotated by the round number."""
    shift = (number * 7) % len(entrants)
    order = entrants[shift:] + entrants[:shift]
    pairs = [(order[index], order[index + 1]) for index in range(0, len(order) - 1, 2)]
    if len(order) % 2:
        pairs.append((order[-1], None))
    return pairs


def _add_round(event, entrants, number, confirmed):
    round_ = Round.objects.create(event=event, number=number)
    tables = _tables(entrants, number)
    status = Match.Status.CONFIRMED if confirmed else Match.Status.PENDING
    matches = Match.objects.bulk_create(
        Match(round=round_, table=table, is_bye=second is None, status=status)
        for table, (_first, second) in enumerate(tables, start=1)
    )
    seats = []
    for match, (first, second) in zip(matches, tables, strict=True):
        if second is None:
            seats.append(Seat(match=match, entrant=first, game_wins=2 if confirmed else 0))
            continue
        seats.append(Seat(match=match, entrant=first, game_wins=2 if confirmed else 0))
        seats.append(Seat(match=match, entrant=second, game_wins=1 if confirmed else 0))
    Seat.objects.bulk_create(seats)
    return round_


@transaction.atomic
def build_event(organiser, players, played, *, pending=True, name="Convention", user=None):
    """An event of `players` walk-ins (the first one is `user`'s entry when given), `played` Swiss
    rounds confirmed and, when `pending`, the next round paired with no result yet."""
    event = create_event(organiser, name, "dust-collectorz", swiss_rounds=played + 3)
    Entrant.objects.bulk_create(
        Entrant(event=event, name=f"Player {number:04d}", checked_in=True, user=user if number == 0 else None)
        for number in range(players)
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    entrants = list(event.entrants.order_by("name"))
    for number in range(1, played + 1):
        _add_round(event, entrants, number, confirmed=True)
    if pending:
        _add_round(event, entrants, played + 1, confirmed=False)
    mark_stale(event, RESULTS)
    event.refresh_from_db()
    return event
