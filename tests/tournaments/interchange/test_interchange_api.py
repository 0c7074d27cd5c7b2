"""The open formats over the API: exports as files with ETags, imports previewed unless confirmed,
errors in the API's one shape (issue 29)."""

import pytest

from tournaments.models import Event
from tournaments.services import events

from .interchange_support import played_event


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "media_type"),
    [("export/trf", "text/plain"), ("export/json", "application/json"), ("export/standings-csv", "text/csv")],
)
def test_api_exports_are_files_with_an_etag(api, organiser, path, media_type):
    event = played_event(organiser)
    url = f"/api/v1/tournaments/{event.pk}/{path}/"
    response = api.get(url, HTTP_ACCEPT="text/html")
    assert response.status_code == 200 and response["Content-Type"].startswith(media_type)
    assert "Ana Lima" in response.content.decode()
    assert api.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


@pytest.mark.django_db
def test_a_pod_event_has_no_trf(api, organiser):
    event = events.create_event(organiser, "Pods", "dust-collectorz", mode="ffa")
    response = api.get(f"/api/v1/tournaments/{event.pk}/export/trf/")
    assert response.status_code == 409 and response.json()["code"] == "interchange.not_swiss"


@pytest.mark.django_db
def test_an_event_import_over_the_api_previews_then_creates(api, organiser):
    event = played_event(organiser)
    api.force_authenticate(organiser)  # the organiser's export carries the pairing seed
    content = api.get(f"/api/v1/tournaments/{event.pk}/export/json/").content.decode()
    body = {"game": "dust-collectorz", "content": content}
    preview = api.post("/api/v1/tournaments/import/", body, format="json")
    assert preview.status_code == 200 and preview.json()["preview"]["players"] == 7
    assert Event.objects.count() == 1
    created = api.post("/api/v1/tournaments/import/", {**body, "confirm": True}, format="json")
    assert created.status_code == 201
    copy = Event.objects.get(pk=created.json()["event"]["id"])
    assert api.get(f"/api/v1/tournaments/{copy.pk}/export/json/").content.decode() == content


@pytest.mark.django_db
def test_a_bad_import_answers_the_error_shape_and_changes_nothing(api, organiser, alice):
    api.force_authenticate(organiser)
    response = api.post(
        "/api/v1/tournaments/import/", {"game": "dust-collectorz", "content": "{]", "confirm": True}, format="json"
    )
    assert response.status_code == 400
    assert set(response.json()) >= {"message", "code", "errors"} and response.json()["code"] == "interchange.bad_json"
    api.force_authenticate(alice)
    content = "012 X\n001    1      Ana\n"
    refused = api.post("/api/v1/tournaments/import/", {"game": "dust-collectorz", "content": content}, format="json")
    assert refused.status_code == 403
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_a_player_list_over_the_api(api, organiser, alice):
    event = events.create_event(organiser, "List", "dust-collectorz")
    url = f"/api/v1/tournaments/{event.pk}/players/import/"
    api.force_authenticate(alice)
    assert api.post(url, {"content": "Name\nAna\n"}, format="json").status_code == 403
    api.force_authenticate(organiser)
    preview = api.post(url, {"content": "Name\tEmail\nAna Lima\ta@example.org\n"}, format="json")
    assert preview.json() == {"players": ["Ana Lima"], "added": 0} and not event.entrants.exists()
    done = api.post(url, {"content": "Name\nAna Lima\n", "confirm": True}, format="json")
    assert done.status_code == 201 and event.entrants.get().name == "Ana Lima"
