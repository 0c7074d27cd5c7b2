"""A judge's and an organiser's event day, scenario by scenario: what the judging page, the API, the
standings and the log show after each penalty, and that a scorekeeper or a player is refused the same
way on the page and through the API, whatever they send."""

import html

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import join_event, make_user
from tests.tournaments.results.reporting_support import report
from tournaments.models import AuditAction, AuditEntry, Event, Match, Penalty, Seat
from tournaments.services import events, judging, results, rounds, staff
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def scorekeeper(organiser, eight):
    user = make_user("sandra")
    staff.add_staff(eight, organiser, "sandra", "scorekeeper")
    return user


def table_of(event, user, number=1):
    entrant = event.entrants.get(user=user)
    match = Match.objects.get(round__event=event, round__number=number, seats__entrant=entrant)
    opponent = match.seats.exclude(entrant=entrant).get().entrant
    return entrant, opponent, match


def score(match):
    match.refresh_from_db()
    return {seat.entrant_id: seat.game_wins for seat in match.seats.all()}


def standing(event, entrant):
    return next(row for row in event_standings(Event.objects.get(pk=event.pk)) if row["entrant"] == entrant.pk)


def messages_of(response):
    return [str(message) for message in response.context["messages"]]


# A game loss after a 1-0 result (time was called): the documented rewrite, through the one writer


def test_a_game_loss_after_a_1_0_result_turns_it_into_0_1_logged_and_in_the_standings(organiser, alice, eight):
    penalised, opponent, match = table_of(eight, alice)
    results.record_result(match, organiser, wins={penalised.pk: 1, opponent.pk: 0})
    assert standing(eight, penalised)["match_points"] == 3

    with pytest.raises(Exception, match="already settled: give a correction reason"):
        judging.give_penalty(eight, organiser, penalised.pk, "game_loss", "Marked cards")
    assert score(match) == {penalised.pk: 1, opponent.pk: 0} and not Penalty.objects.exists()

    judging.give_penalty(eight, organiser, penalised.pk, "game_loss", "Marked cards", correction="Found after time")
    assert score(match) == {penalised.pk: 0, opponent.pk: 1} and match.status == Match.Status.CONFIRMED
    entry = AuditEntry.objects.get(action=AuditAction.RESULT_PENALTY)
    assert entry.table == match.table and entry.after["penalised"] == penalised.pk
    assert entry.before["seats"][str(penalised.pk)]["wins"] == 1 and entry.after["seats"][str(opponent.pk)]["wins"] == 1
    assert standing(eight, penalised)["match_points"] == 0 and standing(eight, opponent)["match_points"] == 3


# Game losses before the result: a head start, never past the wins needed


def test_game_losses_at_a_table_never_give_the_opponent_more_than_the_match(organiser, alice, eight):
    """Three game losses in a best of 3 used to give the opponent 3 games: every result was then
    refused ("nobody wins more than 2 games") and the table could never be settled."""
    penalised, opponent, match = table_of(eight, alice)
    for number in range(3):
        judging.give_penalty(eight, organiser, penalised.pk, "game_loss", f"Tardiness {number + 1}")
    assert score(match) == {penalised.pk: 0, opponent.pk: 2} and match.status == Match.Status.PENDING
    assert Penalty.objects.filter(entrant=penalised, kind="game_loss").count() == 3  # every penalty is on record
    assert AuditEntry.objects.filter(action=AuditAction.RESULT_PENALTY).count() == 2  # the third changed nothing

    results.record_result(match, organiser, wins={penalised.pk: 0, opponent.pk: 0})  # no game was played
    assert score(match) == {penalised.pk: 0, opponent.pk: 2} and match.status == Match.Status.CONFIRMED
    assert standing(eight, opponent)["match_points"] == 3


@pytest.mark.usefixtures("eager_celery")
def test_after_three_game_losses_the_players_report_0_0_from_their_phones(
    api, organiser, alice, bob, django_capture_on_commit_callbacks
):
    event = events.create_event(organiser, "Two players", "dust-collectorz", top_cut=0, swiss_rounds=2)
    for user in (alice, bob):
        join_event(event, user)
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    penalised, opponent, match = table_of(event, alice)
    for number in range(3):
        judging.give_penalty(event, organiser, penalised.pk, "game_loss", f"Tardiness {number + 1}")
    for user in (alice, bob):
        body = {"wins": {str(penalised.pk): 0, str(opponent.pk): 0}}
        assert report(api, user, match, body, django_capture_on_commit_callbacks).status_code == 202
    assert score(match) == {penalised.pk: 0, opponent.pk: 2} and match.status == Match.Status.CONFIRMED


def test_game_losses_to_both_players_count_for_each(organiser, alice, eight):
    penalised, opponent, match = table_of(eight, alice)
    judging.give_penalty(eight, organiser, penalised.pk, "game_loss", "Tardiness")
    judging.give_penalty(eight, organiser, opponent.pk, "game_loss", "Tardiness")
    judging.give_penalty(eight, organiser, penalised.pk, "game_loss", "Drawing extra cards")
    assert score(match) == {penalised.pk: 1, opponent.pk: 2}


# Pairing a round again must not lose a game loss given in it


def test_a_round_with_a_game_loss_is_not_paired_again(client, organiser, alice, eight):
    """Re-pairing used to delete the table and its head start: the game loss stayed in the list of
    penalties but no longer counted anywhere."""
    penalised, opponent, match = table_of(eight, alice)
    judging.give_penalty(eight, organiser, penalised.pk, "game_loss", "Tardiness")
    client.force_login(organiser)
    response = client.post(f"/en/events/{eight.pk}/manage/rounds/repair/", {"round": 1}, follow=True)
    assert (
        "Round 1 cannot be re-paired: results have been entered or reported for it. Delete the round instead, "
        "or correct the results." in messages_of(response)
    )
    assert Match.objects.filter(pk=match.pk).exists() and score(match) == {penalised.pk: 0, opponent.pk: 1}
    assert not AuditEntry.objects.filter(action=AuditAction.ROUND_REPAIR).exists()


# A disqualification mid-event


def test_a_disqualification_mid_round_keeps_the_table_and_leaves_the_player_out_of_later_rounds(
    organiser, alice, eight
):
    penalised, opponent, match = table_of(eight, alice)
    judging.give_penalty(eight, organiser, penalised.pk, "disqualification", "Cheating")
    assert standing(eight, penalised)["disqualified"] and standing(eight, penalised)["dropped"]
    # The table of the current round still needs its result (the organiser enters it).
    assert match.status == Match.Status.PENDING
    results.record_result(match, organiser, wins={penalised.pk: 0, opponent.pk: 2})
    for other in Match.objects.filter(round__event=eight, round__number=1, is_bye=False, status="pending"):
        first, second = other.seats.values_list("entrant_id", flat=True)
        results.record_result(other, organiser, wins={first: 2, second: 0})
    rounds.pair_next_round(eight, organiser)
    assert not Seat.objects.filter(match__round__number=2, entrant=penalised).exists()
    with pytest.raises(Exception, match="already disqualified"):
        judging.give_penalty(eight, organiser, penalised.pk, "disqualification", "Again")


# Who may: a scorekeeper and a player are refused the same way on the page and through the API


def test_a_scorekeeper_is_refused_penalties_alike_on_the_page_and_the_api_whatever_the_body(
    api, client, scorekeeper, alice, eight
):
    """The API used to read the body first: a scorekeeper sending a bad or empty body got 400 with the
    fields to fix, as if they were allowed, where the page says 403 and who may."""
    refusal = "Only the event's organiser and judges can issue penalties."
    client.force_login(scorekeeper)
    page = client.post(reverse("tournaments:penalty", args=[eight.pk]), {"kind": "nope"})
    assert page.status_code == 403 and refusal in html.unescape(page.text)
    api.force_authenticate(scorekeeper)
    for body in ({"kind": "nope"}, {}):
        response = api.post(f"/api/v1/tournaments/{eight.pk}/penalties/", body, format="json")
        assert (response.status_code, response.json()["message"]) == (403, refusal)
    assert not Penalty.objects.exists()


@pytest.mark.parametrize("who", ["scorekeeper", "alice"])
def test_other_judging_writes_are_refused_before_the_body_is_read(api, client, request, eight, who):
    user = request.getfixturevalue(who)
    _entrant, _opponent, match = table_of(eight, request.getfixturevalue("alice"))
    api.force_authenticate(user)
    client.force_login(user)
    extend = api.post(f"/api/v1/matches/{match.pk}/extend/", {"minutes": 999}, format="json")
    assert (extend.status_code, extend.json()["message"]) == (
        403,
        "Only the event's organiser and judges can issue penalties.",
    )
    page = client.post(reverse("tournaments:extend_table", args=[eight.pk, match.pk]), {"minutes": 999})
    assert page.status_code == 403
    deck_refusal = "Only the event's organiser and judges can do deck checks."
    draw = api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/", {"count": "x"}, format="json")
    assert (draw.status_code, draw.json()["message"]) == (403, deck_refusal)
    outcome = api.post(f"/api/v1/tournaments/{eight.pk}/deck-checks/decks/999999/", {}, format="json")
    assert (outcome.status_code, outcome.json()["message"]) == (403, deck_refusal)
    page = client.post(reverse("tournaments:deck_check_outcome", args=[eight.pk, 999999]), {})
    assert page.status_code == 403 and deck_refusal in html.unescape(page.text)
    match.refresh_from_db()
    assert match.extra_minutes == 0 and not eight.deck_checks.exists()


# A disqualification from the page is confirmed first


def test_a_disqualification_from_the_page_asks_first_then_drops_the_player(client, organiser, alice, eight):
    """The page used to disqualify on the first tap, with no way back."""
    penalised, _opponent, _match = table_of(eight, alice)
    client.force_login(organiser)
    body = {"entrant": penalised.pk, "kind": "disqualification", "reason": "Collusion <b>"}
    asked = client.post(reverse("tournaments:penalty", args=[eight.pk]), body)
    assert asked.status_code == 200 and not Penalty.objects.exists()
    text = html.unescape(asked.text)
    assert "Disqualify alice?" in text and "Yes, disqualify alice" in text
    assert "Reason: Collusion <b>" in text and "Collusion &lt;b&gt;" in asked.text  # shown as typed, escaped
    assert f'href="/en/events/{eight.pk}/manage/judging/#penalties">Cancel' in asked.text
    penalised.refresh_from_db()
    assert penalised.dropped_after is None

    done = client.post(reverse("tournaments:penalty", args=[eight.pk]), {**body, "confirmed": "1"}, follow=True)
    assert "Disqualification recorded for alice." in messages_of(done)
    assert Penalty.objects.get().kind == "disqualification" and standing(eight, penalised)["disqualified"]


def test_other_penalties_from_the_page_need_no_confirmation(client, organiser, alice, eight):
    penalised, _opponent, _match = table_of(eight, alice)
    client.force_login(organiser)
    body = {"entrant": penalised.pk, "kind": "warning", "reason": "Slow play"}
    done = client.post(reverse("tournaments:penalty", args=[eight.pk]), body, follow=True)
    assert "Warning recorded for alice." in messages_of(done)


def test_undoing_the_drop_does_not_take_back_a_disqualification(client, organiser, alice, eight):
    penalised, _opponent, _match = table_of(eight, alice)
    judging.give_penalty(eight, organiser, penalised.pk, "disqualification", "Cheating")
    client.force_login(organiser)
    listed = client.get(reverse("tournaments:manage_players", args=[eight.pk]))
    row = listed.text[listed.text.index(f"{penalised.name}</") :].split("</tr>")[0]
    assert "disqualified" in row and "Undo the drop" not in row  # no button to take it back
    refused = client.post(reverse("tournaments:undo_drop", args=[eight.pk, penalised.pk]), follow=True)
    refusal = f"{penalised.name} was disqualified by a judge: to let them play on, take the disqualification back on the judging page."
    assert refusal in [html.unescape(message) for message in messages_of(refused)]
    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post(f"/api/v1/tournaments/{eight.pk}/entrants/{penalised.pk}/undo-drop/")
    assert answer.status_code == 409 and answer.json()["code"] == "event.undrop_disqualified"
    penalised.refresh_from_db()
    assert penalised.dropped_after == 1


def drawn_deck_check(client, organiser, event):
    """One table's deck check drawn, and its outcome form's URL, the organiser signed in."""
    check = judging.draw_deck_check(event, organiser, 1, seed="illegal")
    checked = check.decks.select_related("entrant").first()
    client.force_login(organiser)
    return checked, reverse("tournaments:deck_check_outcome", args=[event.pk, checked.pk])


def test_a_deck_check_problem_that_disqualifies_asks_first_too(client, organiser, eight):
    checked, url = drawn_deck_check(client, organiser, eight)
    body = {"outcome": "problem", "note": "Four copies of a limit-1 card", "penalty": "disqualification"}
    asked = client.post(url, body)
    name = checked.entrant.name
    assert asked.status_code == 200 and f"Yes, disqualify {name}" in html.unescape(asked.text)
    assert "Reason: Four copies of a limit-1 card" in asked.text
    assert f'href="/en/events/{eight.pk}/manage/judging/#deck-checks">Cancel' in asked.text
    checked.refresh_from_db()
    assert checked.outcome == "pending" and not Penalty.objects.exists()

    done = client.post(url, {**body, "confirmed": "1"}, follow=True)
    assert f"Deck check of {name} recorded." in messages_of(done)
    checked.refresh_from_db()
    assert checked.outcome == "problem" and checked.penalty.kind == "disqualification"
    assert standing(eight, checked.entrant)["disqualified"]


def test_a_deck_check_problem_with_a_game_loss_needs_no_confirmation(client, organiser, eight):
    checked, url = drawn_deck_check(client, organiser, eight)
    body = {"outcome": "problem", "note": "Sideboard not registered", "penalty": "game_loss"}
    done = client.post(url, body, follow=True)
    assert f"Deck check of {checked.entrant.name} recorded." in messages_of(done)
    checked.refresh_from_db()
    assert checked.penalty.kind == "game_loss"
    assert Seat.objects.get(match=checked.penalty.match, entrant=checked.entrant).games_conceded == 1
