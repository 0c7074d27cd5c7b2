"""The page cache is shared by every web process (issue 18): gunicorn, started as in production on
the test database and Redis, renders the standings into the shared cache; a result confirmed in
this process makes it serve the new standings at once. PostgreSQL + Redis only."""

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from django.core.cache import cache
from django.db import connection

from tests.event_builder import build_event
from tests.site.worker_support import ROOT, database_url
from tournaments import page_cache
from tournaments.models import Match
from tournaments.services.results import record_result

pytestmark = pytest.mark.postgres


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url, headers=None):
    """(status, headers, body) of a GET; a 304 is an answer, not an error."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 - our own server
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, ""


@pytest.fixture
def gunicorn(transactional_db, settings, tmp_path):
    """The base URL of `gunicorn config.wsgi` with two worker processes on the test database."""
    if not settings.REDIS_URL or connection.vendor != "postgresql":
        pytest.skip("needs DATABASE_URL (PostgreSQL) and REDIS_URL: CI's second pass runs it")
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url(connection), "REDIS_URL": settings.REDIS_URL}
    command = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "2", "config.wsgi"]
    log = tmp_path / "gunicorn.log"
    with open(log, "wb") as output:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if fetch(f"{base}/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def points_of(page, name):
    row = re.search(rf"<td>{name}</td>\s*<td class=\"num points\">(\d+)</td>", page)
    return int(row.group(1))


def test_a_confirmation_here_changes_the_standings_another_process_serves(gunicorn, organiser):
    event = build_event(organiser, 12, 2)
    url = f"{gunicorn}/en/events/{event.pk}/standings/"
    match = Match.objects.filter(round__event=event, round__number=3, is_bye=False).order_by("table").first()
    first, second = match.seats.order_by("pk").select_related("entrant")
    status, headers, page = fetch(url)
    assert status == 200
    before = points_of(page, first.entrant.name)
    assert cache.get(page_cache.key(event, "standings", "", False, 1)) is not None, "rendered into the shared cache"
    assert fetch(url, {"If-None-Match": headers["ETag"]})[0] == 304
    record_result(match, organiser, wins={first.entrant_id: 2, second.entrant_id: 0})
    status, again, page = fetch(url, {"If-None-Match": headers["ETag"]})
    assert status == 200 and again["ETag"] != headers["ETag"]
    assert points_of(page, first.entrant.name) == before + 3
