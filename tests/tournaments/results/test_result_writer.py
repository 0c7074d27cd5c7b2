"""One writer for a match's result (issue 24): a game loss given while the table plays counts in
whatever result comes later, on every path; a penalty makes an older form stale; a top-cut game loss
re-seats the next round. On the sample data `make run` loads."""

import io

import pytest
from django.core.management import call_command

from tournaments.models import Match, Penalty
from tournaments.services import entrants, events, judging, results, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def site(db):
    call_command("load_sample_data", stdout=io.StringIO())
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    return {name: users.get(username=name) for name in ("organiser", "alice", "bob")}


@pytest.fixture
def table(site, eager_celery):
    """A best-of-3 event of the sample's organiser: ben (alice's account) against lena (bob's) at
    table 1, and a game loss to lena at a deck check while they play."""
    organiser, alice, bob = site["organiser"], site["alice"], site["bob"]
    event = events.create_event(organiser, "Deck check night", "dust-collectorz", top_cut=0, swiss_rounds=3)
    ben, lena = (entrants.register_player(event, user) for user in (alice, bob))
    for entrant in (ben, lena):
        entrants.check_in(entrant, organiser)
    events.start_event(event, organiser)
    match = rounds.pair_next_round(event, organiser).matches.get(is_bye=False)
    version = match.version
    judging.give_penalty(event, organiser, lena.pk, "game_loss", "Marked sleeves")
    match.refresh_from_db()
    assert match.version > version, "a penalty is a new version of the match"
    return event, match, ben, lena


def stored(match):
    match.refresh_from_db()
    return match.status, {seat.entrant_id: seat.game_wins for seat in match.seats.all()}


def report_by_api(api, user, match, wins, capture):
    api.force_authenticate(user)
    with capture(execute=True):
        return api.post(f"/api/v1/matches/{match.pk}/report/", {"wins": wins, "draws": 0}, format="json")


def test_players_report_by_api_the_games_they_played_and_the_game_loss_is_counted(
    api, site, table, django_capture_on_commit_callbacks
):
    event, match, ben, lena = table
    played = {str(ben.pk): 0, str(lena.pk): 2}
    assert report_by_api(api, site["bob"], match, played, django_capture_on_commit_callbacks).status_code == 202
    api.force_authenticate(site["alice"])
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/api/v1/matches/{match.pk}/confirm/").status_code == 202
    assert stored(match) == (Match.Status.CONFIRMED, {ben.pk: 1, lena.pk: 2})


def test_players_report_on_the_phone_and_the_game_loss_is_counted(
    client, site, table, django_capture_on_commit_callbacks
):
    event, match, ben, lena = table
    client.force_login(site["bob"])
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert f"{ben.name} leads 1–0: game loss to {lena.name}." in page
    with django_capture_on_commit_callbacks(execute=True):
        sent = {f"wins_{ben.pk}": 0, f"wins_{lena.pk}": 2, "draws": 0}
        client.post(f"/en/events/{event.pk}/matches/{match.pk}/report/", sent)
    client.force_login(site["alice"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/en/events/{event.pk}/matches/{match.pk}/confirm/")
    assert stored(match) == (Match.Status.CONFIRMED, {ben.pk: 1, lena.pk: 2})


def test_the_organiser_enters_the_games_played_on_the_page_and_by_api(api, client, site, table):
    event, match, ben, lena = table
    client.force_login(site["organiser"])
    page = client.get(f"/en/events/{event.pk}/manage/matches/{match.pk}/").text
    assert f"{ben.name} leads 1–0: game loss to {lena.name}." in page
    match.refresh_from_db()
    form = {f"wins_{ben.pk}": 0, f"wins_{lena.pk}": 2, "draws": 0, "version": match.version}
    client.post(f"/en/events/{event.pk}/manage/matches/{match.pk}/result/", form)
    assert stored(match) == (Match.Status.CONFIRMED, {ben.pk: 1, lena.pk: 2})
    # The form to change it prefills the games played; the game loss stays counted on every change.
    page = client.get(f"/en/events/{event.pk}/manage/matches/{match.pk}/").text
    assert f'name="wins_{lena.pk}" value="2"' in page and f'name="wins_{ben.pk}" value="0"' in page
    api.force_authenticate(site["organiser"])
    body = {"wins": {str(ben.pk): 1, str(lena.pk): 2}, "draws": 0, "correction": "Slip misread"}
    answer = api.post(f"/api/v1/matches/{match.pk}/result/", body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "result.with_game_loss", "2-2 with the game loss"
    assert stored(match) == (Match.Status.CONFIRMED, {ben.pk: 1, lena.pk: 2})


def test_a_correction_by_api_counts_the_game_loss_too(api, site, table):
    event, match, ben, lena = table
    api.force_authenticate(site["organiser"])
    body = {"wins": {str(ben.pk): 1, str(lena.pk): 1}, "draws": 0}
    assert api.post(f"/api/v1/matches/{match.pk}/result/", body, format="json").status_code == 200
    assert stored(match) == (Match.Status.CONFIRMED, {ben.pk: 2, lena.pk: 1})


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_report_that_cannot_be_true_with_the_game_loss_is_refused(
    api, site, table, language, django_capture_on_commit_callbacks
):
    event, match, ben, lena = table
    api.force_authenticate(site["bob"])
    played = {"wins": {str(ben.pk): 1, str(lena.pk): 2}, "draws": 0}  # with the game loss: 2-2
    answer = api.post(
        f"/api/v1/matches/{match.pk}/report/", played, format="json", HTTP_ACCEPT_LANGUAGE=language
    ).json()
    assert answer["code"] == "result.with_game_loss"
    assert {"en": "report only the games played", "fr": "manches jouées"}[language] in answer["message"]
    assert match.reports.count() == 0
    assert stored(match)[0] == Match.Status.PENDING


def test_the_pending_table_shows_its_head_start_in_the_api_and_on_the_slips(api, client, site, table):
    event, match, ben, lena = table
    rows = api.get(f"/api/v1/tournaments/{event.pk}/rounds/1/").json()["tables"]
    (row,) = [row for row in rows if row["match"] == match.pk]
    assert row["head_start"]["wins"] == {str(ben.pk): 1, str(lena.pk): 0}
    assert row["head_start"]["game_losses"] == {str(lena.pk): 1}
    assert row["wins"] is None, "no result yet"
    state = api.get(f"/api/v1/matches/{match.pk}/").json()
    assert state["head_start"]["game_losses"] == {str(lena.pk): 1}
    slips = client.get(f"/en/events/{event.pk}/rounds/1/slips/").text
    assert f"{ben.name} leads 1–0: game loss to {lena.name}." in slips


def test_a_result_form_opened_before_the_penalty_is_stale(api, client, site):
    """The organiser opens the form, a judge gives a game loss, the form is posted: 409, nothing saved."""
    organiser = site["organiser"]
    event = events.create_event(organiser, "Stale forms", "dust-collectorz", top_cut=0, swiss_rounds=3)
    ben, lena = (entrants.register_player(event, site[name]) for name in ("alice", "bob"))
    for entrant in (ben, lena):
        entrants.check_in(entrant, organiser)
    events.start_event(event, organiser)
    match = rounds.pair_next_round(event, organiser).matches.get(is_bye=False)
    opened = match.version
    judging.give_penalty(event, organiser, lena.pk, "game_loss", "Marked sleeves")
    client.force_login(organiser)
    form = {f"wins_{ben.pk}": 0, f"wins_{lena.pk}": 2, "draws": 0, "version": opened}
    page = client.post(f"/en/events/{event.pk}/manage/matches/{match.pk}/result/", form)
    assert page.status_code == 409
    assert stored(match)[0] == Match.Status.PENDING
    api.force_authenticate(organiser)
    body = {"wins": {str(ben.pk): 0, str(lena.pk): 2}, "draws": 0, "expected_version": opened}
    answer = api.post(f"/api/v1/matches/{match.pk}/result/", body, format="json")
    assert answer.status_code == 409
    assert answer.json()["current"]["head_start"]["game_losses"] == {str(lena.pk): 1}
    assert stored(match)[0] == Match.Status.PENDING


def test_a_game_loss_after_the_result_that_flips_a_top_cut_match_reseats_the_next_round(api, site):
    organiser = site["organiser"]
    event = events.create_event(organiser, "Top 4", "dust-collectorz", top_cut=4, swiss_rounds=1)
    for name in ("Ana", "Bo", "Cy", "Di", "Ed"):
        entrants.add_entrant(event, organiser, name=name)
    events.start_event(event, organiser)
    for match in rounds.pair_next_round(event, organiser).matches.filter(is_bye=False):
        first, second = match.seats.order_by("pk")
        results.record_result(match, organiser, wins={first.entrant_id: 2, second.entrant_id: 0})
    semis = rounds.start_top_cut(event, organiser)
    for match in semis.matches.all():
        first, second = match.seats.order_by("pk")
        results.record_result(match, organiser, wins={first.entrant_id: 2, second.entrant_id: 1})
    final = rounds.advance_top_cut(event, organiser).matches.get()
    semi = semis.matches.order_by("table").first()
    winner, loser = (seat.entrant_id for seat in semi.seats.order_by("pk"))
    assert winner in set(final.seats.values_list("entrant_id", flat=True))
    api.force_authenticate(organiser)
    body = {"entrant": winner, "kind": "game_loss", "reason": "Decklist error", "round": semis.number}
    answer = api.post(f"/api/v1/tournaments/{event.pk}/penalties/", {**body, "correction": "Found late"}, format="json")
    assert answer.status_code == 201, answer.json()
    assert stored(semi)[1] == {winner: 1, loser: 2}
    finalists = set(final.seats.values_list("entrant_id", flat=True))
    assert loser in finalists and winner not in finalists, "the new winner of the semifinal plays the final"
    assert Penalty.objects.filter(entrant_id=winner).count() == 1
