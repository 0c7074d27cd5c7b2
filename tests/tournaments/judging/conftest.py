import pytest

from tests.conftest import join_event
from tournaments.services import entrants as entrant_services
from tournaments.services import events, rounds


def paired_event(organiser, users, walk_ins):
    """A best-of-3 Dust Collectorz event of `users` and `walk_ins` walk-ins, round 1 paired."""
    event = events.create_event(organiser, "Prerelease", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for user in users:
        join_event(event, user)
    for number in range(walk_ins):
        entrant_services.add_entrant(event, organiser, name=f"Walk-in {number}")
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    return event


@pytest.fixture
def eight(organiser, alice, bob):
    """Eight players: alice, bob and six walk-ins."""
    return paired_event(organiser, (alice, bob), 6)


@pytest.fixture
def four(organiser, alice, bob):
    """Four players: alice, bob and two walk-ins."""
    return paired_event(organiser, (alice, bob), 2)
