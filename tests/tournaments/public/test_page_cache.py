"""Public pages rendered once per change (issue 18): a confirmation, a new entrant or a new round
changes what is served from cache; live polling gets 304 until something changes; big events page
and search their rows; bad input is a 404 or the full page; a broken cache only costs speed.
Pairings sheets show points and record before the round, and the projector pages by itself (issue 13)."""

import re

import pytest
from django.core.cache import cache

from tests.conftest import make_user
from tests.event_builder import build_event
from tournaments import page_cache
from tournaments.models import Match
from tournaments.services.entrants import add_entrant
from tournaments.services.events import set_publication
from tournaments.services.results import record_result
from tournaments.services.rounds import pair_next_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    """12 players, 2 rounds confirmed, round 3 paired and waiting for results."""
    return build_event(organiser, 12, 2)


def pending_match(event, number=3):
    return Match.objects.filter(round__event=event, round__number=number, is_bye=False).order_by("table").first()


def points_of(page, name):
    """The standings points shown for one player."""
    row = re.search(rf"<td>{name}</td>\s*<td class=\"num points\">(\d+)</td>", page)
    return int(row.group(1))


def confirm_first_seat_wins(match, organiser):
    first, second = match.seats.order_by("pk").values_list("entrant_id", flat=True)
    record_result(match, organiser, wins={first: 2, second: 0})
    return first, second


def test_a_confirmation_changes_the_cached_standings_and_pairings(client, event, organiser):
    standings = f"/en/events/{event.pk}/standings/"
    pairings = f"/en/events/{event.pk}/rounds/3/pairings/"
    match = pending_match(event)
    first = match.seats.order_by("pk").first().entrant.name
    before = points_of(client.get(standings).text, first)
    assert "Playing" in client.get(f"/en/events/{event.pk}/").text
    client.get(pairings)
    confirm_first_seat_wins(match, organiser)
    assert points_of(client.get(standings).text, first) == before + 3
    assert "<strong>2–0</strong>" in client.get(f"/en/events/{event.pk}/").text
    # A corrected round-2 result changes the points printed on round 3's cached sheet.
    earlier = pending_match(event, number=2)
    winner, loser = earlier.seats.order_by("pk").values_list("entrant__name", "entrant_id")
    by_name = f"{pairings}?by=name"
    sheet = client.get(by_name).text
    record_result(earlier, organiser, wins={winner[1]: 0, loser[1]: 2}, correction="slip misread")
    assert sheet_points(client.get(by_name).text, winner[0]) == sheet_points(sheet, winner[0]) - 3


def sheet_points(page, name):
    line = re.search(rf'<td class="player">{name}</td>.*?<td class="num points">(\d+)</td>', page, re.S)
    return int(line.group(1))


def test_a_new_round_and_a_new_entrant_change_the_cached_pages(client, organiser):
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events, rounds

    event = events.create_event(organiser, "Open", "dust-collectorz", swiss_rounds=3)
    for name in ("Ana", "Bo"):
        entrant_services.add_entrant(event, organiser, name=name)
    url = f"/en/events/{event.pk}/"
    assert "Cyrielle Late" not in client.get(url).text  # a name no CSRF token can contain
    add_entrant(event, organiser, name="Cyrielle Late")
    assert "Cyrielle Late" in client.get(url).text, "an entrant added shows at once"
    events.start_event(event, organiser)
    assert "Round 1" not in client.get(url).text
    rounds.pair_next_round(event, organiser)
    assert "Round 1" in client.get(url).text, "a round paired shows at once"


def test_an_edit_of_the_event_row_is_a_new_version(event, organiser):
    before = page_cache.version(event)
    set_publication(event, organiser, "all")
    event.refresh_from_db()
    assert page_cache.version(event) != before


def test_live_polling_gets_304_until_a_result_is_confirmed(client, event, organiser):
    for url in (
        f"/en/events/{event.pk}/standings/?fragment=1",
        f"/en/events/{event.pk}/?fragment=1",
        f"/en/events/{event.pk}/projector/?fragment=1",
        f"/en/events/{event.pk}/standings.json",
        f"/en/events/{event.pk}/standings.csv",
        f"/en/events/{event.pk}/rounds/3/pairings/",
        f"/api/v1/tournaments/{event.pk}/standings/",
        f"/api/v1/tournaments/{event.pk}/rounds/3/",
    ):
        first = client.get(url)
        tag = first["ETag"]
        assert first.status_code == 200 and "no-cache" in first["Cache-Control"], url
        again = client.get(url, headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.content == b"", url
    standings = f"/en/events/{event.pk}/standings/?fragment=1"
    tag = client.get(standings)["ETag"]
    confirm_first_seat_wins(pending_match(event), organiser)
    changed = client.get(standings, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed["ETag"] != tag


def test_a_304_costs_one_query_and_no_rendering(client, event, django_assert_num_queries):
    url = f"/en/events/{event.pk}/standings/?fragment=1"
    tag = client.get(url)["ETag"]
    cache.clear()  # nothing cached: a render would show up as queries
    with django_assert_num_queries(1):  # the event row, to know its version
        assert client.get(url, headers={"If-None-Match": tag}).status_code == 304


def test_the_etag_depends_on_the_language_and_the_viewer(client, event, organiser):
    url = f"/events/{event.pk}/standings/?fragment=1"
    english, french = client.get(f"/en{url}"), client.get(f"/fr{url}")
    assert english["ETag"] != french["ETag"]
    assert "Classement" in client.get(f"/fr/events/{event.pk}/standings/").text
    player = make_user("player")
    mine = build_event(organiser, 12, 2, user=player, name="Mine")
    client.force_login(player)
    page = client.get(f"/en/events/{mine.pk}/standings/?fragment=1").text
    entrant = mine.entrants.get(user=player)
    assert f'id="standing-{entrant.pk}" class="mine' in page, "the viewer's own row is marked"
    client.logout()
    assert 'class="mine' not in client.get(f"/en/events/{mine.pk}/standings/?fragment=1").text


def test_a_malformed_etag_gets_the_full_page(client, event):
    url = f"/en/events/{event.pk}/standings/?fragment=1"
    for header in ('"unterminated', "garbage, , W/", "*", '""', "\x7f"):
        response = client.get(url, headers={"If-None-Match": header})
        assert response.status_code == 200 and b"standings-table" in response.content


def test_pages_of_rows_and_find_my_table(client, organiser):
    event = build_event(organiser, 450, 1)
    base = f"/en/events/{event.pk}"
    by_table = client.get(f"{base}/rounds/2/pairings/").text
    assert by_table.count('<td class="num table-no">') == 200 and "Page 1 of 2" in by_table
    assert "Show every table (to print)" in by_table
    assert client.get(f"{base}/rounds/2/pairings/?all=1").text.count('<td class="num table-no">') == 225
    assert client.get(f"{base}/rounds/2/pairings/?page=2").text.count('<td class="num table-no">') == 25
    by_name = client.get(f"{base}/rounds/2/pairings/?by=name&page=3").text
    assert by_name.count('<td class="player">') == 50
    found = client.get(f"{base}/rounds/2/pairings/?by=name&q=player+0123").text
    assert found.count('<td class="player">') == 1 and "Player 0123" in found
    assert "1 player found" in found
    event_page = client.get(f"{base}/").text
    assert event_page.count('<td class="num table-no">') == 50 and "175 more tables" in event_page
    standings = client.get(f"{base}/standings/?q=0123").text
    assert standings.count('<tr id="standing-') == 1
    assert client.get(f"{base}/standings/?page=3").text.count('<tr id="standing-') == 50


@pytest.mark.parametrize("query", ["?page=abc", "?page=-3", "?page=0", "?page=", "?page=1.5"])
def test_a_malformed_page_number_is_the_first_page(client, event, query):
    response = client.get(f"/en/events/{event.pk}/standings/{query}")
    assert response.status_code == 200 and response.text.count('<tr id="standing-') == 12
    assert client.get(f"/en/events/{event.pk}/rounds/3/pairings/{query}").status_code == 200


def test_a_page_past_the_end_or_a_missing_round_is_404(client, event, api):
    base = f"/en/events/{event.pk}"
    assert client.get(f"{base}/standings/?page=2").status_code == 404
    assert client.get(f"{base}/standings/?page=99999999999999999999").status_code == 404
    assert client.get(f"{base}/rounds/3/pairings/?page=9").status_code == 404
    for url in (f"{base}/rounds/9/pairings/", f"{base}/rounds/9/slips/"):
        assert client.get(url).status_code == 404
        assert client.get(url, headers={"If-None-Match": "*"}).status_code == 404
    response = api.get(f"/api/v1/tournaments/{event.pk}/rounds/9/")
    assert response.status_code == 404 and response.json()["message"]


def test_pages_render_when_the_cache_is_down(client, event, organiser, settings):
    """Production's cache (Redis, errors ignored as configured) with nothing listening."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.2, "SOCKET_TIMEOUT": 0.2},
        }
    }
    base = f"/en/events/{event.pk}"
    for url in (f"{base}/", f"{base}/standings/", f"{base}/rounds/3/pairings/", f"{base}/standings.json"):
        assert client.get(url).status_code == 200, url
    match = pending_match(event)
    confirm_first_seat_wins(match, organiser)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED, "nothing is lost"
    assert "<strong>2–0</strong>" in client.get(f"{base}/").text


def test_a_cache_that_raises_is_a_miss(event, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(page_cache.cache, "get", broken)
    monkeypatch.setattr(page_cache.cache, "set", broken)
    assert page_cache.cached(event, "test", (), lambda: "rendered") == "rendered"


def test_pairings_sheets_show_points_and_record_before_the_round(client, organiser):
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events

    event = events.create_event(organiser, "Points", "dust-collectorz", swiss_rounds=3)
    for name in ("Ana", "Bo", "Cy", "Di"):
        entrant_services.add_entrant(event, organiser, name=name)
    events.start_event(event, organiser)
    first = pair_next_round(event, organiser)
    winners = []
    for match in first.matches.filter(is_bye=False):
        winner, _loser = confirm_first_seat_wins(match, organiser)
        winners.append(winner)
    pair_next_round(event, organiser)
    page = client.get(f"/en/events/{event.pk}/rounds/2/pairings/?by=name").text
    for entrant in event.entrants.all():
        won = entrant.pk in winners
        points, record = (3, "1-0-0") if won else (0, "0-1-0")
        line = rf'<td class="player">{entrant.name}</td>.*?<td class="num points">{points}</td><td class="num record">{record}</td>'
        assert re.search(line, page, re.S), entrant.name
    round_one = client.get(f"/en/events/{event.pk}/rounds/1/pairings/?by=name").text
    assert round_one.count('<td class="num record">0-0-0</td>') == 4, "before round 1 nobody has points"


def test_the_projector_pages_the_pairings_beside_the_clock(client, organiser):
    event = build_event(organiser, 45, 1)
    page = client.get(f"/fr/events/{event.pk}/projector/").text
    assert page.count('class="projector-screen"') == 3  # 45 players, 20 a screen
    assert "js/projector.js" in page and 'data-page-seconds="15"' in page
    assert 'class="timer-clock' in page and "data-timer-url" in page
    assert "Player 0000" in page and "Player 0044" in page


def test_the_api_round_shows_a_dispute_at_once(api, paired, alice):
    from tournaments.services.results_reports import dispute

    event, match, _players = paired
    url = f"/api/v1/tournaments/{event.pk}/rounds/1/"
    first = api.get(url)
    assert first.json()["tables"][0]["status"] == "pending"
    dispute(match, alice)  # a status the public pages do not show: no new page version
    changed = api.get(url, headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed.json()["tables"][0]["status"] == "disputed"


def test_a_waiting_message_is_shown_not_hidden_behind_a_304(rf):
    from django.contrib import messages
    from django.contrib.messages.storage.cookie import CookieStorage

    tag = '"abc"'
    request = rf.get("/", headers={"If-None-Match": tag})
    request._messages = CookieStorage(request)
    assert page_cache.not_modified(request, tag)
    messages.success(request, "Registered")
    assert not page_cache.not_modified(request, tag)


def test_the_sheet_of_the_waiting_round_agrees_with_the_standings(organiser):
    """Round 4 has no result yet: points and records before it are the standings' (byes are wins)."""
    from tournaments.presenters.rounds import records_before
    from tournaments.services.standings import event_standings

    event = build_event(organiser, 13, 3)  # a bye every round
    records = records_before(event, 4)
    for row in event_standings(event):
        expected = {"points": row["match_points"], "record": f"{row['wins']}-{row['losses']}-{row['draws']}"}
        assert records[row["entrant"]] == expected, row["name"]


def test_a_bulk_check_in_shows_on_the_cached_event_page(client, organiser):
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events

    event = events.create_event(organiser, "Desk", "dust-collectorz", swiss_rounds=3)
    ana = entrant_services.add_entrant(event, organiser, name="Ana")
    entrant_services.check_in(ana, organiser, checked_in=False)
    url = f"/en/events/{event.pk}/"
    assert "checked in" not in client.get(url).text
    entrant_services.check_in_many(event, organiser)
    assert "checked in" in client.get(url).text


def test_a_page_another_process_is_rendering_is_waited_for_not_rendered_again(event, monkeypatch):
    """A hall of phones asks for a new round at once: one process renders, the others wait for it."""
    name = page_cache.key(event, "single-flight", 1)
    cache.add(f"building:{name}", 1, 5)  # another process claimed it
    polls = []

    def another_process_finishes(_seconds):
        polls.append(1)
        if len(polls) == 2:
            cache.set(name, "rendered by the other process")

    monkeypatch.setattr(page_cache.time, "sleep", another_process_finishes)
    value = page_cache.cached(event, "single-flight", (1,), lambda: pytest.fail("rendered twice"))
    assert value == "rendered by the other process"
    assert len(polls) == 2


def test_a_builder_that_never_finishes_is_not_waited_for_forever(event, monkeypatch):
    name = page_cache.key(event, "single-flight", 2)
    cache.add(f"building:{name}", 1, 5)
    clock = iter(range(0, 100, 1))
    monkeypatch.setattr(page_cache.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(page_cache.time, "sleep", lambda _seconds: None)
    assert page_cache.cached(event, "single-flight", (2,), lambda: "rendered here") == "rendered here"
    assert cache.get(name) == "rendered here"


def test_a_failed_render_releases_its_claim_and_a_stored_none_is_a_value(event):
    def broken():
        raise ValueError("template error")

    with pytest.raises(ValueError):
        page_cache.cached(event, "single-flight", (3,), broken)
    assert cache.get(f"building:{page_cache.key(event, 'single-flight', 3)}") is None, "the next request renders"
    builds = []
    for _ in range(2):
        assert page_cache.cached(event, "single-flight", (4,), lambda: builds.append(1)) is None
    assert len(builds) == 1, "a player without a standing yet is not rendered on every request"


def test_records_before_a_round_are_kept_through_its_results_and_follow_a_correction(event, organiser, monkeypatch):
    """A burst of round 3 results does not recompute the points printed before round 3; correcting
    round 2 does."""
    from tournaments.presenters import rounds as presenters

    builds = []
    real = presenters._records
    monkeypatch.setattr(presenters, "_records", lambda *args: builds.append(args) or real(*args))
    before = presenters.records_before(event, 3)
    confirm_first_seat_wins(pending_match(event, 3), organiser)
    assert presenters.records_before(event, 3) == before
    assert len(builds) == 1

    earlier = pending_match(event, 2)
    winner, loser = earlier.seats.order_by("-game_wins", "pk").values_list("entrant_id", flat=True)
    record_result(earlier, organiser, wins={loser: 2, winner: 0}, correction="slip misread")
    after = presenters.records_before(event, 3)
    assert len(builds) == 2
    assert after[winner]["points"] == before[winner]["points"] - 3
    assert after[loser]["points"] == before[loser]["points"] + 3


def _standings_read_in_full(event):
    """The standings as computed with nothing kept: the reference the kept columns must match."""
    from tournaments.models import Event
    from tournaments.services import standings

    cache.clear()
    return standings._compute(Event.objects.get(pk=event.pk))


def test_standings_keep_the_earlier_rounds_and_follow_a_correction(event, organiser, monkeypatch):
    """A burst of round 3 results re-reads round 3 alone; correcting round 2 re-reads the earlier
    rounds. Each time the standings are those read in full."""
    from tournaments.models import Event
    from tournaments.services import standings

    reads = []
    real = standings._confirmed_results
    monkeypatch.setattr(
        standings, "_confirmed_results", lambda event, *rounds: reads.append(rounds) or real(event, *rounds)
    )

    def current():
        return standings._compute(Event.objects.get(pk=event.pk))

    first = current()
    assert reads == [(None, 3), (3, None)]  # the earlier rounds, then the latest
    reads.clear()
    confirm_first_seat_wins(pending_match(event, 3), organiser)
    after_round_3 = current()
    assert reads == [(3, None)], "round 3's result re-read only round 3"
    assert after_round_3 != first
    assert after_round_3 == _standings_read_in_full(event)

    reads.clear()
    earlier = pending_match(event, 2)
    won, lost = earlier.seats.order_by("-game_wins", "pk").values_list("entrant_id", flat=True)
    record_result(earlier, organiser, wins={lost: 2, won: 0}, correction="slip misread")
    corrected = current()
    assert reads == [(None, 3), (3, None)], "a correction in round 2 re-read the earlier rounds"
    points = {row["entrant"]: row["match_points"] for row in corrected}
    assert points[lost] == {row["entrant"]: row["match_points"] for row in after_round_3}[lost] + 3
    assert corrected == _standings_read_in_full(event)


def test_with_the_cache_away_nobody_waits_for_a_render(event, settings, monkeypatch):
    """django-redis, told to ignore a Redis that is down, answers `add` with None: that is no claim
    by another process, so the page renders at once instead of waiting for one."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.2, "SOCKET_TIMEOUT": 0.2},
        }
    }
    monkeypatch.setattr(page_cache.time, "sleep", lambda _seconds: pytest.fail("waited for a render"))
    assert page_cache.cached(event, "single-flight", (5,), lambda: "rendered") == "rendered"
