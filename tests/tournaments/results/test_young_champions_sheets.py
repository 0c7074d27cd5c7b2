"""A Dust Collectorz event that plays Young Champions, reported from its own score sheet (issue 32): each
player's cards left in deck and in hand and who made the last successful play, scored by the game's
rules exactly as the JSON API scores the same report; refusals name the field and store nothing; the
players confirming see every player's cards left and place; a report of the wrong kind is refused."""

import pytest

from games.sheets import field_name
from tests.tournaments.results.reporting_support import confirm_by_the_others, report, seated_event
from tests.tournaments.results.test_scoring_modes import YOUNG_CHAMPIONS, captures, cards_left
from tournaments.models import Entrant, Match, Report

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

DC = "dust-collectorz"

# Three players, in seat order: (cards left in deck, in hand). By hand: nobody ran out, hands 3 / 1 / 1,
# the last successful play was the third player's, who is among the tied: 3rd player 1st, 2nd player
# 2nd, 1st player (3 cards in hand) 3rd.
LEFT = ((2, 3), (0, 1), (1, 1))
LAST = 2  # index of the player who made the last successful play
PLACES = (3, 2, 1)


def seated(organiser, players=3, mode="ffa", **options):
    event, match, seats = seated_event(organiser, DC, players, mode, **{**YOUNG_CHAMPIONS, **options})
    sides = [seat.entrant_id for seat in match.seats.order_by("pk")]
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    return event, match, seats, sides, reporter


def young_sheet(sides, left=LEFT, last=LAST):
    data = {field_name(None, "last_play"): str(sides[last]) if last is not None else ""}
    for side, (deck, hand) in zip(sides, left, strict=True):
        data[field_name(None, "cards_left", side, "deck")] = str(deck)
        data[field_name(None, "cards_left", side, "hand")] = str(hand)
    return data


def send_sheet(client, user, match, data, capture, language="en"):
    client.force_login(user)
    with capture(execute=True):
        return client.post(f"/{language}/events/{match.round.event_id}/matches/{match.pk}/report/", data)


def test_the_phone_shows_the_young_champions_sheet(client, organiser):
    event, _match, _seats, sides, reporter = seated(organiser)
    client.force_login(reporter)
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert f'name="cards_left_{sides[2]}_hand"' in page and f'name="cards_left_{sides[0]}_deck"' in page
    assert "Last successful play" in page and "In hand" in page
    assert "Capture pile" not in page and "Place of" not in page
    italian = client.get(f"/it/events/{event.pk}/me/").text
    assert "Nel mazzo" in italian and "In mano" in italian


def test_a_young_champions_sheet_is_stored_and_scored_as_the_api_would(
    client, api, organiser, django_capture_on_commit_callbacks
):
    _event, match, _seats, sides, reporter = seated(organiser)
    answer = send_sheet(client, reporter, match, young_sheet(sides), django_capture_on_commit_callbacks)
    assert answer.status_code == 302
    from_sheet = Report.objects.get(match=match).result
    Report.objects.filter(match=match).delete()
    body = {"games": [cards_left(LEFT, sides[LAST], sides)]}
    report(api, reporter, match, body, django_capture_on_commit_callbacks)
    assert from_sheet == Report.objects.get(match=match).result
    assert from_sheet["placements"] == {str(side): place for side, place in zip(sides, PLACES, strict=True)}


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            lambda s: young_sheet(s, left=((0, 0), (0, 0), (1, 1))),
            "cards_left",
            "Cards left: Only one player can run out of cards",
        ),
        (
            lambda s: {**young_sheet(s), f"cards_left_{s[1]}_hand": "lots"},
            "cards_left_",
            "Give a whole number from 0 to 32.",
        ),
        (
            lambda s: young_sheet(s, last=None),
            "last_play",
            "Last successful play: Choose a player (or team) of this match.",
        ),
    ],
    ids=["two-out", "not-a-number", "no-last-play"],
)
def test_each_young_champions_check_is_refused_naming_the_field(
    client, organiser, data, field, message, django_capture_on_commit_callbacks
):
    _event, match, _seats, sides, reporter = seated(organiser)
    answer = send_sheet(client, reporter, match, data(sides), django_capture_on_commit_callbacks)
    assert answer.status_code == 400
    assert message in answer.text
    assert 'aria-invalid="true"' in answer.text and f'name="{field}' in answer.text
    assert not Report.objects.filter(match=match).exists()


def test_a_refusal_names_the_player_and_the_box(client, organiser, django_capture_on_commit_callbacks):
    _event, match, _seats, sides, reporter = seated(organiser)
    name = Entrant.objects.get(pk=sides[1]).name
    data = {**young_sheet(sides), f"cards_left_{sides[1]}_hand": "40"}
    page = send_sheet(client, reporter, match, data, django_capture_on_commit_callbacks).text
    assert f"Cards left · {name} · In hand: Give a whole number from 0 to 32." in page
    assert f'name="cards_left_{sides[1]}_hand" min="0" max="32" placeholder="0" value="40" aria-invalid="true"' in page
    french = send_sheet(client, reporter, match, data, django_capture_on_commit_callbacks, "fr").text
    assert f"Cartes restantes · {name} · En main\u00a0:" in french


def test_the_others_see_the_cards_left_and_places_before_confirming(
    client, api, organiser, django_capture_on_commit_callbacks
):
    event, match, seats, sides, reporter = seated(organiser)
    send_sheet(client, reporter, match, young_sheet(sides), django_capture_on_commit_callbacks)
    last_player = next(user for user, entrant in seats.items() if entrant == sides[2])
    client.force_login(last_player)
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert "Cards left and places as the site read them" in page and "Confirm" in page
    # The confirming player's own column first: 1 in deck, 1 in hand, the last play, 1st.
    hand = page.split('<th scope="row">Cards left in hand</th>')[1].split("</tr>")[0]
    assert hand == "<td>1</td><td>3</td><td>1</td>"
    last = page.split('<th scope="row">Last successful play</th>')[1].split("</tr>")[0]
    assert last == "<td>✓</td><td></td><td></td>"
    places = page.split('<th scope="row">Place</th>')[1].split("</tr>")[0]
    assert places == "<td><strong>1st</strong></td><td><strong>3rd</strong></td><td><strong>2nd</strong></td>"
    client.force_login(organiser)
    desk = client.get(f"/en/events/{event.pk}/manage/matches/{match.pk}/").text
    assert "Cards left and places as the site read them" in desk and "<td><strong>3rd</strong></td>" in desk
    confirm_by_the_others(api, match, reporter, seats, django_capture_on_commit_callbacks)
    confirmed = {seat.entrant_id: seat.placement for seat in Match.objects.get(pk=match.pk).seats.all()}
    assert confirmed == dict(zip(sides, PLACES, strict=True))


def test_the_organisers_table_page_and_the_printed_sheets_are_young_champions(client, organiser):
    event, match, _seats, sides, _reporter = seated(organiser)
    client.force_login(organiser)
    table = f"/en/events/{event.pk}/manage/matches/{match.pk}/"
    assert f'name="cards_left_{sides[1]}_deck"' in client.get(table).text
    saved = client.post(f"{table}sheet/", {**young_sheet(sides), "version": str(match.version)})
    assert saved.status_code == 302
    placed = {seat.entrant_id: seat.placement for seat in Match.objects.get(pk=match.pk).seats.all()}
    assert placed == dict(zip(sides, PLACES, strict=True))
    printed = client.get(f"/en/events/{event.pk}/manage/rounds/1/sheets/").text
    assert "Last successful play" in printed and "Capture pile" not in printed


def test_a_versus_young_champions_game_is_one_sheet(client, organiser, django_capture_on_commit_callbacks):
    _event, match, _seats, sides, reporter = seated(organiser, players=2, mode="versus")
    data = young_sheet(sides, left=((0, 0), (3, 2)), last=1)
    assert send_sheet(client, reporter, match, data, django_capture_on_commit_callbacks).status_code == 302
    assert Report.objects.get(match=match).result["wins"] == {str(sides[0]): 1, str(sides[1]): 0}


def test_a_report_of_the_wrong_kind_is_refused(api, organiser, django_capture_on_commit_callbacks):
    _event, match, _seats, sides, reporter = seated(organiser)
    piles = {"games": [captures([{"bronze": 2}, {"bronze": 1}, {}], str(sides[0]), sides)]}
    refused = report(api, reporter, match, piles, django_capture_on_commit_callbacks)
    assert refused.status_code == 400 and refused.json()["code"] == "scoring.young_champions_expected"
    assert list(refused.json()["errors"]) == ["games.1.cards_left"]
    assert "This event plays Young Champions" in refused.json()["message"]

    _event, match, _seats, sides, reporter = seated_standard(organiser)
    hands = {"games": [cards_left(LEFT[:2], sides[1], sides)]}
    refused = report(api, reporter, match, hands, django_capture_on_commit_callbacks, HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 400 and refused.json()["code"] == "scoring.young_champions_not_played"
    assert "Jeunes champions" in refused.json()["errors"]["games.1.cards_left"][0]
    assert not Report.objects.exists()


def seated_standard(organiser):
    """A Dust Collectorz versus match that plays the usual capture-pile game."""
    event, match, seats = seated_event(organiser, DC, 2, "versus")
    sides = [seat.entrant_id for seat in match.seats.order_by("pk")]
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    return event, match, seats, sides, reporter
