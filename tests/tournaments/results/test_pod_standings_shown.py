"""A Reclamation pod reported from the phones: the standings read places and points, and the game
totals break the tie left, in the API, the CSV and JSON exports, the standings page and each
player's page; a one-against-one event keeps wins-losses-draws."""

import csv
import io

import pytest

from tests.tournaments.results.reporting_support import confirm_by_the_others, report, seated_event
from tests.tournaments.results.test_scoring_modes import BODIES, RECLAMATION

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


@pytest.fixture
def reclamation_pod(api, organiser, django_capture_on_commit_callbacks):
    """Four players, default table 3/0, the Work Order shared (the default). Totals by hand from
    test_scoring_modes' game: A 19, B 6, C 6, D 14 with 2 points to each of round 1's four
    qualifiers; shared, they get 1 each: A 18, B 5, C 5, D 13."""
    event, match, seats = seated_event(organiser, RECLAMATION, 4, "ffa")
    sides = [seat.entrant_id for seat in match.seats.order_by("pk")]
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    report(api, reporter, match, BODIES["reclamation", 4](sides), django_capture_on_commit_callbacks)
    confirm_by_the_others(api, match, reporter, seats, django_capture_on_commit_callbacks)
    users = {entrant: user for user, entrant in seats.items()}
    return event, sides, users


def test_the_api_gives_places_and_breaks_the_tie_on_the_dust_total(api, reclamation_pod):
    event, (a, b, c, d), _users = reclamation_pod
    rows = api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["standings"]
    # By hand: A alone first (3 points); B, C and D 0 points, each met A (1) and two zeros: OMP 1/3;
    # the Dust totals then put D (13) before B and C (5 each), who share 3rd.
    shown = [(row["rank"], row["entrant"], row["match_points"], row["places"], row["game_total"]) for row in rows]
    assert shown[:2] == [(1, a, 3, {"1": 1}, 18), (2, d, 0, {"2": 1}, 13)]
    assert sorted(shown[2:]) == sorted([(3, b, 0, {"3": 1}, 5), (3, c, 0, {"3": 1}, 5)])  # then by name
    assert rows[1]["omw"] == pytest.approx(1 / 3, abs=1e-4)
    assert not any("wins" in row or "losses" in row for row in rows)
    assert api.get(f"/en/events/{event.pk}/standings.json").json()["standings"][1]["places"] == {"2": 1}


def test_the_csv_and_the_pages_show_places_not_wins_losses_draws(client, reclamation_pod):
    event, (a, _b, _c, d), users = reclamation_pod
    sheet = list(csv.reader(io.StringIO(client.get(f"/en/events/{event.pk}/standings.csv").text)))
    header = sheet[0]
    assert "Places" in header and "Game total" in header and "Wins" not in header and "GW %" not in header
    second = dict(zip(header, sheet[2], strict=False))
    assert (second["Player"], second["Places"], second["Game total"]) == (event.entrants.get(pk=d).name, "2nd ×1", "13")

    page = client.get(f"/en/events/{event.pk}/standings/").text
    assert "2nd ×1" in page and "OMP%" in page and "W-L-D" not in page
    assert "1er ×1" in client.get(f"/fr/events/{event.pk}/standings/").text

    client.force_login(users[a])
    me = client.get(f"/en/events/{event.pk}/me/").text
    assert "My places" in me and "1st ×1" in me and "My record" not in me


def test_one_against_one_keeps_wins_losses_draws(api, client, organiser, django_capture_on_commit_callbacks):
    event, match, seats = seated_event(organiser, RECLAMATION, 2, "versus")
    sides = [seat.entrant_id for seat in match.seats.order_by("pk")]
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    report(api, reporter, match, BODIES["reclamation", 2](sides), django_capture_on_commit_callbacks)
    confirm_by_the_others(api, match, reporter, seats, django_capture_on_commit_callbacks)
    rows = api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["standings"]
    assert [(row["wins"], row["losses"], row["draws"]) for row in rows] == [(1, 0, 0), (0, 1, 0)]
    assert not any("places" in row or "game_total" in row for row in rows)
    page = client.get(f"/en/events/{event.pk}/standings/").text
    assert "W-L-D" in page and "OMP%" not in page


def test_the_next_rounds_pairings_show_places_before_it(client, organiser, reclamation_pod):
    from tournaments.services import rounds as round_services

    event, _sides, _users = reclamation_pod
    round_services.pair_next_round(event, organiser)
    by_table = client.get(f"/en/events/{event.pk}/rounds/2/pairings/").text
    assert "1st ×1" in by_table and "2nd ×1" in by_table and "3rd ×1" in by_table and "1-0-0" not in by_table
    by_name = client.get(f"/en/events/{event.pk}/rounds/2/pairings/?by=name").text
    assert "Places before this round" in by_name and "W-L-D" not in by_name and "2nd ×1" in by_name
