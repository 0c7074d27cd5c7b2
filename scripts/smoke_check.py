"""Checks a running production install (see scripts/smoke_production.sh): the site answers, a
player's report is scored by the Celery worker, a bulk validation completes and beat sends its
sweeper. Exits non-zero with the reason when any of it fails."""

import json
import os
import sys
import time
import urllib.request
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402 - after django.setup()
from django.db import transaction  # noqa: E402
from django.utils import timezone  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402

from accounts.services import set_organiser  # noqa: E402
from decks.models import BulkValidation  # noqa: E402
from decks.services.bulk import start_bulk_validation  # noqa: E402

BASE = sys.argv[1]
DECKLIST = "3 Pocket Puff\n1 Fluffnip\n"


def call(method, path, token=None, body=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Token {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(BASE + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def wait_for(what, check, seconds=90):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            print(f"ok: {what}")
            return
        time.sleep(0.5)
    sys.exit(f"FAILED: {what} (after {seconds} s)")


def expect(what, status, wanted):
    if status != wanted:
        sys.exit(f"FAILED: {what}: HTTP {status}, expected {wanted}")
    print(f"ok: {what}")


def account(username, organiser=False):
    user, _created = get_user_model().objects.get_or_create(username=username)
    if organiser:
        set_organiser(user, granted=True)
    return user, Token.objects.get_or_create(user=user)[0].key


def healthy():
    """gunicorn loads the application before it listens: until then the connection is refused."""
    try:
        return call("GET", "/healthz")[0] == 200
    except (urllib.error.URLError, ConnectionError):
        return False


def main():
    wait_for("gunicorn answers /healthz", healthy, seconds=60)
    expect("the broker is up", call("GET", "/healthz")[1]["broker"], "ok")
    organiser, boss = account("smoke-organiser", organiser=True)
    (ana, ana_token), (bo, bo_token) = account("smoke-ana"), account("smoke-bo")
    status, event = call("POST", "/api/v1/tournaments/", boss, {"name": "Smoke night", "game": "dust-collectorz"})
    expect("an organiser creates an event", status, 201)
    tournament = f"/api/v1/tournaments/{event['id']}"
    for player, token in ((ana, ana_token), (bo, bo_token)):  # players register themselves (issue 24)
        status, entrant = call("POST", f"{tournament}/entrants/", token, {"user": player.pk})
        expect("a player registers", status, 201)
        if not entrant["checked_in"]:
            expect(
                "the desk checks them in",
                call("POST", f"{tournament}/entrants/{entrant['id']}/check-in/", boss)[0],
                200,
            )
    expect("the event starts", call("POST", f"{tournament}/start/", boss)[0], 200)
    status, round_ = call("POST", f"{tournament}/rounds/", boss, {"round": 1})
    expect("round 1 is paired", status, 201)
    table = round_["tables"][0]
    wins = {str(table["entrants"][0]): 2, str(table["entrants"][1]): 0}
    match = f"/api/v1/matches/{table['match']}"
    expect("a player reports", call("POST", f"{match}/report/", ana_token, {"wins": wins})[0], 202)
    wait_for("the worker scores the report", lambda: call("GET", match, boss)[1]["status"] == "reported")
    expect("the opponent confirms", call("POST", f"{match}/confirm/", bo_token)[0], 202)
    wait_for("the match is confirmed", lambda: call("GET", match, boss)[1]["status"] == "confirmed")
    expect("/healthz sees a live worker", call("GET", "/healthz")[1].get("worker"), "ok")
    status, standings = call("GET", f"{tournament}/standings/")
    expect("the standings answer", status, 200)
    if sorted(row["match_points"] for row in standings["standings"]) != [0, 3]:
        sys.exit(f"FAILED: standings after the confirmed result: {standings}")
    with transaction.atomic():
        items = [{"name": "Smoke", "text": DECKLIST}]
        job = start_bulk_validation(organiser, "dc-prerelease", timezone.localdate(), items, "en")
    wait_for(
        "the worker completes a bulk validation",
        lambda: BulkValidation.objects.filter(pk=job.pk, status=BulkValidation.Status.DONE).exists(),
    )
    beat_log = Path(os.environ["SMOKE_LOGS"]) / "beat.log"
    wait_for("beat sends the sweeper", lambda: "sweep-reports" in beat_log.read_text(errors="replace"), seconds=30)


if __name__ == "__main__":
    main()
