"""Getting in (issue 14, section 6): capacity with a waitlist, the join code and its QR code, and the
event's date and venue on its pages and exports."""

import datetime
import re

import pytest
from django.utils import timezone
from django.utils.translation import override

from core.errors import DomainError
from tests.conftest import join_event, make_user
from tests.exports_support import read_dicts, read_rows
from tournaments.models import AuditAction, AuditEntry, Entrant, Event, JudgeCall, Match, WaitlistEntry
from tournaments.services import entrants as entrant_services
from tournaments.services import entrants_doors, events
from tournaments.services import judging as judging_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db


def full_event(organiser, capacity=2, players=("p1", "p2")):
    event = events.create_event(organiser, "Full house", "dust-collectorz", capacity=capacity)
    entrants = [entrant_services.register_player(event, make_user(name)) for name in players]
    return Event.objects.get(pk=event.pk), entrants


def waiting_names(event):
    return [entry.user.username for entry in entrant_services.waiting(event)]


# Capacity and the waitlist (services)


def test_a_player_beyond_capacity_waits_in_line_and_is_not_an_entrant(organiser):
    event, _entrants = full_event(organiser)
    carla, dave = make_user("carla"), make_user("dave")
    assert isinstance(entrant_services.register_player(event, carla), WaitlistEntry)
    assert isinstance(entrant_services.register_player(event, dave), WaitlistEntry)
    assert event.entrants.count() == 2 and waiting_names(event) == ["carla", "dave"]
    assert (entrant_services.position(event, carla), entrant_services.position(event, dave)) == (1, 2)
    with pytest.raises(DomainError) as again:
        entrant_services.register_player(event, carla)
    assert again.value.code == "waitlist.already_waiting" and "number 1" in again.value.message
    assert AuditEntry.objects.filter(event=event, action=AuditAction.WAITLIST_JOIN).count() == 2


def test_a_freed_place_goes_to_the_first_in_line_exactly_once(organiser):
    event, entrants = full_event(organiser)
    carla, dave = make_user("carla"), make_user("dave")
    entrant_services.register_player(event, carla)
    entrant_services.register_player(event, dave)
    entrant_services.remove_entrant(entrants[0], organiser)
    assert event.entrants.filter(user=carla).exists() and not event.entrants.filter(user=dave).exists()
    assert waiting_names(event) == ["dave"] and entrant_services.position(event, dave) == 1
    promoted = AuditEntry.objects.filter(event=event, action=AuditAction.WAITLIST_PROMOTE)
    assert [entry.entrant_name for entry in promoted] == ["carla"]
    # The event is full again: nothing more happens until another place is freed.
    events.update_event(event, organiser, name="Full house II")
    assert promoted.count() == 1 and event.entrants.count() == 2


def test_a_player_who_withdraws_before_the_start_frees_a_place(organiser):
    event, entrants = full_event(organiser)
    carla = make_user("carla")
    entrant_services.register_player(event, carla)
    entrant_services.drop(entrants[1], entrants[1].user)  # the player withdraws themselves
    carla_entry = event.entrants.get(user=carla)
    assert carla_entry.from_waitlist.promoted_at is not None
    assert entrant_services.places_taken(event) == 2


def test_raising_capacity_promotes_in_order_and_lowering_below_the_entrants_is_refused(organiser):
    event, _entrants = full_event(organiser)
    for name in ("carla", "dave", "erin"):
        entrant_services.register_player(event, make_user(name))
    with pytest.raises(DomainError) as lower:
        entrant_services.set_capacity(event, organiser, 1)
    assert lower.value.code == "capacity.invalid"
    entrant_services.set_capacity(event, organiser, 3)
    with pytest.raises(DomainError) as below:
        events.update_event(event, organiser, capacity=2)
    assert below.value.code == "capacity.below_entrants" and "3 players" in below.value.message
    assert Event.objects.get(pk=event.pk).settings.capacity == 3
    events.update_event(event, organiser, capacity=None)  # no limit: everyone waiting gets in
    assert sorted(event.entrants.values_list("user__username", flat=True)) == ["carla", "dave", "erin", "p1", "p2"]
    assert waiting_names(event) == []


def test_the_organiser_cannot_add_past_capacity(organiser):
    event, _entrants = full_event(organiser)
    with pytest.raises(DomainError) as full:
        entrant_services.add_entrant(event, organiser, name="Walk-in")
    assert full.value.code == "capacity.full" and full.value.status == 409
    assert "More places than capacity" in full.value.message and "Walk-in" in full.value.message
    with override("fr"):
        assert "capacité" in DomainError("capacity.full", capacity=2, name="X").message
    assert event.entrants.count() == 2
    entrant_services.set_capacity(event, organiser, 3)
    entrant_services.add_entrant(event, organiser, name="Walk-in")
    assert event.entrants.count() == 3


def test_a_waiting_player_can_leave_and_others_move_up(organiser):
    event, _entrants = full_event(organiser)
    carla, dave = make_user("carla"), make_user("dave")
    entrant_services.register_player(event, carla)
    entrant_services.register_player(event, dave)
    entrant_services.leave_waitlist(event, carla)
    assert waiting_names(event) == ["dave"] and entrant_services.position(event, dave) == 1
    with pytest.raises(DomainError) as gone:
        entrant_services.leave_waitlist(event, carla)
    assert gone.value.status == 404


def test_no_promotion_once_the_event_has_started(organiser):
    event, entrants = full_event(organiser, capacity=3, players=("p1", "p2", "p3"))
    carla = make_user("carla")
    entrant_services.register_player(event, carla)
    for entrant in entrants[:2]:
        entrant_services.check_in(entrant, organiser)
    events.start_event(event, organiser)  # p3 did not check in: left out, but nobody moves up now
    event.refresh_from_db()
    assert not event.entrants.filter(user=carla).exists() and waiting_names(event) == ["carla"]
    assert "no more places are given" in DomainError("capacity.full_started").message


def test_pairing_ignores_the_waitlist(organiser):
    event, entrants = full_event(organiser)
    entrant_services.register_player(event, make_user("carla"))
    for entrant in entrants:
        entrant_services.check_in(entrant, organiser)
    events.start_event(event, organiser)
    round_ = round_services.pair_next_round(event, organiser)
    seated = set(round_.matches.values_list("seats__entrant__user__username", flat=True))
    assert seated == {"p1", "p2"}


# Capacity and the waitlist (pages)


def test_the_player_is_told_their_number_then_that_they_got_a_place(client, organiser):
    event, entrants = full_event(organiser)
    carla = make_user("carla")
    client.force_login(carla)
    response = client.post(f"/en/events/{event.pk}/register/", {"deck": ""}, follow=True)
    assert "number 1 on the waitlist" in response.text
    page = client.get(f"/en/events/{event.pk}/").text
    assert "You are number 1 on the waitlist." in page and "Register for this event" not in page
    assert "2 of 2 places taken · 1 player on the waitlist." in page
    with override("it"):
        assert "numero 1" in client.get(f"/it/events/{event.pk}/").text
    entrant_services.remove_entrant(entrants[0], organiser)
    page = client.get(f"/en/events/{event.pk}/").text
    assert "You got a place" in page and "You are number" not in page
    assert "You got a place" in client.get(f"/en/events/{event.pk}/me/").text


def test_leaving_the_waitlist_from_the_page(client, organiser):
    event, _entrants = full_event(organiser)
    Event.objects.filter(pk=event.pk).update(is_public=False)  # reached through the join code
    carla = make_user("carla")
    entrant_services.register_player(event, carla)
    client.force_login(carla)
    assert "Leave the waitlist" in client.get(f"/en/events/{event.pk}/register/?code={event.join_code}").text
    response = client.post(f"/en/events/{event.pk}/waitlist/leave/", follow=True)
    assert not event.waitlist.exists() and "You have left the waitlist" in response.text
    assert client.post(f"/en/events/{event.pk}/waitlist/leave/").status_code == 404


def test_a_private_events_waitlist_is_seen_and_left_through_the_api_as_on_the_page(api, organiser):
    """Joined with the code (the API answers 202 with the place): the same player reads their place and
    leaves through the API, as the page lets them; others still get 404."""
    event, _entrants = full_event(organiser)
    Event.objects.filter(pk=event.pk).update(is_public=False)
    carla = make_user("carla")
    api.force_authenticate(carla)
    assert api.post("/api/v1/tournaments/join/", {"code": event.join_code}, format="json").status_code == 202
    assert api.get(f"/api/v1/tournaments/{event.pk}/waitlist/").json()["position"] == 1
    assert api.post(f"/api/v1/tournaments/{event.pk}/waitlist/leave/").status_code == 204
    assert not event.waitlist.exists()
    assert api.post(f"/api/v1/tournaments/{event.pk}/waitlist/leave/").status_code == 404


def test_the_organiser_sees_the_waitlist_in_order_and_sets_capacity(client, organiser):
    event, _entrants = full_event(organiser)
    for name in ("carla", "dave"):
        entrant_services.register_player(event, make_user(name))
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/players/").text
    assert re.search(r"<ol class=\"waitlist\"><li>carla .*</li><li>dave ", page)
    assert "2 of 2 places taken" in page
    data = {"name": event.name, "publication": "none", "top_cut": 0, "best_of": 3, "capacity": 1}
    response = client.post(f"/en/events/{event.pk}/manage/settings/", data)
    assert response.status_code == 200 and Event.objects.get(pk=event.pk).settings.capacity == 2
    data["capacity"] = 3
    client.post(f"/en/events/{event.pk}/manage/settings/", data)
    assert waiting_names(event) == ["dave"]
    response = client.post(f"/en/events/{event.pk}/manage/entrants/", {"name": "Walk-in"}, follow=True)
    assert "More places than capacity" in response.text and not event.entrants.filter(name="Walk-in").exists()


# Join code and QR code


def test_join_codes_are_short_unambiguous_and_unique(organiser):
    codes = {events.create_event(organiser, f"E{n}", "dust-collectorz").join_code for n in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert len(code) == 6 and not set(code) & set("01IOL")


def test_the_join_link_leads_to_registration_after_login(client, organiser, alice):
    event = events.create_event(organiser, "Join me", "dust-collectorz", is_public=False)
    response = client.get(f"/en/events/join/{event.join_code.lower()}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(alice)
    response = client.get(f"/en/events/join/{event.join_code}/", follow=True)
    assert response.status_code == 200 and "Register for Join me" in response.text  # private, but the code opens it
    client.post(response.redirect_chain[-1][0], {"deck": ""})
    assert event.entrants.filter(user=alice).exists()


def test_an_unknown_code_is_404_with_a_message(client):
    response = client.get("/en/events/join/ZZZZZZ/")
    assert response.status_code == 404 and "No event has the join code" in response.text
    assert client.get("/fr/events/join/ZZZZZZ/").status_code == 404
    assert client.get("/en/events/join/?code=zzzzzz").status_code == 404


def test_regenerating_the_code_invalidates_the_old_one(client, organiser):
    event = events.create_event(organiser, "Join me", "dust-collectorz")
    old = event.join_code
    client.force_login(organiser)
    assert "Replace the join code" in client.get(f"/en/events/{event.pk}/manage/join-code/").text
    client.post(f"/en/events/{event.pk}/manage/join-code/")
    event.refresh_from_db()
    assert event.join_code != old
    assert client.get(f"/en/events/join/{old}/").status_code == 404
    assert client.get(f"/en/events/join/{event.join_code}/").status_code == 302
    assert AuditEntry.objects.filter(event=event, action=AuditAction.JOIN_CODE_NEW).count() == 1


def test_registration_by_code_obeys_capacity_and_status(client, organiser):
    event, _entrants = full_event(organiser)
    carla = make_user("carla")
    client.force_login(carla)
    target = client.get(f"/en/events/join/{event.join_code}/")["Location"]
    client.post(target, {"deck": ""})
    assert event.waitlist.filter(user=carla).exists() and not event.entrants.filter(user=carla).exists()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    dave = make_user("dave")
    client.force_login(dave)
    page = client.post(target, {"deck": ""}).text
    assert "Registration is closed." in page and not event.waitlist.filter(user=dave).exists()


def test_the_projector_shows_the_code_and_qr_while_players_can_join(client, organiser, alice):
    event = events.create_event(organiser, "Join me", "dust-collectorz")
    page = client.get(f"/en/events/{event.pk}/projector/").text
    assert event.join_code in page and "<svg" in page and 'class="qr-code"' in page
    assert f"http://testserver/en/events/join/{event.join_code}/" in page
    fragment = client.get(f"/en/events/{event.pk}/projector/?fragment=join")
    assert event.join_code in fragment.text and "<svg" in fragment.text
    old = event.join_code
    entrants_doors.regenerate_join_code(event, organiser)
    event.refresh_from_db()
    again = client.get(f"/en/events/{event.pk}/projector/?fragment=join", HTTP_IF_NONE_MATCH=fragment["ETag"])
    assert again.status_code == 200 and event.join_code in again.text and old not in again.text
    join_event(event, alice)
    entrant_services.add_entrant(event, organiser, name="Ben")
    events.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    assert "<svg" in client.get(f"/en/events/{event.pk}/projector/").text  # late entries join with it
    Match.objects.filter(round__event=event).update(status=Match.Status.CONFIRMED)
    events.finish_event(event, organiser)
    assert "<svg" not in client.get(f"/en/events/{event.pk}/projector/").text


def test_the_dashboard_shows_the_code_and_a_printable_sheet(client, organiser):
    event = events.create_event(organiser, "Join me", "dust-collectorz", capacity=8)
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/").text
    assert event.join_code in page and "<svg" in page and "0 of 8 places taken" in page
    sheet = client.get(f"/en/events/{event.pk}/manage/join-sheet/").text
    assert event.join_code in sheet and "<svg" in sheet and "data-print" in sheet


# Date and venue everywhere


def dated_event(organiser, alice):
    starts = timezone.make_aware(datetime.datetime(2030, 5, 1, 18, 30))
    event = events.create_event(organiser, "Spring cup", "dust-collectorz", starts_at=starts, venue="Back room")
    join_event(event, alice)
    for name in ("Ben", "Cleo", "Dan"):
        entrant_services.add_entrant(event, organiser, name=name)
    return event


EXPECTED_DATES = {"en": "May 1, 2030", "fr": "1 mai 2030", "it": "maggio 2030"}


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_date_and_venue_on_every_page_in_each_language(client, organiser, alice, language):
    event = dated_event(organiser, alice)
    projector_before = client.get(f"/{language}/events/{event.pk}/projector/").text
    assert EXPECTED_DATES[language] in projector_before and "Back room" in projector_before
    events.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    client.force_login(alice)
    base = f"/{language}/events/{event.pk}"
    pages = [
        f"/{language}/events/",
        f"{base}/",
        f"{base}/rounds/1/pairings/",
        f"{base}/rounds/1/slips/",
        f"{base}/standings/",
        f"{base}/prizes/",
        f"{base}/me/",
        f"{base}/projector/",
    ]
    for url in pages:
        page = client.get(url).text
        assert EXPECTED_DATES[language] in page, url
        assert "Back room" in page, url
    client.force_login(organiser)
    assert EXPECTED_DATES[language] in client.get(f"{base}/manage/join-sheet/").text


def test_empty_date_and_venue_show_nothing(client, organiser, alice):
    event = events.create_event(organiser, "Plain", "dust-collectorz")
    page = client.get(f"/en/events/{event.pk}/").text
    assert 'class="when-where' not in page and "<time" not in page
    assert read_rows(client.get(f"/en/events/{event.pk}/standings.csv"))[0][-2:] == ["Starts", "Venue"]


def test_an_edit_of_date_or_venue_changes_the_cached_pages(client, organiser, alice):
    event = dated_event(organiser, alice)
    url = f"/en/events/{event.pk}/"
    first = client.get(url)
    assert "Back room" in first.text
    Event.objects.filter(pk=event.pk).update(venue="Main hall")  # even without the service's bump
    second = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200 and "Main hall" in second.text
    events.update_event(event, organiser, venue="Attic")
    assert "Attic" in client.get(f"/en/events/{event.pk}/standings/").text


def test_exports_carry_date_and_venue(client, api, organiser, alice):
    event = dated_event(organiser, alice)
    events.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    rows = read_dicts(client.get(f"/en/events/{event.pk}/standings.csv"))
    assert {(row["Event"], row["Starts"], row["Venue"]) for row in rows} == {
        ("Spring cup", "05/01/2030 18:30", "Back room")
    }
    body = client.get(f"/en/events/{event.pk}/standings.json").json()
    assert body["event"] == {"name": "Spring cup", "starts_at": "2030-05-01T18:30:00+00:00", "venue": "Back room"}
    assert api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["event"] == body["event"]
    detail = api.get(f"/api/v1/tournaments/{event.pk}/").json()
    assert (detail["starts_at"], detail["venue"]) == ("2030-05-01T18:30:00Z", "Back room")
    client.force_login(organiser)
    for name in ("prizes.csv", "manage/judging/penalties.csv"):
        header, *_rest = read_rows(client.get(f"/en/events/{event.pk}/{name}"))
        assert header[-3:] == ["Event", "Starts", "Venue"], name
    client.post(
        f"/en/events/{event.pk}/manage/judging/prizes/",
        {"scheme": "standing", "per_entrant": 1, "fixed": 0, "table": "2, 1", "participation": 0},
    )
    prizes = read_dicts(client.get(f"/en/events/{event.pk}/prizes.csv"))
    assert prizes and all(row["Starts"] == "05/01/2030 18:30" and row["Venue"] == "Back room" for row in prizes)


# The judge-call queue refreshes itself


def test_the_judge_call_queue_fragment_polls_with_etags(client, organiser, alice):
    event = dated_event(organiser, alice)
    events.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/judging/").text
    assert f'data-live="/en/events/{event.pk}/manage/judging/calls/"' in page
    url = f"/en/events/{event.pk}/manage/judging/calls/"
    empty = client.get(url)
    assert empty.status_code == 200 and "No player is waiting" in empty.text
    assert client.get(url, HTTP_IF_NONE_MATCH=empty["ETag"]).status_code == 304
    call = judging_services.call_judge(event, alice)
    queued = client.get(url, HTTP_IF_NONE_MATCH=empty["ETag"])
    assert queued.status_code == 200 and "alice" in queued.text and "On my way" in queued.text
    assert client.get(url, HTTP_IF_NONE_MATCH=queued["ETag"]).status_code == 304
    client.post(f"/en/events/{event.pk}/manage/judging/calls/{call.pk}/claim/")
    claimed = client.get(url, HTTP_IF_NONE_MATCH=queued["ETag"])
    assert claimed.status_code == 200 and "Done" in claimed.text
    assert JudgeCall.objects.get(pk=call.pk).status == JudgeCall.Status.CLAIMED
    client.force_login(alice)
    assert client.get(url).status_code == 403


# API


def test_api_registration_waitlist_and_capacity(api, organiser, alice, bob):
    api.force_authenticate(organiser)
    response = api.post("/api/v1/tournaments/", {"name": "API cup", "game": "dust-collectorz", "capacity": 2})
    assert response.status_code == 201, response.json()
    pk = response.json()["id"]
    assert response.json()["capacity"] == 2
    event = Event.objects.get(pk=pk)
    entrant_services.add_entrant(event, organiser, name="Walk-in")
    api.force_authenticate(alice)
    assert api.post(f"/api/v1/tournaments/{pk}/entrants/", {"user": alice.pk}, format="json").status_code == 201
    api.force_authenticate(bob)
    waiting = api.post(f"/api/v1/tournaments/{pk}/entrants/", {"user": bob.pk}, format="json")
    assert waiting.status_code == 202 and waiting.json()["position"] == 1
    assert api.get(f"/api/v1/tournaments/{pk}/waitlist/").json()["position"] == 1
    api.force_authenticate(organiser)
    full = api.post(f"/api/v1/tournaments/{pk}/entrants/", {"name": "Late"}, format="json")
    assert full.status_code == 409 and "More places than capacity" in full.json()["message"]
    listed = api.get(f"/api/v1/tournaments/{pk}/waitlist/").json()
    assert [row["username"] for row in listed["waiting"]] == ["bob"], listed
    low = api.post(f"/api/v1/tournaments/{pk}/capacity/", {"capacity": 2}, format="json")
    assert low.status_code == 200
    too_low = api.post(f"/api/v1/tournaments/{pk}/capacity/", {"capacity": 1}, format="json")
    assert too_low.status_code == 400 and too_low.json()["message"]
    raised = api.post(f"/api/v1/tournaments/{pk}/capacity/", {"capacity": 3}, format="json")
    assert raised.status_code == 200 and event.entrants.filter(user=bob).exists()
    api.force_authenticate(alice)
    assert api.post(f"/api/v1/tournaments/{pk}/capacity/", {"capacity": 9}, format="json").status_code == 403
    assert Event.objects.get(pk=pk).settings.capacity == 3


def test_api_join_code_and_leaving_the_waitlist(api, organiser, alice, bob):
    event, _entrants = full_event(organiser)
    api.force_authenticate(organiser)
    code = api.get(f"/api/v1/tournaments/{event.pk}/join-code/").json()
    assert code["join_code"] == event.join_code and code["join_url"].endswith(f"/events/join/{event.join_code}/")
    fresh = api.post(f"/api/v1/tournaments/{event.pk}/join-code/").json()["join_code"]
    assert fresh != event.join_code
    api.force_authenticate(alice)
    assert api.get(f"/api/v1/tournaments/{event.pk}/join-code/").status_code == 403
    assert api.post("/api/v1/tournaments/join/", {"code": event.join_code}, format="json").status_code == 404
    joined = api.post("/api/v1/tournaments/join/", {"code": fresh.lower()}, format="json")
    assert joined.status_code == 202 and joined.json()["position"] == 1
    assert api.post(f"/api/v1/tournaments/{event.pk}/waitlist/leave/").status_code == 204
    again = api.post(f"/api/v1/tournaments/{event.pk}/waitlist/leave/")
    assert again.status_code == 404 and again.json()["message"]
    api.force_authenticate(None)
    assert api.post("/api/v1/tournaments/join/", {"code": fresh}, format="json").status_code in (401, 403)


def test_an_event_with_room_gives_a_place_through_the_code(api, organiser, alice):
    event = events.create_event(organiser, "Room", "dust-collectorz", capacity=4)
    api.force_authenticate(alice)
    response = api.post("/api/v1/tournaments/join/", {"code": event.join_code}, format="json")
    assert response.status_code == 201 and Entrant.objects.get(pk=response.json()["id"]).user == alice


def test_undoing_a_drop_whose_place_went_to_the_waitlist_is_refused(organiser):
    event, entrants = full_event(organiser)
    entrant_services.register_player(event, make_user("carla"))
    entrant_services.drop(entrants[0], organiser)
    with pytest.raises(DomainError) as full:
        entrant_services.undo_drop(entrants[0], organiser)
    assert full.value.code == "capacity.full"
    assert Entrant.objects.get(pk=entrants[0].pk).dropped


def test_the_event_form_takes_date_venue_and_capacity(client, organiser):
    client.force_login(organiser)
    form = client.get("/en/events/new/").text
    assert 'name="starts_at"' in form and 'name="venue"' in form and 'name="capacity"' in form
    data = {
        "name": "Form cup",
        "game": "dust-collectorz",
        "format": "",
        "mode": "versus",
        "pod_size": 4,
        "pod_points": "3-1-0-0",
        "best_of": 3,
        "top_cut": 0,
        "tiebreakers": "mtr",
        "round_minutes": 50,
        "is_public": "on",
        "late_entry_losses": "on",
        "publication": "none",
        "starts_at": "2030-05-01T18:30",
        "venue": "Back room",
        "capacity": 16,
    }
    response = client.post("/en/events/new/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Form cup")
    assert (event.venue, event.settings.capacity, timezone.localtime(event.starts_at).hour) == ("Back room", 16, 18)
    settings_page = client.get(f"/en/events/{event.pk}/manage/settings/").text
    assert 'name="capacity"' in settings_page and 'value="16"' in settings_page


def test_the_log_says_what_happened_to_places(client, organiser):
    event, entrants = full_event(organiser)
    entrant_services.register_player(event, make_user("carla"))
    entrant_services.set_capacity(event, organiser, 3)
    client.force_login(organiser)
    log = client.get(f"/en/events/{event.pk}/manage/log/").text
    assert "Joined the waitlist" in log and "number 1 in line" in log
    assert "Place given from the waitlist" in log and "places: 2 → 3" in log
    assert "places\xa0: 2 → 3" in client.get(f"/fr/events/{event.pk}/manage/log/").text


def test_a_late_arrival_let_back_in_after_the_start_is_checked_in_and_paired(organiser):
    """Left out at the start for not checking in; the organiser takes that drop back when they walk in."""
    event = events.create_event(organiser, "Late night", "dust-collectorz", swiss_rounds=2)
    for name in ("Ann", "Ben", "Cy"):  # walk-ins at the desk: checked in
        entrant_services.add_entrant(event, organiser, name=name)
    late = entrant_services.register_player(event, make_user("dee"))
    events.start_event(event, organiser)
    late = entrant_services.undo_drop(Entrant.objects.get(pk=late.pk), organiser)
    assert Entrant.objects.get(pk=late.pk).checked_in and not late.dropped
    round_services.pair_next_round(event, organiser)
    assert Match.objects.filter(round__event=event, seats__entrant=late).exists()


def test_the_api_lists_entrants_by_name_a_page_at_a_time(api, organiser):
    event = events.create_event(organiser, "Big night", "dust-collectorz")
    for name in ("Zoe", "Ann", "Mia"):
        entrant_services.add_entrant(event, organiser, name=name)
    api.force_authenticate(organiser)
    url = f"/api/v1/tournaments/{event.pk}/entrants/"
    first = api.get(url, {"page_size": 2}).json()
    assert first["count"] == 3 and [e["name"] for e in first["results"]] == ["Ann", "Mia"]
    assert [e["name"] for e in api.get(first["next"]).json()["results"]] == ["Zoe"]
    bad = api.get(url, {"page_size": 0})
    assert bad.status_code == 400 and "page_size" in bad.json()["errors"]
