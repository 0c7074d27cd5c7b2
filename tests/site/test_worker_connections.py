"""A worker keeps its database connection from task to task, as a web process keeps a request's
(Celery alone opens one per task), and replaces one that PostgreSQL ended (CI's second pass)."""

import pytest
from django.db import connection

from tests.site.worker_support import wait_for
from tests.tournaments.results.test_scoring_batches import table_event
from tournaments.models import Match
from tournaments.services.results_reports import submit_report

pytestmark = pytest.mark.postgres


def _report_and_wait(match):
    first, second = (seat.entrant for seat in match.seats.all())
    body = {"wins": {str(first.pk): 2, str(second.pk): 0}, "draws": 0}
    submit_report(match, first.user, body)
    submit_report(match, second.user, body)
    assert wait_for(lambda: Match.objects.get(pk=match.pk).status == "confirmed", timeout=60), "not scored"


def _worker_backends():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return {pid for (pid,) in cursor.fetchall()}


@pytest.mark.worker
def test_a_worker_keeps_its_connection_and_replaces_one_that_was_ended(start_worker, organiser):
    _event, matches = table_event(organiser, 8, auto_pair=False, prefix="kept-")
    start_worker(conn_max_age=60)  # as deployed (CONN_MAX_AGE's default)
    _report_and_wait(matches[0])
    kept = _worker_backends()
    assert kept, "the worker closed its connection after the task"
    _report_and_wait(matches[1])
    assert _worker_backends() == kept, "the next task opened a connection of its own"

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(pg_terminate_backend(pid)) FROM unnest(%s::int[]) AS pid", [sorted(kept)])
    _report_and_wait(matches[2])  # the ended connection is noticed and replaced, nothing lost
    assert _worker_backends().isdisjoint(kept)
