"""A sample event for `make run`: 12 players, two rounds played, the third paired."""

import random

from django.contrib.auth import get_user_model
from django.utils import timezone

from games import dust_collectorz
from tournaments.models import Event
from tournaments.services import entrants, events, results, rounds

SAMPLE_NAME = "Sample prerelease (demo)"
WALK_INS = ["Ada", "Bruno", "Chiara", "Dmitri", "Elodie", "Femi", "Greta", "Hugo", "Ines"]


def load_sample_event():
    """Creates the sample event once; running again changes nothing."""
    if Event.objects.filter(name=SAMPLE_NAME).exists():
        return None
    User = get_user_model()
    organiser = User.objects.get(username="organiser")
    starts = timezone.localtime().replace(hour=10, minute=0, second=0, microsecond=0)
    event = events.create_event(
        organiser, SAMPLE_NAME, dust_collectorz.SLUG, best_of=3, top_cut=8, swiss_rounds=4, starts_at=starts,
        venue="Arcobaleno", capacity=16,
    )  # fmt: skip
    for username in ("alice", "bob", "charlie"):  # players with an account enter themselves
        entrants.register_player(event, User.objects.get(username=username))
    for name in WALK_INS:
        entrants.add_entrant(event, organiser, name=name)
    entrants.check_in_many(event, organiser)  # everyone is at the desk
    events.start_event(event, organiser)
    rng = random.Random(2026)
    for _round in range(2):
        round_ = rounds.pair_next_round(event, organiser)
        for match in round_.matches.filter(is_bye=False).prefetch_related("seats"):
            first, second = (seat.entrant_id for seat in match.seats.all())
            score = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            results.record_result(match, organiser, wins={first: score[0], second: score[1]})
    rounds.pair_next_round(event, organiser)
    return event
