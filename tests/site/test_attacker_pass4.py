"""Outside testers' fourth pass, as an attacker would: the routes added last (account deletion and the
data download, cancelling/reopening/deleting an event, deleting and restoring decks, join codes,
staff and prizes). alice owns, bob is another player and a judge at someone else's event, charlie has
no part, and an anonymous visitor. Other people's private things are "not found" whether or not they
exist, bad input is a clear 4xx that changes nothing, and a second submit gets a clear answer."""

import json

import pytest
from django.test import Client

from accounts.models import User
from catalogue.models import Card, Game
from decks.models import Deck
from decks.services import decks as deck_services
from tests.conftest import join_event, make_user
from tournaments.models import Event
from tournaments.services import events as event_services
from tournaments.services import staff as staff_services

pytestmark = pytest.mark.django_db

HUGE = 10**20


def _json_error(response, status):
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert body["message"] and body["code"] and "errors" in body, body
    return body


def _csrf_client(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


@pytest.fixture
def charlie(db):
    return make_user("charlie", email="charlie@example.org")


@pytest.fixture
def private_night(organiser, alice, bob):
    """A private event alice plays in; bob judges another organiser's event (a role that opens nothing here)."""
    event = event_services.create_event(organiser, "Private night", "dust-collectorz", is_public=False)
    join_event(event, alice)
    oscar = make_user("oscar", organiser=True)
    staff_services.add_staff(
        event_services.create_event(oscar, "Oscar's open", "dust-collectorz"), oscar, "bob", "judge"
    )
    return event


def _deck(owner, name, visibility="private"):
    puff = Card.objects.get(name="Pocket Puff")
    game = Game.objects.get(slug="dust-collectorz")
    return deck_services.create_deck(owner, name, game, "dc-prerelease", visibility, {puff.pk: 2})


# Account deletion and the data download


def test_deleting_an_account_refuses_bad_bodies_forged_posts_and_strangers_and_deletes_nothing(api, client, alice):
    api.force_authenticate(alice)
    bodies = ["", "not json", "[]", '{"password": null}', '{"password": ["pw-alice"]}', '{"password": {"a": 1}}',
              json.dumps({"password": "x" * 5000})]  # fmt: skip
    for body in bodies:
        response = api.generic("DELETE", "/api/v1/me/", body, content_type="application/json")
        assert _json_error(response, 400)["code"] in ("api.invalid", "api.invalid_json"), body
    assert _json_error(api.post("/api/v1/me/", {"password": "pw-alice"}, format="json"), 405)
    assert _json_error(type(api)().delete("/api/v1/me/", {"password": "pw-alice"}, format="json"), 401)
    # a page elsewhere cannot make a signed-in browser delete its account: the page and the API want CSRF
    browser = _csrf_client(alice)
    assert browser.post("/en/accounts/delete/", {"password": "pw-alice"}).status_code == 403
    forged = browser.delete("/api/v1/me/", json.dumps({"password": "pw-alice"}), content_type="application/json")
    assert _json_error(forged, 403)["code"] == "api.permission_denied" and "CSRF" in forged.json()["message"]
    client.logout()
    assert client.post("/en/accounts/delete/", {"password": "pw-alice"}).status_code == 302  # to the login page
    assert User.objects.filter(pk=alice.pk, is_active=True).exists()


def test_the_data_download_holds_nothing_of_the_opponent_and_reading_it_changes_nothing(client, api, paired, sample):
    event, _match, _ids = paired
    alice, bob = (User.objects.get(username=name) for name in ("alice", "bob"))
    _deck(bob, "Bob's secret brew")
    gone = _deck(alice, "Alice's old brew")
    deck_services.delete_deck(gone, alice)
    client.force_login(alice)
    api.force_authenticate(alice)
    before = (Deck.objects.count(), event.audit.count(), Deck.objects.get(pk=gone.pk).deleted_at)
    page = client.get("/en/accounts/data/")
    document = json.loads(page.content)
    assert document == {**api.get("/api/v1/me/data/").json(), "exported_at": document["exported_at"]}
    text = page.content.decode()
    assert "bob@example.org" not in text and "Bob's secret brew" not in text
    assert [deck["name"] for deck in document["decks"]] == ["Alice's old brew"]  # hers, deleted or not
    assert document["decks"][0]["deleted_at"]
    assert (Deck.objects.count(), event.audit.count(), Deck.objects.get(pk=gone.pk).deleted_at) == before
    assert client.post("/en/accounts/data/").status_code == 405
    api.force_authenticate(bob)
    assert "Alice's old brew" not in json.dumps(api.get("/api/v1/me/data/").json())


# Decks: delete, restore, recently deleted


def test_deleting_a_deck_twice_says_it_is_deleted_already_and_keeps_its_30_days(client, api, alice, bob, sample):
    deck = _deck(alice, "Lint rush", "public")
    client.force_login(alice)
    assert client.post(f"/en/decks/{deck.pk}/delete/").status_code == 302
    deleted_at = Deck.objects.get(pk=deck.pk).deleted_at
    # the double click: the owner lands on their decks, told so, with the Undo, not on "Page not found"
    again = client.post(f"/en/decks/{deck.pk}/delete/", follow=True)
    assert again.status_code == 200 and "was deleted already" in again.content.decode()
    assert f"/decks/{deck.pk}/restore/" in again.content.decode()
    assert Deck.objects.get(pk=deck.pk).deleted_at == deleted_at
    deck_services.delete_deck(deck, alice)  # a submit racing the first one
    assert Deck.objects.get(pk=deck.pk).deleted_at == deleted_at
    # another player finds nothing, page or API, by the id or a huge one
    client.force_login(bob)
    api.force_authenticate(bob)
    for path in (f"/en/decks/{deck.pk}/delete/", f"/en/decks/{deck.pk}/restore/", f"/en/decks/{HUGE}/restore/"):
        assert client.post(path).status_code == 404, path
    assert _json_error(api.post(f"/api/v1/decks/{deck.pk}/restore/"), 404)
    assert _json_error(api.delete(f"/api/v1/decks/{deck.pk}/"), 404)
    assert api.get("/api/v1/decks/deleted/").json()["results"] == []
    assert "Lint rush" not in json.dumps(api.get("/api/v1/decks/").json())
    # restoring twice answers the deck both times
    api.force_authenticate(alice)
    assert [row["id"] for row in api.get("/api/v1/decks/deleted/").json()["results"]] == [deck.pk]
    assert client.get(f"/en/decks/{deck.pk}/restore/").status_code == 405
    assert api.post(f"/api/v1/decks/{deck.pk}/restore/").json()["id"] == deck.pk
    assert api.post(f"/api/v1/decks/{deck.pk}/restore/").json()["id"] == deck.pk
    assert Deck.objects.get(pk=deck.pk).deleted_at is None
    assert _json_error(type(api)().post(f"/api/v1/decks/{deck.pk}/restore/"), 401)


# Events: cancel, reopen, delete


def test_cancel_reopen_and_delete_answer_bad_bodies_and_second_submits_clearly(api, organiser):
    event = event_services.create_event(organiser, "Storm night", "dust-collectorz")
    api.force_authenticate(organiser)
    cancel = f"/api/v1/tournaments/{event.pk}/cancel/"
    bodies = ["", "nope", "[]", '{"reason": 5}', '{"reason": ["a"]}', '{"reason": null}', '{"reason": "   "}',
              json.dumps({"reason": "é" * 301}), json.dumps({"reason": "a\u202eb"})]  # fmt: skip
    for body in bodies:
        _json_error(api.generic("POST", cancel, body, content_type="application/json"), 400)
    assert Event.objects.get(pk=event.pk).status == Event.Status.REGISTRATION
    assert _json_error(api.post(f"/api/v1/tournaments/{event.pk}/reopen/"), 409)["code"] == "event.status"
    assert api.post(cancel, {"reason": "Snow ☃"}, format="json").json()["status"] == "cancelled"
    twice = _json_error(api.post(cancel, {"reason": "Again"}, format="json"), 409)
    assert twice["code"] == "event.cancelled" and "Snow ☃" in twice["message"]
    assert api.post(f"/api/v1/tournaments/{event.pk}/reopen/").json()["status"] == "registration"
    assert _json_error(api.post(f"/api/v1/tournaments/{event.pk}/reopen/"), 409)["code"] == "event.status"
    assert _json_error(api.post(f"/api/v1/tournaments/{HUGE}/cancel/", {"reason": "x"}, format="json"), 404)
    assert api.delete(f"/api/v1/tournaments/{event.pk}/").status_code == 204
    assert _json_error(api.delete(f"/api/v1/tournaments/{event.pk}/"), 404)


# A private event's organiser routes, as everyone else


ORGANISER_PAGES = ("cancel", "reopen", "delete", "join-code", "join-sheet", "staff", "judging/prizes")


def test_a_private_events_organiser_routes_are_not_found_for_everyone_else(private_night, alice, bob, charlie, api):
    event = private_night
    footprint = (event.join_code, event.status, event.entrants.count(), event.staff.count(), event.audit.count())
    for user in (bob, charlie):
        client = Client()
        client.force_login(user)
        api.force_authenticate(user)
        for page in ORGANISER_PAGES:
            assert client.get(f"/en/events/{event.pk}/manage/{page}/").status_code in (404, 405), (user, page)
            assert client.post(f"/en/events/{event.pk}/manage/{page}/", {"reason": "x"}).status_code == 404
        assert client.post(f"/en/events/{event.pk}/manage/staff/{bob.pk}/remove/").status_code == 404
        base = f"/api/v1/tournaments/{event.pk}"
        calls = [api.post(f"{base}/cancel/", {"reason": "x"}, format="json"), api.post(f"{base}/reopen/"),
                 api.delete(f"{base}/"), api.get(f"{base}/join-code/"), api.post(f"{base}/join-code/"),
                 api.get(f"{base}/staff/"), api.post(f"{base}/staff/", {"username": "charlie", "role": "judge"}),
                 api.post(f"{base}/prizes/", {"scheme": "curve", "fixed": 5}, format="json")]  # fmt: skip
        for response in calls:
            assert _json_error(response, 404)["code"] == "api.not_found", response.request
    anonymous = type(api)()
    assert _json_error(anonymous.post(f"/api/v1/tournaments/{event.pk}/cancel/", {"reason": "x"}), 401)
    assert Client().post(f"/en/events/{event.pk}/manage/cancel/", {"reason": "x"}).status_code == 302  # log in
    # alice plays there: she sees the event, so she is told who may, and can do none of it either
    client = Client()
    client.force_login(alice)
    assert client.post(f"/en/events/{event.pk}/manage/join-code/").status_code == 403
    event = Event.objects.get(pk=event.pk)
    assert (
        event.join_code,
        event.status,
        event.entrants.count(),
        event.staff.count(),
        event.audit.count(),
    ) == footprint


def test_staff_doors_refuse_huge_ids_wrong_types_and_people_not_on_the_staff(api, private_night, organiser, bob):
    event = private_night
    api.force_authenticate(organiser)
    base = f"/api/v1/tournaments/{event.pk}/staff/"
    assert _json_error(api.delete(f"{base}{HUGE}/"), 404)
    assert _json_error(api.delete(f"{base}{bob.pk}/"), 404)["code"] == "staff.not_found"  # a judge elsewhere only
    for body in ({"username": ["bob"], "role": "judge"}, {"username": "bob", "role": "admin"}, {},
                 {"username": "ü" * 500, "role": "judge"}, {"username": "deleted account", "role": "judge"}):  # fmt: skip
        _json_error(api.post(base, body, format="json"), 400)
    assert (
        _json_error(api.post(base, {"username": "alice", "role": "judge"}, format="json"), 409)["code"] == "staff.plays"
    )
    assert event.staff.count() == 0
