"""Big events built fast for benchmarks: accounts and entrants in bulk, rounds paired by the real
engine (`pair_next_round`) and their results written in bulk (the first seat wins 2-0 at a random
half of the tables), so a 4,096-player event with 8 played rounds takes seconds, not hours."""

import random

from django.contrib.auth import get_user_model

from tournaments.models import Entrant, Event, EventSettings, Match, Seat
from tournaments.services import events, rounds
from tournaments.services.common import RESULTS, mark_stale
from tournaments.services.standings import event_standings


def build_event(organiser, players, played_rounds, name, swiss_rounds=10, auto_pair=True):
    """An event of `players` checked-in accounts with `played_rounds` Swiss rounds confirmed."""
    User = get_user_model()
    users = User.objects.bulk_create(User(username=f"{name}-{number:05d}") for number in range(players))
    event = events.create_event(organiser, name, "dust-collectorz", top_cut=0, swiss_rounds=swiss_rounds, best_of=3)
    Entrant.objects.bulk_create(Entrant(event=event, user=user, name=user.username, checked_in=True) for user in users)
    events.start_event(event, organiser)
    rng = random.Random(players)
    for _number in range(played_rounds):
        play_round(event, rounds.pair_next_round(event, organiser), rng)
    EventSettings.objects.filter(event=event).update(auto_pair=auto_pair)
    event = Event.objects.get(pk=event.pk)
    event_standings(event)  # as `after_results` leaves them when a round's last result comes in
    return event


def play_round(event, round_, rng):
    """Confirm every table of the round: one player wins 2-0 (chosen at random)."""
    seats = {}
    for seat, match in Seat.objects.filter(match__round=round_, match__is_bye=False).values_list("pk", "match_id"):
        seats.setdefault(match, []).append(seat)
    winners = [rng.choice(at_table) for at_table in seats.values()]
    Seat.objects.filter(pk__in=winners).update(game_wins=2)
    Match.objects.filter(round=round_).update(status=Match.Status.CONFIRMED)
    mark_stale(event, RESULTS)
