"""A convention on one machine, as docs/deploy.md runs it: PostgreSQL (database bench_conv),
Redis (db 12, flushed), DEBUG off, gunicorn with config/gunicorn.py, a Celery worker and beat.

For each size (BENCH_SIZES, default "1024,4096") it builds an event with 8 played rounds, then:
pairs round 9 through the API; reads pages under 32 concurrent pollers beside /healthz; loads
the organiser's dashboard with one client; plays round 9 through the real player path (both
players of every table report through the API with their tokens, 32 clients), with a webhook
receiving the results on the loopback address; and waits for the next round to be paired
automatically (beat running). The pollers include the public API's standings (cached bytes). Prints a table of every figure with
its target, and exits non-zero when one is missed. BENCH_SECONDS (default 15) is the length of
each load phase. Not part of CI: `python -m bench convention`.
"""

import http.client
import json
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from queue import Empty, Queue

from bench.record import record

ROOT = Path(__file__).resolve().parents[1]
SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/")
DATABASE = "bench_conv"
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/12")
PORT = int(os.environ.get("BENCH_PORT", "8790"))
CLIENTS = 32
SIZES = [int(size) for size in os.environ.get("BENCH_SIZES", "1024,4096").split(",") if size.strip()]
SECONDS = float(os.environ.get("BENCH_SECONDS", "15"))
PLAYED = 8


def production_env():
    return {
        **os.environ,
        "DATABASE_URL": SERVER.rstrip("/") + "/" + DATABASE,
        "REDIS_URL": REDIS,
        "DEBUG": "false",
        "SECRET_KEY": "bench-" + secrets.token_hex(32),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "WEBHOOK_ALLOW_PRIVATE": "true",  # the bench's receiver runs on this machine
        "SECURE_SSL_REDIRECT": "false",
        "EMAIL_HOST": "smtp.example.org",
        "GUNICORN_BIND": f"127.0.0.1:{PORT}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


# --- HTTP clients ----------------------------------------------------------------------------


class Client:
    """One keep-alive connection to the server, reopened after an error."""

    def __init__(self, headers=None):
        self.headers = {"Host": "127.0.0.1", **(headers or {})}
        self.connection = None

    def request(self, method, path, body=None, headers=None):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers={**self.headers, **(headers or {})})
            response = self.connection.getresponse()
            data = response.read()
            status = response.status
            if response.getheader("Connection", "").lower() == "close":
                self.close()
        except (OSError, http.client.HTTPException):
            self.close()
            data, status = b"", 599
        return status, time.perf_counter() - start, data

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def load(paths, seconds, clients=CLIENTS, headers=None):
    """`clients` threads request the paths in turn for `seconds`: {path: [(status, seconds)]} and
    the requests served per second in all."""
    timings = {path: [] for path in paths}
    stop = time.monotonic() + seconds
    lock = threading.Lock()

    def poll(offset):
        client = Client(headers)
        index = offset
        while time.monotonic() < stop:
            path = paths[index % len(paths)]
            status, elapsed, _data = client.request("GET", path)
            with lock:
                timings[path].append((status, elapsed))
            index += 1
        client.close()

    started = time.monotonic()
    threads = [threading.Thread(target=poll, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    served = sum(len(rows) for rows in timings.values())
    return timings, served / (time.monotonic() - started)


def p95(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * 0.95))] if values else float("nan")


# --- the processes ---------------------------------------------------------------------------


class Services:
    def __init__(self, env, logs):
        self.env, self.logs, self.processes = env, logs, []

    def start(self, name, command):
        log = open(self.logs / f"{name}.log", "ab")  # noqa: SIM115 - closed with the process
        self.processes.append((subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log, stderr=log), log))

    def start_all(self):
        bin_dir = Path(sys.executable).parent
        self.start("gunicorn", [str(bin_dir / "gunicorn"), "-c", "config/gunicorn.py", "config.wsgi"])
        self.start("worker", [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO"])
        self.start("beat", [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO"])
        deadline = time.monotonic() + 60
        while Client().request("GET", "/healthz")[0] != 200:
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not answer; see {self.logs}/gunicorn.log")
            time.sleep(0.5)
        while "ready." not in (self.logs / "worker.log").read_text(errors="replace"):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the worker did not start; see {self.logs}/worker.log")
            time.sleep(0.5)

    def stop(self):
        for process, _log in self.processes:
            if process.poll() is None:
                process.terminate()
        for process, log in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
            log.close()


# --- setting up --------------------------------------------------------------------------------


def prepare_database():
    import psycopg

    with psycopg.connect(SERVER.rstrip("/") + "/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{DATABASE}"')
    import redis

    redis.Redis.from_url(REDIS).flushdb()


def setup_django(env):
    os.environ.update(env)
    import django
    from django.core.management import call_command

    django.setup()
    with open(os.devnull, "w") as sink:
        call_command("migrate", verbosity=0, interactive=False)
        call_command("collectstatic", verbosity=0, interactive=False, stdout=sink)


def organiser_credentials():
    """(API token, session cookie) of a new organiser."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.utils.module_loading import import_string
    from rest_framework.authtoken.models import Token

    from accounts.services import set_organiser

    user = get_user_model().objects.create_user(f"organiser-{secrets.token_hex(3)}", password=secrets.token_hex(8))
    set_organiser(user, granted=True)
    user = get_user_model().objects.get(pk=user.pk)
    session = import_string(f"{settings.SESSION_ENGINE}.SessionStore")()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
    return user, Token.objects.create(user=user).key, cookie


def player_tokens(event):
    from rest_framework.authtoken.models import Token

    users = [entrant.user for entrant in event.entrants.select_related("user")]
    Token.objects.bulk_create(Token(user=user, key=Token.generate_key()) for user in users)
    return dict(Token.objects.filter(user__in=users).values_list("user_id", "key"))


# --- the measurements ------------------------------------------------------------------------


class Table:
    def __init__(self):
        self.rows, self.missed = [], []

    def add(self, size, measure, value, target, met):
        self.rows.append((f"{size:,}", measure, value, target, "yes" if met else "NO"))
        if not met:
            self.missed.append(f"{size:,} players: {measure}")

    def lines(self):
        header = ("players", "measure", "result", "target", "met")
        widths = [max(len(str(row[i])) for row in [header, *self.rows]) for i in range(5)]
        return [
            "| " + " | ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)) + " |"
            for row in [header, tuple("-" * w for w in widths), *self.rows]
        ]

    def print(self):
        print("\n".join(self.lines()))


def measure_size(size, organiser, token, cookie, services, table):
    from bench.event_builder import build_event

    started = time.perf_counter()
    event = build_event(organiser, size, PLAYED, f"conv{size}")
    print(f"{size:,} players: event with {PLAYED} played rounds built in {time.perf_counter() - started:.0f} s")
    api = Client({"Authorization": f"Token {token}", "Content-Type": "application/json"})

    status, elapsed, _data = api.request("POST", f"/api/v1/tournaments/{event.pk}/rounds/", json.dumps({"round": 9}))
    table.add(
        size,
        "POST .../rounds/ (round 9)",
        f"{elapsed:.2f} s (HTTP {status})",
        "< 0.5 s",
        status == 201 and elapsed < 0.5,
    )

    healthz = _healthz_baseline(size, table)
    _pages_under_pollers(size, event, healthz, table)
    _dashboard(size, event, cookie, table)
    _burst(size, event, services, table)


def _healthz_baseline(size, table):
    timings, per_second = load(["/healthz"], SECONDS)
    single = [Client().request("GET", "/healthz")[1] for _ in range(200)]
    baseline = {
        "per_second": per_second,
        "p95": p95([t for _s, t in timings["/healthz"]]),
        "single": statistics.median(single),
    }
    table.add(
        size,
        "/healthz alone, 32 clients",
        f"{per_second:,.0f}/s, p95 {baseline['p95'] * 1000:.0f} ms",
        "(baseline)",
        True,
    )
    return baseline


def _pages_under_pollers(size, event, healthz, table):
    paths = [
        f"/en/events/{event.pk}/rounds/9/pairings/",
        f"/en/events/{event.pk}/standings/",
        f"/en/events/{event.pk}/",
        f"/api/v1/tournaments/{event.pk}/rounds/9/",
        f"/api/v1/tournaments/{event.pk}/standings/",
        f"/api/v1/public/events/{event.pk}/standings/",
        "/healthz",
    ]
    timings, per_second = load(paths, SECONDS)
    for path, rows in timings.items():
        bad = sum(1 for status, _t in rows if status >= 500 or status == 599)
        worst = p95([t for _s, t in rows])
        name = re.sub(r"/\d+/", "/{id}/", path, count=1)
        table.add(
            size, f"p95 {name} (32 pollers)", f"{worst:.2f} s, {bad} errors", "< 1 s, 0 errors", worst < 1 and not bad
        )
    ratio = per_second / healthz["per_second"]
    table.add(
        size,
        "pages served per second under 32 pollers",
        f"{per_second:,.0f}/s ({ratio:.0%} of /healthz)",
        ">= 25% of /healthz",
        ratio >= 0.25,
    )


def _dashboard(size, event, cookie, table):
    client = Client({"Cookie": cookie})
    runs, deadline = [], time.monotonic() + SECONDS
    while time.monotonic() < deadline or len(runs) < 3:
        status, elapsed, data = client.request("GET", f"/en/events/{event.pk}/manage/")
        runs.append(elapsed)
        if status != 200:
            break
    single = statistics.median([Client().request("GET", "/healthz")[1] for _ in range(100)])
    ratio = statistics.median(runs) / single
    table.add(
        size,
        "organiser dashboard, one client",
        f"{statistics.median(runs) * 1000:.0f} ms ({ratio:.0f}x /healthz), {len(data) / 1e6:.1f} MB, HTTP {status}",
        "<= 20x /healthz",
        status == 200 and ratio <= 20,
    )


def _burst(size, event, services, table):
    from tournaments.models import Match

    tokens = player_tokens(event)
    jobs = []
    for match in Match.objects.filter(round__event=event, round__number=9, is_bye=False).prefetch_related(
        "seats__entrant"
    ):
        first, second = (seat.entrant for seat in match.seats.all())
        body = json.dumps({"wins": {str(first.pk): 2, str(second.pk): 0}, "draws": 0})
        jobs += [(match.pk, tokens[first.user_id], body), (match.pk, tokens[second.user_id], body)]
    random.Random(size).shuffle(jobs)
    queue = Queue()
    for job in jobs:
        queue.put(job)
    results, lock = [], threading.Lock()
    receiver = _webhook_receiver(event)
    worker_log = services.logs / "worker.log"
    log_offset = worker_log.stat().st_size

    def report():
        client = Client({"Content-Type": "application/json"})
        while True:
            try:
                match, token, body = queue.get_nowait()
            except Empty:
                return
            status, elapsed, _data = client.request(
                "POST", f"/api/v1/matches/{match}/report/", body, {"Authorization": f"Token {token}"}
            )
            with lock:
                results.append((status, elapsed, time.monotonic()))

    # The peer is measured on both sides of the burst: on a noisy machine a baseline taken a
    # minute earlier can differ by a quarter.
    _timings, healthz_before = load(["/healthz"], SECONDS)
    started = time.monotonic()
    threads = [threading.Thread(target=report) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    last = max(at for _s, _t, at in results)
    paired = _wait_for(lambda: event.rounds.count() == 10, timeout=300)
    lag = time.monotonic() - last
    time.sleep(2)  # let the follow-up runs finish writing their log lines
    runs = len(
        re.findall(
            r"Task tournaments\.tasks\.score_reports?\[[^\]]+\] succeeded",
            worker_log.read_text(errors="replace")[log_offset:],
        )
    )
    _timings, healthz_after = load(["/healthz"], SECONDS)
    healthz_now = (healthz_before + healthz_after) / 2
    errors = sum(1 for status, _t, _at in results if status != 202)
    per_second = len(results) / (last - started)
    ratio = per_second / healthz_now
    latencies = [t for _s, t, _at in results]
    table.add(size, "reports: errors", f"{errors} of {len(results):,}", "0", errors == 0)
    table.add(
        size,
        "reports accepted per second (32 clients)",
        f"{per_second:,.0f}/s ({ratio:.0%} of /healthz's {healthz_now:,.0f}/s around it), "
        f"p50 {statistics.median(latencies) * 1000:.0f} ms",
        ">= 40% of /healthz",
        ratio >= 0.4,
    )
    target = 2 if size <= 1024 else 5
    table.add(
        size,
        "last report -> round 10 paired (auto_pair, beat running)",
        f"{lag:.2f} s" if paired else "not paired in 300 s",
        f"< {target} s",
        paired and lag < target,
    )
    _webhook_figures(size, receiver, last, table)
    table.add(
        size,
        "scoring task runs per report",
        f"{runs / len(results):.3f} ({runs} runs)",
        "<= 1.05",
        runs / len(results) <= 1.05,
    )


class _Receiver(BaseHTTPRequestHandler):
    """The webhook's receiver: notes when each delivery arrived and what it said."""

    arrivals = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.arrivals.append((time.monotonic(), json.loads(body)["kind"]))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def _webhook_receiver(event):
    """A receiver on the loopback address and a webhook of the event pointing at it. The row is
    written directly: on one machine the receiver shares the site's address, which registration
    refuses as "the site itself"."""
    from tournaments.models import Webhook

    _Receiver.arrivals = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    Webhook.objects.create(
        event=event, owner=event.organiser, url=url, kinds=["result.confirmed", "standings.changed"], secret="bench"
    )
    return server


def _webhook_figures(size, server, last_report, table):
    """Deliveries of the burst's results (gathered: one per webhook every WEBHOOK_GATHER_SECONDS at
    most, however many results) and the time from the last report to its delivery."""
    from django.conf import settings

    gather = settings.WEBHOOK_GATHER_SECONDS
    time.sleep(gather + 3)  # the last window's delivery
    server.shutdown()
    server.server_close()
    results = [at for at, kind in _Receiver.arrivals if kind == "result.confirmed"]
    span = (max(results) - min(results)) if results else 0
    most = int(span // gather) + 1
    table.add(
        size,
        "webhook deliveries of the burst's results",
        f"{len(results)} over {span:.0f} s",
        f"<= {most} (one per {gather} s)",
        0 < len(results) <= most,
    )
    lag = max(results) - last_report if results else float("nan")
    table.add(
        size,
        "last report -> its webhook delivery received",
        f"{lag:.2f} s" if results else "none received",
        f"< {gather + 5} s",
        bool(results) and lag < gather + 5,
    )


def _wait_for(check, timeout, interval=0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(interval)
    return False


def main():
    env = production_env()
    try:
        prepare_database()
    except Exception as error:  # noqa: BLE001 - no PostgreSQL or Redis: say so
        print(f"convention: cannot run, PostgreSQL or Redis unreachable ({error.__class__.__name__}: {error})")
        return 1
    setup_django(env)
    organiser, token, cookie = organiser_credentials()
    logs = Path(tempfile.mkdtemp(prefix="bench-convention-"))
    services = Services(env, logs)
    table = Table()
    started = time.perf_counter()
    try:
        services.start_all()
        for size in SIZES:
            measure_size(size, organiser, token, cookie, services, table)
    finally:
        services.stop()
    summary = f"{os.cpu_count()} cores, {time.perf_counter() - started:.0f} s"
    print(f"\nconvention benchmark ({summary}; logs in {logs})")
    table.print()
    record("convention", summary, table.lines(), settings=("BENCH_SIZES", "BENCH_SECONDS"))
    if table.missed:
        print("missed: " + "; ".join(table.missed))
        return 1
    return 0
