"""The judges' pages and API reads cost the same queries with 8 players, a penalty, a deck check and a
judge call as with 24 players, five penalties, three deck checks recorded and four calls; and a
finished event's prizes for 8 players or 24 (page_costs)."""

import pytest

from tests.conftest import make_user, page_costs, same_costs
from tests.event_builder import build_event
from tournaments.models import CheckedDeck, Penalty
from tournaments.services import judging
from tournaments.services import staff as staff_services
from tournaments.services.events import finish_event
from tournaments.services.prizes import set_prize_plan

from .conftest import paired_event

pytestmark = pytest.mark.django_db


def judged_event(organiser, tag, users, walk_ins, penalties, checks, calls):
    """Round 1 paired; `penalties` warnings and a game loss, `checks` deck checks with their outcomes
    (an OK, a problem made a penalty), `calls` judge calls (every other one claimed) and a judge."""
    players = [make_user(f"{tag}-player{number}") for number in range(users)]
    event = paired_event(organiser, players, walk_ins)
    judge = make_user(f"{tag}-judge")
    staff_services.add_staff(event, organiser, judge.username, "judge")
    entrants = list(event.entrants.order_by("pk"))
    for entrant in entrants[:penalties]:
        judging.give_penalty(event, organiser, entrant.pk, "warning", "Slow play")
    judging.give_penalty(event, organiser, entrants[-1].pk, "game_loss", "Marked cards")
    for number in range(checks):
        check = judging.draw_deck_check(event, judge, 1, allow_repeat=True, seed=f"{tag}-{number}")
        ok, problem = check.decks.order_by("pk")
        judging.record_deck_check(ok, judge, "ok")
        judging.record_deck_check(problem, judge, "problem", "Sleeves marked", penalty_kind="warning")
    for number, player in enumerate(players[:calls]):
        call = judging.call_judge(event, player)
        if number % 2:
            judging.claim_call(call, judge)
    return event, judge, players[0]


def pages(event):
    base, api = f"/en/events/{event.pk}", f"/api/v1/tournaments/{event.pk}"
    checked = CheckedDeck.objects.filter(deck_check__event=event).order_by("pk").last()
    penalty = Penalty.objects.filter(event=event).order_by("pk").last()
    return [
        f"{base}/manage/judging/",
        f"{base}/manage/judging/calls/",
        f"{base}/manage/judging/penalties.csv",
        f"{base}/manage/judging/deck-checks/{checked.pk}/sheet/",
        f"{base}/manage/judging/penalties/{penalty.pk}/take-back/",
        f"{base}/manage/log/",
        f"{api}/penalties/",
        f"{api}/deck-checks/",
        f"{api}/judge-calls/",
    ]


def costs(client, organiser, tag, **size):
    event, judge, player = judged_event(organiser, tag, **size)
    client.force_login(organiser)
    measured = page_costs(client, pages(event))
    client.force_login(judge)
    measured += page_costs(client, pages(event))
    client.force_login(player)
    return measured + page_costs(client, [f"/api/v1/tournaments/{event.pk}/judge-calls/", f"/en/events/{event.pk}/me/"])


def test_judging_costs_the_same_for_more_players_penalties_deck_checks_and_calls(client, organiser):
    small = costs(client, organiser, "small", users=2, walk_ins=6, penalties=1, checks=1, calls=1)
    large = costs(client, organiser, "large", users=6, walk_ins=18, penalties=4, checks=3, calls=4)
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)


def test_the_deck_checks_read_at_once_say_what_each_check_found(api, organiser):
    event, judge, _player = judged_event(organiser, "read", users=2, walk_ins=6, penalties=0, checks=2, calls=0)
    api.force_authenticate(judge)
    checks = api.get(f"/api/v1/tournaments/{event.pk}/deck-checks/").json()["deck_checks"]
    assert len(checks) == 2
    for check in checks:
        decks = CheckedDeck.objects.filter(deck_check_id=check["id"]).select_related("entrant").order_by("pk")
        assert [(deck["name"], deck["outcome"]) for deck in check["decks"]] == [
            (deck.entrant.name, deck.outcome) for deck in decks
        ]
        assert [deck["outcome"] for deck in check["decks"]] == ["ok", "problem"]
        assert check["decks"][1]["penalty"] is not None


def test_the_prizes_cost_the_same_for_more_players_once_fixed(client, organiser):
    """A finished event's prize sheet, its download and the API, fixed from 8 players' standings or 24's."""

    def finished(players):
        event = build_event(organiser, players, 2, pending=False, name=f"{players} for prizes")
        set_prize_plan(event, organiser, {"scheme": "standing", "fixed": 16, "by_standing": [6, 4, 2, 2, 2]})
        finish_event(event, organiser)
        base = f"/en/events/{event.pk}"
        return [
            f"{base}/prizes/",
            f"{base}/prizes.csv",
            f"{base}/manage/judging/",
            f"/api/v1/tournaments/{event.pk}/prizes/",
        ]

    client.force_login(organiser)
    small = page_costs(client, finished(8))
    large = page_costs(client, finished(24))
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)
