"""The open formats on the pages: exports (cached, 304, private events 404) and the organiser's
imports, previewed, then confirmed, all or nothing (issue 29)."""

import re

import pytest
from django.urls import reverse

from tournaments.models import Entrant, Event
from tournaments.services import events

from .interchange_support import played_event


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["trf", "json", "csv"])
def test_exports_are_downloads_with_an_etag_and_a_304(client, organiser, kind):
    event = played_event(organiser)
    url = reverse(f"tournaments:export_{kind}", args=[event.pk])
    response = client.get(url)
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert "Cy Diaz" in response.content.decode()
    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and not again.content


@pytest.mark.django_db
def test_a_private_events_exports_are_404_to_others(client, organiser, alice):
    event = played_event(organiser)
    Event.objects.filter(pk=event.pk).update(is_public=False)
    client.force_login(alice)
    assert client.get(reverse("tournaments:export_trf", args=[event.pk])).status_code == 404


@pytest.mark.django_db
def test_the_organiser_page_links_to_the_exports_and_the_import(client, organiser):
    event = events.create_event(organiser, "Links", "dust-collectorz")
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    for name in ("export_trf", "export_json", "export_csv", "import_players"):
        assert reverse(f"tournaments:{name}", args=[event.pk]) in page
    assert reverse("tournaments:import_event") in client.get(reverse("tournaments:events")).content.decode()


def _trf_of(client, event):
    return client.get(reverse("tournaments:export_trf", args=[event.pk])).content.decode()


@pytest.mark.django_db
def test_an_event_import_is_previewed_then_confirmed(client, organiser):
    event = played_event(organiser)
    client.force_login(organiser)
    text = _trf_of(client, event)
    url = reverse("tournaments:import_event")
    form = {"game": "dust-collectorz", "format": "", "text": text}
    preview = client.post(url, form)
    assert preview.status_code == 200 and "import-preview" in preview.content.decode()
    assert Event.objects.count() == 1, "a preview saves nothing"
    confirmed = client.post(url, {**form, "confirm": "1"})
    copy = Event.objects.exclude(pk=event.pk).get()
    assert confirmed.status_code == 302 and confirmed.url.endswith(reverse("tournaments:manage", args=[copy.pk]))
    assert copy.rounds.count() == 3 and copy.entrants.count() == 7
    assert _trf_of(client, copy) == text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text.replace("game=dust-collectorz", "game=dbz-ccg"), "not of"),
        (lambda text: re.sub(r"(XCT   1    1 .{9})  2  [01]", r"\1  2  2", text), "table 1"),
        (lambda text: "012 nothing here\r\n", "names no players"),
    ],
    ids=["other-game", "impossible-score", "no-players"],
)
def test_a_bad_event_file_changes_nothing_and_says_why(client, organiser, change, message):
    event = played_event(organiser)
    client.force_login(organiser)
    text = change(_trf_of(client, event))
    before = (Event.objects.count(), Entrant.objects.count())
    for confirm in ({}, {"confirm": "1"}):
        response = client.post(
            reverse("tournaments:import_event"), {"game": "dust-collectorz", "text": text, **confirm}
        )
        assert response.status_code == 200 and message in response.content.decode()
    assert (Event.objects.count(), Entrant.objects.count()) == before


@pytest.mark.django_db
def test_only_organisers_import_events(client, alice):
    client.force_login(alice)
    assert client.get(reverse("tournaments:import_event")).status_code == 403


@pytest.mark.django_db
def test_a_player_list_is_previewed_then_entered_all_or_nothing(client, organiser, alice):
    event = events.create_event(organiser, "List night", "dust-collectorz")
    url = reverse("tournaments:import_players", args=[event.pk])
    client.force_login(alice)
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    text = "Name,Email\nAna Lima,ana@example.org\nBo Chen,bo@example.org\n"
    preview = client.post(url, {"text": text})
    assert "Bo Chen" in preview.content.decode() and not event.entrants.exists()
    client.post(url, {"text": text, "confirm": "1"})
    assert sorted(event.entrants.values_list("name", flat=True)) == ["Ana Lima", "Bo Chen"]
    again = client.post(url, {"text": "Name\nCy Diaz\nAna Lima\n", "confirm": "1"})
    assert "Line 3" in again.content.decode()
    assert event.entrants.count() == 2, "the whole list is refused: Cy was not entered either"


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["trf", "json"])
def test_the_pairing_seed_is_only_for_those_who_run_the_event_until_it_ends(client, organiser, kind):
    """With the seed, anyone could compute the next round before it is posted."""
    event = played_event(organiser)
    seed = f"seed={event.settings.seed}" if kind == "trf" else f'"seed": {event.settings.seed}'
    url = reverse(f"tournaments:export_{kind}", args=[event.pk])
    assert seed not in client.get(url).content.decode()
    client.force_login(organiser)
    assert seed in client.get(url).content.decode()
    client.logout()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    assert seed in client.get(url).content.decode()
