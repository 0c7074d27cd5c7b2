"""Report acceptance on PostgreSQL and Redis: reports accepted per second through the API
(in-process WSGI, one client), beside a trivial authenticated JSON POST on the same stack, in
the same run. A whole round's burst through the player path, with gunicorn, workers and beat,
is `bench/convention.py`.

Needs a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/)
and Redis (REDIS_URL, default redis://127.0.0.1:6379/14); it creates and drops its own database.
"""

import os
import statistics
import time
import uuid

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/")
REDIS = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/14")
REPORTS = 300


def main():
    database = f"bench_{uuid.uuid4().hex[:8]}"
    try:
        _create_database(database)
    except Exception as error:  # noqa: BLE001 - no PostgreSQL: say so and skip
        print(f"scoring: skipped, PostgreSQL not reachable at {SERVER} ({error.__class__.__name__})")
        return
    try:
        _setup_django(SERVER.rstrip("/") + "/" + database)
        accepted, trivial = reports_per_second()
        print("scoring service (PostgreSQL + Redis)")
        print(
            f"  reports accepted: {accepted:,.0f}/s; trivial authenticated POST: {trivial:,.0f}/s "
            f"(reports take {trivial / accepted:.1f}x the time)"
        )
    finally:
        _drop_database(database)


def _admin():
    import psycopg

    return psycopg.connect(SERVER.rstrip("/") + "/postgres", autocommit=True)


def _create_database(name):
    with _admin() as connection:
        connection.execute(f'CREATE DATABASE "{name}"')


def _drop_database(name):
    from django.db import connections

    connections.close_all()
    with _admin() as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _setup_django(url):
    os.environ.update(DATABASE_URL=url, REDIS_URL=REDIS, DEBUG="true", CONN_MAX_AGE="0")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)


def _event(players, name):
    from django.contrib.auth import get_user_model

    from tournaments.services import entrants, events, rounds

    User = get_user_model()
    organiser = User.objects.create_user(f"org-{uuid.uuid4().hex[:6]}", password="x")
    from accounts.services import set_organiser

    set_organiser(organiser, granted=True)
    organiser = User.objects.get(pk=organiser.pk)
    users = User.objects.bulk_create([User(username=f"{name}-{n}") for n in range(players)])
    event = events.create_event(organiser, name, "dust-collectorz", top_cut=0, swiss_rounds=3)
    for user in users:
        entrants.register_player(event, user)
    entrants.check_in_many(event, organiser)
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    return event, organiser, list(round_.matches.filter(is_bye=False).prefetch_related("seats__entrant"))


def reports_per_second():
    import json

    from django.test import Client

    _event_obj, _organiser, matches = _event(REPORTS * 2, "rate")
    client = Client(HTTP_HOST="127.0.0.1")
    timings, trivial = [], []
    for match in matches[:REPORTS]:
        first, second = (seat.entrant for seat in match.seats.all())
        client.force_login(first.user)
        body = json.dumps({"wins": {str(first.pk): 2, str(second.pk): 0}, "draws": 0})
        start = time.perf_counter()
        response = client.post(f"/api/v1/matches/{match.pk}/report/", body, content_type="application/json")
        timings.append(time.perf_counter() - start)
        assert response.status_code == 202, response.content
        start = time.perf_counter()
        client.post("/api/v1/decks/validate/", "{}", content_type="application/json")  # a 400: framework only
        trivial.append(time.perf_counter() - start)
    return 1 / statistics.median(timings), 1 / statistics.median(trivial)
