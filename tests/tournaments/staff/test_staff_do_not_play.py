"""Staff don't play: a judge who plays would read opponents' decklists and rule on their own table.
Every door refuses it: adding staff, the join page and code, the API, the waitlist and a team."""

import pytest

from tests.conftest import make_user
from tournaments.access import can
from tournaments.models import EventStaff, WaitlistEntry
from tournaments.services import entrants as entrant_services
from tournaments.services import entrants_teams
from tournaments.services import events as event_services
from tournaments.services import staff as staff_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    return event_services.create_event(organiser, "Store Swiss", "dust-collectorz", swiss_rounds=3)


def test_a_player_is_not_added_to_the_staff_page_or_api(client, api, event, organiser, alice):
    entrant_services.register_player(event, alice)
    client.force_login(organiser)
    page = client.post(f"/en/events/{event.pk}/manage/staff/", {"username": "alice", "role": "judge"})
    assert "alice plays in this event, and staff don&#x27;t play" in page.text
    api.force_authenticate(organiser)
    refused = api.post(f"/api/v1/tournaments/{event.pk}/staff/", {"username": "alice", "role": "scorekeeper"})
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "staff.plays" and "username" in body["errors"]
    assert not EventStaff.objects.filter(event=event).exists()


def test_someone_waiting_for_a_place_is_not_added_to_the_staff(event, organiser, alice, bob):
    entrant_services.set_capacity(event, organiser, 2)
    entrant_services.register_player(event, bob)
    entrant_services.add_entrant(event, organiser, name="Walk-in")
    assert isinstance(entrant_services.register_player(event, alice), WaitlistEntry)
    with pytest.raises(Exception) as refused:
        staff_services.add_staff(event, organiser, "alice", "judge")
    assert refused.value.code == "staff.waiting"


def test_a_judge_cannot_register_by_page_code_or_api(client, api, event, organiser, alice):
    staff_services.add_staff(event, organiser, "alice", "judge")
    client.force_login(alice)
    page = client.post(f"/en/events/{event.pk}/register/", {"deck": ""}, follow=True)
    assert "You are on this event&#x27;s staff, and staff don&#x27;t play" in page.text
    api.force_authenticate(alice)
    by_code = api.post("/api/v1/tournaments/join/", {"code": event.join_code}, format="json")
    assert by_code.status_code == 409 and by_code.json()["code"] == "event.staff_cannot_play"
    by_id = api.post(f"/api/v1/tournaments/{event.pk}/entrants/", {"user": alice.pk}, format="json")
    assert by_id.status_code == 409
    assert not event.entrants.exists()
    assert can(alice, event, "see_decklists")


def test_a_judge_does_not_join_the_waitlist(event, organiser, alice, bob):
    entrant_services.set_capacity(event, organiser, 2)
    entrant_services.register_player(event, bob)
    entrant_services.add_entrant(event, organiser, name="Walk-in")
    staff_services.add_staff(event, organiser, "alice", "scorekeeper")
    with pytest.raises(Exception) as refused:
        entrant_services.register_player(event, alice)
    assert refused.value.code == "event.staff_cannot_play"
    assert not event.waitlist.exists()


def test_a_judge_named_in_a_team_cannot_link_their_account(organiser):
    event = event_services.create_event(organiser, "Two-Headed", "dust-collectorz", swiss_rounds=3, mode="team")
    jules = make_user("jules")
    team = entrants_teams.add_team(event, organiser, "Pair", ["jules", "Kim"])
    staff_services.add_staff(event, organiser, "jules", "judge")
    with pytest.raises(Exception) as refused:
        entrants_teams.join_team(team, jules)
    assert refused.value.code == "event.staff_cannot_play"
    assert not team.members.exists()


def test_staff_who_already_play_have_no_staff_rights(client, event, organiser, alice):
    """An entry and a staff role together, as before the rule: the player keeps playing, and sees
    neither the decklists nor the results desk."""
    entrant_services.register_player(event, alice)
    EventStaff.objects.create(event=event, user=alice, role=EventStaff.Role.JUDGE)
    assert not can(alice, event, "see_decklists")
    assert not can(alice, event, "correct_results")
    client.force_login(alice)
    assert client.get(f"/en/events/{event.pk}/manage/decklists/").status_code == 403


def test_a_removed_entry_can_then_join_the_staff(event, organiser, alice):
    entrant = entrant_services.register_player(event, alice)
    entrant_services.remove_entrant(entrant, organiser)
    staff_services.add_staff(event, organiser, "alice", "judge")
    assert can(alice, event, "deck_checks")


def test_staff_who_already_play_read_no_other_list_through_the_api(api, event, organiser, alice, bob):
    """The decklists page refuses them (above); the API's lists and the entrant list do too."""
    from catalogue.models import Game
    from decks.models import Deck

    entrant_services.register_player(event, alice)
    theirs = entrant_services.register_player(event, bob)
    deck = Deck.objects.create(owner=bob, name="Bob's secret", game=Game.objects.get(slug="dust-collectorz"))
    event.entrants.filter(pk=theirs.pk).update(deck=deck.versions.create(number=1, content_hash="x"))
    EventStaff.objects.create(event=event, user=alice, role=EventStaff.Role.JUDGE)
    api.force_authenticate(alice)
    assert api.get(f"/api/v1/tournaments/{event.pk}/decklists/").json() == []
    rows = api.get(f"/api/v1/tournaments/{event.pk}/entrants/").json()["results"]
    assert [row["deck"] for row in rows if row["name"] == "bob"] == [None], "which deck bob registered is hidden"
    api.force_authenticate(organiser)
    assert [row["name"] for row in api.get(f"/api/v1/tournaments/{event.pk}/decklists/").json()] == ["bob"]
