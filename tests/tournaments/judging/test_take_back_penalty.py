"""A penalty given by mistake is taken back by a judge with a reason: its record goes (the log keeps
it) and what it did is undone exactly where that can be done: a game loss's head start leaves the
table, or the result stored since; a disqualification's drop is lifted while no round has been
paired since. A result a penalty rewrote stays until a judge corrects it, and the page says so."""

import html

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import make_user
from tests.tournaments.judging.conftest import paired_event
from tests.tournaments.judging.test_judge_day_scenarios import messages_of, score, standing, table_of
from tournaments.models import AuditAction, AuditEntry, Match, Penalty
from tournaments.services import judging, results, rounds, staff

pytestmark = pytest.mark.django_db


def give(event, organiser, entrant, kind, **options):
    return judging.give_penalty(event, organiser, entrant.pk, kind, "Wrong player picked", **options)


def take_back(event, actor, penalty, reason="Given to the wrong player"):
    return judging.take_back_penalty(event, actor, penalty.pk, reason)


def test_a_head_start_given_by_mistake_leaves_the_table(organiser, alice, eight):
    penalised, opponent, match = table_of(eight, alice)
    penalty = give(eight, organiser, penalised, "game_loss")
    assert score(match) == {penalised.pk: 0, opponent.pk: 1}
    take_back(eight, organiser, penalty)
    assert score(match) == {penalised.pk: 0, opponent.pk: 0} and not Penalty.objects.exists()
    results.record_result(match, organiser, wins={penalised.pk: 2, opponent.pk: 0})
    assert score(match) == {penalised.pk: 2, opponent.pk: 0}  # the game loss no longer counts
    entry = AuditEntry.objects.get(action=AuditAction.PENALTY_TAKE_BACK)
    assert entry.before["kind"] == "game_loss" and entry.after == {"reason": "Given to the wrong player"}


def test_a_head_start_taken_back_after_the_result_leaves_the_stored_result(organiser, alice, eight):
    penalised, opponent, match = table_of(eight, alice)
    penalty = give(eight, organiser, penalised, "game_loss")
    results.record_result(match, organiser, wins={penalised.pk: 2, opponent.pk: 0})  # played 2-0: stored 2-1
    assert score(match) == {penalised.pk: 2, opponent.pk: 1}
    take_back(eight, organiser, penalty)
    match.refresh_from_db()
    assert score(match) == {penalised.pk: 2, opponent.pk: 0} and match.status == Match.Status.CONFIRMED
    assert match.seats.get(entrant=penalised).games_conceded == 0
    assert standing(eight, penalised)["gw"] == 1  # 2 of 2 games, the standings follow


def test_one_of_two_game_losses_taken_back_leaves_the_other(organiser, alice, eight):
    penalised, opponent, match = table_of(eight, alice)
    first = give(eight, organiser, penalised, "game_loss")
    give(eight, organiser, penalised, "game_loss")
    assert score(match) == {penalised.pk: 0, opponent.pk: 2}
    take_back(eight, organiser, first)
    assert score(match) == {penalised.pk: 0, opponent.pk: 1}
    assert list(Penalty.objects.values_list("kind", flat=True)) == ["game_loss"]


def test_a_disqualification_taken_back_in_its_round_lets_the_player_play_on(organiser, alice, eight):
    penalised, _opponent, _match = table_of(eight, alice)
    penalty = give(eight, organiser, penalised, "disqualification")
    assert standing(eight, penalised)["disqualified"]
    take_back(eight, organiser, penalty)
    penalised.refresh_from_db()
    assert not penalised.dropped and not standing(eight, penalised)["disqualified"]


def test_a_disqualification_cannot_be_taken_back_once_a_round_is_paired_since(organiser, alice, eight):
    penalised, _opponent, _match = table_of(eight, alice)
    penalty = give(eight, organiser, penalised, "disqualification")
    for match in Match.objects.filter(round__event=eight, status=Match.Status.PENDING, is_bye=False):
        first, second = match.seats.values_list("entrant_id", flat=True)
        results.record_result(match, organiser, wins={first: 2, second: 0})
    rounds.pair_next_round(eight, organiser)
    with pytest.raises(Exception, match="a round has been paired since"):
        take_back(eight, organiser, penalty)
    assert Penalty.objects.filter(pk=penalty.pk).exists()


def test_a_rewritten_result_stays_and_the_page_says_to_correct_it(client, organiser, alice, eight):
    penalised, opponent, match = table_of(eight, alice)
    results.record_result(match, organiser, wins={penalised.pk: 2, opponent.pk: 0})
    penalty = give(eight, organiser, penalised, "match_loss", correction="Found after the match")
    assert score(match) == {penalised.pk: 0, opponent.pk: 2}
    client.force_login(organiser)
    url = reverse("tournaments:take_back_penalty", args=[eight.pk, penalty.pk])
    asked = client.get(url)
    assert asked.status_code == 200 and f"Take back this penalty of {penalised.name} (Match loss)?" in html.unescape(
        asked.text
    )
    assert f"The result of table {match.table} stays as the penalty left it" in asked.text
    refused = client.post(url, {"reason": ""})
    assert refused.status_code == 200 and Penalty.objects.filter(pk=penalty.pk).exists()  # a reason is needed
    done = client.post(url, {"reason": "Wrong table"}, follow=True)
    said = messages_of(done)
    assert f"Penalty taken back for {penalised.name}: Match loss." in said
    assert f"Table {match.table} keeps the result the penalty gave it: correct it if needed." in said
    assert score(match) == {penalised.pk: 0, opponent.pk: 2} and not Penalty.objects.exists()


def test_only_staff_take_back_and_the_api_answers_as_the_page(client, organiser, alice, eight):
    penalised, _opponent, match = table_of(eight, alice)
    penalty = give(eight, organiser, penalised, "game_loss")
    sandra = make_user("sandra")
    staff.add_staff(eight, organiser, "sandra", "scorekeeper")
    api = APIClient()
    for outsider in (sandra, alice):
        client.force_login(outsider)
        page = client.post(reverse("tournaments:take_back_penalty", args=[eight.pk, penalty.pk]), {"reason": "x"})
        api.force_authenticate(outsider)
        answer = api.post(f"/api/v1/tournaments/{eight.pk}/penalties/{penalty.pk}/take-back/", {}, format="json")
        assert page.status_code == 403 and answer.status_code == 403  # refused before the body is read
    assert Penalty.objects.filter(pk=penalty.pk).exists()

    judge = make_user("jules")
    staff.add_staff(eight, organiser, "jules", "judge")
    api.force_authenticate(judge)
    answer = api.post(
        f"/api/v1/tournaments/{eight.pk}/penalties/{penalty.pk}/take-back/", {"reason": "Oops"}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json() == {
        "taken_back": penalty.pk, "kind": "game_loss", "entrant": penalised.pk, "result_left_to_correct": None,
    }  # fmt: skip
    again = api.post(
        f"/api/v1/tournaments/{eight.pk}/penalties/{penalty.pk}/take-back/", {"reason": "Oops"}, format="json"
    )
    assert again.status_code == 404 and again.json()["code"] == "penalty.not_found"
    assert score(match) == {penalised.pk: 0, _opponent.pk: 0}


def test_the_judging_page_offers_it_and_the_log_tells_it(client, organiser, alice, eight):
    penalised, _opponent, _match = table_of(eight, alice)
    penalty = give(eight, organiser, penalised, "warning")
    client.force_login(organiser)
    page = client.get(reverse("tournaments:judging", args=[eight.pk])).text
    assert reverse("tournaments:take_back_penalty", args=[eight.pk, penalty.pk]) in page
    take_back(eight, organiser, penalty, "Not an infraction")
    log = client.get(reverse("tournaments:event_log", args=[eight.pk])).text
    assert "Penalty taken back" in log and "taken back: Not an infraction" in log


def test_anonymous_visitors_and_another_event_cannot_reach_a_penalty(client, organiser, alice, eight):
    penalised, _opponent, _match = table_of(eight, alice)
    penalty = give(eight, organiser, penalised, "warning")
    page = reverse("tournaments:take_back_penalty", args=[eight.pk, penalty.pk])
    api_url = f"/api/v1/tournaments/{eight.pk}/penalties/{penalty.pk}/take-back/"
    anonymous = client.post(page, {"reason": "x"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert APIClient().post(api_url, {"reason": "x"}, format="json").status_code == 401
    # The organiser's other event: this penalty is not in it, on the page and through the API.
    elsewhere = paired_event(organiser, (), 4)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:take_back_penalty", args=[elsewhere.pk, penalty.pk])).status_code == 404
    api = APIClient()
    api.force_authenticate(organiser)
    wrong = api.post(f"/api/v1/tournaments/{elsewhere.pk}/penalties/{penalty.pk}/take-back/", {"reason": "x"})
    assert wrong.status_code == 404 and wrong.json()["code"] == "penalty.not_found"
    assert Penalty.objects.filter(pk=penalty.pk).exists()
