"""The embedded default holds a store's load: many players reporting at once on SQLite (or
PostgreSQL) get no server error and every result is scored."""

import json
import threading
import time
import urllib.request

import pytest
from rest_framework.authtoken.models import Token

from tests.conftest import join_event, make_user
from tournaments.models import Match
from tournaments.services import events, rounds

PLAYERS = 40


@pytest.fixture
def busy_round(transactional_db, organiser):
    event = events.create_event(organiser, "Saturday", "dust-collectorz", top_cut=0, swiss_rounds=3)
    tokens = {}
    for number in range(PLAYERS):
        user = make_user(f"player{number}")
        entrant = join_event(event, user)
        tokens[entrant.pk] = Token.objects.create(user=user).key
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    return list(round_.matches.prefetch_related("seats")), tokens


def _post(url, token, body):
    """POST as a phone does: a connection the test server's small backlog drops is sent again with
    the same Idempotency-Key, so it counts once."""
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json", "Idempotency-Key": url}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    for _attempt in range(10):
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
        except (ConnectionResetError, urllib.error.URLError):
            time.sleep(0.2)
    return "unreachable"


@pytest.mark.usefixtures("eager_celery")
def test_forty_players_report_at_once(live_server, busy_round):
    matches, tokens = busy_round
    calls = []
    for match in matches:
        first, second = (seat.entrant_id for seat in match.seats.all())
        body = {"wins": {str(first): 2, str(second): 1}}
        for entrant in (first, second):
            calls.append((f"{live_server.url}/api/v1/matches/{match.pk}/report/", tokens[entrant], body))
    barrier = threading.Barrier(len(calls))
    statuses = []

    def send(url, token, body):
        barrier.wait()
        statuses.append(_post(url, token, body))

    threads = [threading.Thread(target=send, args=call) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(set(statuses)) == [202], statuses
    confirmed = Match.objects.filter(pk__in=[m.pk for m in matches], status=Match.Status.CONFIRMED).count()
    assert confirmed == len(matches), "every table reported by both players is confirmed"
