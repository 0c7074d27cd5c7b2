"""The end of an event: final standings put the top cut first, and the clock stops for good."""

import pytest

from tests.conftest import join_event
from tests.exports_support import read_rows
from tournaments.engine.bracket import final_order
from tournaments.models import Match
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services.rounds_clock import control_timer, remaining_seconds
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db


def test_final_order_puts_the_top_cut_by_depth_then_swiss_order():
    swiss = list(range(1, 11))
    bracket = [
        [((1, 8), 1), ((4, 5), 5), ((2, 7), 7), ((3, 6), 3)],
        [((1, 5), 1), ((7, 3), 3)],
        [((1, 3), 3)],
    ]
    assert final_order(swiss, bracket) == [
        (3, "winner"),
        (1, "finalist"),
        (5, "semi_finalist"),
        (7, "semi_finalist"),
        (2, "quarter_finalist"),
        (4, "quarter_finalist"),
        (6, "quarter_finalist"),
        (8, "quarter_finalist"),
        (9, None),
        (10, None),
    ]


def play_current_round(event, organiser, loser_wins=0, higher_wins=True):
    """Every table: the side seated first wins 2-0 (or loses, when higher_wins is False)."""
    round_ = round_services.current_round(event)
    for match in round_.matches.filter(is_bye=False, status=Match.Status.PENDING):
        a, b = match.seats.order_by("pk").values_list("entrant_id", flat=True)
        score = {a: 2, b: loser_wins} if higher_wins else {a: loser_wins, b: 2}
        result_services.record_result(match, organiser, wins=score)


@pytest.fixture
def top_four(organiser):
    event = event_services.create_event(organiser, "Store top 4", "dust-collectorz", swiss_rounds=3, top_cut=4)
    for number in range(8):
        entrant_services.add_entrant(event, organiser, name=f"Player {number}")
    event_services.start_event(event, organiser)
    for _round in range(3):
        round_services.pair_next_round(event, organiser)
        play_current_round(event, organiser)
    swiss_rows = event_standings(event)
    swiss = [row["entrant"] for row in swiss_rows]
    round_services.start_top_cut(event, organiser)
    play_current_round(event, organiser, higher_wins=False)  # the lower seeds win the semi-finals
    round_services.advance_top_cut(event, organiser)
    play_current_round(event, organiser)
    round_services.advance_top_cut(event, organiser)
    event.refresh_from_db()
    return event, swiss, {row["entrant"]: row["rank"] for row in swiss_rows}


def test_final_standings_everywhere_put_the_winner_first(client, api, top_four):
    event, swiss, swiss_ranks = top_four
    assert event.status == "finished"
    rows = event_standings(event)
    semi_winners = {swiss[3], swiss[2]}  # seeds 4 and 3 beat seeds 1 and 2
    assert {rows[0]["entrant"], rows[1]["entrant"]} == semi_winners
    assert rows[0]["top_cut"] == "winner" and rows[1]["top_cut"] == "finalist"
    assert [row["entrant"] for row in rows[2:4]] == [swiss[0], swiss[1]]  # semi-finalists in Swiss order
    assert [row["entrant"] for row in rows[4:]] == swiss[4:]
    assert [row["rank"] for row in rows[:4]] == [1, 2, 3, 4]
    # Outside the top cut, players who shared a Swiss rank share their final place (two 6th, then 8th).
    first_at = {}
    for place, row in enumerate(rows[4:], start=5):
        first_at.setdefault(row["swiss_rank"], place)
    assert [row["rank"] for row in rows[4:]] == [first_at[row["swiss_rank"]] for row in rows[4:]]
    assert all(row["swiss_rank"] == swiss_ranks[row["entrant"]] for row in rows)

    page = client.get(f"/en/events/{event.pk}/standings/").text
    assert "Final standings: the top cut" in page and "Winner" in page and "Semi-finalist" in page
    api_rows = api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["standings"]
    assert [row["entrant"] for row in api_rows] == [row["entrant"] for row in rows]
    assert client.get(f"/en/events/{event.pk}/standings.json").json()["standings"] == api_rows
    table = read_rows(client.get(f"/en/events/{event.pk}/standings.csv"))
    header = table[0]
    assert {"Swiss rank", "Top cut"} <= set(header)
    assert table[1][1] == str(rows[0]["entrant"]) and table[1][header.index("Top cut")] == "Winner"


def test_player_page_says_the_event_is_over_with_the_final_place(client, api, organiser, alice):
    event = event_services.create_event(organiser, "Store top 4", "dust-collectorz", swiss_rounds=1)
    mine = join_event(event, alice)
    entrant_services.add_entrant(event, organiser, name="Walk In")
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    match = round_services.current_round(event).matches.get()
    other = match.seats.exclude(entrant=mine).get().entrant_id
    result_services.record_result(match, organiser, wins={mine.pk: 2, other: 0})
    event_services.finish_event(event, organiser)
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert "The event is over." in page and "1 of 2" in page
    # The standings are final: nobody drops now (it would move the places the prizes were fixed on).
    api.force_authenticate(organiser)
    refused = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{mine.pk}/drop/")
    assert refused.status_code == 409 and refused.json()["code"] == "event.status"
    assert "1 of 2" in client.get(f"/en/events/{event.pk}/me/").text


def test_the_clock_cannot_run_after_the_end(api, organiser):
    event = event_services.create_event(organiser, "Short", "dust-collectorz", swiss_rounds=1)
    for name in ("A", "B"):
        entrant_services.add_entrant(event, organiser, name=name)
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    event_services.finish_event(event, organiser)
    event.refresh_from_db()
    with pytest.raises(Exception, match="The event is over"):
        control_timer(event, organiser, "start")
    api.force_authenticate(organiser)
    refused = api.post(f"/api/v1/tournaments/{event.pk}/timer/", {"action": "start"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["message"] == "The event is over: the round clock no longer runs."
    event.refresh_from_db()
    assert remaining_seconds(event) is None
