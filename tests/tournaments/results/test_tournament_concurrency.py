"""Row locks on PostgreSQL: two organisers pressing "pair next round" at once make one round, and
concurrent confirmations, disputes and corrections never deadlock."""

import threading

import pytest
from django.db import connection

from core.errors import DomainError
from tests.conftest import join_event
from tournaments.models import Match, Report, Round
from tournaments.services import entrants as entrant_services
from tournaments.services import events, rounds

pytestmark = pytest.mark.postgres


@pytest.fixture
def started_event(transactional_db, organiser):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (CI's second pass sets DATABASE_URL)")
    event = events.create_event(organiser, "Lock test", "dust-collectorz", top_cut=0)
    for number in range(8):
        entrant_services.add_entrant(event, organiser, name=f"Player {number}")
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


@pytest.fixture
def reported_event(transactional_db, organiser, eager_celery):
    """Twelve players in round 1; at every table the first player's report waits for confirmation."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (CI's second pass sets DATABASE_URL)")
    from tests.conftest import make_user

    event = events.create_event(organiser, "Deadlock test", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for number in range(12):
        join_event(event, make_user(f"p{number}"))
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    matches = list(round_.matches.filter(is_bye=False).prefetch_related("seats__entrant__user"))
    for match in matches:
        first, second = (seat.entrant for seat in match.seats.all())
        Report.objects.create(
            match=match,
            entrant=first,
            reporter=first.user,
            payload={"wins": {str(first.pk): 2, str(second.pk): 0}},
            result={"wins": {str(first.pk): 2, str(second.pk): 0}, "draws": 0, "placements": None},
            status=Report.Status.SCORED,
        )
    return event, matches


def _run_together(calls):
    from django.db import connections

    barrier = threading.Barrier(len(calls))
    errors = []

    def run(call):
        try:
            barrier.wait()
            call()
        except Exception as error:  # noqa: BLE001 - every failure is collected and asserted on
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_confirm_dispute_and_correct_at_once_never_deadlock(reported_event, organiser):
    """Players confirming, players disputing and the organiser correcting the same tables at the same
    moment: every lock is taken event first, so PostgreSQL finds no deadlock and nothing is lost."""
    from tournaments.services import results, results_reports

    event, matches = reported_event
    calls = []
    for index, match in enumerate(matches):
        first, second = (seat.entrant for seat in match.seats.all())
        if index % 2:
            calls.append(lambda match=match, second=second: results_reports.dispute(match, second.user))
        else:
            confirm = Report.objects.create(match=match, entrant=second, reporter=second.user, payload={"confirm": 0})
            confirm.result = {"wins": {str(first.pk): 2, str(second.pk): 0}, "draws": 0, "placements": None}
            confirm.save(update_fields=["result"])
            calls.append(lambda report=confirm.pk: results_reports.score(report))
        correction = {first.pk: 1, second.pk: 2}
        calls.append(lambda match=match, wins=correction: results.record_result(match, organiser, wins=wins))
    errors = [error for error in _run_together(calls) if not isinstance(error, DomainError)]
    assert errors == []
    for match in matches:
        match.refresh_from_db()
        first, second = match.seats.all()
        assert match.status == Match.Status.CONFIRMED
        assert (first.game_wins, second.game_wins) == (1, 2), "the organiser's entry is never lost"


def test_simultaneous_registrations_never_exceed_capacity(transactional_db, organiser):
    """Eight players press "register" at once for four places: four get a place, four wait in line,
    and a freed place then goes to exactly one of them."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (CI's second pass sets DATABASE_URL)")

    from tests.conftest import make_user

    event = events.create_event(organiser, "Rush", "dust-collectorz", top_cut=0, capacity=4)
    players = [make_user(f"rush{number}") for number in range(8)]
    barrier = threading.Barrier(len(players))
    failures = []

    def register(user):
        from django.db import connections

        try:
            barrier.wait()
            entrant_services.register_player(event, user)
        except Exception as error:  # noqa: BLE001 - collected and asserted below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=register, args=(user,)) for user in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert event.entrants.count() == 4
    assert entrant_services.waiting(event).count() == 4
    first = entrant_services.waiting(event).first().user
    entrant_services.remove_entrant(event.entrants.first(), organiser)
    assert event.entrants.count() == 4 and event.entrants.filter(user=first).exists()
    assert entrant_services.waiting(event).count() == 3
