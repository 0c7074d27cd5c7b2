"""Where the join code shows (issue 27 item 4): beside the projector’s clock while players can join,
deck building included; on the dashboard until the event starts, then only a line for late entries."""

import pytest

from tests.conftest import join_event
from tournaments.models import Match
from tournaments.services import entrants, events, rounds

pytestmark = pytest.mark.django_db


def test_the_projector_keeps_the_join_code_beside_the_clock_while_players_can_join(client, organiser, alice, bob):
    event = events.create_event(organiser, "Open night", "dust-collectorz", swiss_rounds=3)
    join_event(event, alice)
    join_event(event, bob)
    page = client.get(f"/en/events/{event.pk}/projector/").text
    aside = page[page.index('<aside class="timer projector-clock"') :]
    assert event.join_code in aside and "<svg" in aside
    main = page[page.index('id="projector-live"') : page.index("<aside")]
    assert event.join_code not in main  # never pushed down by a list of names
    fragment = client.get(f"/en/events/{event.pk}/projector/?fragment=join")
    assert event.join_code in fragment.text
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    # Round 1 is on: late entries still join with the code, so it stays in view
    assert event.join_code in client.get(f"/en/events/{event.pk}/projector/?fragment=join").text
    Match.objects.filter(round__event=event).update(status=Match.Status.CONFIRMED)
    events.finish_event(event, organiser)  # nobody can join any more: the code goes
    assert client.get(f"/en/events/{event.pk}/projector/?fragment=join").text.strip() == ""
    assert event.join_code not in client.get(f"/en/events/{event.pk}/projector/").text


def test_the_join_box_leaves_the_dashboard_once_the_event_starts(client, organiser, alice, bob):
    event = events.create_event(organiser, "Open night", "dust-collectorz", swiss_rounds=3)
    join_event(event, alice)
    join_event(event, bob)
    client.force_login(organiser)
    before = client.get(f"/en/events/{event.pk}/manage/").text
    assert 'class="tile join-panel"' in before and "<svg" in before
    events.start_event(event, organiser)
    after = client.get(f"/en/events/{event.pk}/manage/").text
    assert 'class="tile join-panel"' not in after and "<svg" not in after
    assert f"Late entries can still join with the code {event.join_code}." in after
    entrants.add_entrant(event, organiser, name="Late Lou")  # a late entry still gets in
