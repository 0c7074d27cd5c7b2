"""The settings page shows dates to the minute. A date set to the second (through the API) and sent
back untouched is no change: saving the venue neither moves the date nor trips over a deadline that
has passed since."""

import datetime

import pytest
from django.utils import timezone

from tournaments.models import AuditAction, Event, EventSettings
from tournaments.services import events as event_services

pytestmark = pytest.mark.django_db


def settings_as_shown(client, event):
    """The settings form as the browser sends it back: every field with the value it shows."""
    form = client.get(f"/en/events/{event.pk}/manage/settings/").context["form"]
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value is None or value is False:
            continue
        shown = getattr(field.widget, "format", None)
        data[name] = value.strftime(shown) if shown and hasattr(value, "strftime") else value
    return data


def test_saving_the_venue_keeps_dates_set_to_the_second(client, api, organiser):
    api.force_authenticate(organiser)
    created = api.post(
        "/api/v1/tournaments/",
        {"name": "Sharp", "game": "dust-collectorz", "starts_at": "2030-05-01T18:30:45Z"},
        format="json",
    )
    event = Event.objects.get(pk=created.json()["id"])
    passed = timezone.now() - datetime.timedelta(hours=1, seconds=13)  # set to the second, now gone
    EventSettings.objects.filter(event=event).update(deck_deadline=passed)
    client.force_login(organiser)
    saved = client.post(
        f"/en/events/{event.pk}/manage/settings/", {**settings_as_shown(client, event), "venue": "Shop"}
    )
    assert saved.status_code == 302, saved.context["form"].errors
    event = Event.objects.get(pk=event.pk)
    assert event.venue == "Shop" and event.starts_at.second == 45 and event.settings.deck_deadline == passed
    edit = event.audit.get(action=AuditAction.EVENT_EDIT)
    assert edit.before == {"venue": ""} and edit.after == {"venue": "Shop"}
    assert not event.audit.filter(action=AuditAction.EVENT_DEADLINE).exists()
    # A date the organiser does change is still changed, to the minute typed.
    event_services.update_event(event, organiser, deck_deadline=None)
    moved = {**settings_as_shown(client, event), "starts_at": "2030-05-02T09:00"}
    assert client.post(f"/en/events/{event.pk}/manage/settings/", moved).status_code == 302
    assert Event.objects.get(pk=event.pk).starts_at == timezone.make_aware(datetime.datetime(2030, 5, 2, 9))
