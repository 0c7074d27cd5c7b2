"""A prerelease weekend on one machine, as docs/deploy.md runs it: a thousand store events of 8 to
32 players (BENCH_STORES, default 1000) play three rounds each, every result reported by both
players through the API, with staggered starts, while one 2,048-player event (BENCH_BIG) plays a
round through the same API in the middle of it.

PostgreSQL (database bench_weekend), Redis (db 13, flushed), DEBUG off, gunicorn with
config/gunicorn.py, Celery workers and beat. BENCH_NODES=2 runs two gunicorn groups on two ports
and two workers, as two machines would (clients alternate between the ports), and kills one
worker during the big event's burst (nothing may be lost). Prints, beside /healthz measured in
the same run: the p95 of every page and API call per kind of event, the lag from a store's last
report to its next round (or, after round 3, to its last result confirmed) while the big event
bursts and while it is quiet, reports and pages served per second, and the database size and
the workers' memory per thousand players. Exits non-zero when a target is missed.
Not part of CI: `make bench BENCH=weekend`.
"""

import json
import os
import random
import signal
import tempfile
import threading
import time
from pathlib import Path
from queue import Empty, Queue

from bench import convention
from bench.convention import Table, p95, prepare_database, setup_django
from bench.record import record

# Settings that change the load: a run with any of them set is not written to docs/benchmarks.md.
SCALE_SETTINGS = (
    "BENCH_STORES",
    "BENCH_BIG",
    "BENCH_RUNNERS",
    "BENCH_WEB_NICE",
    "BENCH_WORKER_NICE",
    "BENCH_WORKER_PROCESSES",
    "BENCH_READS_PER_SECOND",
)
STORES = int(os.environ.get("BENCH_STORES", "1000"))
BIG = int(os.environ.get("BENCH_BIG", "2048"))
NODES = int(os.environ.get("BENCH_NODES", "1"))
# Stores playing at once (staggered starts). Each runner reports as soon as its last report is
# answered, so any number that fills the machine gives the same reports per second and every wait
# grows with it: 24 runners and the 8 pollers are the convention benchmark's 32 clients (16 more
# during the big burst). BENCH_RUNNERS=48 doubles the waits (docs/benchmarks.md).
RUNNERS = int(os.environ.get("BENCH_RUNNERS", "24"))
POLLERS = 8
WEB_NICE = int(os.environ.get("BENCH_WEB_NICE", "0"))
WORKER_NICE = int(os.environ.get("BENCH_WORKER_NICE", "0"))
# Processes per worker: Celery's default (one per core), as docs/deploy.md starts them, unless set.
PROCESSES_EACH = int(os.environ.get("BENCH_WORKER_PROCESSES") or os.cpu_count())
WORKER_PROCESSES = [f"--concurrency={PROCESSES_EACH}"]
VACUUM_SECONDS = 30
BUSY_TABLES = (
    "tournaments_report",
    "tournaments_match",
    "tournaments_seat",
    "tournaments_round",
    "tournaments_pagecounters",
    "api_idempotentrequest",
)
# Pages read per second by the pollers, in all: a thousand stores' hall screens each refreshing
# once a minute (about 17/s), the big event's and the lists'. Paced, as screens and phones read:
# readers as fast as they can would take every spare cycle of the machine, and every other
# measure would then measure them (docs/benchmarks.md).
READS_PER_SECOND = float(os.environ.get("BENCH_READS_PER_SECOND", "25"))
ROUNDS = 3
WATCH_SECONDS = 0.05  # the lags' resolution: each is measured up to this much long, never short
convention.DATABASE = "bench_weekend"
convention.REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
PORTS = [convention.PORT + node for node in range(NODES)]


class Client(convention.Client):
    """A keep-alive client on one of the web nodes."""

    def __init__(self, headers=None, node=0):
        super().__init__(headers)
        self.port = PORTS[node % len(PORTS)]

    def request(self, method, path, body=None, headers=None):
        if self.connection is None:
            import http.client

            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        return super().request(method, path, body, headers)


class Timings:
    """Every request's (kind, what, status, seconds), thread-safe."""

    def __init__(self):
        self.rows, self.lock = [], threading.Lock()

    def add(self, kind, what, status, seconds):
        with self.lock:
            self.rows.append((kind, what, status, seconds))


# --- the processes ---------------------------------------------------------------------------


class Services(convention.Services):
    def start_all(self):
        import sys

        bin_dir = Path(sys.executable).parent
        for node, port in enumerate(PORTS):
            self.env = {**self.env, "GUNICORN_BIND": f"127.0.0.1:{port}"}
            if NODES > 1:
                self.env["GUNICORN_WORKERS"] = "2"
            gunicorn = [str(bin_dir / "gunicorn"), "-c", "config/gunicorn.py", "config.wsgi"]
            self.start(f"gunicorn{node}", _niced(gunicorn, WEB_NICE))
        # As docs/deploy.md sets up a weekend beside a convention: on each node a worker that takes
        # every queue and one for the stores alone (Celery's default processes: one per core), so the
        # big event never holds every process.
        self.workers, self.store_workers = [], []
        celery = [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO", "--without-gossip"]
        celery = _niced([*celery, "--without-mingle", *WORKER_PROCESSES], WORKER_NICE)
        for node in range(NODES):
            self.start(f"worker{node}", [*celery, "-Q", "default,large", "-n", f"all{node}@%h"])
            self.workers.append(self.processes[-1][0])
            self.start(f"stores{node}", [*celery, "-Q", "default", "-n", f"stores{node}@%h"])
            self.store_workers.append(self.processes[-1][0])
        self.start("beat", [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO"])
        deadline = time.monotonic() + 90
        for node in range(NODES):
            while Client(node=node).request("GET", "/healthz")[0] != 200:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"gunicorn did not answer; see {self.logs}")
                time.sleep(0.5)
            for log in (f"worker{node}.log", f"stores{node}.log"):
                while "ready." not in (self.logs / log).read_text(errors="replace"):
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"a worker did not start; see {self.logs}")
                    time.sleep(0.5)

    def memory_mb(self):
        """Resident memory of the workers and their pool processes, in MB."""
        total = 0
        for pid in _with_descendants({process.pid for process in [*self.workers, *self.store_workers]}):
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            resident = next((line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")), None)
            total += int(resident or 0)  # a killed worker not yet reaped has none
        return total / 1024

    def cpu_seconds(self):
        """CPU time used so far by each part of the setup, in seconds: the web nodes, the workers,
        beat, PostgreSQL (every `postgres` process) and this process (the clients)."""
        parts = {"web": [], "workers": [], "beat": []}
        for process, log in self.processes:
            name = Path(log.name).stem
            kind = "web" if name.startswith("gunicorn") else "beat" if name == "beat" else "workers"
            parts[kind].append(process.pid)
        used = {part: sum(map(_cpu_of, _with_descendants(set(pids)))) for part, pids in parts.items()}
        used["PostgreSQL"] = sum(_cpu_of(pid) for pid in _pids() if _command(pid) == "postgres")
        own = os.times()
        used["clients (this process)"] = own.user + own.system
        return used


def _niced(command, level):
    return ["nice", "-n", str(level), *command] if level else command


def _pids():
    return [int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit()]


def _stat(pid):
    """/proc/<pid>/stat's fields after the command's name (the name may hold spaces)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _command(pid):
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return None


def _with_descendants(pids):
    pids = set(pids)
    parents = {pid: int(fields[1]) for pid in _pids() if (fields := _stat(pid))}
    grew = True
    while grew:
        children = {pid for pid, parent in parents.items() if parent in pids} - pids
        pids |= children
        grew = bool(children)
    return pids


def _cpu_of(pid):
    """User and system time of a process and of its children that ended (utime, stime, cutime,
    cstime), in seconds."""
    fields = _stat(pid)
    if fields is None:
        return 0.0
    return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


# --- setting up --------------------------------------------------------------------------------


def build_stores(count):
    """`count` registered store events of 8-32 players (even sizes, so no byes), each with its
    organiser; returns [(event_id, organiser token, {user_id: token})]."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from accounts.services import organisers_group
    from tournaments.models import Entrant, EventSettings
    from tournaments.services import events

    User = get_user_model()
    rng = random.Random(2026)
    sizes = [rng.randrange(8, 33, 2) for _store in range(count)]
    owners = User.objects.bulk_create(User(username=f"store-{number:04d}") for number in range(count))
    organisers_group().user_set.add(*owners)
    players = User.objects.bulk_create(User(username=f"wk-{number:06d}") for number in range(sum(sizes)))
    Token.objects.bulk_create(Token(user=user, key=Token.generate_key()) for user in [*owners, *players])
    tokens = dict(Token.objects.values_list("user_id", "key"))
    stores, offset = [], 0
    for owner, size in zip(owners, sizes, strict=True):
        event = events.create_event(owner, f"Prerelease {owner.username}", "dust-collectorz", swiss_rounds=ROUNDS)
        seated = players[offset : offset + size]
        offset += size
        Entrant.objects.bulk_create(Entrant(event=event, user=u, name=u.username, checked_in=True) for u in seated)
        events.start_event(event, owner)
        EventSettings.objects.filter(event=event).update(auto_pair=True)
        stores.append((event.pk, tokens[owner.pk], {u.pk: tokens[u.pk] for u in seated}))
    return stores


# --- playing -----------------------------------------------------------------------------------


class RoundWatch:
    """One thread that watches every waiting store in one query a tick: a store's runner waits on
    its threading.Event instead of polling the database itself."""

    def __init__(self):
        self.waiting, self.lock, self.stop = {}, threading.Lock(), threading.Event()

    def wait(self, event_id, round_number, final):
        """Until round `round_number + 1` exists (or, after the final round, every table is
        confirmed); returns when it was seen."""
        done = threading.Event()
        with self.lock:
            self.waiting[event_id] = (round_number, final, done, [None])
        done.wait(180)
        with self.lock:
            return self.waiting.pop(event_id)[3][0]

    def run(self):
        from django.db import close_old_connections

        from tournaments.models import Match, Round

        while not self.stop.is_set():
            with self.lock:
                waiting = dict(self.waiting)
            open_rounds = {e: n for e, (n, final, done, _s) in waiting.items() if not done.is_set() and not final}
            finals = {e: n for e, (n, final, done, _s) in waiting.items() if not done.is_set() and final}
            now = time.monotonic()
            paired = set(Round.objects.filter(event_id__in=open_rounds, number__gt=1).values_list("event_id", "number"))
            ready = [e for e, n in open_rounds.items() if (e, n + 1) in paired]
            unsettled = set(
                Match.objects.filter(round__event_id__in=finals)
                .exclude(status=Match.Status.CONFIRMED)
                .values_list("round__event_id", flat=True)
            )
            ready += [e for e in finals if e not in unsettled]
            for event_id in ready:
                _number, _final, done, seen = waiting[event_id]
                seen[0] = now
                done.set()
            close_old_connections()
            time.sleep(WATCH_SECONDS)


def rounds_paired(event_id):
    from tournaments.models import Round

    return Round.objects.filter(event_id=event_id).count()


def tables(event_id, number):
    from tournaments.models import Match

    matches = Match.objects.filter(round__event_id=event_id, round__number=number, is_bye=False)
    return [
        (match.pk, [seat.entrant for seat in match.seats.all()]) for match in matches.prefetch_related("seats__entrant")
    ]


def report_table(client, timings, kind, match_id, entrants, tokens):
    winner, loser = entrants
    body = json.dumps({"wins": {str(winner.pk): 2, str(loser.pk): 0}, "draws": 0})
    last = 0
    for entrant in entrants:
        headers = {"Authorization": f"Token {tokens[entrant.user_id]}", "Idempotency-Key": f"{match_id}-{entrant.pk}"}
        status, elapsed = send(client, "POST", f"/api/v1/matches/{match_id}/report/", body, headers)
        timings.add(kind, "POST /api/v1/matches/{id}/report/", status, elapsed)
        last = time.monotonic()
    return last


def send(client, method, path, body, headers, attempts=5):
    """As a phone does: a keep-alive connection the server closed while the player waited (no
    response at all, 599) is sent again on a new one, with the same Idempotency-Key."""
    for _attempt in range(attempts):
        status, elapsed, _data = client.request(method, path, body, headers)
        if status != 599:
            break
    return status, elapsed


def play_store(store, node, watch, timings, lags, burst):
    event_id, organiser_token, tokens = store
    client = Client({"Content-Type": "application/json"}, node=node)
    status, elapsed = send(
        client,
        "POST",
        f"/api/v1/tournaments/{event_id}/rounds/",
        json.dumps({"round": 1}),
        {"Authorization": f"Token {organiser_token}"},
    )
    timings.add("store", "POST /api/v1/tournaments/{id}/rounds/", status, elapsed)
    if status != 201 and not rounds_paired(event_id):
        lags.append((1, burst.is_set(), float("inf")))  # counted as missed, not waited for
        return
    for number in range(1, ROUNDS + 1):
        last = 0
        for match_id, entrants in tables(event_id, number):
            last = report_table(client, timings, "store", match_id, entrants, tokens)
        during = burst.is_set()
        seen = watch.wait(event_id, number, final=number == ROUNDS)
        lags.append((number, during, (seen - last) if seen else float("inf")))
    client.close()


def big_round(event, services, timings, burst, results):
    """The big event's round through the same API: the organiser pairs it, every player reports,
    and (with two workers) one worker is killed in the middle of the burst."""
    from tournaments.models import Match

    tokens = convention.player_tokens(event)
    organiser_token = results["organiser_token"]
    client = Client({"Content-Type": "application/json"})
    number = event.rounds.count() + 1
    status, elapsed, _data = client.request(
        "POST",
        f"/api/v1/tournaments/{event.pk}/rounds/",
        json.dumps({"round": number}),
        {"Authorization": f"Token {organiser_token}"},
    )
    timings.add("big", "POST /api/v1/tournaments/{id}/rounds/", status, elapsed)
    jobs = Queue()
    for match_id, entrants in tables(event.pk, number):
        jobs.put((match_id, entrants))
    burst.set()
    started = time.monotonic()

    def report(node):
        reporter = Client({"Content-Type": "application/json"}, node=node)
        while True:
            try:
                match_id, entrants = jobs.get_nowait()
            except Empty:
                return
            report_table(reporter, timings, "big", match_id, entrants, tokens)

    threads = [threading.Thread(target=report, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    if NODES > 1:
        time.sleep(3)
        services.workers[1].send_signal(signal.SIGKILL)
        results["killed"] = True
    for thread in threads:
        thread.join()
    results["big_reports_seconds"] = time.monotonic() - started
    settled = convention._wait_for(
        lambda: (
            not Match.objects.filter(round__event=event, round__number=number, is_bye=False)
            .exclude(status=Match.Status.CONFIRMED)
            .exists()
        ),
        timeout=600,
        interval=0.2,
    )
    results["big_settled_seconds"] = time.monotonic() - started if settled else None
    burst.clear()


def poll_pages(stores, big_event_id, cookie_by_store, stop, timings):
    """Players and visitors reading pages throughout: a store's pages, the big event's, the lists."""
    rng = random.Random(7)

    def poll(node):
        client = Client(node=node)
        interval, due = POLLERS / READS_PER_SECOND, time.monotonic() + node / READS_PER_SECOND
        while not stop.is_set():
            time.sleep(max(0.0, due - time.monotonic()))  # a poller behind its pace reads at once
            due += interval
            event_id, _token, tokens = rng.choice(stores)
            reads = [
                ("store", "/en/events/{id}/", f"/en/events/{event_id}/"),
                ("store", "/en/events/{id}/standings/", f"/en/events/{event_id}/standings/"),
                ("store", "/api/v1/tournaments/{id}/standings/", f"/api/v1/tournaments/{event_id}/standings/"),
                ("big", "/en/events/{id}/standings/", f"/en/events/{big_event_id}/standings/"),
                ("big", "/api/v1/tournaments/{id}/standings/", f"/api/v1/tournaments/{big_event_id}/standings/"),
                ("lists", "/en/events/", "/en/events/"),
                ("lists", "/en/events/?game=…&sort=date", "/en/events/?game=dust-collectorz&sort=date"),
                ("healthz", "/healthz", "/healthz"),
            ]
            kind, what, path = rng.choice(reads)
            status, elapsed, _data = client.request("GET", path)
            timings.add(kind, what, status, elapsed)
        client.close()

    return [threading.Thread(target=poll, args=(n,)) for n in range(POLLERS)]


def vacuum_like_autovacuum(stop):
    """This machine's PostgreSQL runs with autovacuum off (its CI setting), which no deployment
    does (docs/deploy.md): without it every status change leaves a dead row and an index entry
    behind, and the statistics stay those of an empty database, so a query on reports waiting
    walks every report ever scored. The weekend vacuums and analyses its busy tables every
    VACUUM_SECONDS itself, as autovacuum would; with autovacuum on it does nothing."""
    from django.db import close_old_connections, connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW autovacuum")
        if cursor.fetchone()[0] == "on":
            return None
    print(f"weekend: autovacuum is off here: the busy tables are vacuumed every {VACUUM_SECONDS} s instead")

    def vacuum():
        while not stop.wait(VACUUM_SECONDS):
            with connection.cursor() as cursor:
                for table in BUSY_TABLES:
                    cursor.execute(f"VACUUM (ANALYZE) {table}")
            close_old_connections()

    thread = threading.Thread(target=vacuum, daemon=True)
    thread.start()
    return thread


# --- the report ------------------------------------------------------------------------------


def lag_rows(table, lags, players):
    for during in (False, True):
        for final in (False, True):
            rows = [lag for number, d, lag in lags if d == during and (number == ROUNDS) == final]
            if not rows:
                continue
            what = "last report -> all confirmed (round 3)" if final else "last report -> next round paired"
            when = "during the big burst" if during else "big event quiet"
            worst = p95(rows)
            table.add(players, f"store lag p95, {what}, {when} ({len(rows)})", f"{worst:.2f} s", "< 2 s", worst < 2)


def timing_rows(table, timings, healthz_p95, players):
    kinds = {}
    for kind, what, status, seconds in timings.rows:
        kinds.setdefault((kind, what), []).append((status, seconds))
    for (kind, what), rows in sorted(kinds.items()):
        errors = sum(1 for status, _s in rows if status >= 500)
        worst = p95([s for _status, s in rows])
        table.add(
            players,
            f"p95 {kind}: {what} ({len(rows):,})",
            f"{worst:.2f} s ({worst / healthz_p95:.0f}x /healthz), {errors} errors",
            "< 1 s, 0 errors",
            worst < 1 and not errors,
        )


def main():
    env = convention.production_env()
    try:
        prepare_database()
    except Exception as error:  # noqa: BLE001 - no PostgreSQL or Redis: say so
        print(f"weekend: cannot run, PostgreSQL or Redis unreachable ({error.__class__.__name__}: {error})")
        return 1
    setup_django({**env, "DATABASE_URL": convention.SERVER.rstrip("/") + "/" + convention.DATABASE})
    from django.db import connection

    from bench.event_builder import build_event

    started = time.perf_counter()
    organiser, organiser_token, _cookie = convention.organiser_credentials()
    stores = build_stores(STORES)
    big = build_event(organiser, BIG, 2, "bigweekend", auto_pair=False)  # its organiser pairs round 3
    players = sum(len(tokens) for _e, _t, tokens in stores) + BIG
    print(
        f"weekend: {STORES} stores and a {BIG:,}-player event ({players:,} players) built in "
        f"{time.perf_counter() - started:.0f} s"
    )
    logs = Path(tempfile.mkdtemp(prefix="bench-weekend-"))
    env = {**env, "DATABASE_URL": convention.SERVER.rstrip("/") + "/" + convention.DATABASE}
    services = Services(env, logs)
    table, timings, lags = Table(), Timings(), []
    watch, burst, stop = RoundWatch(), threading.Event(), threading.Event()
    results = {"organiser_token": organiser_token}
    try:
        services.start_all()
        _t, healthz_before = convention.load(["/healthz"], 10)
        healthz_p95 = p95([s for _status, s in _t["/healthz"]])
        threading.Thread(target=watch.run, daemon=True).start()
        vacuum_like_autovacuum(stop)
        pollers = poll_pages(stores, big.pk, None, stop, timings)
        for thread in pollers:
            thread.start()
        queue = Queue()
        for index, store in enumerate(stores):
            queue.put((index, store))
        played_at = time.monotonic()
        cpu_before = services.cpu_seconds()

        def runner():
            while True:
                try:
                    index, store = queue.get_nowait()
                except Empty:
                    return
                play_store(store, index, watch, timings, lags, burst)

        runners = [threading.Thread(target=runner) for _runner in range(RUNNERS)]
        for thread in runners:
            thread.start()
        while queue.qsize() > len(stores) * 2 // 3:  # the big event plays once a third of the stores are on
            time.sleep(0.5)
        big_round(big, services, timings, burst, results)
        for thread in runners:
            thread.join()
        played = time.monotonic() - played_at
        cpu_used = {part: seconds - cpu_before[part] for part, seconds in services.cpu_seconds().items()}
        stop.set()
        watch.stop.set()
        for thread in pollers:
            thread.join()
        _t, healthz_after = convention.load(["/healthz"], 10)
        memory = services.memory_mb()
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_database_size(current_database())")
            database_mb = cursor.fetchone()[0] / 1e6
    finally:
        services.stop()

    healthz = (healthz_before + healthz_after) / 2
    reports = [row for row in timings.rows if row[1].startswith("POST /api/v1/matches")]
    reads = [row for row in timings.rows if row[1].startswith("/")]
    table.add(
        players,
        "/healthz alone (32 clients), before and after",
        f"{healthz:,.0f}/s, p95 {healthz_p95 * 1000:.0f} ms",
        "(baseline)",
        True,
    )
    timing_rows(table, timings, healthz_p95, players)
    lag_rows(table, lags, players)
    report_rate = len(reports) / played
    table.add(
        players,
        "reports accepted per second over the weekend",
        f"{report_rate:,.0f}/s ({report_rate / healthz:.0%} of /healthz)",
        ">= 40% of /healthz",
        report_rate / healthz >= 0.4,
    )
    table.add(
        players,
        f"pages read per second by {POLLERS} pollers (paced at {READS_PER_SECOND:g}/s)",
        f"{len(reads) / played:,.0f}/s",
        "(measured)",
        True,
    )
    big_settled = results.get("big_settled_seconds")
    table.add(
        players,
        f"big event ({BIG:,}): its round's reports, then all confirmed",
        f"{results['big_reports_seconds']:.0f} s, {big_settled:.0f} s" if big_settled else "not settled",
        "all confirmed",
        big_settled is not None,
    )
    if NODES > 1:
        table.add(
            players,
            "one worker killed mid-burst: nothing lost",
            "yes" if big_settled else "NO",
            "all confirmed",
            bool(big_settled),
        )
    table.add(
        players,
        "database size per 1,000 players",
        f"{database_mb / players * 1000:.1f} MB ({database_mb:,.0f} MB)",
        "(measured)",
        True,
    )
    table.add(
        players,
        "workers' memory per 1,000 players",
        f"{memory / players * 1000:.1f} MB ({memory:,.0f} MB, {2 * NODES} workers of {PROCESSES_EACH} processes)",
        "(measured)",
        True,
    )
    busy = ", ".join(f"{part} {seconds / played:.0%}" for part, seconds in cpu_used.items())
    table.add(players, "where the cores went during play (one core = 100%)", busy, "(measured)", True)
    summary = (
        f"{os.cpu_count()} cores, {NODES} node(s), {time.perf_counter() - started:.0f} s in all, {played:.0f} s of play"
    )
    print(f"\nweekend benchmark ({summary}; logs in {logs})")
    table.print()
    record("weekend" if NODES == 1 else f"weekend on {NODES} nodes", summary, table.lines(), settings=SCALE_SETTINGS)
    if table.missed:
        print("missed: " + "; ".join(table.missed))
        return 1
    return 0
