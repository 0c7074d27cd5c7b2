"""Drill: Redis dies while a burst of reports is being scored, and comes back empty. The same
worker process reconnects, and every report is scored exactly once (CI's PostgreSQL + Redis pass)."""

import shutil
import time

import pytest

from tests.site.test_reliability import _use_broker, big_event, sides, unscored, wins_body
from tests.site.worker_support import RedisServer, wait_for
from tournaments.models import AuditEntry, Match, Report
from tournaments.services.results_reports import submit_report

pytestmark = pytest.mark.worker


@pytest.fixture
def own_redis(tmp_path):
    """This process's Celery app and the worker use a Redis server of the test's own."""
    from config.celery import app

    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    server = RedisServer(binary, tmp_path)
    before = app.conf.broker_url
    _use_broker(app, server.url)
    yield server
    _use_broker(app, before)
    server.stop()


def test_the_worker_outlives_a_redis_crash_mid_scoring(start_worker, organiser, own_redis, settings, monkeypatch):
    settings.SCORING_LEASE_SECONDS = 2  # the lost messages are sent again soon after Redis returns
    monkeypatch.setenv("SCORING_LEASE_SECONDS", "2")
    monkeypatch.setenv("SCORING_BATCH_TABLES", "2")  # many small batches: the crash lands mid-burst
    event, matches = big_event(organiser, 240)
    worker = start_worker(redis_url=own_redis.url, beat=True, sweep_seconds=1, production=True)
    for match in matches:
        first, second = sides(match)
        submit_report(match, first.user, wins_body(first, second))
        submit_report(match, second.user, wins_body(first, second))
    total = 2 * len(matches)
    assert wait_for(lambda: unscored(event) < total - 4, timeout=30, interval=0.02), "scoring never started"
    own_redis.kill()
    assert unscored(event) > 0, "the burst was scored before Redis died; the drill proves nothing"
    time.sleep(3)  # the worker meets the dead broker while scoring and while idle
    own_redis.start()
    assert wait_for(lambda: unscored(event) == 0, timeout=60), "reports left unscored after Redis came back"
    assert worker.process.poll() is None, "the worker exited"
    log = worker.log.read_text(errors="replace")
    assert "Unrecoverable error" not in log
    assert Report.objects.filter(match__round__event=event, status=Report.Status.SCORED).count() == total
    assert not Match.objects.filter(round__event=event, is_bye=False).exclude(status="confirmed").exists()
    confirmations = AuditEntry.objects.filter(event=event, action="result.confirm", round_number=1)
    assert confirmations.count() == len(matches), "every table confirmed exactly once"
