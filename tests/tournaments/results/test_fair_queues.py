"""No store waits behind a convention: a big event's scoring and follow-up go to a queue of their
own, and a worker takes from the queues in turn (the real-worker test runs in CI's second pass)."""

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import join_event
from tests.site.worker_support import wait_for
from tournaments import queues, tasks
from tournaments.models import AuditEntry, Match
from tournaments.services import events, rounds
from tournaments.services.results_reports import submit_report

_numbers = itertools.count()


def table_event(organiser, players):
    """A started event of `players` with round 1 paired: the event and its tables."""
    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"q{next(_numbers):05d}") for _player in range(players)])
    event = events.create_event(organiser, "Queued", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for user in users:
        join_event(event, user)
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    return event, list(round_.matches.filter(is_bye=False).prefetch_related("seats__entrant__user"))


@pytest.fixture
def large_from_ten(settings, monkeypatch):
    settings.LARGE_EVENT_PLAYERS = 10
    monkeypatch.setenv("LARGE_EVENT_PLAYERS", "10")  # the same threshold for the workers started here


def test_a_big_events_work_has_its_own_queue(db, organiser, large_from_ten):
    big, _matches = table_event(organiser, 12)
    store, _matches = table_event(organiser, 4)
    assert queues.route(tasks.SCORE_REPORTS, (big.pk,), {}, {}) == {"queue": "large"}
    assert queues.route(tasks.AFTER_RESULTS, (big.pk,), {}, {}) == {"queue": "large"}
    assert queues.route(tasks.SCORE_REPORTS, (store.pk,), {}, {}) == {"queue": "default"}
    assert queues.route("decks.tasks.validate_bulk", (big.pk,), {}, {}) is None  # not an event's work
    with CaptureQueriesContext(connection) as captured:
        queues.route(tasks.SCORE_REPORTS, (big.pk,), {}, {})
    assert len(captured) == 0, "the size class is remembered, not counted at every send"


def _report_all(matches):
    for match in matches:
        first, second = (seat.entrant for seat in match.seats.all())
        body = {"wins": {str(first.pk): 2, str(second.pk): 0}, "draws": 0}
        submit_report(match, first.user, body)
        submit_report(match, second.user, body)


def _first_confirmation(event):
    return AuditEntry.objects.filter(event=event, action="result.confirm").order_by("pk").first()


@pytest.mark.worker
def test_a_store_is_scored_before_the_big_events_queued_ahead_of_it(start_worker, organiser, large_from_ten):
    """Three big events' bursts are queued before a store's; one worker, one task at a time. With
    one queue the store would come fourth; taking from the queues in turn, it comes first or second."""
    bursts = [table_event(organiser, 12) for _big in range(3)]
    store, store_matches = table_event(organiser, 4)
    for _event, matches in bursts:
        _report_all(matches)
    _report_all(store_matches)
    start_worker()
    everyone = [event for event, _matches in bursts] + [store]
    assert wait_for(
        lambda: not Match.objects.filter(round__event__in=everyone, is_bye=False).exclude(status="confirmed").exists(),
        timeout=90,
    ), "not every report was scored"
    order = sorted(everyone, key=lambda event: _first_confirmation(event).pk)
    assert order.index(store) <= 1, f"the store was scored in position {order.index(store) + 1} of 4"
