"""A result corrected after the event finished: the prize sheet follows the corrected standings.
The correction is the truth, so it stands even when its prizes would not fit the pool (prizes by
record); the old sheet is then shown as out of date until the organiser changes the plan."""

import pytest
from django.db import transaction

from core.errors import DomainError
from tournaments.engine.pairing.model import Pairing
from tournaments.models import AuditEntry, Event
from tournaments.services.common import locked
from tournaments.services.entrants import add_entrant
from tournaments.services.events import create_event, finish_event, start_event
from tournaments.services.prizes import set_prize_plan
from tournaments.services.results import record_result
from tournaments.services.rounds import advance_top_cut, create_round, start_top_cut

pytestmark = pytest.mark.django_db


def fresh(event):
    return Event.objects.get(pk=event.pk)


def one_round(organiser, c_against_d=(2, 1, 0), top_cut=0):
    """One Swiss round: A>B 2-0, then C against D (C's games, D's games, drawn games); by default
    C>D 2-1, so A is first on game-win tiebreaks."""
    event = create_event(organiser, "Store night", "dust-collectorz", swiss_rounds=1, top_cut=top_cut)
    for name in "ABCD":
        add_entrant(event, organiser, name=name)
    start_event(event, organiser)
    who = dict(event.entrants.values_list("name", "pk"))
    with transaction.atomic():
        round_ = create_round(
            locked(fresh(event)), organiser, Pairing(1, [[who["A"], who["B"]], [who["C"], who["D"]]], [])
        )
    record_result(round_.matches.get(seats__entrant_id=who["A"]), organiser, wins={who["A"]: 2, who["B"]: 0})
    c_games, d_games, drawn = c_against_d
    table = round_.matches.get(seats__entrant_id=who["C"])
    record_result(table, organiser, wins={who["C"]: c_games, who["D"]: d_games}, draws=drawn)
    return fresh(event), who, round_


def prizes(event):
    return {line["name"]: line["prize"] for line in fresh(event).prizes.sheet["lines"]}


def correct(round_, organiser, who, winner, loser, games=(2, 0)):
    match = round_.matches.get(seats__entrant_id=who[winner])
    record_result(match, organiser, wins={who[winner]: games[0], who[loser]: games[1]}, correction="Scores swapped")


def test_a_corrected_swiss_result_moves_the_prizes(client, organiser):
    event, who, round_ = one_round(organiser)
    set_prize_plan(event, organiser, {"scheme": "standing", "fixed": 10, "by_standing": [6, 3]})
    finish_event(fresh(event), organiser)
    assert prizes(event) == {"A": 6, "C": 3, "B": 0, "D": 0}
    correct(round_, organiser, who, "B", "A")  # the table reported the wrong winner: B won 2-0
    assert prizes(event) == {"B": 6, "C": 3, "A": 0, "D": 0}
    assert AuditEntry.objects.filter(event=event, action="prizes.fix").count() == 2
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/prizes/").text
    assert "Fixed again after a result was corrected." in page


def first_seat_wins(round_, organiser):
    for match in round_.matches.all():
        first, second = match.seats.order_by("pk").values_list("entrant_id", flat=True)
        record_result(match, organiser, wins={first: 2, second: 0})


def test_a_corrected_final_moves_the_winners_prize(organiser):
    event, who, _round = one_round(organiser, top_cut=4)
    set_prize_plan(fresh(event), organiser, {"scheme": "standing", "fixed": 8, "by_standing": [5, 3]})
    first_seat_wins(start_top_cut(fresh(event), organiser), organiser)
    final = advance_top_cut(fresh(event), organiser)
    winner, runner_up = final.matches.get().seats.order_by("pk").values_list("entrant__name", flat=True)
    first_seat_wins(final, organiser)
    advance_top_cut(fresh(event), organiser)
    assert fresh(event).is_finished and prizes(event)[winner] == 5 and prizes(event)[runner_up] == 3
    match = final.matches.get()
    record_result(
        match, organiser, wins={who[winner]: 1, who[runner_up]: 2}, correction="Slip signed for the wrong player"
    )
    assert prizes(event)[runner_up] == 5 and prizes(event)[winner] == 3


def test_a_correction_that_outgrows_the_pool_stands_and_the_sheet_says_so(client, organiser):
    # C and D drew 1-1-1: only A is 1-0, so 3 of the pool of 4 is paid.
    event, who, round_ = one_round(organiser, c_against_d=(1, 1, 1))
    set_prize_plan(event, organiser, {"scheme": "record", "fixed": 4, "by_record": {"1-0": 3}})
    finish_event(fresh(event), organiser)
    assert prizes(event) == {"A": 3, "B": 0, "C": 0, "D": 0}
    # The draw was in fact C's 2-1 win: two players at 1-0 need 6 of the pool of 4. The correction stands.
    correct(round_, organiser, who, "C", "D", games=(2, 1))
    assert round_.matches.get(seats__entrant_id=who["C"]).seats.get(entrant_id=who["C"]).game_wins == 2
    sheet = fresh(event).prizes.sheet
    assert sheet["out_of_date"]["code"] == "prizes.pool_too_small"
    assert prizes(event) == {"A": 3, "B": 0, "C": 0, "D": 0}  # the sheet fixed before, shown as such
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/judging/").text
    assert "do not fit the pool" in page and "save the prize pool again (changed if need be) to fix it again" in page
    french = client.get(f"/fr/events/{event.pk}/prizes/").text
    assert "dépassent la dotation" in french
    api = client.get(f"/api/v1/tournaments/{event.pk}/prizes/").json()
    assert "6" in api["sheet"]["out_of_date"]
    set_prize_plan(fresh(event), organiser, {"scheme": "record", "fixed": 6, "by_record": {"1-0": 3}})
    assert "out_of_date" not in fresh(event).prizes.sheet
    assert prizes(event) == {"A": 3, "C": 3, "B": 0, "D": 0}


def test_a_plan_changed_after_the_finish_is_fixed_at_once_or_refused(organiser):
    event, who, _round = one_round(organiser)
    set_prize_plan(event, organiser, {"scheme": "standing", "fixed": 10, "by_standing": [6, 3]})
    finish_event(fresh(event), organiser)
    set_prize_plan(fresh(event), organiser, {"scheme": "standing", "fixed": 10, "by_standing": [7, 3]})
    assert prizes(event)["A"] == 7
    with pytest.raises(DomainError) as short:
        set_prize_plan(fresh(event), organiser, {"scheme": "standing", "fixed": 10, "by_standing": [9, 3]})
    assert short.value.code == "prizes.pool_too_small"
    assert fresh(event).prizes.plan["by_standing"] == [7, 3] and prizes(event)["A"] == 7
