"""The public event pages: event, pairings, slips, standings (HTML, CSV, JSON), player page,
bracket and timer; who may see them, live fragments, and bounded queries on a 1,024-player event."""

import re

import pytest
from django.core.cache import cache

from tests.exports_support import read_rows
from tournaments.models import Entrant, Event, Match, Round, Seat
from tournaments.services.common import RESULTS, mark_stale
from tournaments.services.decklists import submit_deck
from tournaments.services.entrants import add_entrant, check_in
from tournaments.services.events import create_event, set_publication, start_event
from tournaments.services.results import record_result
from tournaments.services.rounds import pair_next_round, start_top_cut
from tournaments.services.rounds_clock import control_timer

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "it"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Standings are cached by event id and version; a rolled-back test database reuses ids."""
    cache.clear()
    yield
    cache.clear()


def running_event(organiser, player=None, walk_ins=8, **options):
    """An event in its first Swiss round: `walk_ins` walk-ins plus `player` (registered and checked in)."""
    options = {"top_cut": 8, "swiss_rounds": 3, **options}
    event = create_event(organiser, "Friday Swiss", "dust-collectorz", **options)
    entrants = [add_entrant(event, organiser, name=f"Walk-in {number:02d}") for number in range(walk_ins)]
    if player is not None:
        mine = add_entrant(event, player, user=player)
        check_in(mine, organiser)
        entrants.append(mine)
    start_event(event, organiser)
    round_ = pair_next_round(event, organiser)
    event.refresh_from_db()
    return event, entrants, round_


def finish_round(round_, organiser):
    """The first player at every table wins 2-0."""
    for match in round_.matches.filter(is_bye=False):
        first, second = match.seats.values_list("entrant_id", flat=True)
        record_result(match, organiser, wins={first: 2, second: 0})


def page_urls(event, number=1):
    base = f"/events/{event.pk}"
    return [
        f"{base}/",
        f"{base}/rounds/{number}/pairings/",
        f"{base}/rounds/{number}/pairings/?by=name",
        f"{base}/rounds/{number}/slips/",
        f"{base}/standings/",
        f"{base}/bracket/",
        f"{base}/timer/",
        f"{base}/me/",
    ]


@pytest.fixture
def nine(organiser, alice):
    """Alice and 8 walk-ins: 4 tables and a bye in round 1."""
    return running_event(organiser, alice, walk_ins=8)


def test_every_page_renders_in_english_french_and_italian(client, nine, alice):
    event, _entrants, _round = nine
    client.force_login(alice)
    for language in LANGUAGES:
        for url in ["/events/", *page_urls(event)]:
            response = client.get(f"/{language}{url}")
            assert response.status_code == 200, (language, url)
            assert f'<html lang="{language}">' in response.text, (language, url)


def test_event_list_links_each_event(client, nine):
    event, _entrants, _round = nine
    page = client.get("/en/events/").text
    assert f'href="/en/events/{event.pk}/"' in page and "Friday Swiss" in page
    assert ">9<" in page  # players


def test_event_page_shows_details_and_current_pairings(client, nine, organiser):
    event, entrants, round_ = nine
    page = client.get(f"/en/events/{event.pk}/").text
    for text in ("Friday Swiss", "Dust Collectorz", "Best of 3", "Swiss rounds", "olivia", "9 players", "Round 1"):
        assert text in page, text
    assert all(entrant.name in page for entrant in entrants)
    assert f"/en/events/{event.pk}/standings/" in page and f"/en/events/{event.pk}/bracket/" in page
    assert f"/en/events/{event.pk}/timer/" in page and f"/en/events/{event.pk}/me/" not in page  # not an entrant
    finish_round(round_, organiser)
    assert "2–0" in client.get(f"/en/events/{event.pk}/").text


def test_live_fragment_is_the_swappable_part_only(client, nine, organiser):
    event, _entrants, round_ = nine
    for url in (f"/en/events/{event.pk}/", f"/en/events/{event.pk}/standings/"):
        full = client.get(url).text
        assert f'data-live="{url}?fragment=1"' in full and "js/live.js" in full
        fragment = client.get(url, {"fragment": "1"})
        assert fragment.status_code == 200 and "<html" not in fragment.text
        assert "no-cache" in fragment["Cache-Control"]
    assert "2–0" not in client.get(f"/en/events/{event.pk}/", {"fragment": "1"}).text
    finish_round(round_, organiser)
    assert "2–0" in client.get(f"/en/events/{event.pk}/", {"fragment": "1"}).text


def test_the_pairings_by_name_read_alphabetically_whatever_the_case_and_accents(client, organiser):
    """A wall sheet is read down the alphabet: "ali" and "Élodie" in their places, not after "Z"."""
    event = create_event(organiser, "Friday Swiss", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for name in ("Zack", "Élodie", "ali", "Bea"):
        add_entrant(event, organiser, name=name)
    start_event(event, organiser)
    pair_next_round(event, organiser)
    sheet = client.get(f"/en/events/{event.pk}/rounds/1/pairings/?by=name").text
    assert re.findall(r'<td class="player">([^<]+)</td>', sheet) == ["ali", "Bea", "Élodie", "Zack"]


def test_pairings_by_table_and_by_name_list_every_player(client, nine):
    event, entrants, round_ = nine
    by_table = client.get(f"/en/events/{event.pk}/rounds/1/pairings/").text
    by_name = client.get(f"/en/events/{event.pk}/rounds/1/pairings/?by=name").text
    names = sorted((entrant.name for entrant in entrants), key=str.casefold)
    for page in (by_table, by_name):
        assert all(name in page for name in names)
    positions = [by_name.index(f'<td class="player">{name}</td>') for name in names]
    assert positions == sorted(positions), "alphabetical"
    match = round_.matches.filter(is_bye=False).order_by("table").first()
    first, second = (seat.entrant for seat in match.seats.order_by("pk"))
    row = re.search(
        rf'<td class="player">{first.name}</td>\s*<td class="num table-no">(\d+)</td>\s*<td>([^<]+)</td>', by_name
    )
    assert row.groups() == (str(match.table), second.name)
    assert "Bye" in by_name and "Bye" in by_table
    assert client.get(f"/en/events/{event.pk}/rounds/9/pairings/").status_code == 404


def test_slips_one_per_match_without_byes(client, nine):
    event, _entrants, round_ = nine
    page = client.get(f"/en/events/{event.pk}/rounds/1/slips/").text
    played = round_.matches.filter(is_bye=False).count()
    assert played == 4 and page.count('<article class="slip"') == played
    assert page.count("Signature") == played and "Drawn games" in page


def test_standings_page_csv_and_json(client, api, nine, organiser):
    event, entrants, round_ = nine
    finish_round(round_, organiser)
    page = client.get(f"/en/events/{event.pk}/standings/").text
    assert "After Swiss round 1 of 3" in page and "%" in page
    assert re.search(r"\d+\.\d\d%", page), "percentages with 2 decimals"
    french = client.get(f"/fr/events/{event.pk}/standings/").text
    assert re.search(r"\d+,\d\d\xa0%", french), "localised decimals, a space before % in French"

    response = client.get(f"/en/events/{event.pk}/standings.csv")
    assert response["Content-Type"].startswith("text/csv") and "attachment" in response["Content-Disposition"]
    rows = read_rows(response)
    assert rows[0][:3] == ["Rank", "Entry number", "Player"] and len(rows) == 1 + len(entrants)
    assert {row[2] for row in rows[1:]} == {entrant.name for entrant in entrants}

    ours = client.get(f"/en/events/{event.pk}/standings.json")
    assert ours["Content-Type"] == "application/json"
    theirs = api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()
    assert ours.json() == theirs and theirs["round"] == 1


def test_dropped_players_are_marked(client, nine, organiser):
    from tournaments.services.entrants import drop

    event, entrants, round_ = nine
    finish_round(round_, organiser)
    drop(entrants[0], organiser)
    cache.clear()  # drop() does not bump results_version: see the report
    page = client.get(f"/en/events/{event.pk}/standings/").text
    row = re.search(rf'<tr id="standing-{entrants[0].pk}"[^>]*>(.*?)</tr>', page, re.S)
    assert 'class="dropped' in row.group(0) and "dropped" in row.group(1)


def test_csv_keeps_formula_like_names_as_text(client, organiser):
    event = create_event(organiser, "Cells", "dust-collectorz")
    add_entrant(event, organiser, name="=HYPERLINK(1)")
    rows = read_rows(client.get(f"/en/events/{event.pk}/standings.csv"))
    assert rows[1][2] == "'=HYPERLINK(1)"


def test_player_page_shows_table_and_opponent(client, organiser, alice, bob):
    event, _entrants, round_ = running_event(organiser, alice, walk_ins=7)  # 8 players: no bye
    seat = Seat.objects.select_related("match").get(match__round=round_, entrant__user=alice)
    opponent = Seat.objects.filter(match=seat.match).exclude(pk=seat.pk).get().entrant
    url = f"/en/events/{event.pk}/me/"
    assert client.get(url).status_code == 302  # login first
    client.force_login(alice)
    page = client.get(url).text
    assert f'<p class="me-table">{seat.match.table}</p>' in page
    assert f'<p class="me-opponent">{opponent.name}</p>' in page
    assert "Result not entered yet." in page and "No deck registered" in page
    record_result(seat.match, organiser, wins={seat.entrant_id: 2, opponent.pk: 1})
    page = client.get(url).text
    assert "1-0-0" in page and "2–1" in page and "Rank 1 of 8" in page
    client.force_login(bob)
    assert client.get(url).status_code == 404
    assert f"/en/events/{event.pk}/me/" not in client.get(f"/en/events/{event.pk}/").text


def test_private_event_is_404_to_strangers_on_every_page(client, organiser, alice, bob):
    event, _entrants, _round = running_event(organiser, alice, walk_ins=3, is_public=False, top_cut=0)
    urls = [*page_urls(event), f"/events/{event.pk}/standings.csv", f"/events/{event.pk}/standings.json"]
    for url in urls:
        assert client.get(f"/en{url}").status_code in (404, 302), url  # the player page asks to log in first
    client.force_login(bob)
    for url in urls:
        assert client.get(f"/en{url}").status_code == 404, url
    assert f"/en/events/{event.pk}/" not in client.get("/en/events/").text
    client.force_login(alice)  # she plays in it
    assert all(client.get(f"/en{url}").status_code == 200 for url in urls)


def test_bracket_shows_seeds_once_the_top_cut_starts(client, organiser):
    event, entrants, round_ = running_event(organiser, walk_ins=8, swiss_rounds=1)
    assert "appears here when the Swiss rounds are over" in client.get(f"/en/events/{event.pk}/bracket/").text
    finish_round(round_, organiser)
    quarter = start_top_cut(event, organiser)
    page = client.get(f"/en/events/{event.pk}/bracket/").text
    assert all(entrant.name in page for entrant in entrants)
    assert sorted(int(seed) for seed in re.findall(r'class="seed"[^>]*>(\d)<', page)) == list(range(1, 9))
    assert "Quarterfinals" in page and "Semifinals" in page and "Final" in page
    assert page.count("To be decided") == 2 * (2 + 1)
    finish_round(quarter, organiser)
    assert client.get(f"/en/events/{event.pk}/bracket/").text.count("bracket-seat winner") == 4


def test_event_without_top_cut_says_so(client, organiser):
    event, _entrants, _round = running_event(organiser, walk_ins=4, top_cut=0)
    assert "This event has no top cut." in client.get(f"/en/events/{event.pk}/bracket/").text
    assert f"/en/events/{event.pk}/bracket/" not in client.get(f"/en/events/{event.pk}/").text


def test_timer_page_works_without_javascript(client, nine, organiser):
    event, _entrants, _round = nine
    page = client.get(f"/en/events/{event.pk}/timer/").text
    assert '<meta http-equiv="refresh" content="30">' in page and "js/timer.js" in page
    assert re.search(r'role="timer"[^>]*>(49:5\d|50:00)<', page)
    assert f'data-timer-url="/api/v1/tournaments/{event.pk}/timer/"' in page and "Round 1" in page
    control_timer(event, organiser, "pause")
    page = client.get(f"/fr/events/{event.pk}/timer/").text
    assert 'data-paused="true"' in page and "is-paused" in page


def test_decklists_follow_the_publication_setting(client, organiser, alice, sample):
    from catalogue.models import Card, Game
    from decks.services.decks import create_deck

    puff = Card.objects.get(name="Pocket Puff")
    deck = create_deck(
        alice, "Lint rush", Game.objects.get(slug="dust-collectorz"), "dc-prerelease", "private", {puff.pk: 2}
    )
    event = create_event(organiser, "Open decks", "dust-collectorz")
    mine = add_entrant(event, alice, user=alice)
    submit_deck(mine, deck.versions.get(), alice)
    url = f"/en/events/{event.pk}/"
    assert "Lint rush" not in client.get(url).text  # publication: none
    set_publication(event, organiser, "top_cut")
    assert "Lint rush" not in client.get(url).text  # no top cut yet
    set_publication(event, organiser, "all")
    assert "Lint rush" not in client.get(url).text  # published only once the event is finished
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    page = client.get(url).text
    assert "<details" in page and "Lint rush" in page and "2 Pocket Puff" in page


def big_event(organiser, players=1024):
    """A 1,024-player event with round 1 confirmed, built straight through the ORM."""
    event = create_event(organiser, "Grand Prix", "dust-collectorz", swiss_rounds=10)
    Entrant.objects.bulk_create(
        Entrant(event=event, name=f"Player {number:04d}", checked_in=True) for number in range(players)
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    entrants = list(event.entrants.order_by("name"))
    round_ = Round.objects.create(event=event, number=1)
    matches = Match.objects.bulk_create(
        Match(round=round_, table=table, status=Match.Status.CONFIRMED) for table in range(1, players // 2 + 1)
    )
    Seat.objects.bulk_create(
        Seat(match=match, entrant=entrant, game_wins=wins)
        for match, index in zip(matches, range(0, players, 2), strict=True)
        for entrant, wins in ((entrants[index], 2), (entrants[index + 1], 0))
    )
    mark_stale(event, RESULTS)
    event.refresh_from_db()
    return event, entrants, matches


def points_of(page, entrant):
    row = re.search(rf'<tr id="standing-{entrant.pk}".*?class="num points">(\d+)<', page, re.S)
    return int(row.group(1))


def test_standings_of_1024_players_take_a_bounded_number_of_queries(client, organiser, django_assert_max_num_queries):
    event, entrants, matches = big_event(organiser)
    url = f"/en/events/{event.pk}/standings/?all=1"
    with django_assert_max_num_queries(14):
        page = client.get(url).text  # computed (the earlier rounds' results kept apart from the latest's)
    assert page.count('<tr id="standing-') == 1024
    assert client.get(f"/en/events/{event.pk}/standings/").text.count('<tr id="standing-') == 200  # a page
    assert points_of(page, entrants[0]) == 3 and points_of(page, entrants[1]) == 0
    client.force_login(organiser)
    with django_assert_max_num_queries(12):
        client.get(url)  # cached, with a logged-in user
    record_result(matches[0], organiser, wins={entrants[0].pk: 0, entrants[1].pk: 2})
    with django_assert_max_num_queries(14):
        page = client.get(url).text
    assert points_of(page, entrants[0]) == 0 and points_of(page, entrants[1]) == 3, "cache invalidated by the result"


def test_organiser_sees_slips_link_strangers_do_not(client, nine, organiser):
    event, _entrants, _round = nine
    slips = f"/en/events/{event.pk}/rounds/1/slips/"
    assert slips not in client.get(f"/en/events/{event.pk}/").text
    client.force_login(organiser)
    assert slips in client.get(f"/en/events/{event.pk}/").text


def test_event_page_invites_players_to_register(client, organiser, alice, bob):
    event = create_event(organiser, "Open registration", "dust-collectorz")
    add_entrant(event, alice, user=alice)
    url = f"/en/events/{event.pk}/"
    client.force_login(bob)
    page = client.get(url).text
    assert f"/en/events/{event.pk}/register/" in page and "Nobody has registered yet." not in page
    client.force_login(alice)
    page = client.get(url).text
    assert f"/en/events/{event.pk}/register/" not in page and f"/en/events/{event.pk}/me/" in page


def test_organiser_sees_new_event_and_manage_links(client, organiser, alice):
    event = create_event(organiser, "Mine", "dust-collectorz")
    client.force_login(organiser)
    page = client.get("/en/events/").text
    assert "/en/events/new/" in page and f"/en/events/{event.pk}/manage/" in page
    client.force_login(alice)
    page = client.get("/en/events/").text
    assert "/en/events/new/" not in page and "/manage/" not in page
