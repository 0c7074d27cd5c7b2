"""Undo, always logged (issue 13, section 3): re-pair or delete a round, remove a mistaken entry,
confirm a duplicate name, drops by the player and the organiser's undo. Each refusal changes nothing."""

import pytest
from django.utils import timezone

from tests.conftest import join_event, make_user
from tests.tournaments.results.reporting_support import report
from tournaments.models import AuditEntry, Entrant, Match, Report
from tournaments.services import entrants as entrant_services
from tournaments.services import events, rounds

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def manage_url(event, tail=""):
    return f"/en/events/{event.pk}/manage/{tail}"


def messages_of(response):
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def swiss(organiser, alice, bob, sample):
    """Six players (alice and bob with accounts), round 1 paired."""
    event = events.create_event(organiser, "Undo night", "dust-collectorz", swiss_rounds=3, top_cut=4)
    for user in (alice, bob):
        join_event(event, user)
    for name in ("Carla", "Dario", "Elena", "Fabio"):
        entrant_services.add_entrant(event, organiser, name=name)
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    return event


def enter_all(event, organiser, round_number):
    from tournaments.services.results import record_result

    for match in event.rounds.get(number=round_number).matches.filter(is_bye=False, status="pending"):
        first, second = match.seats.order_by("pk").values_list("entrant_id", flat=True)
        record_result(match, organiser, wins={first: 2, second: 0})


def test_repair_the_current_round_while_it_has_no_result(client, organiser, swiss):
    event = swiss
    late = entrant_services.add_entrant(event, organiser, name="Gina")  # joins from round 2: re-pairing counts her now
    Entrant.objects.filter(pk=late.pk).update(joined_round=1)
    client.force_login(organiser)
    page = client.get(manage_url(event))
    assert "Pair round 1 again…" in page.text and "Delete round 1…" in page.text
    confirm = client.get(manage_url(event, "rounds/repair/?round=1"))
    assert confirm.status_code == 200 and "Yes, pair round 1 again" in confirm.text
    assert event.rounds.get().matches.count() == 3  # nothing happens on the confirmation page
    response = client.post(manage_url(event, "rounds/repair/"), {"round": 1}, follow=True)
    assert "Round 1 is paired again." in messages_of(response)
    matches = event.rounds.get(number=1).matches
    assert matches.count() == 4 and matches.filter(is_bye=True).count() == 1  # 7 players: a bye
    assert AuditEntry.objects.filter(event=event, action="round.repair", round_number=1).exists()
    # A stale second tab, naming another round, changes nothing.
    response = client.post(manage_url(event, "rounds/repair/"), {"round": 2}, follow=True)
    assert "Only the last round, round 1, can be changed now. Reload the page." in messages_of(response)


def test_a_round_with_a_result_or_a_report_is_not_repaired(
    api, client, organiser, alice, swiss, django_capture_on_commit_callbacks
):
    event = swiss
    match = event.rounds.get().matches.get(seats__entrant__user=alice)
    ours = event.entrants.get(user=alice).pk
    theirs = next(pk for pk in match.seats.values_list("entrant_id", flat=True) if pk != ours)
    report(api, alice, match, {"wins": {str(ours): 2, str(theirs): 0}}, django_capture_on_commit_callbacks)
    tables = set(event.rounds.get().matches.values_list("pk", flat=True))
    client.force_login(organiser)
    response = client.post(manage_url(event, "rounds/repair/"), {"round": 1}, follow=True)
    assert "Round 1 cannot be re-paired: results have been entered or reported for it." in " ".join(
        messages_of(response)
    )
    assert set(event.rounds.get().matches.values_list("pk", flat=True)) == tables
    # Deleting it is allowed while no table is confirmed: the report goes with it, logged.
    assert client.get(manage_url(event, "rounds/delete/?round=1")).status_code == 200
    response = client.post(manage_url(event, "rounds/delete/"), {"round": 1}, follow=True)
    assert "Round 1 is deleted." in messages_of(response)
    assert not event.rounds.exists() and not Report.objects.filter(match__round__event=event).exists()
    entry = AuditEntry.objects.get(event=event, action="round.delete")
    assert entry.actor == organiser and entry.before["reports"] == 1
    assert "Pair round 1 of 3" in client.get(manage_url(event)).text


def test_a_round_with_a_confirmed_result_is_not_deleted(organiser, swiss):
    event = swiss
    enter_all(event, organiser, 1)
    rounds.pair_next_round(event, organiser)
    enter_all(event, organiser, 2)
    with pytest.raises(Exception) as refused:
        rounds.delete_last_round(event, organiser, 2)
    assert refused.value.status == 409 and "it has confirmed results" in refused.value.message
    assert event.rounds.count() == 2


def test_deleting_the_first_top_cut_round_returns_to_swiss(organiser, swiss):
    event = swiss
    for number in (1, 2, 3):
        if number > 1:
            rounds.pair_next_round(event, organiser)
        enter_all(event, organiser, number)
    rounds.start_top_cut(event, organiser)
    event.refresh_from_db()
    assert event.status == "top_cut"
    rounds.delete_last_round(event, organiser, 4)
    event.refresh_from_db()
    assert event.status == "swiss" and event.rounds.count() == 3
    with pytest.raises(Exception) as refused:
        rounds.repair_round(event, organiser, 3)
    assert refused.value.status == 409


def test_a_drop_during_a_deleted_round_takes_effect_before_it(organiser, swiss):
    event = swiss
    leaver = event.entrants.get(name="Carla")
    entrant_services.drop(leaver, organiser)
    leaver.refresh_from_db()
    assert leaver.dropped_after == 1
    rounds.delete_last_round(event, organiser, 1)
    leaver.refresh_from_db()
    assert leaver.dropped_after == 0


def test_remove_a_mistaken_entry_before_round_1_only(client, organiser, sample):
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    mistake = entrant_services.add_entrant(event, organiser, name="Typo")
    keep = entrant_services.add_entrant(event, organiser, name="Ada")
    client.force_login(organiser)
    assert "Remove…" in client.get(manage_url(event, "players/")).text
    assert client.get(manage_url(event, f"entrants/{mistake.pk}/remove/")).status_code == 200
    response = client.post(manage_url(event, f"entrants/{mistake.pk}/remove/"), follow=True)
    assert "Typo is removed from the event." in messages_of(response)
    assert not Entrant.objects.filter(pk=mistake.pk).exists()
    entry = AuditEntry.objects.get(event=event, action="entrant.remove")
    assert entry.entrant_name == "Typo" and entry.actor == organiser
    entrant_services.add_entrant(event, organiser, name="Bea")
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    response = client.post(manage_url(event, f"entrants/{keep.pk}/remove/"), follow=True)
    assert "Ada cannot be removed: round 1 is paired. Drop them instead." in messages_of(response)
    assert Entrant.objects.filter(pk=keep.pk).exists()
    assert "Remove…" not in client.get(manage_url(event, "players/")).text


def test_a_name_already_entered_asks_for_confirmation(client, api, organiser, alice, sample):
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    entrant_services.add_entrant(event, organiser, name="Marco Rossi")
    client.force_login(organiser)
    response = client.post(manage_url(event, "entrants/"), {"name": "marco rossi"})
    assert response.status_code == 409
    assert "is already entered in this event" in response.text and "Yes, add another entry" in response.text
    assert event.entrants.count() == 1
    response = client.post(manage_url(event, "entrants/"), {"name": "marco rossi", "confirm": "1"}, follow=True)
    assert "marco rossi added." in messages_of(response)
    assert event.entrants.count() == 2
    # The API asks the organiser the same question.
    api.force_authenticate(organiser)
    url = f"/api/v1/tournaments/{event.pk}/entrants/"
    refused = api.post(url, {"name": "Marco Rossi"}, format="json")
    assert refused.status_code == 409 and "already entered" in refused.json()["message"]
    assert api.post(url, {"name": "Marco Rossi", "confirm_duplicate": True}, format="json").status_code == 201
    # A player entering with their own account is nobody's duplicate, even beside a walk-in of that name.
    entrant_services.add_entrant(event, organiser, name="alice")
    api.force_authenticate(alice)
    assert api.post(url, {"user": alice.pk}, format="json").status_code == 201


def test_a_player_drops_from_their_phone_after_their_result(client, organiser, alice, swiss):
    event = swiss
    client.force_login(alice)
    me = client.get(f"/en/events/{event.pk}/me/").text
    assert "Drop from the event…" in me
    assert client.get(f"/en/events/{event.pk}/me/drop/").status_code == 200
    # Paired and not played yet: refused, nothing changed.
    response = client.post(f"/en/events/{event.pk}/me/drop/", follow=True)
    assert "You are paired in round 1: play or concede that match first" in " ".join(messages_of(response))
    entrant = event.entrants.get(user=alice)
    assert not entrant.dropped
    enter_all(event, organiser, 1)
    response = client.post(f"/en/events/{event.pk}/me/drop/", follow=True)
    assert "You have dropped from Undo night." in " ".join(messages_of(response))
    entrant.refresh_from_db()
    assert entrant.dropped_after == 1
    assert "Drop from the event…" not in client.get(f"/en/events/{event.pk}/me/").text
    # Someone else's entry cannot be dropped through this page.
    client.force_login(make_user("stranger"))
    assert client.post(f"/en/events/{event.pk}/me/drop/").status_code == 404


def test_the_organiser_undoes_a_drop_before_the_next_pairing(client, api, organiser, swiss):
    event = swiss
    leaver = event.entrants.get(name="Dario")
    entrant_services.drop(leaver, organiser)
    client.force_login(organiser)
    assert "Undo the drop" in client.get(manage_url(event, "players/?status=dropped")).text
    response = client.post(manage_url(event, f"entrants/{leaver.pk}/undo-drop/"), follow=True)
    assert "Dario is back in the event." in messages_of(response)
    leaver.refresh_from_db()
    assert not leaver.dropped
    assert AuditEntry.objects.filter(event=event, action="entrant.undrop", entrant=leaver).exists()
    # Dropped again, then a round is paired: too late to take it back.
    entrant_services.drop(leaver, organiser)
    enter_all(event, organiser, 1)
    rounds.pair_next_round(event, organiser)
    api.force_authenticate(organiser)
    refused = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{leaver.pk}/undo-drop/")
    assert refused.status_code == 409 and "cannot be undone" in refused.json()["message"]
    leaver.refresh_from_db()
    assert leaver.dropped


def test_undo_through_the_api_and_who_may(api, organiser, alice, swiss):
    event = swiss
    api.force_authenticate(alice)
    assert api.post(f"/api/v1/tournaments/{event.pk}/rounds/1/delete/").status_code == 403
    assert api.post(f"/api/v1/tournaments/{event.pk}/rounds/1/repair/").status_code == 403
    api.force_authenticate(organiser)
    assert api.post(f"/api/v1/tournaments/{event.pk}/rounds/2/repair/").status_code == 409
    answer = api.post(f"/api/v1/tournaments/{event.pk}/rounds/1/repair/")
    assert answer.status_code == 201 and answer.json()["number"] == 1
    assert api.post(f"/api/v1/tournaments/{event.pk}/rounds/1/delete/").status_code == 204
    refused = api.post(f"/api/v1/tournaments/{event.pk}/rounds/1/delete/")
    assert refused.status_code == 409 and refused.json()["message"] == "No round has been paired yet."
    assert not Match.objects.filter(round__event=event).exists()


def settings_data(event, **changes):
    data = {
        "name": event.name,
        "starts_at": timezone.localtime(event.starts_at).strftime("%Y-%m-%dT%H:%M") if event.starts_at else "",
        "venue": event.venue,
        "deck_deadline": "",
        "publication": event.settings.publication,
        "swiss_rounds": event.swiss_rounds or "",
        "top_cut": event.top_cut,
        "best_of": event.best_of,
    }
    data.update(changes)
    return data


def test_edit_the_event_at_any_time_and_its_shape_while_it_cannot_contradict_play(client, organiser, swiss):
    event = swiss
    client.force_login(organiser)
    url = manage_url(event, "settings/")
    assert client.get(url).status_code == 200
    response = client.post(
        url,
        settings_data(event, name="Undo night II", venue="Back room", starts_at="2030-05-01T18:00", swiss_rounds=4),
        follow=True,
    )
    assert "Event settings saved." in messages_of(response)
    event.refresh_from_db()
    assert (event.name, event.venue, event.swiss_rounds, event.starts_at.year) == (
        "Undo night II",
        "Back room",
        4,
        2030,
    )
    entry = AuditEntry.objects.get(event=event, action="event.edit")
    assert entry.before["name"] == "Undo night" and entry.after["swiss_rounds"] == 4
    # A past deadline, fewer rounds than paired, best-of after a result: refused, nothing changed.
    response = client.post(url, settings_data(event, deck_deadline="2001-01-01T10:00"))
    assert response.status_code == 200 and "must be in the future" in response.text
    enter_all(event, organiser, 1)
    rounds.pair_next_round(event, organiser)
    response = client.post(url, settings_data(event, swiss_rounds=1))
    assert "Swiss rounds cannot be fewer than the rounds already paired (2)." in response.text
    response = client.post(url, settings_data(event, best_of=1))
    assert "Best of cannot change once a result has been entered or reported." in response.text
    event.refresh_from_db()
    assert (event.swiss_rounds, event.best_of, event.settings.deck_deadline) == (4, 3, None)
    assert AuditEntry.objects.filter(event=event, action="event.edit").count() == 1
    # Saving without a change logs nothing.
    client.post(url, settings_data(event))
    assert AuditEntry.objects.filter(event=event, action="event.edit").count() == 1


def test_the_top_cut_cannot_change_once_it_started(organiser, swiss):
    event = swiss
    for number in (1, 2, 3):
        if number > 1:
            rounds.pair_next_round(event, organiser)
        enter_all(event, organiser, number)
    rounds.start_top_cut(event, organiser)
    with pytest.raises(Exception) as refused:
        events.update_event(event, organiser, top_cut=8)
    assert "cannot change any more" in refused.value.message
    events.update_event(event, organiser, venue="Main hall")  # the rest still changes
    event.refresh_from_db()
    assert event.top_cut == 4 and event.venue == "Main hall"
