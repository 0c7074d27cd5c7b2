"""Score sheets: each game's declared sheet filled in on the phone and at the desk, scored by the game's
own rules exactly as the JSON API scores the same report; refusals name the field and store nothing;
the players confirming see every player's points, round by round."""

import pytest

from games.sheets import field_name
from tests.tournaments.results.reporting_support import confirm_by_the_others, report, seated_event
from tests.tournaments.results.test_scoring_modes import RECLAMATION_3, captures, rounds
from tournaments.models import Entrant, Match, Report

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

DC, RECLAMATION = "dust-collectorz", "dust-reclamation"


def seated(organiser, game, players, mode):
    event, match, seats = seated_event(organiser, game, players, mode)
    sides = [seat.entrant_id for seat in match.seats.order_by("pk")]
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    return event, match, seats, sides, reporter


def reclamation_sheet(sides, played=RECLAMATION_3):
    """Form data for Reclamation rounds given as (dust value, tricks, dust, indexes meeting the Work Order)."""
    data = {}
    for number, (sign, tricks, dust, met) in enumerate(played, start=1):
        data[field_name(number, "dust_value")] = sign
        for index, side in enumerate(sides):
            data[field_name(number, "tricks", side)] = str(tricks[index])
            data[field_name(number, "dust", side)] = str(dust[index]) if dust[index] else ""
            if index in met:
                data[field_name(number, "work_order", side)] = "1"
    return data


def capture_sheet(sides, piles, last):
    data = {field_name(None, "last_round_winner"): str(last)}
    for side, pile in zip(sides, piles, strict=True):
        for rank, count in pile.items():
            data[field_name(None, "captures", side, rank)] = str(count)
    return data


def send_sheet(client, user, match, data, capture):
    client.force_login(user)
    with capture(execute=True):
        return client.post(f"/en/events/{match.round.event_id}/matches/{match.pk}/report/", data)


def stored_result(match):
    return Report.objects.get(match=match).result


def test_the_phone_shows_the_games_sheet_instead_of_places(client, organiser):
    event, match, _seats, sides, reporter = seated(organiser, RECLAMATION, 3, "ffa")
    client.force_login(reporter)
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert "Dust Value card" in page and "Round 4" in page and f'name="rounds_1_tricks_{sides[2]}"' in page
    assert "Place of" not in page
    french = client.get(f"/fr/events/{event.pk}/me/").text
    assert "Plis" in french and "Manche 4" in french


def test_a_reclamation_sheet_is_stored_and_scored_as_the_api_would(
    client, api, organiser, django_capture_on_commit_callbacks
):
    _event, match, _seats, sides, reporter = seated(organiser, RECLAMATION, 3, "ffa")
    answer = send_sheet(client, reporter, match, reclamation_sheet(sides), django_capture_on_commit_callbacks)
    assert answer.status_code == 302
    from_sheet = stored_result(match)
    Report.objects.filter(match=match).delete()
    report(api, reporter, match, {"games": [rounds(sides, *RECLAMATION_3)]}, django_capture_on_commit_callbacks)
    assert from_sheet == stored_result(match)
    game = from_sheet["games"][0]
    # By hand, the Work Order shared (1 each of round 1's three qualifiers, 2 to a sole one):
    # A 3+1+1 | 2 | 1 | 4-1+2 = 13, B 3+1 | 4-2+2 | 1 | 2 = 11, C 2+1 | 2 | 6+3+2 | 2-1 = 17.
    assert game["points"] == {str(sides[0]): 13, str(sides[1]): 11, str(sides[2]): 17}
    assert [line["points"][str(sides[2])] for line in game["lines"]] == [3, 2, 11, 1]


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            lambda s: {f"rounds_1_tricks_{s[0]}": "2"},
            "rounds_1_tricks",
            "7 tricks in one round, but a round is exactly 8",
        ),
        (
            lambda s: {f"rounds_1_dust_{s[1]}": "2", f"rounds_1_dust_{s[2]}": "2"},
            "rounds_1_dust",
            "5 Dust cards in one round, but the deck holds only 4 Dust cards.",
        ),
        (lambda s: {"rounds_2_dust_value": "+"}, "rounds_3_dust_value", "a third + round cannot happen"),
        (lambda s: {f"rounds_1_tricks_{s[0]}": "three"}, "rounds_1_tricks", "Give a whole number from 0 to 8."),
    ],
    ids=["seven-tricks", "five-dust", "third-plus", "not-a-number"],
)
def test_each_reclamation_check_is_refused_naming_the_field(
    client, organiser, change, field, message, django_capture_on_commit_callbacks
):
    _event, match, _seats, sides, reporter = seated(organiser, RECLAMATION, 3, "ffa")
    data = {**reclamation_sheet(sides), **change(sides)}
    answer = send_sheet(client, reporter, match, data, django_capture_on_commit_callbacks)
    assert answer.status_code == 400
    page = answer.text
    assert message in page
    assert 'aria-invalid="true"' in page and f'name="{field}' in page
    # The sheet comes back as it was filled in, with its sums.
    assert '<output class="sheet-sum" data-column="1" data-limit="8" data-exact>8 / 8</output>' in page
    assert f'name="rounds_4_tricks_{sides[2]}" min="0" max="8" placeholder="0" value="2"' in page
    assert not Report.objects.filter(match=match).exists()


def test_the_reclamation_refusal_speaks_french(client, organiser, django_capture_on_commit_callbacks):
    event, match, _seats, sides, reporter = seated(organiser, RECLAMATION, 3, "ffa")
    client.force_login(reporter)
    data = {**reclamation_sheet(sides), f"rounds_1_tricks_{sides[0]}": "2"}
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(f"/fr/events/{event.pk}/matches/{match.pk}/report/", data).text
    assert "Manche 1 · Plis remportés\u00a0: 7 plis dans une manche" in page


@pytest.mark.parametrize(("mode", "players"), [("team", 4), ("ffa", 4)])
def test_a_capture_sheet_is_stored_and_scored_as_the_api_would(
    client, api, organiser, mode, players, django_capture_on_commit_callbacks
):
    _event, match, _seats, sides, reporter = seated(organiser, DC, players, mode)
    piles = [{"bronze": 4, "platinum": 1}, {"bronze": 8}, {"silver": 2}, {}][: len(sides)]
    sheet = capture_sheet(sides, piles, sides[1])
    assert send_sheet(client, reporter, match, sheet, django_capture_on_commit_callbacks).status_code == 302
    from_sheet = stored_result(match)
    Report.objects.filter(match=match).delete()
    report(api, reporter, match, {"games": [captures(piles, sides[1], sides)]}, django_capture_on_commit_callbacks)
    assert from_sheet == stored_result(match)
    bonus = {"team": 6, "ffa": 3}[mode]
    assert from_sheet["games"][0]["points"][str(sides[1])] == 8 + bonus


def test_capture_checks_are_refused_naming_the_field(client, organiser, django_capture_on_commit_callbacks):
    _event, match, _seats, sides, reporter = seated(organiser, DC, 3, "ffa")
    name = Entrant.objects.get(pk=sides[0]).name
    # Three decks hold 15 Gold cards: one pile of 16 is refused, and so are 10 + 10 in two piles.
    one_pile = capture_sheet(sides, [{"gold": 16}, {}, {}], sides[0])
    page = send_sheet(client, reporter, match, one_pile, django_capture_on_commit_callbacks)
    assert page.status_code == 400
    assert f"Capture pile · {name} · Gold: More Gold cards than 3 decks hold (15)." in page.text
    assert (
        f'name="captures_{sides[0]}_gold" min="0" max="20" placeholder="0" value="16" aria-invalid="true"' in page.text
    )
    two_piles = capture_sheet(sides, [{"gold": 10}, {"gold": 10}, {}], sides[0])
    page = send_sheet(client, reporter, match, two_piles, django_capture_on_commit_callbacks)
    assert "Capture pile: More Gold cards than 3 decks hold (15)." in page.text
    no_winner = capture_sheet(sides, [{"bronze": 2}, {}, {}], "")
    page = send_sheet(client, reporter, match, no_winner, django_capture_on_commit_callbacks)
    assert page.status_code == 400
    assert "Winner of the last round: Choose a player (or team) of this match." in page.text
    assert not Report.objects.filter(match=match).exists()


def test_a_refused_team_sheet_lists_the_reporters_team_first(client, organiser, django_capture_on_commit_callbacks):
    """As on the member's page: the sheet that comes back puts their own team's pile first, even when the
    member is not the team's own account."""
    _event, match, seats, sides, _reporter = seated(organiser, DC, 4, "team")
    second = Entrant.objects.get(pk=sides[1])
    member = next(user for user, entrant in seats.items() if entrant == second.pk and user != second.user)
    no_winner = capture_sheet(sides, [{"bronze": 2}, {"bronze": 3}], "")
    page = send_sheet(client, member, match, no_winner, django_capture_on_commit_callbacks).text
    first_pile = page.split('<fieldset class="sheet-pile"><legend>', 1)[1].split("</legend>", 1)[0]
    assert first_pile == f"Capture pile · {second.name}"
    assert not Report.objects.filter(match=match).exists()


def test_the_others_see_the_points_round_by_round_before_confirming(
    client, api, organiser, django_capture_on_commit_callbacks
):
    event, match, seats, sides, reporter = seated(organiser, RECLAMATION, 3, "ffa")
    send_sheet(client, reporter, match, reclamation_sheet(sides), django_capture_on_commit_callbacks)
    other = next(user for user, entrant in seats.items() if entrant == sides[2])
    client.force_login(other)
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert "Points as the site computed them" in page and "Confirm" in page
    # The confirming player's own column comes first: C's rounds 3, 2, 11, 1 and the total 17.
    row = page.split('<th scope="row">Round 3</th>')[1].split("</tr>")[0]
    assert row.startswith("<td>11</td>")
    assert "<td><strong>17</strong></td>" in page
    # The organiser weighing the claim sees the same points.
    client.force_login(organiser)
    desk = client.get(f"/en/events/{event.pk}/manage/matches/{match.pk}/").text
    assert "Points as the site computed them" in desk and "<td><strong>17</strong></td>" in desk
    confirm_by_the_others(api, match, reporter, seats, django_capture_on_commit_callbacks)
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED


def test_the_organisers_table_page_takes_the_sheet(client, organiser, django_capture_on_commit_callbacks):
    event, match, _seats, sides, _reporter = seated(organiser, RECLAMATION, 3, "ffa")
    client.force_login(organiser)
    table = f"/en/events/{event.pk}/manage/matches/{match.pk}/"
    page = client.get(table).text
    assert f'name="rounds_2_work_order_{sides[1]}"' in page and "Give the places only" in page
    refused = client.post(f"{table}sheet/", {**reclamation_sheet(sides), f"rounds_4_tricks_{sides[0]}": "7"})
    assert refused.status_code == 400 and "Round 4 · Tricks won: 11 tricks in one round" in refused.text
    assert Match.objects.get(pk=match.pk).status != Match.Status.CONFIRMED
    saved = client.post(f"{table}sheet/", {**reclamation_sheet(sides), "version": str(match.version)})
    assert saved.status_code == 302
    seats = {seat.entrant_id: seat.placement for seat in Match.objects.get(pk=match.pk).seats.all()}
    assert seats == {sides[0]: 2, sides[1]: 3, sides[2]: 1}


def test_the_round_prints_a_sheet_per_pod(client, organiser):
    event, match, _seats, _sides, reporter = seated(organiser, RECLAMATION, 4, "ffa")
    client.force_login(organiser)
    assert "Print the score sheets" in client.get(f"/en/events/{event.pk}/manage/rounds/1/").text
    page = client.get(f"/en/events/{event.pk}/manage/rounds/1/sheets/")
    assert page.status_code == 200
    assert page.text.count('class="printed-sheet') == 1 and "Round 4" in page.text and "Dust Value card" in page.text
    assert "<input" not in page.text.split('class="printed-sheet')[1]
    client.force_login(reporter)
    assert client.get(f"/en/events/{event.pk}/manage/rounds/1/sheets/").status_code != 200
