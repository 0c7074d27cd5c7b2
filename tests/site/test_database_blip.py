"""Drill: the site's database connections are terminated during a burst of players' reports sent
through a live server. Each report is sent as the phone sends it (an Idempotency-Key, sent again
with the same key on 503 or a lost connection): 0 lost, 0 doubled, 0 × 500 (issue 25)."""

import json
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.site.test_reliability import big_event, sides, wins_body
from tournaments.models import Report

pytestmark = pytest.mark.postgres
ATTEMPTS = 60  # 0.2 s apart: a key left in progress is taken over after 35 s


def send(url, token, body):
    """[statuses] of each attempt, the last one the answer kept."""
    key = str(uuid.uuid4())
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json", "Idempotency-Key": key}
    statuses = []
    for _attempt in range(ATTEMPTS):
        request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                statuses.append(response.status)
                return statuses
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
            if error.code not in (503, 409):
                return statuses
            assert error.code != 503 or error.headers["Retry-After"], "a 503 says when to retry"
        except (urllib.error.URLError, ConnectionError):
            statuses.append("network")
        time.sleep(1 if statuses[-1] == 409 else 0.2)
    return statuses


def terminate_backends(stop, killed, spare):
    """pg_terminate_backend on the live server's connections to the test database (all but this
    thread's and the test's own, `spare`), every 0.3 s until `stop`."""
    try:
        with connection.cursor() as cursor:
            while not stop.is_set():
                cursor.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> %s",
                    [spare],
                )
                killed.append(cursor.fetchone()[0])
                time.sleep(0.3)
    finally:
        connection.close()


def test_terminated_backends_lose_no_report(transactional_db, live_server, organiser, caplog):
    if connection.vendor != "postgresql":
        pytest.skip("terminating backends needs PostgreSQL (CI's second pass sets DATABASE_URL)")
    event, matches = big_event(organiser, 96)
    tokens = {
        token.user_id: token.key
        for token in Token.objects.bulk_create(
            Token(user=seat.entrant.user, key=Token.generate_key()) for m in matches for seat in m.seats.all()
        )
    }
    jobs = []
    for match in matches:
        first, second = sides(match)
        url = f"{live_server.url}/api/v1/matches/{match.pk}/report/"
        jobs += [(url, tokens[player.user_id], wins_body(first, second)) for player in (first, second)]
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        spare = cursor.fetchone()[0]
    stop, killed = threading.Event(), []
    killer = threading.Thread(target=terminate_backends, args=(stop, killed, spare))
    killer.start()  # connections are cut all through the burst; reports are sent again until accepted
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            answers = list(pool.map(lambda job: send(*job), jobs))
    finally:
        stop.set()
        killer.join()
    seen = Counter(status for statuses in answers for status in statuses)
    assert sum(killed) > 0, "no connection was terminated: the drill proves nothing"
    assert seen[500] == 0, f"500s: {seen}"
    assert [statuses[-1] for statuses in answers] == [202] * len(jobs), f"not all reports accepted: {seen}"
    per_player = Counter(Report.objects.filter(match__round__event=event).values_list("match", "entrant"))
    assert len(per_player) == len(jobs), "0 lost"
    assert set(per_player.values()) == {1}, "0 doubled"
    print(f"answers {dict(seen)}; backends terminated {sum(killed)}")  # noqa: T201
