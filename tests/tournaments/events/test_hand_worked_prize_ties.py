"""Prizes by final standing when players share a place, worked by hand: tied players share the prizes
of the places their tie spans, each the mean rounded down (the rounding rule), the rest left over;
after a top cut, Swiss-only players who shared a Swiss rank still share their final place."""

import pytest
from django.db import transaction
from django.urls import reverse

from tests.exports_support import read_rows
from tournaments.engine.pairing.model import Pairing
from tournaments.engine.prizes import BY_STANDING, PayoutPlan, PrizeEntrant, Record, compute
from tournaments.models import Event
from tournaments.services.common import locked
from tournaments.services.entrants import add_entrant
from tournaments.services.events import create_event, finish_event, start_event
from tournaments.services.prizes import set_prize_plan
from tournaments.services.results import record_result
from tournaments.services.rounds import advance_top_cut, create_round, start_top_cut
from tournaments.services.standings import event_standings


def entrant(name, place, wins=0, losses=0):
    return PrizeEntrant(name, place, Record(wins, losses))


def test_tied_places_share_the_prizes_they_span_rounded_down():
    # Places 1, 2, 2, 4, 5, 5, 5: the two 2nd share (5 + 3) / 2 = 4; the three 5th share (1 + 0 + 0) / 3 = 0.
    plan = PayoutPlan(BY_STANDING, fixed=20, by_standing=(8, 5, 3, 2, 1))
    field = [entrant("A", 1), entrant("B", 2), entrant("C", 2), entrant("D", 4)]
    field += [entrant("E", 5), entrant("F", 5), entrant("G", 5)]
    sheet = compute(plan, field)
    assert [(line.entrant, line.place, line.prize) for line in sheet.lines] == [
        ("A", 1, 8),
        ("B", 2, 4),
        ("C", 2, 4),
        ("D", 4, 2),
        ("E", 5, 0),
        ("F", 5, 0),
        ("G", 5, 0),
    ]
    assert sheet.leftover == 20 - 18


def test_a_tie_of_two_halves_an_odd_sum_down():
    plan = PayoutPlan(BY_STANDING, fixed=10, by_standing=(6, 3))
    sheet = compute(plan, [entrant("A", 1), entrant("B", 1), entrant("C", 3)])
    assert [line.prize for line in sheet.lines] == [4, 4, 0]  # (6 + 3) / 2 = 4.5, rounded down
    assert sheet.leftover == 2


def test_without_ties_each_place_gets_its_own_prize():
    plan = PayoutPlan(BY_STANDING, fixed=10, by_standing=(6, 3))
    sheet = compute(plan, [entrant("A", 1), entrant("B", 2), entrant("C", 3)])
    assert [line.prize for line in sheet.lines] == [6, 3, 0] and sheet.leftover == 1


def seat(event, organiser, pairs):
    who = dict(event.entrants.values_list("name", "pk"))
    with transaction.atomic():
        round_ = create_round(locked(event), organiser, Pairing(1, [[who[a], who[b]] for a, b in pairs], []))
    for winner, loser in pairs:
        match = round_.matches.get(seats__entrant_id=who[winner])
        record_result(match, organiser, wins={who[winner]: 2, who[loser]: 0})
    return who


def fresh(event):
    return Event.objects.get(pk=event.pk)


@pytest.mark.django_db
def test_players_tied_in_the_swiss_share_their_prizes(client, organiser):
    # One round: A>B 2-0, C>D 2-0. A and C are equal on everything (3 points, OMW 1/3, GW 1, OGW 1/3)
    # and share 1st; B and D share 3rd. Prizes 6, 3 from 10: A and C (6 + 3) / 2 = 4 each, B and D
    # nothing, 2 left over. Before the fix A (first by name) got 6 and C 3.
    event = create_event(organiser, "Ties", "dust-collectorz", swiss_rounds=1)
    for name in "ABCD":
        add_entrant(event, organiser, name=name)
    start_event(event, organiser)
    who = seat(fresh(event), organiser, ("AB", "CD"))
    names = {pk: name for name, pk in who.items()}
    assert [(row["rank"], names[row["entrant"]]) for row in event_standings(fresh(event))] == [
        (1, "A"),
        (1, "C"),
        (3, "B"),
        (3, "D"),
    ]
    set_prize_plan(fresh(event), organiser, {"scheme": "standing", "fixed": 10, "by_standing": [6, 3]})
    finish_event(fresh(event), organiser)
    sheet = fresh(event).prizes.sheet
    assert [(names[line["entrant"]], line["place"], line["prize"]) for line in sheet["lines"]] == [
        ("A", 1, 4),
        ("C", 1, 4),
        ("B", 3, 0),
        ("D", 3, 0),
    ]
    assert sheet["leftover"] == 2
    rows = read_rows(client.get(f"/en/events/{event.pk}/prizes.csv"))
    assert [row[0] for row in rows[1:5]] == ["1", "1", "3", "3"]  # the sheet's ranks, shared as in the standings
    page = client.get(f"/en/events/{event.pk}/prizes/").text
    assert page.count('<td class="num">1</td>') == 2


@pytest.mark.django_db
def test_after_a_top_four_swiss_only_ties_keep_a_shared_place(organiser):
    # Six players, one round: A>B, C>D, E>F, all 2-0. A, C, E share Swiss rank 1; B, D, F rank 4.
    # Seeds by the standings (ties by name): A, C, E, B; the bracket A-B, C-E. A beats B, E beats C,
    # A beats E. Final: A 1st, E 2nd, C and B 3rd and 4th (Swiss order), then D and F, still equal,
    # share 5th. Prizes 6, 4, 2, 2, 2 from 16: D and F share (2 + 0) / 2 = 1 each; before the fix D
    # (first by name) got 2 and F nothing.
    event = create_event(organiser, "Top 4 ties", "dust-collectorz", swiss_rounds=1, top_cut=4)
    for name in "ABCDEF":
        add_entrant(event, organiser, name=name)
    start_event(event, organiser)
    who = seat(fresh(event), organiser, ("AB", "CD", "EF"))
    names = {pk: name for name, pk in who.items()}
    set_prize_plan(fresh(event), organiser, {"scheme": "standing", "fixed": 16, "by_standing": [6, 4, 2, 2, 2]})
    semis = start_top_cut(fresh(event), organiser)
    pairs = [
        "".join(names[pk] for pk in match.seats.order_by("pk").values_list("entrant_id", flat=True))
        for match in semis.matches.order_by("bracket_slot")
    ]
    assert pairs == ["AB", "CE"]  # 1v4, 2v3
    for winner, loser in (("A", "B"), ("E", "C")):
        match = semis.matches.get(seats__entrant_id=who[winner])
        record_result(match, organiser, wins={who[winner]: 2, who[loser]: 1})
    final = advance_top_cut(fresh(event), organiser)
    record_result(final.matches.get(), organiser, wins={who["A"]: 2, who["E"]: 0})
    advance_top_cut(fresh(event), organiser)
    rows = event_standings(fresh(event))
    assert [(row["rank"], names[row["entrant"]], row["top_cut"], row["swiss_rank"]) for row in rows] == [
        (1, "A", "winner", 1),
        (2, "E", "finalist", 1),
        (3, "C", "semi_finalist", 1),
        (4, "B", "semi_finalist", 4),
        (5, "D", None, 4),
        (5, "F", None, 4),
    ]
    sheet = fresh(event).prizes.sheet
    assert {names[line["entrant"]]: line["prize"] for line in sheet["lines"]} == {
        "A": 6,
        "E": 4,
        "C": 2,
        "B": 2,
        "D": 1,
        "F": 1,
    }
    assert sheet["leftover"] == 0


@pytest.mark.django_db
def test_a_record_typed_twice_on_the_form_is_refused_not_replaced(client, organiser):
    # Before the fix "3-0: 8" then "3-0: 5" saved 3-0: 5 without a word.
    event = create_event(organiser, "Twice", "dust-collectorz", swiss_rounds=1)
    client.force_login(organiser)
    page = client.post(
        reverse("tournaments:prize_plan", args=[event.pk]),
        {"scheme": "record", "per_entrant": 1, "fixed": 0, "table": "3-0: 8\n3-0: 5", "participation": 0},
        follow=True,
    )
    assert page.status_code == 200
    assert "The record 3-0 is listed twice." in page.text
    assert not fresh(event).prizes.plan
