"""Staff: the organiser names judges and scorekeepers; each role does what tournaments.access allows."""

import html

import pytest

from tests.conftest import make_user
from tournaments.access import can
from tournaments.models import AuditEntry, EventStaff, Match
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services
from tournaments.services import staff as staff_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    event = event_services.create_event(organiser, "Store Swiss", "dust-collectorz", swiss_rounds=3)
    for name in ("Ann", "Ben", "Cid", "Dee"):
        entrant_services.add_entrant(event, organiser, name=name)
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    return event


@pytest.fixture
def judge(event, organiser):
    user = make_user("jules")
    staff_services.add_staff(event, organiser, "jules", "judge")
    return user


@pytest.fixture
def scorekeeper(event, organiser):
    user = make_user("sam")
    staff_services.add_staff(event, organiser, "Sam", "scorekeeper")
    return user


def first_table(event):
    return Match.objects.filter(round__event=event).order_by("table").first()


def wins(match, first, second):
    a, b = match.seats.order_by("pk").values_list("entrant_id", flat=True)
    return {f"wins_{a}": first, f"wins_{b}": second, "draws": 0}


def test_roles_grant_their_capabilities_only(event, organiser, judge, scorekeeper, alice):
    for capability in ("manage", "see_decklists", "enter_results", "correct_results", "penalties", "deck_checks"):
        assert can(organiser, event, capability)
        assert can(judge, event, capability) is (capability != "manage")
        assert can(scorekeeper, event, capability) is (capability == "enter_results")
        assert not can(alice, event, capability)


def test_organiser_adds_changes_and_removes_staff_on_the_staff_page(client, event, organiser):
    make_user("jules")
    client.force_login(organiser)
    response = client.post(f"/en/events/{event.pk}/manage/staff/", {"username": "jules", "role": "judge"}, follow=True)
    assert "jules is on the staff: Judge." in response.text
    response = client.post(
        f"/en/events/{event.pk}/manage/staff/", {"username": "jules", "role": "scorekeeper"}, follow=True
    )
    assert EventStaff.objects.get(event=event).role == "scorekeeper"
    member = EventStaff.objects.get(event=event)
    response = client.post(f"/en/events/{event.pk}/manage/staff/{member.user_id}/remove/", follow=True)
    assert "jules is no longer on the staff." in response.text
    assert not EventStaff.objects.filter(event=event).exists()
    logged = list(AuditEntry.objects.filter(event=event, action__startswith="staff.").values_list("action", flat=True))
    assert sorted(logged) == ["staff.add", "staff.remove", "staff.role"]
    page = client.get(f"/en/events/{event.pk}/manage/")
    assert "Staff member added" in page.text


def test_bad_staff_input_is_explained_and_changes_nothing(client, event, organiser):
    client.force_login(organiser)
    response = client.post(f"/en/events/{event.pk}/manage/staff/", {"username": "nobody", "role": "judge"})
    assert "There is no account named “nobody”." in response.text
    response = client.post(f"/en/events/{event.pk}/manage/staff/", {"username": "olivia", "role": "judge"})
    assert "The organiser already has every right" in response.text
    response = client.post(f"/en/events/{event.pk}/manage/staff/", {"username": "olivia", "role": "boss"})
    assert response.status_code == 200
    assert not EventStaff.objects.exists()
    response = client.post(f"/fr/events/{event.pk}/manage/staff/", {"username": "personne", "role": "judge"})
    assert "Il n’y a aucun compte nommé «\xa0personne\xa0»." in response.text


def test_staff_page_is_the_organisers_only(client, event, judge, alice):
    client.force_login(judge)
    assert client.get(f"/en/events/{event.pk}/manage/staff/").status_code == 403
    assert (
        client.post(f"/en/events/{event.pk}/manage/staff/", {"username": "alice", "role": "judge"}).status_code == 403
    )
    client.force_login(alice)
    assert client.get(f"/en/events/{event.pk}/manage/staff/").status_code == 403
    assert not EventStaff.objects.filter(user=alice).exists()


def test_scorekeeper_enters_a_missing_result_but_cannot_change_a_confirmed_one(client, event, scorekeeper):
    client.force_login(scorekeeper)
    desk = client.get(f"/en/events/{event.pk}/manage/results/")
    assert desk.status_code == 200
    assert "Scorekeeper" in desk.text
    match = first_table(event)
    response = client.post(f"/en/events/{event.pk}/manage/matches/{match.pk}/result/", wins(match, 2, 0), follow=True)
    assert response.redirect_chain[-1][0].startswith(f"/en/events/{event.pk}/manage/results/")
    assert "Table 1: result saved." in response.text
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    response = client.post(f"/en/events/{event.pk}/manage/matches/{match.pk}/result/", wins(match, 0, 2), follow=True)
    assert "Only the event's organiser and judges can correct results." in html.unescape(response.text)
    assert match.seats.order_by("pk").first().game_wins == 2
    assert client.get(f"/en/events/{event.pk}/manage/matches/{match.pk}/correction/").status_code == 403
    assert client.get(f"/en/events/{event.pk}/manage/").status_code == 403
    assert client.post(f"/en/events/{event.pk}/manage/pair/").status_code == 403


def test_judge_corrects_a_result_with_a_reason(client, event, organiser, judge):
    match = first_table(event)
    client.force_login(judge)
    client.post(f"/en/events/{event.pk}/manage/matches/{match.pk}/result/", wins(match, 2, 1))
    response = client.post(
        f"/en/events/{event.pk}/manage/matches/{match.pk}/correction/", {**wins(match, 1, 2), "reason": "slip misread"}
    )
    assert response.status_code == 302
    entry = AuditEntry.objects.filter(event=event, action="result.correct").get()
    assert entry.actor == judge
    assert entry.after["reason"] == "slip misread"
    log = client.get(f"/en/events/{event.pk}/manage/results/")
    assert log.status_code == 200


def test_staff_api(api, event, organiser, judge, scorekeeper, alice):
    api.force_authenticate(alice)
    assert api.get(f"/api/v1/tournaments/{event.pk}/staff/").status_code == 403
    response = api.post(f"/api/v1/tournaments/{event.pk}/staff/", {"username": "alice", "role": "judge"}, format="json")
    assert response.status_code == 403
    assert response.json()["message"] == "Only the event's organiser can do this."
    api.force_authenticate(judge)
    assert {m["username"] for m in api.get(f"/api/v1/tournaments/{event.pk}/staff/").json()} == {"jules", "sam"}
    api.force_authenticate(organiser)
    response = api.post(f"/api/v1/tournaments/{event.pk}/staff/", {"username": "alice", "role": "judge"}, format="json")
    assert response.status_code == 201
    assert response.json() == {"user": alice.pk, "username": "alice", "role": "judge"}
    response = api.post(f"/api/v1/tournaments/{event.pk}/staff/", {"username": "ghost", "role": "judge"}, format="json")
    assert response.status_code == 400
    assert "ghost" in response.json()["message"]
    response = api.post(f"/api/v1/tournaments/{event.pk}/staff/", {"username": "alice", "role": "boss"}, format="json")
    assert response.status_code == 400
    assert response.json()["message"]
    assert api.delete(f"/api/v1/tournaments/{event.pk}/staff/{alice.pk}/").status_code == 204
    response = api.delete(f"/api/v1/tournaments/{event.pk}/staff/{alice.pk}/")
    assert response.status_code == 404
    assert response.json()["message"]


def test_scorekeeper_enters_results_through_the_api(api, event, scorekeeper, judge):
    match = first_table(event)
    a, b = match.seats.order_by("pk").values_list("entrant_id", flat=True)
    api.force_authenticate(scorekeeper)
    url = f"/api/v1/matches/{match.pk}/result/"
    assert api.post(url, {"wins": {str(a): 2, str(b): 0}}, format="json").status_code == 200
    refused = api.post(url, {"wins": {str(a): 0, str(b): 2}, "correction": "oops"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["message"] == "Only the event's organiser and judges can correct results."
    assert api.post(f"/api/v1/tournaments/{event.pk}/rounds/").status_code == 403
    api.force_authenticate(judge)
    assert api.post(url, {"wins": {str(a): 0, str(b): 2}}, format="json").status_code == 200


def test_private_event_is_visible_to_its_staff(client, organiser, alice):
    event = event_services.create_event(organiser, "Closed league", "dust-collectorz", is_public=False)
    client.force_login(alice)
    assert client.get(f"/en/events/{event.pk}/").status_code == 404
    staff_services.add_staff(event, organiser, "alice", "scorekeeper")
    page = client.get(f"/en/events/{event.pk}/")
    assert page.status_code == 200
    assert "Results desk" in page.text
