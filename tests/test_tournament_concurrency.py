"""Row locks on PostgreSQL: two organisers pressing "pair next round" at once make one round."""

import threading

import pytest
from django.db import connection

from tournaments.models import Round
from tournaments.services import events, rounds
from core.errors import DomainError

pytestmark = pytest.mark.postgres


@pytest.fixture
def started_event(transactional_db, organiser):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (CI's second pass sets DATABASE_URL)")
    event = events.create_event(organiser, "Lock test", "dust-collectorz", top_cut=0)
    for number in range(8):
        events.add_entrant(event, organiser, name=f"Player {number}")
    return events.start_event(event, organiser)


def test_two_simultaneous_pair_requests_make_one_round(started_event, organiser):
    barrier = threading.Barrier(2)
    outcomes = []

    def press():
        from django.db import connections

        try:
            barrier.wait()
            rounds.pair_next_round(started_event, organiser)
            outcomes.append("paired")
        except DomainError as error:
            outcomes.append(error.status)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=press) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(map(str, outcomes)) == ["409", "paired"]
    assert Round.objects.filter(event=started_event).count() == 1
