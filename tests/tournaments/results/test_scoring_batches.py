"""A round's burst of reports costs O(tables): reports are scored per event in batches, sent once
per event however many arrive, the round's follow-up runs once, and the sweeper re-sends only
reports whose delivery lease has ended (real workers: test_reliability.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from core.tasks import clear_pending
from tests.conftest import join_event
from tournaments import tasks
from tournaments.models import AuditEntry, Event, EventSettings, Match, Report
from tournaments.services import events, rounds
from tournaments.services.results_reports import submit_report
from tournaments.services.results_scoring import claim_due_reports, score_pending

pytestmark = pytest.mark.django_db


def table_event(organiser, players, auto_pair=True, prefix="b"):
    """A started event of `players` accounts (usernames from `prefix`) with round 1 paired."""
    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"{prefix}{number:04d}") for number in range(players)])
    event = events.create_event(organiser, "Burst", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for user in users:
        join_event(event, user)
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    EventSettings.objects.filter(event=event).update(auto_pair=auto_pair)
    matches = list(round_.matches.filter(is_bye=False).prefetch_related("seats__entrant__user"))
    return Event.objects.get(pk=event.pk), matches


def report_both(match, capture, winner_first=True):
    first, second = (seat.entrant for seat in match.seats.all())
    winner, loser = (first, second) if winner_first else (second, first)
    body = {"wins": {str(winner.pk): 2, str(loser.pk): 0}, "draws": 0}
    with capture(execute=True):
        submit_report(match, first.user, body)
        submit_report(match, second.user, body)


def test_a_round_of_confirmations_sends_one_scoring_run_and_pairs_once(
    organiser, sent, django_capture_on_commit_callbacks
):
    event, matches = table_event(organiser, 200)
    for match in matches:
        report_both(match, django_capture_on_commit_callbacks)
    # 200 reports, one run queued; and the report that left no table without its reports sent
    # one more, to the urgent queue: the store's next round waits on it.
    assert sent == [(tasks.SCORE_REPORTS, event.pk), (tasks.SCORE_REPORTS, event.pk, "urgent")]
    with django_capture_on_commit_callbacks(execute=True):
        tasks.score_reports(event.pk)
    assert not Match.objects.filter(round__event=event, round__number=1).exclude(status="confirmed").exists()
    assert AuditEntry.objects.filter(event=event, action="result.confirm").count() == 100
    assert (
        Event.objects.get(pk=event.pk).counters.results_version == event.counters.results_version + 2
    )  # one bump per batch, one for the next round
    # The run that confirmed the round's last table paired the next one itself: no second trip
    # through the queue (most of a store's wait on a busy weekend).
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2]
    assert (tasks.AFTER_RESULTS, event.pk) not in sent
    tasks.after_results(event.pk)  # the sweeper's nudge, or a message from before an upgrade
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2]


def test_a_big_events_follow_up_is_its_own_task_sent_once_per_burst(
    organiser, sent, settings, django_capture_on_commit_callbacks
):
    """A big event's next round (a pairing of thousands) goes to its own queue, once per burst."""
    settings.LARGE_EVENT_PLAYERS = 8
    event, matches = table_event(organiser, 40)
    for match in matches:
        report_both(match, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.score_reports(event.pk)
    assert sent.count((tasks.AFTER_RESULTS, event.pk)) == 1
    assert event.rounds.count() == 1
    tasks.after_results(event.pk)
    tasks.after_results(event.pk)  # delivered twice: the second finds round 2 paired
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2]


def test_a_trickle_of_confirmations_pairs_the_next_round_once_the_round_is_complete(
    organiser, sent, django_capture_on_commit_callbacks
):
    """A store's tables confirm one by one, each in a scoring run of its own: the next round is
    paired by the run that confirms the last table, not before, and without a task of its own."""
    event, matches = table_event(organiser, 8)
    for number, match in enumerate(matches, start=1):
        report_both(match, django_capture_on_commit_callbacks)
        with django_capture_on_commit_callbacks(execute=True):
            tasks.score_reports(event.pk)
        assert event.rounds.count() == (2 if number == len(matches) else 1)
    assert (tasks.AFTER_RESULTS, event.pk) not in sent


def test_a_database_error_in_a_stores_follow_up_sends_it_as_a_task(
    organiser, sent, monkeypatch, django_capture_on_commit_callbacks
):
    """The scores are committed before the follow-up; a database error there leaves the pairing
    to the task, which retries it."""
    from django.db import OperationalError

    from tournaments.services import results_scoring

    def database_away(event_id):
        raise OperationalError("the database went away")

    monkeypatch.setattr(results_scoring, "after_results", database_away)
    event, matches = table_event(organiser, 4)
    for match in matches:
        report_both(match, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.score_reports(event.pk)
    assert not Match.objects.filter(round__event=event).exclude(status="confirmed").exists()
    assert event.rounds.count() == 1
    assert sent.count((tasks.AFTER_RESULTS, event.pk)) == 1


def test_a_run_with_reports_still_waiting_pairs_nothing(organiser, sent, django_capture_on_commit_callbacks):
    event, matches = table_event(organiser, 4)
    report_both(matches[0], django_capture_on_commit_callbacks)
    score_pending(event.pk)
    Match.objects.filter(pk=matches[1].pk).update(status="confirmed")
    first = matches[1].seats.all()[0].entrant
    Report.objects.create(match=matches[1], entrant=first, payload={"wins": {str(first.pk): 2}})  # newer work
    tasks.after_results(event.pk)
    assert event.rounds.count() == 1


def test_a_defect_at_one_table_does_not_hold_up_the_others(
    organiser, sent, monkeypatch, django_capture_on_commit_callbacks
):
    from tournaments.services import results_scoring

    event, matches = table_event(organiser, 6)
    for match in matches:
        report_both(match, django_capture_on_commit_callbacks)
    broken = matches[1].pk
    settle = results_scoring.settle

    def settle_with_a_defect(match):
        if match.pk == broken:
            raise KeyError("wins")
        return settle(match)

    monkeypatch.setattr(results_scoring, "settle", settle_with_a_defect)
    assert score_pending(event.pk).tables == 3
    statuses = dict(Match.objects.filter(round__event=event, is_bye=False).values_list("pk", "status"))
    assert statuses == {matches[0].pk: "confirmed", broken: "pending", matches[2].pk: "confirmed"}
    problems = {report.problem["code"] for report in Report.objects.filter(match_id=broken)}
    assert problems == {"report.scoring_failed"}  # shown to the organiser, never sent again
    assert score_pending(event.pk).tables == 0


def test_the_sweeper_resends_only_after_the_lease_with_a_backoff(
    organiser, sent, settings, django_capture_on_commit_callbacks
):
    settings.SCORING_LEASE_SECONDS = 30
    event, matches = table_event(organiser, 2)
    report_both(matches[0], django_capture_on_commit_callbacks)
    assert claim_due_reports() == []  # just sent: the worker has it
    clear_pending(tasks.SCORE_REPORTS, event.pk)  # a worker took the run, then died
    Report.objects.update(resend_at=timezone.now())  # the lease ends
    sent.clear()
    started = timezone.now()
    tasks.sweep_reports()
    ended = timezone.now()
    assert sent == [(tasks.SCORE_REPORTS, event.pk)]  # both reports, one run for their event
    leases = list(Report.objects.values_list("sends", "resend_at"))
    assert {sends for sends, _at in leases} == {2}
    doubled = timezone.timedelta(seconds=60)  # 30 s doubled, counted from when the sweeper ran
    assert all(started + doubled <= at <= ended + doubled for _sends, at in leases)
    assert claim_due_reports() == []  # claimed: not sent again before the new lease ends
    Report.objects.update(resend_at=timezone.now())
    started = timezone.now()
    claim_due_reports()
    ended = timezone.now()
    assert set(Report.objects.values_list("sends", flat=True)) == {3}
    at = Report.objects.values_list("resend_at", flat=True).first()
    assert started + 2 * doubled <= at <= ended + 2 * doubled


def test_a_queued_run_is_not_sent_again(organiser, sent, django_capture_on_commit_callbacks):
    event, matches = table_event(organiser, 4)
    report_both(matches[0], django_capture_on_commit_callbacks)  # the other table has not reported
    Report.objects.update(resend_at=timezone.now())
    tasks.sweep_reports()
    assert sent == [(tasks.SCORE_REPORTS, event.pk)]  # the submission's run has not started yet


def test_a_report_the_broker_refused_is_due_at_once(organiser, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr("core.tasks.send_now", lambda *args, **options: None)  # the broker is away
    event, matches = table_event(organiser, 2)
    report_both(matches[0], django_capture_on_commit_callbacks)
    assert Report.objects.filter(status="received").count() == 2  # saved all the same
    assert {event_id for _report, event_id in claim_due_reports()} == {event.pk}


def test_the_sweeper_pairs_an_auto_pair_event_left_waiting(organiser, sent):
    event, matches = table_event(organiser, 4)
    Match.objects.filter(round__event=event).update(status="confirmed")
    tasks.sweep_reports()
    assert sent == [(tasks.AFTER_RESULTS, event.pk)]


def test_the_sweeper_asks_in_the_same_queries_whatever_the_number_of_events(organiser, sent):
    """A weekend's thousand store events must not make each sweep (every 10 s) cost a query per
    event: it held a worker process for seconds at a time in bench/weekend.py."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def sweep_queries():
        sent.clear()
        with CaptureQueriesContext(connection) as queries:
            tasks.sweep_reports()
        return len(queries)

    waiting, _matches = table_event(organiser, 4, prefix="w")
    Match.objects.filter(round__event=waiting).update(status="confirmed")
    playing, _matches = table_event(organiser, 4, prefix="p")
    few = sweep_queries()
    assert sent == [(tasks.AFTER_RESULTS, waiting.pk)]
    more = [table_event(organiser, 4, prefix=f"m{number}")[0] for number in range(4)]
    Match.objects.filter(round__event__in=more[:2]).update(status="confirmed")
    assert sweep_queries() == few
    # the first event's run is still queued (sent once); the two newly complete ones are sent
    assert sorted(event_id for _task, event_id in sent) == sorted([more[0].pk, more[1].pk])


def test_the_sweeper_leaves_an_event_whose_swiss_rounds_are_all_paired(organiser, sent):
    event, _matches = table_event(organiser, 4)
    for _round in range(2):
        Match.objects.filter(round__event=event).update(status="confirmed")
        rounds.pair_next_round(event, organiser)
    Match.objects.filter(round__event=event).update(status="confirmed")  # round 3 of 3 complete
    tasks.sweep_reports()
    assert sent == []


def test_a_report_is_accepted_in_a_few_queries_whatever_the_event_size(
    api, organiser, sent, django_assert_max_num_queries
):
    event, matches = table_event(organiser, 60)
    match = matches[-1]
    first, second = (seat.entrant for seat in match.seats.all())
    api.force_authenticate(first.user)
    with django_assert_max_num_queries(6):  # lock and read, replace, insert, log (+ savepoint and release)
        answer = api.post(
            f"/api/v1/matches/{match.pk}/report/", {"wins": {str(first.pk): 2, str(second.pk): 0}}, format="json"
        )
    assert answer.status_code == 202 and answer.json()["status"] == "received"


def test_a_private_events_match_is_not_found_by_others(api, organiser, bob, sent):
    event, matches = table_event(organiser, 2)
    Event.objects.filter(pk=event.pk).update(is_public=False)
    api.force_authenticate(bob)
    answer = api.post(f"/api/v1/matches/{matches[0].pk}/report/", {"wins": {"1": 2}}, format="json")
    assert answer.status_code == 404
    assert api.post("/api/v1/matches/999999/report/", {"wins": {"1": 2}}, format="json").status_code == 404


def test_a_run_waits_for_a_burst_to_gather_and_scores_what_came_meanwhile(
    organiser, sent, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """Between the small batches of a big event's burst the run waits (SCORING_GATHER_MS); reports
    arriving meanwhile send no run of their own, and the same run scores them after its wait."""
    settings.SCORING_GATHER_MS = 300
    settings.LARGE_EVENT_PLAYERS = 8  # this event counts as big
    event, matches = table_event(organiser, 8)
    report_both(matches[0], django_capture_on_commit_callbacks)
    later = iter(matches[1:])
    waits = []

    def a_report_arrives(seconds):
        waits.append(seconds)
        match = next(later, None)
        if match is not None:
            report_both(match, django_capture_on_commit_callbacks)

    monkeypatch.setattr(tasks.time, "sleep", a_report_arrives)
    sent.clear()
    tasks.score_reports(event.pk)  # its own follow-ups are not run here: only the reports' sends count
    assert not Match.objects.filter(round__event=event, is_bye=False).exclude(status="confirmed").exists()
    assert waits == [0.3] * 4  # after each of the four tables' batches; the fifth look finds nothing
    assert (tasks.SCORE_REPORTS, event.pk) not in sent  # no other run was sent while this one gathered


def test_a_stores_run_never_holds_a_worker_waiting_for_more(
    organiser, sent, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """A store's reports trickle in one table at a time: its run scores what waits and ends, and
    the next report sends a run of its own, so a worker is never held for a store's trickle."""
    settings.SCORING_GATHER_MS = 300
    event, matches = table_event(organiser, 8)
    monkeypatch.setattr(tasks.time, "sleep", lambda seconds: pytest.fail("a store's run waited"))
    report_both(matches[0], django_capture_on_commit_callbacks)
    tasks.score_reports(event.pk)
    assert Match.objects.get(pk=matches[0].pk).status == "confirmed"
    sent.clear()
    report_both(matches[1], django_capture_on_commit_callbacks)
    assert sent == [(tasks.SCORE_REPORTS, event.pk)]


def test_a_run_without_gathering_never_waits(
    organiser, sent, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.SCORING_GATHER_MS = 0  # in-process tasks (no Redis): the player's request runs them
    event, matches = table_event(organiser, 4)
    report_both(matches[0], django_capture_on_commit_callbacks)
    monkeypatch.setattr(tasks.time, "sleep", lambda seconds: pytest.fail("waited"))
    tasks.score_reports(event.pk)
    assert Match.objects.get(pk=matches[0].pk).status == "confirmed"


def test_a_big_events_run_holds_its_burst_so_it_takes_one_worker_process(
    organiser, sent, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """Reports that arrive while a big event's run is scoring (not only while it waits) send no
    second run, which another worker process would take: a burst then held every process and the
    stores waited (docs/benchmarks.md). A report that arrives as the run finds nothing more is
    scored by the run's last look, never left for the sweeper."""
    from tournaments.services import results_scoring

    settings.SCORING_GATHER_MS = 300
    settings.LARGE_EVENT_PLAYERS = 8
    event, matches = table_event(organiser, 8)
    report_both(matches[0], django_capture_on_commit_callbacks)
    monkeypatch.setattr(tasks.time, "sleep", lambda seconds: None)
    real_score_pending, looks = results_scoring.score_pending, []

    def reports_arrive_while_it_scores(event_id):
        looks.append(event_id)
        if len(looks) == 1:  # while it scores its first batch
            report_both(matches[1], django_capture_on_commit_callbacks)
        batch = real_score_pending(event_id)
        if len(looks) == 2:  # just after it found nothing waiting, before it lets go of the flag
            assert batch.tables == 0
            report_both(matches[2], django_capture_on_commit_callbacks)
        return batch

    monkeypatch.setattr(tasks, "score_pending", reports_arrive_while_it_scores)
    sent.clear()
    tasks.score_reports(event.pk)
    assert (tasks.SCORE_REPORTS, event.pk) not in sent
    confirmed = Match.objects.filter(pk__in=[match.pk for match in matches[:3]], status="confirmed")
    assert confirmed.count() == 3
    report_both(matches[3], django_capture_on_commit_callbacks)  # after the run: a run of its own
    assert sent == [(tasks.SCORE_REPORTS, event.pk)]
