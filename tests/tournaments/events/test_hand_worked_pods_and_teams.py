"""A pod of four and a pod of three, and a 2-against-2 team event, worked by hand through the site's
services; then their prizes. Every number was counted on paper before the site was asked."""

import pytest
from django.db import transaction

from core.errors import DomainError
from tournaments.engine.pairing import Pairing
from tournaments.models import Event
from tournaments.services import events as event_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services.entrants import add_entrant
from tournaments.services.entrants_teams import add_team
from tournaments.services.prizes import set_prize_plan
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db

TABLE = {"win": 4, "2": 2, "3": 1, "4": 0}


def fresh(event):
    return Event.objects.get(pk=event.pk)


@pytest.fixture
def pods(organiser):
    """Seven players, one round: a pod of four (A 1st, B and C tied 2nd, D 4th) and one of three
    (E 1st, F 2nd, G 3rd), places 4/2/1/0."""
    event = event_services.create_event(
        organiser, "Pods by hand", "dust-collectorz", mode="ffa", pod_size=4, best_of=1, swiss_rounds=1,
        pod_points=TABLE,
    )  # fmt: skip
    for name in "ABCDEFG":
        add_entrant(event, organiser, name=name)
    event_services.start_event(event, organiser)
    who = dict(event.entrants.values_list("name", "pk"))
    with transaction.atomic():
        round_ = round_services.create_round(
            fresh(event), organiser, Pairing(1, [[who[n] for n in "ABCD"], [who[n] for n in "EFG"]], [])
        )
    for pod, places in (("ABCD", (1, 2, 2, 4)), ("EFG", (1, 2, 3))):
        match = round_.matches.get(seats__entrant_id=who[pod[0]])
        result_services.record_result(
            match, organiser, placements={who[n]: place for n, place in zip(pod, places, strict=True)}
        )
    return fresh(event), who


# By hand. Points: A 4; B and C share 2nd and 3rd, (2 + 1) / 2 = 1.5, rounded half up to 2 each; D 0;
# E 4, F 2, G 1. Shares of a sole first (4): A 1, B 1/2, C 1/2, D 0, E 1, F 1/2, G 1/4.
# OMP%: A (B, C, D) = (1/2 + 1/2 + 0) / 3 = 1/3; E (F, G) = (1/2 + 1/4) / 2 = 3/8, so E ranks above A.
# B and C (A, D and each other) = (1 + 0 + 1/2) / 3 = 1/2; F (E, G) = (1 + 1/4) / 2 = 5/8: F, then B and
# C equal on everything (shared 4th, by name). G (E, F) = 3/4, 1 point; D (A, B, C) = 2/3, 0 points.
PODS = [
    (1, "E", 4, 1.0, 0.375),
    (2, "A", 4, 1.0, 0.3333),
    (3, "F", 2, 0.5, 0.625),
    (4, "B", 2, 0.5, 0.5),
    (4, "C", 2, 0.5, 0.5),
    (6, "G", 1, 0.25, 0.75),
    (7, "D", 0, 0.0, 0.6667),
]


def pod_rows(event, who):
    names = {pk: name for name, pk in who.items()}
    return [
        (
            row["rank"],
            names[row["entrant"]],
            row["match_points"],
            round(float(row["mp"]), 4),
            round(float(row["omw"]), 4),
        )
        for row in event_standings(fresh(event))
    ]


def test_a_pod_of_four_and_a_pod_of_three_counted_by_hand(pods):
    event, who = pods
    assert pod_rows(event, who) == PODS


def test_a_curve_at_a_pod_event_shares_by_the_places_points(pods, organiser):
    # Match points squared: E 16, A 16, F 4, B 4, C 4, G 1, D 0; 45 shares of a pool of 20 (nothing
    # for participation): 20 × 16 // 45 = 7, 20 × 4 // 45 = 1, 20 × 1 // 45 = 0; 7 + 7 + 1 + 1 + 1 = 17
    # paid, 3 left over. Before the fix a pod's "record" was read as 0-0, so nobody got anything.
    event, who = pods
    set_prize_plan(event, organiser, {"scheme": "curve", "fixed": 20})
    event_services.finish_event(fresh(event), organiser)
    sheet = fresh(event).prizes.sheet
    names = {pk: name for name, pk in who.items()}
    assert {names[line["entrant"]]: line["prize"] for line in sheet["lines"]} == {
        "E": 7, "A": 7, "F": 1, "B": 1, "C": 1, "G": 0, "D": 0,
    }  # fmt: skip
    assert sheet["leftover"] == 3


def test_prizes_by_record_are_refused_at_a_pod_event(pods, organiser):
    # A pod has places, not wins and losses: every player would read as 0-0 and get the same prize.
    event, _who = pods
    with pytest.raises(DomainError) as refused:
        set_prize_plan(event, organiser, {"scheme": "record", "fixed": 10, "by_record": {"1-0": 5}})
    assert refused.value.code == "prizes.record_pods"
    assert str(refused.value.message) == (
        "Players at a free-for-all event have places, not records: pay the prizes by final standing or by a curve."
    )
    assert fresh(event).prizes.plan in (None, {})


def test_the_judging_page_offers_no_payout_by_record_at_a_pod_event(client, pods, organiser):
    event, _who = pods
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/judging/").text
    assert '<option value="standing"' in page and '<option value="record"' not in page


def test_prizes_by_standing_at_a_pod_event_share_the_tied_places(pods, organiser):
    # 10, 6, 4, 2, 1 from 25: B and C share 4th and 5th, (2 + 1) / 2 = 1 each (rounded down); 22 paid.
    event, who = pods
    set_prize_plan(event, organiser, {"scheme": "standing", "fixed": 25, "by_standing": [10, 6, 4, 2, 1]})
    event_services.finish_event(fresh(event), organiser)
    sheet = fresh(event).prizes.sheet
    names = {pk: name for name, pk in who.items()}
    assert [(names[line["entrant"]], line["prize"]) for line in sheet["lines"]] == [
        ("E", 10), ("A", 6), ("F", 4), ("B", 1), ("C", 1), ("G", 0), ("D", 0),
    ]  # fmt: skip
    assert sheet["leftover"] == 3


def test_a_team_event_of_four_teams_counted_by_hand(organiser):
    """Two rounds of 2-against-2, each team one entry: Reds>Blues 2-0, Greens>Golds 2-1, then
    Reds>Greens 2-1, Blues>Golds 2-0. By hand: Reds 6; Greens and Blues 3 each, OMW (1 + 1/3) / 2 = 2/3
    each, GW 3/6 and 2/4 = 1/2 each, OGW (Reds 4/5, Golds 1/5 floored to 1/3) 17/30 each: equal on
    everything, they share 2nd (Blues first by name); Golds 0. The top 4 seeds them in that order:
    Reds-Golds, Blues-Greens."""
    event = event_services.create_event(organiser, "Teams", "dust-collectorz", mode="team", swiss_rounds=2, top_cut=4)
    members = {"Reds": ("ann", "bob"), "Blues": ("cat", "dan"), "Greens": ("eve", "fay"), "Golds": ("gus", "hal")}
    for name, pair in members.items():
        add_team(event, organiser, name, list(pair))
    event_services.start_event(event, organiser)
    who = dict(event.entrants.values_list("name", "pk"))
    names = {pk: name for name, pk in who.items()}
    for number, games in (
        (1, (("Reds", "Blues", 0), ("Greens", "Golds", 1))),
        (2, (("Reds", "Greens", 1), ("Blues", "Golds", 0))),
    ):
        with transaction.atomic():
            round_ = round_services.create_round(
                fresh(event), organiser, Pairing(number, [[who[a], who[b]] for a, b, _ in games], [])
            )
        for winner, loser, lost in games:
            match = round_.matches.get(seats__entrant_id=who[winner])
            result_services.record_result(match, organiser, wins={who[winner]: 2, who[loser]: lost})
    rows = event_standings(fresh(event))
    assert [(row["rank"], names[row["entrant"]], row["match_points"], row["members"]) for row in rows] == [
        (1, "Reds", 6, ["ann", "bob"]),
        (2, "Blues", 3, ["cat", "dan"]),
        (2, "Greens", 3, ["eve", "fay"]),
        (4, "Golds", 0, ["gus", "hal"]),
    ]
    semis = round_services.start_top_cut(fresh(event), organiser)
    pairs = [
        tuple(names[pk] for pk in match.seats.order_by("pk").values_list("entrant_id", flat=True))
        for match in semis.matches.order_by("bracket_slot")
    ]
    assert pairs == [("Reds", "Golds"), ("Blues", "Greens")]
