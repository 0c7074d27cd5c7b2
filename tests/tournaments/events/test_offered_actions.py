"""A page never offers what the service will refuse, and never hides what it allows: the judging page
and the player's page in each state of an event, read as the judge, the organiser and a player."""

import pytest

from tests.conftest import join_event, make_user
from tests.tournaments.events.test_event_cancel import REASON
from tournaments.models import JudgeCall
from tournaments.services import events as event_services
from tournaments.services import events_cancel as cancel_services
from tournaments.services import judging as judging_services
from tournaments.services import rounds as round_services
from tournaments.services import staff as staff_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge(db):
    return make_user("judy")


def build(state, organiser, players, judge):
    """An event in `state` with a judge; once rounds run, a player's open judge call and a deck check."""
    event = event_services.create_event(organiser, "Offers", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for user in players:
        join_event(event, user)
    staff_services.add_staff(event, organiser, judge.username, "judge")
    if state == "registration":
        return event
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    judging_services.call_judge(event, players[0])
    judging_services.draw_deck_check(event, judge, 1)
    if state == "finished":
        event_services.finish_event(event, organiser)
    if state == "cancelled":
        cancel_services.cancel_event(event, organiser, REASON)
    event.refresh_from_db()
    return event


@pytest.mark.parametrize("state", ["registration", "swiss", "finished", "cancelled"])
def test_the_judging_page_offers_what_the_judge_may_do_in_each_state(client, organiser, alice, bob, judge, state):
    event = build(state, organiser, [alice, bob], judge)
    client.force_login(judge)
    page = client.get(f"/en/events/{event.pk}/manage/judging/").text
    base = f"/en/events/{event.pk}/manage/judging/"
    running = state == "swiss"
    # penalties and deck-check draws need rounds being played; otherwise the page says why
    assert (f'action="{base}penalty/"' in page) is running
    assert (f'action="{base}deck-checks/"' in page) is running
    assert ("Not possible while the event is in" in page) is (state in ("registration", "finished"))
    # the prize pool is the organiser's alone
    assert f'action="{base}prizes/"' not in page and "Only the event's organiser can do this." in page
    if state == "registration":
        return
    call = JudgeCall.objects.get(event=event)
    checked = event.deck_checks.get().decks.first()
    # a cancelled event's call is not claimed, only closed; its deck checks are not written up
    assert (f"{base}calls/{call.pk}/claim/" in page) is (state != "cancelled")
    assert (f"{base}calls/{call.pk}/close/" in page) is (state == "cancelled")
    assert (f"{base}deck-checks/{checked.pk}/" + '"' in page) is (state != "cancelled")
    # a finished event's deck check is recorded without a penalty, which would be refused
    assert ('name="penalty"' in page) is running
    if state == "cancelled":
        client.post(f"{base}calls/{call.pk}/close/")
        assert JudgeCall.objects.get(pk=call.pk).status == JudgeCall.Status.CLOSED


def test_the_organiser_is_offered_the_prize_pool(client, organiser, alice, bob, judge):
    event = build("registration", organiser, [alice, bob], judge)
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/judging/").text
    assert f'action="/en/events/{event.pk}/manage/judging/prizes/"' in page


@pytest.mark.parametrize("state", ["registration", "cancelled"])
def test_the_players_page_offers_a_drop_but_no_deck_change_once_cancelled(client, organiser, alice, bob, judge, state):
    event = build(state, organiser, [alice, bob], judge)
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/me/").text
    # a player may withdraw until the event is over (services.entrants.drop), before the start too
    assert f"/en/events/{event.pk}/me/drop/" in page
    # a cancelled event takes no list (services.decklists): the page shows why instead
    assert ("Register a deck" in page or "Change my deck" in page) is (state != "cancelled")
    assert (REASON in page) is (state == "cancelled")
