"""Penalties, time extensions, deck checks and prizes through the API: what judges, the organiser and
players see, each write refused to non-staff with nothing changed."""

import pytest

from tests.conftest import make_user
from tournaments.models import AuditAction, AuditEntry, CheckedDeck, Event, JudgeCall, Match, Penalty, Seat
from tournaments.services import entrants as entrant_services
from tournaments.services import events, staff
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db


def entrant_of(event, user):
    return event.entrants.get(user=user)


def match_of(entrant, number=1):
    return Match.objects.get(round__event=entrant.event, round__number=number, seats__entrant=entrant)


def wins(match):
    return {seat.entrant_id: seat.game_wins for seat in match.seats.all()}


def opponent_of(match, entrant):
    return match.seats.exclude(entrant=entrant).get().entrant


def penalise(api, event, body):
    return api.post(f"/api/v1/tournaments/{event.pk}/penalties/", body, format="json")


def enter(api, match, score, correction=""):
    body = {"wins": {str(k): v for k, v in score.items()}, "draws": 0, "correction": correction}
    return api.post(f"/api/v1/matches/{match.pk}/result/", body, format="json")


# Penalties


def test_a_match_loss_settles_the_match_and_the_standings_follow(api, organiser, alice, eight):
    api.force_authenticate(organiser)
    penalised = entrant_of(eight, alice)
    match = match_of(penalised)
    response = penalise(api, eight, {"entrant": penalised.pk, "kind": "match_loss", "reason": "Marked sleeves"})
    assert response.status_code == 201, response.json()
    assert response.json()["kind_label"] == "Match loss" and response.json()["round"] == 1
    match.refresh_from_db()
    opponent = opponent_of(match, penalised)
    assert match.status == Match.Status.CONFIRMED and wins(match) == {penalised.pk: 0, opponent.pk: 2}
    standings = {row["entrant"]: row for row in event_standings(Event.objects.get(pk=eight.pk))}
    assert standings[opponent.pk]["match_points"] == 3 and standings[penalised.pk]["losses"] == 1
    entry = AuditEntry.objects.get(action=AuditAction.PENALTY_GIVE)
    assert entry.entrant_id == penalised.pk and entry.after["reason"] == "Marked sleeves"


def test_a_game_loss_gives_the_opponent_a_game(api, organiser, alice, eight):
    api.force_authenticate(organiser)
    penalised = entrant_of(eight, alice)
    match = match_of(penalised)
    assert (
        penalise(api, eight, {"entrant": penalised.pk, "kind": "game_loss", "reason": "Tardiness"}).status_code == 201
    )
    match.refresh_from_db()
    assert wins(match)[opponent_of(match, penalised).pk] == 1 and match.status == Match.Status.PENDING


def test_a_penalty_on_a_settled_result_needs_a_correction_reason(api, organiser, alice, eight):
    api.force_authenticate(organiser)
    penalised = entrant_of(eight, alice)
    match = match_of(penalised)
    opponent = opponent_of(match, penalised)
    assert enter(api, match, {penalised.pk: 2, opponent.pk: 1}).status_code == 200
    body = {"entrant": penalised.pk, "kind": "game_loss", "reason": "Drew extra cards"}
    refused = penalise(api, eight, body)
    assert refused.status_code == 400
    assert (
        refused.json()["message"]
        == f"The result of table {match.table} is already settled: give a correction reason to change it."
    )
    assert not Penalty.objects.exists() and wins(match) == {penalised.pk: 2, opponent.pk: 1}
    api.credentials(HTTP_ACCEPT_LANGUAGE="fr")
    assert "correction" in penalise(api, eight, body).json()["message"]
    api.credentials()
    assert penalise(api, eight, {**body, "correction": "Found at the deck check"}).status_code == 201
    assert wins(match) == {penalised.pk: 1, opponent.pk: 2}


def test_a_disqualification_drops_the_player_and_shows_in_the_standings(api, organiser, alice, eight):
    api.force_authenticate(organiser)
    penalised = entrant_of(eight, alice)
    assert (
        penalise(api, eight, {"entrant": penalised.pk, "kind": "disqualification", "reason": "Cheating"}).status_code
        == 201
    )
    penalised.refresh_from_db()
    assert penalised.dropped
    row = next(row for row in event_standings(Event.objects.get(pk=eight.pk)) if row["entrant"] == penalised.pk)
    assert row["disqualified"] and row["dropped"]
    again = penalise(api, eight, {"entrant": penalised.pk, "kind": "disqualification", "reason": "Cheating"})
    assert again.status_code == 400 and "already disqualified" in again.json()["message"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "yellow_card", "reason": "x"}, "kind"),
        ({"kind": "warning", "reason": "  "}, "reason"),
        ({"kind": "warning", "reason": "x", "round": 2}, "round"),
    ],
)
def test_bad_penalties_are_refused_with_nothing_changed(api, organiser, alice, eight, body, field):
    api.force_authenticate(organiser)
    response = penalise(api, eight, {"entrant": entrant_of(eight, alice).pk, **body})
    assert response.status_code == 400 and field in response.json()["errors"]
    assert not Penalty.objects.exists()


def test_a_player_of_another_event_cannot_be_penalised(api, organiser, eight):
    api.force_authenticate(organiser)
    other = events.create_event(organiser, "Other", "dust-collectorz")
    stranger = entrant_services.add_entrant(other, organiser, name="Stranger")
    response = penalise(api, eight, {"entrant": stranger.pk, "kind": "warning", "reason": "x"})
    assert response.status_code == 400 and not Penalty.objects.exists()


def test_the_organiser_sees_every_penalty_and_a_player_their_own(api, organiser, alice, bob, eight):
    api.force_authenticate(organiser)
    for user in (alice, bob):
        penalise(api, eight, {"entrant": entrant_of(eight, user).pk, "kind": "warning", "reason": "Slow play"})
    assert len(api.get(f"/api/v1/tournaments/{eight.pk}/penalties/").json()["penalties"]) == 2
    api.force_authenticate(alice)
    mine = api.get(f"/api/v1/tournaments/{eight.pk}/penalties/").json()["penalties"]
    assert [row["name"] for row in mine] == ["alice"]


def test_only_staff_give_penalties(api, alice, bob, eight):
    api.force_authenticate(alice)
    response = penalise(api, eight, {"entrant": entrant_of(eight, bob).pk, "kind": "match_loss", "reason": "x"})
    assert response.status_code == 403
    assert response.json()["message"] == "Only the event's organiser and judges can issue penalties."
    assert not Penalty.objects.exists()
    api.force_authenticate(make_user("mallory"))
    assert (
        penalise(api, eight, {"entrant": entrant_of(eight, bob).pk, "kind": "warning", "reason": "x"}).status_code
        == 403
    )


def test_a_judge_gives_penalties_and_a_scorekeeper_cannot(api, organiser, alice, eight):
    judge, scorekeeper = make_user("jules"), make_user("sandra")
    staff.add_staff(eight, organiser, "jules", "judge")
    staff.add_staff(eight, organiser, "sandra", "scorekeeper")
    body = {"entrant": entrant_of(eight, alice).pk, "kind": "warning", "reason": "Slow play"}
    api.force_authenticate(scorekeeper)
    assert penalise(api, eight, body).status_code == 403
    assert api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/", {"count": 1}, format="json").status_code == 403
    api.force_authenticate(judge)
    assert penalise(api, eight, body).status_code == 201
    assert Penalty.objects.get().judge == judge
    assert api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/", {"count": 1}, format="json").status_code == 201
    match = match_of(entrant_of(eight, alice))
    assert api.post(f"/api/v1/matches/{match.pk}/extend/", {"minutes": 2}, format="json").status_code == 200
    assert len(api.get(f"/api/v1/tournaments/{eight.pk}/penalties/").json()["penalties"]) == 1
    # Prizes stay the organiser's.
    assert (
        api.post(f"/api/v1/tournaments/{eight.pk}/prizes/", {"scheme": "curve", "fixed": 5}, format="json").status_code
        == 403
    )


# Time extensions


def test_a_time_extension_shows_on_the_table(api, organiser, alice, eight):
    api.force_authenticate(organiser)
    match = match_of(entrant_of(eight, alice))
    response = api.post(f"/api/v1/matches/{match.pk}/extend/", {"minutes": 3}, format="json")
    assert response.status_code == 200 and response.json()["extra_minutes"] == 3
    round_body = api.get(f"/api/v1/tournaments/{eight.pk}/rounds/1/").json()
    assert next(t for t in round_body["tables"] if t["match"] == match.pk)["extra_minutes"] == 3
    assert AuditEntry.objects.filter(action=AuditAction.TABLE_EXTEND, table=match.table).exists()


def test_no_extension_for_a_finished_table_nor_for_non_staff(api, organiser, alice, eight):
    match = match_of(entrant_of(eight, alice))
    api.force_authenticate(alice)
    assert api.post(f"/api/v1/matches/{match.pk}/extend/", {"minutes": 3}, format="json").status_code == 403
    api.force_authenticate(organiser)
    assert api.post(f"/api/v1/matches/{match.pk}/extend/", {"minutes": 0}, format="json").status_code == 400
    seats = list(match.seats.all())
    assert enter(api, match, {seats[0].entrant_id: 2, seats[1].entrant_id: 0}).status_code == 200
    refused = api.post(f"/api/v1/matches/{match.pk}/extend/", {"minutes": 3}, format="json")
    assert (
        refused.status_code == 400
        and refused.json()["message"] == f"Table {match.table} has finished: its result is in."
    )
    match.refresh_from_db()
    assert match.extra_minutes == 0


# Deck checks


def test_a_deck_check_is_drawn_logged_and_replayable(api, organiser, eight):
    api.force_authenticate(organiser)
    response = api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/", {"count": 2, "seed": "r1-draw"}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["seed"] == "r1-draw" and len(body["tables"]) == 2 and len(body["decks"]) == 4
    entry = AuditEntry.objects.get(action=AuditAction.DECK_CHECK_SELECT)
    assert entry.after["seed"] == "r1-draw" and entry.after["tables"] == body["tables"]
    # The next draw skips the players already checked.
    again = api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/", {"count": 2, "seed": "r1-draw"}, format="json")
    assert not set(again.json()["tables"]) & set(body["tables"])
    refused = api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/", {"count": 1}, format="json")
    assert refused.status_code == 409 and "allow repeats" in refused.json()["message"]


def test_a_deck_problem_becomes_a_game_loss_in_one_step(api, organiser, eight):
    api.force_authenticate(organiser)
    body = api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/", {"count": 1}, format="json").json()
    checked = body["decks"][0]
    url = f"/api/v1/tournaments/{eight.pk}/deck-checks/decks/{checked['id']}/"
    missing_note = api.post(url, {"outcome": "problem", "penalty": "game_loss"}, format="json")
    assert missing_note.status_code == 400 and not Penalty.objects.exists()
    response = api.post(url, {"outcome": "problem", "note": "31 cards", "penalty": "game_loss"}, format="json")
    assert response.status_code == 200, response.json()
    penalty = Penalty.objects.get()
    assert (penalty.kind, penalty.reason, penalty.entrant_id) == ("game_loss", "31 cards", checked["entrant"])
    assert CheckedDeck.objects.get(pk=checked["id"]).penalty == penalty
    seat = Seat.objects.get(match__round__event=eight, match__round__number=1, entrant_id=checked["entrant"])
    assert wins(seat.match)[opponent_of(seat.match, seat.entrant).pk] == 1
    assert api.post(url, {"outcome": "problem", "note": "x", "penalty": "warning"}, format="json").status_code == 409


def test_deck_checks_are_staff_only(api, alice, eight):
    api.force_authenticate(alice)
    assert api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/", {"count": 1}, format="json").status_code == 403
    assert api.get(f"/api/v1/tournaments/{eight.pk}/deck-checks/").status_code == 403
    assert not CheckedDeck.objects.exists()


# Prizes


def play_out(api, event):
    """Three rounds where the first-seated player always wins 2-0, then finish."""
    for number in (1, 2, 3):
        if number > 1:
            assert (
                api.post(f"/api/v1/tournaments/{event.pk}/rounds/", {"round": number}, format="json").status_code == 201
            )
        for match in Match.objects.filter(round__event=event, round__number=number, is_bye=False):
            seats = list(match.seats.all())
            assert enter(api, match, {seats[0].entrant_id: 2, seats[1].entrant_id: 0}).status_code == 200
    return api.post(f"/api/v1/tournaments/{event.pk}/finish/")


def test_prizes_by_record_are_fixed_at_finish_and_logged(api, organiser, alice, eight):
    api.force_authenticate(organiser)
    plan = {"scheme": "record", "per_entrant": 2, "by_record": {"3-0": 8, "2-1": 2}, "participation": 0}
    response = api.post(f"/api/v1/tournaments/{eight.pk}/prizes/", plan, format="json")
    assert response.status_code == 200 and response.json()["plan"]["by_record"] == {"3-0": 8, "2-1": 2}
    assert play_out(api, eight).status_code == 200
    api.force_authenticate(alice)
    sheet = api.get(f"/api/v1/tournaments/{eight.pk}/prizes/").json()
    assert sheet["fixed"] and sheet["sheet"]["pool"] == 16
    prizes = sorted((line["prize"] for line in sheet["sheet"]["lines"]), reverse=True)
    assert prizes == [8, 2, 2, 2, 0, 0, 0, 0] and sheet["sheet"]["leftover"] == 2
    assert AuditEntry.objects.filter(action=AuditAction.PRIZES_FIX, after__leftover=2).exists()
    api.force_authenticate(organiser)
    late = api.post(f"/api/v1/tournaments/{eight.pk}/prizes/", plan, format="json")
    assert late.status_code == 200 and late.json()["sheet"]["lines"] == sheet["sheet"]["lines"]  # fixed again


def test_a_pool_too_small_for_the_table_stops_the_finish(api, organiser, eight):
    api.force_authenticate(organiser)
    plan = {"scheme": "record", "fixed": 10, "by_record": {"3-0": 8, "2-1": 2}}
    assert api.post(f"/api/v1/tournaments/{eight.pk}/prizes/", plan, format="json").status_code == 200
    response = play_out(api, eight)
    assert response.status_code == 400
    assert response.json()["message"] == "The pool holds 10 prizes but the payout table needs 14 for these players."
    assert Event.objects.get(pk=eight.pk).status == Event.Status.SWISS


def test_bad_prize_plans_are_refused_and_only_the_organiser_sets_one(api, organiser, alice, eight):
    api.force_authenticate(organiser)
    bad = api.post(
        f"/api/v1/tournaments/{eight.pk}/prizes/",
        {"scheme": "record", "fixed": 5, "by_record": {"4-0": 1, "3-1": 3}},
        format="json",
    )
    assert bad.status_code == 400 and "must not get less" in bad.json()["message"]
    unreadable = api.post(
        f"/api/v1/tournaments/{eight.pk}/prizes/",
        {"scheme": "record", "fixed": 5, "by_record": {"four wins": 3}},
        format="json",
    ).json()
    assert unreadable["code"] == "prizes.bad_record" and list(unreadable["errors"]) == ["by_record"]
    assert api.post(f"/api/v1/tournaments/{eight.pk}/prizes/", ["record"], format="json").status_code == 400
    api.force_authenticate(alice)
    assert (
        api.post(f"/api/v1/tournaments/{eight.pk}/prizes/", {"scheme": "curve", "fixed": 5}, format="json").status_code
        == 403
    )
    assert Event.objects.get(pk=eight.pk).prizes.plan == {}


# Judge calls


def test_a_judge_call_from_the_phone_to_the_queue_claimed_and_closed(api, organiser, alice, eight):
    judge = make_user("jules")
    staff.add_staff(eight, organiser, "jules", "judge")
    api.force_authenticate(alice)
    response = api.post(f"/api/v1/tournaments/{eight.pk}/judge-calls/")
    assert response.status_code == 201
    call = response.json()
    assert call["table"] == match_of(entrant_of(eight, alice)).table and call["status"] == "open"
    again = api.post(f"/api/v1/tournaments/{eight.pk}/judge-calls/")
    assert again.status_code == 409 and again.json()["message"] == "You have already called a judge: one is coming."
    assert api.post(f"/api/v1/tournaments/{eight.pk}/judge-calls/{call['id']}/claim/").status_code == 403
    api.force_authenticate(judge)
    queue = api.get(f"/api/v1/tournaments/{eight.pk}/judge-calls/").json()["calls"]
    assert [(row["name"], row["table"]) for row in queue] == [("alice", call["table"])]
    claimed = api.post(f"/api/v1/tournaments/{eight.pk}/judge-calls/{call['id']}/claim/")
    assert claimed.status_code == 200 and claimed.json()["judge"] == "jules"
    api.force_authenticate(organiser)
    late = api.post(f"/api/v1/tournaments/{eight.pk}/judge-calls/{call['id']}/claim/")
    assert late.status_code == 409 and late.json()["message"] == "Another judge has already claimed this call."
    api.force_authenticate(alice)
    mine = api.get(f"/api/v1/tournaments/{eight.pk}/judge-calls/").json()["calls"]
    assert mine[0]["status_label"] == "A judge is on the way" and mine[0]["judge"] == "jules"
    api.force_authenticate(judge)
    assert api.post(f"/api/v1/tournaments/{eight.pk}/judge-calls/{call['id']}/close/").json()["status"] == "closed"
    assert api.get(f"/api/v1/tournaments/{eight.pk}/judge-calls/").json()["calls"] == []
    assert AuditEntry.objects.filter(action__startswith="judge_call.").count() == 3
    api.force_authenticate(alice)
    assert api.post(f"/api/v1/tournaments/{eight.pk}/judge-calls/").status_code == 201  # a new call once closed


def test_only_players_of_the_event_call_a_judge(api, eight):
    api.force_authenticate(make_user("mallory"))
    response = api.post(f"/api/v1/tournaments/{eight.pk}/judge-calls/")
    assert response.status_code == 403 and not JudgeCall.objects.exists()
