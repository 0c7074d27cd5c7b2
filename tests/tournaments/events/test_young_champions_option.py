"""A Dust Collectorz event chooses Young Champions (issue 32): on the new-event form, the settings page
and the API, explained there and stated on the event page; refused for a team event with a clear
message, nothing created or changed; changed only until the first result, and logged."""

import re

import pytest

from tests.conftest import join_event, make_user
from tests.tournaments.events.test_tournament_manage import form_data
from tournaments.models import AuditAction, AuditEntry, Event, EventSettings
from tournaments.services import events as event_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

BOX = "dust-collectorz__young_champions"
PLAYS = "Young Champions (age 4+): the player left with the fewest cards wins"
STANDARD = "The standard game: capture piles and the last round score"


def test_the_new_event_form_offers_it_and_the_event_page_says_so(client, organiser):
    client.force_login(organiser)
    form = client.get("/en/events/new/").text
    assert f'name="{BOX}"' in form and "tribal chain" in form
    answer = client.post("/en/events/new/", form_data(mode="ffa", best_of="1", **{BOX: "on"}))
    assert answer.status_code == 302
    event = Event.objects.get()
    assert event.settings.game_options == {"young_champions": True}
    page = client.get(f"/en/events/{event.pk}/").text
    assert "Dust Collectorz: play Young Champions" in page and PLAYS in page
    assert "Jeunes champions" in client.get(f"/fr/events/{event.pk}/").text
    assert "Giovani Campioni" in client.get(f"/it/events/{event.pk}/").text


def test_a_standard_event_says_it_plays_the_standard_game(client, organiser):
    event = event_services.create_event(organiser, "Capture night", "dust-collectorz", mode="versus")
    assert event.settings.game_options == {"young_champions": False}
    assert STANDARD in client.get(f"/en/events/{event.pk}/").text


def test_a_team_event_with_young_champions_is_refused_on_the_form(client, organiser):
    client.force_login(organiser)
    answer = client.post("/en/events/new/", form_data(mode="team", **{BOX: "on"}))
    assert answer.status_code == 200
    assert "Young Champions is played by each player for themselves, not by teams" in answer.text
    # The message sits by the box it is about.
    assert re.search(rf'name="{BOX}".*?not by teams', answer.text, re.S)
    assert not Event.objects.exists()


def test_a_team_event_with_young_champions_is_refused_by_the_api(api, organiser):
    api.force_authenticate(organiser)
    body = {"name": "Teams", "game": "dust-collectorz", "mode": "team", "game_options": {"young_champions": True}}
    answer = api.post("/api/v1/tournaments/", body, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "game.young_champions_teams" and list(answer.json()["errors"]) == [
        "young_champions"
    ]
    assert not Event.objects.exists()
    body["mode"] = "ffa"
    created = api.post("/api/v1/tournaments/", body, format="json")
    assert created.status_code == 201 and created.json()["game_options"] == {"young_champions": True}


def test_a_team_event_cannot_turn_it_on_afterwards(api, client, organiser):
    event = event_services.create_event(organiser, "Teams", "dust-collectorz", mode="team")
    client.force_login(organiser)
    assert BOX not in client.get(f"/en/events/{event.pk}/manage/settings/").text  # not offered there
    api.force_authenticate(organiser)
    answer = api.patch(f"/api/v1/tournaments/{event.pk}/", {"game_options": {"young_champions": True}}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "game.young_champions_teams"
    assert Event.objects.get(pk=event.pk).settings.game_options == {"young_champions": False}
    assert not AuditEntry.objects.filter(event=event, action=AuditAction.EVENT_EDIT).exists()


@pytest.fixture
def pod(organiser):
    """A Dust Collectorz pod of three, started and paired, playing the standard game."""
    event = event_services.create_event(organiser, "Pods", "dust-collectorz", mode="ffa", pod_size=3, best_of=1)
    for name in ("ada", "ben", "cleo"):
        join_event(event, make_user(name))
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    return event


def settings_data(event, **extra):
    event = Event.objects.get(pk=event.pk)
    base = {"name": event.name, "publication": "none", "top_cut": 0, "best_of": event.best_of}
    return {**base, "swiss_rounds": event.swiss_rounds, **extra}


def test_the_settings_page_turns_it_on_logs_it_and_the_sheet_follows(client, organiser, pod):
    client.force_login(organiser)
    player = pod.entrants.first().user
    assert f'name="captures_{pod.entrants.first().pk}_bronze"' in _phone(client, player, pod)
    client.force_login(organiser)
    answer = client.post(f"/en/events/{pod.pk}/manage/settings/", settings_data(pod, **{BOX: "on"}))
    assert answer.status_code == 302
    assert Event.objects.get(pk=pod.pk).settings.game_options == {"young_champions": True}
    entry = AuditEntry.objects.filter(event=pod, action=AuditAction.EVENT_EDIT).latest("pk")
    assert entry.before == {"game_options": {"young_champions": False}}
    assert entry.after == {"game_options": {"young_champions": True}}
    assert PLAYS in client.get(f"/en/events/{pod.pk}/").text
    phone = _phone(client, player, pod)
    assert f'name="cards_left_{pod.entrants.first().pk}_hand"' in phone and "Capture pile" not in phone


def _phone(client, player, event):
    client.force_login(player)
    return client.get(f"/en/events/{event.pk}/me/").text


def test_after_the_first_result_it_is_locked(api, organiser, pod):
    match = round_services.current_round(pod).matches.get(is_bye=False)
    sides = list(match.seats.values_list("entrant_id", flat=True))
    result_services.record_result(match, organiser, placements={side: place for place, side in enumerate(sides, 1)})
    api.force_authenticate(organiser)
    answer = api.patch(f"/api/v1/tournaments/{pod.pk}/", {"game_options": {"young_champions": True}}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "event.game_options_played"
    assert Event.objects.get(pk=pod.pk).settings.game_options == {"young_champions": False}


def test_an_event_older_than_the_option_keeps_its_settings_page(client, organiser, pod):
    """Created before Young Champions existed (no key stored), with a result in: the locked box sends
    back the default, which is no change, so the rest of the settings still save."""
    EventSettings.objects.filter(event=pod).update(game_options={})
    match = round_services.current_round(pod).matches.get(is_bye=False)
    sides = list(match.seats.values_list("entrant_id", flat=True))
    result_services.record_result(match, organiser, placements={side: place for place, side in enumerate(sides, 1)})
    client.force_login(organiser)
    answer = client.post(f"/en/events/{pod.pk}/manage/settings/", settings_data(pod, name="Pods, renamed"))
    assert answer.status_code == 302
    event = Event.objects.get(pk=pod.pk)
    assert (event.name, event.settings.game_options) == ("Pods, renamed", {})
    assert STANDARD in client.get(f"/en/events/{pod.pk}/").text
