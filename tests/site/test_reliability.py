"""The scoring service on real services: PostgreSQL, Redis and Celery worker processes.

(a) 200 concurrent reports for 100 matches, some conflicting: one confirmed result per match,
    conflicts flagged, nothing lost.
(b) A worker killed with SIGKILL while scoring, then restarted: the standings converge.
(c) Redis stopped while results are reported: reports are saved, then scored within seconds
    of Redis coming back.
(d) The same report delivered twice counts once.
"""

import json
import random
import shutil
import subprocess
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tests.conftest import join_event
from tests.site.worker_support import wait_for
from tournaments.models import AuditEntry, Event, EventSettings, Match, Report
from tournaments.services import events, rounds
from tournaments.services.results_reports import submit_report
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.worker


def big_event(organiser, players):
    """An event of `players` accounts, round 1 paired; returns (event, matches, users by entrant)."""
    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"p{number:04d}") for number in range(players)])
    event = events.create_event(organiser, "Reliability", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for user in users:
        join_event(event, user)
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    matches = list(round_.matches.filter(is_bye=False).prefetch_related("seats__entrant__user"))
    return Event.objects.get(pk=event.pk), matches


def sides(match):
    return [seat.entrant for seat in match.seats.all()]


def wins_body(winner, loser):
    return {"wins": {str(winner.pk): 2, str(loser.pk): 0}, "draws": 0}


def unscored(event):
    return Report.objects.filter(match__round__event=event, status=Report.Status.RECEIVED).count()


def post(url, token, body):
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status


def test_a_concurrent_reports_one_confirmed_result_per_match(start_worker, live_server, organiser):
    start_worker()
    event, matches = big_event(organiser, 200)
    tokens = {
        token.user_id: token.key
        for token in Token.objects.bulk_create(
            Token(user=seat.entrant.user, key=Token.generate_key()) for m in matches for seat in m.seats.all()
        )
    }
    rng = random.Random(7)
    conflicting = set(rng.sample([m.pk for m in matches], 10))
    jobs, expected = [], {}
    for match in matches:
        first, second = sides(match)
        expected[match.pk] = first.pk
        claim_second = wins_body(second, first) if match.pk in conflicting else wins_body(first, second)
        url = f"{live_server.url}/api/v1/matches/{match.pk}/report/"
        jobs += [(url, tokens[first.user_id], wins_body(first, second)), (url, tokens[second.user_id], claim_second)]
    rng.shuffle(jobs)
    with ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(lambda job: post(*job), jobs))
    assert statuses == [202] * 200
    assert wait_for(lambda: unscored(event) == 0, timeout=120), "reports left unscored"
    assert Report.objects.filter(match__round__event=event).count() == 200, "nothing lost"
    for match in Match.objects.filter(round__event=event, is_bye=False).prefetch_related("seats"):
        if match.pk in conflicting:
            assert match.status == "disputed"
        else:
            assert match.status == "confirmed"
            winner = max(match.seats.all(), key=lambda seat: seat.game_wins).entrant_id
            assert winner == expected[match.pk]


def test_b_worker_killed_mid_scoring_converges(start_worker, organiser, monkeypatch):
    monkeypatch.setenv("SCORING_BATCH_TABLES", "5")  # many small batches: the kill lands mid-burst
    event, matches = big_event(organiser, 400)
    EventSettings.objects.filter(event=event).update(auto_pair=True)
    for match in matches:  # both players agree: the first seat wins 2-0
        first, second = sides(match)
        submit_report(match, first.user, wins_body(first, second))
        submit_report(match, second.user, wins_body(first, second))
    worker = start_worker()
    assert wait_for(lambda: unscored(event) < 380, timeout=60, interval=0.02), "the worker never started scoring"
    worker.kill()
    assert unscored(event) > 0, "the worker finished before it was killed; the test proves nothing"
    start_worker(beat=True, sweep_seconds=1)  # the sweeper re-sends what the killed worker held
    assert wait_for(lambda: unscored(event) == 0, timeout=120), "reports left unscored after the restart"
    assert wait_for(
        lambda: (
            not Match.objects.filter(round__event=event, round__number=1, is_bye=False)
            .exclude(status="confirmed")
            .exists()
        ),
        timeout=60,
    )
    assert wait_for(lambda: event.rounds.count() == 2, timeout=60), "the next round was not paired"
    event.refresh_from_db()
    points = {row["entrant"]: row["match_points"] for row in event_standings(event)}
    for match in matches:
        first, second = sides(match)
        assert (points[first.pk], points[second.pk]) == (3, 0)
    confirmations = AuditEntry.objects.filter(event=event, action="result.confirm", round_number=1)
    assert confirmations.count() == len(matches), "every table confirmed exactly once"
    assert AuditEntry.objects.filter(event=event, action="round.pair", round_number=2).count() == 1


@pytest.fixture
def spare_redis(tmp_path):
    """A Redis server of the test's own, on its own port, that the test may stop and start."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = 6391
    command = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(tmp_path),
    ]

    def start():
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert wait_for(lambda: _redis_answers(port), timeout=10)
        return process

    state = {"process": start()}

    def stop():
        state["process"].terminate()
        state["process"].wait(timeout=10)

    def restart():
        state["process"] = start()

    yield f"redis://127.0.0.1:{port}/0", stop, restart
    if state["process"].poll() is None:
        stop()


def _redis_answers(port):
    import redis

    try:
        return redis.Redis(port=port, socket_connect_timeout=0.5).ping()
    except redis.RedisError:
        return False


@pytest.fixture
def broker(spare_redis):
    """Point this process's Celery app at the spare Redis for the test."""
    from config.celery import app

    url, stop, restart = spare_redis
    before = app.conf.broker_url
    _use_broker(app, url)
    yield url, stop, restart
    _use_broker(app, before)


def _use_broker(app, url):
    """Celery caches its connection and producer pools: forget them so the next send uses `url`."""
    app.conf.broker_url = url
    app._pool = None
    app.amqp._producer_pool = None


def test_c_reports_survive_a_broker_outage(start_worker, organiser, broker):
    url, stop_redis, restart_redis = broker
    event, matches = big_event(organiser, 20)
    start_worker(redis_url=url, beat=True, sweep_seconds=1)
    stop_redis()
    for match in matches:
        first, second = sides(match)
        submit_report(match, first.user, wins_body(first, second))
        submit_report(match, second.user, wins_body(first, second))
    assert Report.objects.filter(match__round__event=event).count() == 20, "every report is saved"
    assert unscored(event) == 20
    restart_redis()
    assert wait_for(lambda: unscored(event) == 0, timeout=60), "reports not scored after Redis came back"
    assert not Match.objects.filter(round__event=event, is_bye=False).exclude(status="confirmed").exists()


def test_d_the_same_report_twice_counts_once(start_worker, organiser):
    from tournaments.tasks import score_report

    start_worker()
    event, matches = big_event(organiser, 2)
    match = matches[0]
    first, second = sides(match)
    report = submit_report(match, first.user, wins_body(first, second))
    assert wait_for(lambda: Report.objects.get(pk=report.pk).status == "scored", timeout=30)
    scored_at = Report.objects.get(pk=report.pk).scored_at
    score_report.send((report.pk,))  # the broker delivers the same task again
    submit_report(match, second.user, wins_body(first, second))
    assert wait_for(lambda: Match.objects.get(pk=match.pk).status == "confirmed", timeout=30)
    assert Report.objects.get(pk=report.pk).scored_at == scored_at
    event.refresh_from_db()
    points = {row["entrant"]: row["match_points"] for row in event_standings(event)}
    assert (points[first.pk], points[second.pk]) == (3, 0)
