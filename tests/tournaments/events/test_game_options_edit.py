"""The Work Order reading after creation: the settings page and the API change it until the first
result is entered or reported, then refuse (409 in the API); the change is logged and the event
page states the reading in use."""

import re

import pytest

from tests.conftest import join_event, make_user
from tournaments.models import AuditAction, AuditEntry, Event
from tournaments.services import events as event_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

SHARED = "Work Order: the 2 points are shared among the players who meet the quota"
FULL = "Work Order: each player who meets the quota gets 2 points"


@pytest.fixture
def night(organiser):
    """A Reclamation pod night of three, started and paired, with the rules' reading (shared)."""
    event = event_services.create_event(organiser, "Reclamation night", "dust-reclamation", mode="ffa", pod_size=3)
    for name in ("ada", "ben", "cleo"):
        join_event(event, make_user(name))
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    return event


def settings_data(event, **extra):
    event = Event.objects.get(pk=event.pk)  # as started: its Swiss rounds are set
    base = {"name": event.name, "publication": "none", "top_cut": 0, "best_of": event.best_of}
    return {**base, "swiss_rounds": event.swiss_rounds, **extra}


def test_the_settings_page_changes_the_reading_logs_it_and_the_event_page_says_so(client, organiser, night):
    client.force_login(organiser)
    assert SHARED in client.get(f"/en/events/{night.pk}/").text
    form = client.get(f"/en/events/{night.pk}/manage/settings/").text
    box = re.search(r'<input type="checkbox" name="dust-reclamation__split_work_order"[^>]*>', form)
    assert box and "checked" in box[0]

    response = client.post(f"/en/events/{night.pk}/manage/settings/", settings_data(night))  # box unticked
    assert response.status_code == 302
    assert Event.objects.get(pk=night.pk).settings.game_options == {"split_work_order": False}
    entry = AuditEntry.objects.filter(event=night, action=AuditAction.EVENT_EDIT).latest("pk")
    assert entry.before == {"game_options": {"split_work_order": True}}
    assert entry.after == {"game_options": {"split_work_order": False}}
    assert FULL in client.get(f"/en/events/{night.pk}/").text  # the page was marked stale


def test_after_the_first_result_the_form_locks_it_and_the_api_answers_409(api, client, organiser, night):
    match = round_services.current_round(night).matches.get(is_bye=False)
    sides = list(match.seats.values_list("entrant_id", flat=True))
    result_services.record_result(match, organiser, placements={side: place for place, side in enumerate(sides, 1)})
    client.force_login(organiser)
    form = client.get(f"/en/events/{night.pk}/manage/settings/").text
    assert "Locked: a result has been entered or reported." in form
    client.post(f"/en/events/{night.pk}/manage/settings/", settings_data(night))  # a disabled box sends nothing
    assert Event.objects.get(pk=night.pk).settings.game_options == {"split_work_order": True}

    api.force_authenticate(organiser)
    answer = api.patch(f"/api/v1/tournaments/{night.pk}/", {"game_options": {"split_work_order": False}}, format="json")
    assert answer.status_code == 409
    assert answer.json()["code"] == "event.game_options_played" and "game_options" in answer.json()["errors"]
    assert Event.objects.get(pk=night.pk).settings.game_options == {"split_work_order": True}


def test_the_api_changes_it_before_any_result(api, organiser, alice, night):
    api.force_authenticate(alice)
    assert api.patch(f"/api/v1/tournaments/{night.pk}/", {"game_options": {}}, format="json").status_code in (403, 404)
    api.force_authenticate(organiser)
    unknown = api.patch(f"/api/v1/tournaments/{night.pk}/", {"game_options": {"bonus": 3}}, format="json")
    assert unknown.status_code == 400 and "bonus" in unknown.json()["errors"]
    answer = api.patch(f"/api/v1/tournaments/{night.pk}/", {"game_options": {"split_work_order": False}}, format="json")
    assert answer.status_code == 200 and answer.json()["game_options"] == {"split_work_order": False}
    assert AuditEntry.objects.filter(event=night, action=AuditAction.EVENT_EDIT).exists()
