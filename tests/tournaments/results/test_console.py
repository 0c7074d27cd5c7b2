"""The organiser's console (issues 13 and 18): the dashboard shows what the organiser acts on at any
size, one table's form is built when it is opened, results never get overwritten by a stale tab,
each side's claim can be accepted, and players check in several at once."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import join_event, make_user
from tests.tournaments.results.reporting_support import report
from tournaments import console
from tournaments.models import AuditEntry, Match
from tournaments.services import entrants as entrant_services
from tournaments.services import events, rounds
from tournaments.services.common import RESULTS, mark_stale

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]  # scored in-process in the Redis run too


def manage_url(event, tail=""):
    return f"/en/events/{event.pk}/manage/{tail}"


def walk_in_event(organiser, players, swiss_rounds=8):
    event = events.create_event(organiser, "Big Swiss", "dust-collectorz", swiss_rounds=swiss_rounds)
    for number in range(1, players + 1):
        entrant_services.add_entrant(event, organiser, name=f"Player {number:03d}")
    events.start_event(event, organiser)
    return event


def play_to_round(event, organiser, number):
    """Pair rounds 1..number; every round but the last gets a result on every table (written in bulk:
    the test is about the dashboard, not the result path)."""
    for round_number in range(1, number + 1):
        round_ = rounds.pair_next_round(event, organiser)
        if round_number < number:
            open_tables = round_.matches.filter(is_bye=False)
            for match in open_tables:
                first, _second = match.seats.order_by("pk")
                first.game_wins = 2
                first.save(update_fields=["game_wins"])
            open_tables.update(status=Match.Status.CONFIRMED)
            mark_stale(event, RESULTS)
    return event


def dashboard_queries(client, event):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(manage_url(event))
    assert response.status_code == 200
    return len(queries), response.text


def test_dashboard_query_count_does_not_grow_with_players_or_rounds(client, organiser, sample):
    client.force_login(organiser)
    counts = {}
    pages = {}
    for players, number in ((12, 2), (200, 2), (12, 6), (200, 6)):
        event = play_to_round(walk_in_event(organiser, players), organiser, number)
        counts[players, number], pages[players, number] = dashboard_queries(client, event)
    assert len(set(counts.values())) == 1, counts
    # Earlier rounds are a link to their own page, never their tables.
    page = pages[200, 6]
    assert "Round 6" in page and "The 5 earlier rounds" in page
    assert page.count('class="status-') == console.TABLES_PER_PAGE  # one page of the current round's 100 tables
    assert page.count("<form") == pages[12, 6].count("<form")  # no result form per table
    assert "result-form" not in page


def test_the_current_round_lists_what_needs_acting_on_first(
    client, api, organiser, alice, bob, sample, django_capture_on_commit_callbacks
):
    event = events.create_event(organiser, "Night", "dust-collectorz", swiss_rounds=3)
    for user in (alice, bob):
        join_event(event, user)
    for name in ("Carla", "Dario", "Elena", "Fabio"):
        entrant_services.add_entrant(event, organiser, name=name)
    events.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    reported = round_.matches.get(seats__entrant__user=alice)
    ours = event.entrants.get(user=alice).pk
    theirs = next(entrant for entrant in seat_ids(reported) if entrant != ours)
    report(api, alice, reported, {"wins": {str(ours): 2, str(theirs): 1}}, django_capture_on_commit_callbacks)
    reported.refresh_from_db()
    assert reported.status == "reported"
    client.force_login(organiser)
    page = client.get(manage_url(event)).text
    rows = page.split("<tbody>")[1].split("</tbody>")[0]
    assert rows.index(f'id="table-{reported.table}"') < min(
        rows.index(f'id="table-{match.table}"') for match in round_.matches.exclude(pk=reported.pk)
    )
    assert (
        re.search(r"alice 2–1 \w+|\w+ 1–2 alice", rows) and "(alice)" in rows
    )  # the claim and its sender  # the claim and who sent it
    # Filter and search.
    only = client.get(manage_url(event, "?status=reported")).text.split("<tbody>")[1].split("</tbody>")[0]
    assert only.count("<tr") == 1
    found = client.get(manage_url(event, "?q=carl")).text.split("<tbody>")[1].split("</tbody>")[0]
    assert "Carla" in found and found.count("<tr") == 1
    by_table = client.get(manage_url(event, f"?q={reported.table}")).text.split("<tbody>")[1].split("</tbody>")[0]
    assert by_table.count("<tr") == 1
    assert "No table matches." in client.get(manage_url(event, "?q=nobody")).text
    assert client.get(manage_url(event, "?page=999&status=bogus")).status_code == 200


def seat_ids(match):
    return list(match.seats.order_by("pk").values_list("entrant_id", flat=True))


@pytest.fixture
def walk_in_table(api, organiser, alice, sample, django_capture_on_commit_callbacks):
    """alice against the walk-in Walter; alice has reported 2-1."""
    event = events.create_event(organiser, "Store night", "dust-collectorz", swiss_rounds=3)
    join_event(event, alice)
    entrant_services.add_entrant(event, organiser, name="Walter")
    events.start_event(event, organiser)
    match = rounds.pair_next_round(event, organiser).matches.get()
    a = event.entrants.get(user=alice).pk
    w = event.entrants.get(name="Walter").pk
    answer = report(api, alice, match, {"wins": {str(a): 2, str(w): 1}}, django_capture_on_commit_callbacks)
    assert answer.status_code == 202 and answer.json()["awaits_organiser"] is True
    match.refresh_from_db()
    return event, match, a, w


def test_a_claim_against_a_walk_in_is_accepted_by_the_organiser(client, organiser, walk_in_table):
    event, match, a, w = walk_in_table
    assert match.status == "reported"
    client.force_login(organiser)
    page = client.get(manage_url(event, f"matches/{match.pk}/")).text
    assert "reported for alice by alice" in page and "Accept this result" in page
    assert "The other side has not reported" in page
    fragment = client.get(manage_url(event, f"matches/{match.pk}/?fragment=1")).text
    assert "<html" not in fragment and "Accept this result" in fragment and "result-form" in fragment
    claim = match.reports.get()
    response = client.post(
        manage_url(event, f"matches/{match.pk}/accept/"), {"report": claim.pk, "version": match.version}, follow=True
    )
    assert f"Table {match.table}: result saved." in [str(m) for m in response.context["messages"]]
    match.refresh_from_db()
    assert match.status == "confirmed"
    assert dict(match.seats.values_list("entrant_id", "game_wins")) == {a: 2, w: 1}
    entry = AuditEntry.objects.get(event=event, action="result.accept")
    assert entry.actor == organiser and entry.after["reported_by"] == "alice"
    # Accepting it again (a second tab) changes nothing and says why.
    response = client.post(
        manage_url(event, f"matches/{match.pk}/accept/"), {"report": claim.pk, "version": match.version}, follow=True
    )
    assert "not a claim that can be accepted" in " ".join(str(m) for m in response.context["messages"])
    page = client.get(manage_url(event, f"matches/{match.pk}/")).text
    assert "entered by olivia" in page or f"entered by {organiser.username}" in page


def test_the_phone_tells_the_reporter_the_organiser_accepts_a_walk_ins_result(
    client, organiser, alice, sample, django_capture_on_commit_callbacks
):
    event = events.create_event(organiser, "Store night", "dust-collectorz", swiss_rounds=3)
    join_event(event, alice)
    entrant_services.add_entrant(event, organiser, name="Walter")
    events.start_event(event, organiser)
    match = rounds.pair_next_round(event, organiser).matches.get()
    a, w = event.entrants.get(user=alice).pk, event.entrants.get(name="Walter").pk
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/en/events/{event.pk}/matches/{match.pk}/report/", {f"wins_{a}": 2, f"wins_{w}": 0}, follow=True
        )
    assert "the organiser checks and accepts it" in response.text


def test_a_stale_tab_is_refused_and_shows_the_current_result(client, organiser, walk_in_table):
    event, match, a, w = walk_in_table
    client.force_login(organiser)
    opened = match.version
    # Another tab enters 2-0 meanwhile.
    url = manage_url(event, f"matches/{match.pk}/result/")
    client.post(url, {f"wins_{a}": 2, f"wins_{w}": 0, "draws": 0, "version": opened})
    # The first tab, opened before, sends 0-2: refused, nothing changed, the current result shown.
    response = client.post(url, {f"wins_{a}": 0, f"wins_{w}": 2, "draws": 0, "version": opened})
    assert response.status_code == 409
    assert "changed after you opened it" in response.text and "Nothing was saved" in response.text
    assert (
        re.search("alice 2–0 Walter|Walter 0–2 alice", response.text)
        and f"entered by {organiser.username}" in response.text
    )
    assert "Overwrite with this result" in response.text
    assert dict(match.seats.values_list("entrant_id", "game_wins")) == {a: 2, w: 0}
    # Overwriting on purpose: the page's form carries the new version and the choice to overwrite.
    match.refresh_from_db()
    response = client.post(
        url, {f"wins_{a}": 0, f"wins_{w}": 2, "draws": 0, "version": opened, "overwrite": "on"}, follow=True
    )
    assert f"Table {match.table}: result saved." in [str(m) for m in response.context["messages"]]
    assert dict(match.seats.values_list("entrant_id", "game_wins")) == {a: 0, w: 2}
    assert AuditEntry.objects.filter(event=event, action="result.enter").count() == 2


def test_the_api_refuses_a_stale_result_with_409(api, organiser, walk_in_table):
    event, match, a, w = walk_in_table
    api.force_authenticate(organiser)
    url = f"/api/v1/matches/{match.pk}/result/"
    before = api.get(f"/api/v1/matches/{match.pk}/").json()["version"]
    first = api.post(url, {"wins": {str(a): 2, str(w): 0}, "expected_version": before}, format="json")
    assert first.status_code == 200 and first.json()["version"] == before + 1
    stale = api.post(url, {"wins": {str(a): 0, str(w): 2}, "expected_version": before}, format="json")
    assert stale.status_code == 409
    body = stale.json()
    assert body["code"] == "result.stale" and "changed after you opened it" in body["message"]
    assert body["current"]["wins"] == {str(a): 2, str(w): 0} and body["current"]["entered_by"] == organiser.username
    assert dict(match.seats.values_list("entrant_id", "game_wins")) == {a: 2, w: 0}
    # Without an expected version the organiser writes as before.
    assert api.post(url, {"wins": {str(a): 0, str(w): 2}}, format="json").status_code == 200
    bad = api.post(url, {"wins": {str(a): 2, str(w): 0}, "expected_version": "x"}, format="json")
    assert bad.status_code == 400 and "message" in bad.json()


def test_bulk_check_in(client, organiser, sample):
    event = events.create_event(organiser, "Prerelease", "dust-collectorz")
    people = [entrant_services.add_entrant(event, organiser, name=name) for name in ("Ada", "Ben", "Cleo", "Dan")]
    event.entrants.update(checked_in=False)
    client.force_login(organiser)
    page = client.get(manage_url(event, "players/?status=absent")).text
    assert page.count('name="entrant"') == 4 and "Check in everyone (now 0 of 4)" in page
    response = client.post(manage_url(event, "check-in/"), {"entrant": [people[0].pk, people[2].pk]}, follow=True)
    assert "2 players checked in." in [str(m) for m in response.context["messages"]]
    assert set(event.entrants.filter(checked_in=True).values_list("name", flat=True)) == {"Ada", "Cleo"}
    response = client.post(manage_url(event, "check-in/"), {}, follow=True)
    assert "Tick the players to check in first." in [str(m) for m in response.context["messages"]]
    response = client.post(manage_url(event, "check-in/"), {"all": "1"}, follow=True)
    assert "2 players checked in." in [str(m) for m in response.context["messages"]]
    assert event.entrants.filter(checked_in=True).count() == 4
    assert AuditEntry.objects.filter(event=event, action="entrant.check_in").count() == 4
    found = client.get(manage_url(event, "players/?q=cle")).text
    assert "Cleo" in found and "Ada" not in found
    other = make_user("rival", organiser=True)
    client.force_login(other)
    assert client.post(manage_url(event, "check-in/"), {"all": "1"}).status_code == 403


def test_bulk_check_in_refuses_players_without_a_legal_deck(organiser, sample):
    event = events.create_event(organiser, "Prerelease", "dust-collectorz", format_slug="dc-prerelease")
    entrant_services.add_entrant(event, organiser, name="Walter")
    checked, refused = entrant_services.check_in_many(event, organiser)
    assert checked == [] and [entrant.name for entrant in refused] == ["Walter"]
    assert not event.entrants.filter(checked_in=True).exists()


def test_earlier_rounds_have_their_own_searchable_page(client, organiser, sample):
    event = play_to_round(walk_in_event(organiser, 12), organiser, 3)
    client.force_login(organiser)
    page = client.get(manage_url(event, "rounds/1/")).text
    assert "A finished round&#x27;s result changes only by a correction" in page or "correction" in page
    assert page.split("<tbody>")[1].count("<tr") == 6 and "Correct…" in page
    found = client.get(manage_url(event, "rounds/1/?q=Player 001")).text.split("<tbody>")[1].split("</tbody>")[0]
    assert found.count("<tr") == 1
    assert client.get(manage_url(event, "rounds/9/")).status_code == 404
    match = event.rounds.get(number=1).matches.first()
    table_page = client.get(manage_url(event, f"matches/{match.pk}/")).text
    assert "Correct…" in table_page and "result-form" not in table_page


def test_bad_input_to_the_console_is_refused_plainly(client, organiser, walk_in_table, sample):
    event, match, a, w = walk_in_table
    client.force_login(organiser)
    assert client.get(manage_url(event, "rounds/0/")).status_code == 404
    assert client.get(manage_url(event, "rounds/1/?page=abc&status=<x>&q=")).status_code == 200
    assert client.get(manage_url(event, "rounds/1/?q=%00")).status_code == 400  # a NUL is refused before any view
    assert client.get(manage_url(event, f"?q={'x' * 500}")).status_code == 200
    assert client.get(manage_url(event, "rounds/delete/")).status_code == 302  # no round named: back
    other = events.create_event(organiser, "Other", "dust-collectorz")
    assert client.get(manage_url(other, f"matches/{match.pk}/")).status_code == 404
    response = client.post(
        manage_url(event, f"matches/{match.pk}/accept/"), {"report": "x", "version": "y"}, follow=True
    )
    assert "not a claim that can be accepted" in " ".join(str(m) for m in response.context["messages"])
    response = client.post(manage_url(event, "check-in/"), {"entrant": ["x", "-1"]}, follow=True)
    assert "Tick the players to check in first." in [str(m) for m in response.context["messages"]]
    # A "next" pointing elsewhere is ignored: back to the dashboard.
    url = manage_url(event, f"matches/{match.pk}/result/")
    response = client.post(url, {f"wins_{a}": 2, f"wins_{w}": 0, "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"].startswith(manage_url(event))
    match.refresh_from_db()
    assert match.status == "confirmed"
