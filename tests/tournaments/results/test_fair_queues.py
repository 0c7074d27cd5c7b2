"""No store waits behind a convention: a big event's scoring and follow-up go to a queue of their
own, and a worker takes from the queues in turn; a store's round that its last report closes goes
to the urgent queue, which every worker asks first (the real-worker tests run in CI's second pass)."""

import itertools

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.broker import URGENT, UrgentFirstCycle
from tests.site.worker_support import wait_for
from tests.tournaments.results.test_scoring_batches import report_both
from tests.tournaments.results.test_scoring_batches import table_event as batches_table_event
from tournaments import queues, tasks
from tournaments.models import AuditEntry, Match
from tournaments.services.results_reports import submit_report

_events = itertools.count()


def table_event(organiser, players):
    """A started event with round 1 paired, its players' accounts named for it."""
    return batches_table_event(organiser, players, auto_pair=False, prefix=f"q{next(_events)}-")


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
    assert queues.route(tasks.SCORE_REPORTS, (big.pk,), {}, {"queue": URGENT}) is None  # the sender's choice stands


def test_the_report_that_leaves_no_table_waiting_is_sent_urgent(
    db, organiser, sent, django_capture_on_commit_callbacks, large_from_ten
):
    store, matches = table_event(organiser, 8)
    first, second, third, fourth = matches
    report_both(first, django_capture_on_commit_callbacks)
    report_both(second, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        Match.objects.filter(pk=fourth.pk).update(status="confirmed")  # the organiser entered this one
        a, b = (seat.entrant for seat in third.seats.all())
        body = {"wins": {str(a.pk): 2, str(b.pk): 0}, "draws": 0}
        submit_report(third, a.user, body)
        assert sent == [(tasks.SCORE_REPORTS, store.pk)], "one run for the event, coalesced, none urgent yet"
        submit_report(third, b.user, body)
    assert sent[-1] == (tasks.SCORE_REPORTS, store.pk, URGENT)
    assert len(sent) == 2
    submit_report(third, b.user, body)  # a second report from the same side: the round is still complete
    assert sent[-1] == (tasks.SCORE_REPORTS, store.pk, URGENT)


def test_a_big_events_last_report_is_not_urgent(
    db, organiser, sent, django_capture_on_commit_callbacks, large_from_ten
):
    """A big event's runs gather its burst on the `large` queue; the urgent queue is for stores."""
    big, matches = table_event(organiser, 12)
    for match in matches:
        report_both(match, django_capture_on_commit_callbacks)
    assert sent == [(tasks.SCORE_REPORTS, big.pk)]


def test_a_worker_asks_the_urgent_queue_first_and_the_others_in_turn():
    cycle = UrgentFirstCycle()
    cycle.update(["default", "large", URGENT])
    assert cycle.consume(3) == [URGENT, "default", "large"]
    cycle.rotate("default")
    assert cycle.consume(3) == [URGENT, "large", "default"]
    cycle.rotate(URGENT)
    assert cycle.consume(3) == [URGENT, "large", "default"]


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


def _report_one_table(matches):
    """Both reports of the first table only: the round still waits for the others."""
    _report_all(matches[:1])


@pytest.mark.worker
def test_a_stores_closing_report_is_scored_before_runs_queued_ahead_of_it(start_worker, organiser):
    """Three stores' runs wait in the default queue; a fourth store's last report comes after them.
    A worker started for `default` alone, one task at a time, takes the urgent queue all the same,
    and first: the fourth store is scored and paired before the three queued ahead of it."""
    waiting = [table_event(organiser, 6) for _store in range(3)]
    closing, closing_matches = batches_table_event(organiser, 4, auto_pair=True, prefix="closing-")
    for _event, matches in waiting:
        _report_all(matches[:1])  # their rounds still wait for other tables
    _report_all(closing_matches)
    start_worker(queues="default")
    waiting_events = [event for event, _matches in waiting]
    assert wait_for(
        lambda: (
            closing.rounds.count() == 2
            and AuditEntry.objects.filter(event__in=waiting_events, action="result.confirm").count() == 3
        ),
        timeout=90,
    ), "not every report was scored"
    order = sorted([*waiting_events, closing], key=lambda event: _first_confirmation(event).pk)
    assert order[0] == closing, f"the closing store was scored in position {order.index(closing) + 1} of 4"
