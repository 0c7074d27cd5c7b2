"""A pod bye scores as a sole first place of the event's places table (issue 32): a full share of the
round in the player's own percentage, and no opponent, so nothing in anyone's OMP%. Five players, pods
of 3-4 (a pod of 4 and a bye), two rounds, places 4/2/1/0; every number below is counted by hand."""

import re

import pytest
from django.db import transaction

from tests.conftest import join_event, make_user
from tournaments.engine.pairing import Pairing
from tournaments.services import events as event_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db

TABLE = {"win": 4, "2": 2, "3": 1, "4": 0}
NAMES = ("ada", "ben", "cleo", "dora", "emil")

# Round 1: ada 1st, ben 2nd, cleo 3rd, dora 4th; emil has the bye.
# Round 2: ben 1st, emil 2nd, cleo 3rd, ada 4th; dora has the bye.
ROUNDS = (
    (("ada", "ben", "cleo", "dora"), "emil"),
    (("ben", "emil", "cleo", "ada"), "dora"),
)

# By hand. Points (a bye is a sole first, 4): ada 4 + 0 = 4, ben 2 + 4 = 6, cleo 1 + 1 = 2,
# dora 0 + 4 = 4, emil 4 + 2 = 6. Own share over 2 rounds × 4: 4/8, 6/8, 2/8, 4/8, 6/8.
# OMP%, one entry per opponent per pod, the byes left out:
#   ada met ben cleo dora, then emil ben cleo: (6 + 2 + 4 + 6 + 6 + 2) / 8 / 6 = 26/48
#   ben met ada cleo dora, then emil ada cleo: (4 + 2 + 4 + 6 + 4 + 2) / 8 / 6 = 22/48
#   cleo met ada ben dora, then emil ben ada:  (4 + 6 + 4 + 6 + 6 + 4) / 8 / 6 = 30/48
#   dora met ada ben cleo (round 2 a bye):     (4 + 6 + 2) / 8 / 3 = 24/48
#   emil met ben cleo ada (round 1 a bye):     (6 + 2 + 4) / 8 / 3 = 24/48
# Order: emil and ben on 6, emil's OMP% higher; ada and dora on 4, ada's higher; cleo.
# (With the bye scored as the usual 3 it would be ben 6, emil 5, ada 4, dora 3, cleo 2.)
EXPECTED = [
    # rank, name, points, own share, OMP%, byes
    (1, "emil", 6, 6 / 8, 24 / 48, 1),
    (2, "ben", 6, 6 / 8, 22 / 48, 0),
    (3, "ada", 4, 4 / 8, 26 / 48, 0),
    (4, "dora", 4, 4 / 8, 24 / 48, 1),
    (5, "cleo", 2, 2 / 8, 30 / 48, 0),
]


@pytest.fixture
def five(organiser):
    """The event with round 1 seated as ROUNDS says (the seating an import gives), not yet played."""
    event = event_services.create_event(
        organiser,
        "Five at the pods",
        "dust-collectorz",
        mode="ffa",
        pod_size=4,
        best_of=1,
        swiss_rounds=2,
        top_cut=0,
        pod_points=TABLE,
    )
    entrants = {name: join_event(event, make_user(name)) for name in NAMES}
    event_services.start_event(event, organiser)
    return event, entrants


def seat_round(event, organiser, entrants, number):
    pod, bye = ROUNDS[number - 1]
    with transaction.atomic():
        round_ = round_services.create_round(
            event, organiser, Pairing(number, [[entrants[name].pk for name in pod]], [entrants[bye].pk])
        )
    return round_, pod


def play_round(event, organiser, entrants, number):
    round_, pod = seat_round(event, organiser, entrants, number)
    match = round_.matches.get(is_bye=False)
    places = {entrants[name].pk: place for place, name in enumerate(pod, start=1)}
    result_services.record_result(match, organiser, placements=places)


def test_a_pod_bye_is_a_sole_first_place_counted_by_hand(api, five, organiser):
    event, entrants = five
    play_round(event, organiser, entrants, 1)
    play_round(event, organiser, entrants, 2)
    rows = api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["standings"]
    names = {entrant.pk: name for name, entrant in entrants.items()}
    shown = [
        (row["rank"], names[row["entrant"]], row["match_points"], row["mp"], row["omw"], row["byes"]) for row in rows
    ]
    assert shown == [
        (rank, name, points, round(share, 4), round(omp, 4), byes) for rank, name, points, share, omp, byes in EXPECTED
    ]
    # A bye has no place: the places column counts only the tables played.
    assert {names[row["entrant"]]: row["places"] for row in rows}["emil"] == {"2": 1}


def test_the_pages_say_what_a_bye_earns(client, five, organiser):
    event, entrants = five
    play_round(event, organiser, entrants, 1)
    seat_round(event, organiser, entrants, 2)
    # Round 2's pairings print each player's points before it: emil's bye is 4, ada's first place 4.
    pairings = client.get(f"/en/events/{event.pk}/rounds/2/pairings/?by=name").text
    points = dict(re.findall(r'<td class="player">(\w+)</td>.*?<td class="num points">(\d+)</td>', pairings, re.S))
    assert points == {"ada": "4", "ben": "2", "cleo": "1", "dora": "0", "emil": "4"}
    standings = client.get(f"/en/events/{event.pk}/standings/").text
    assert "A bye counts as a sole first place (4 points), a full round in the player’s own share." in standings
    assert "Having no opponent, it is left out of OMP%." in standings
    french = client.get(f"/fr/events/{event.pk}/standings/").text
    assert "première place" in french
    client.force_login(entrants["dora"].user)
    me = client.get(f"/en/events/{event.pk}/me/").text
    assert "You have a bye this round: it counts as a first place, 4 points." in me


def test_the_engine_s_own_bye_earns_the_first_place_at_once(five, organiser):
    """Paired by the engine: the bye is confirmed as it is paired, and worth a sole first (4) at once."""
    event, _entrants = five
    round_ = round_services.pair_next_round(event, organiser)
    bye = round_.matches.get(is_bye=True).seats.get().entrant_id
    row = next(row for row in event_standings(event) if row["entrant"] == bye)
    assert (row["match_points"], row["byes"], row["mp"]) == (4, 1, 1.0)
