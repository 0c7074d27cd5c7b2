"""A player downloads what the site holds about them (docs/privacy.md): a dated UTF-8 JSON file from
the profile, and the same document from `GET /api/v1/me/data/`; their own data only."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.authtoken.models import Token

from decks.models import Deck
from decks.services.collections import add_copies, create_collection
from tests.accounts.conftest import finish
from tests.conftest import make_user
from tournaments.services import events, staff

pytestmark = pytest.mark.django_db
User = get_user_model()


def _download(client, user):
    client.force_login(user)
    response = client.get("/en/accounts/data/")
    assert response.status_code == 200
    return response


def test_the_profile_offers_a_dated_utf8_json_file_of_the_player_s_data(client, sample_event):
    alice = User.objects.get(username="alice")
    alice.display_name = "Alïce Zoé"
    alice.save()
    Token.objects.create(user=alice)
    binder = create_collection(alice, "Binder")
    card = sample_event.entrants.get(user=alice).deck.cards.first().card
    add_copies(binder, card, 3, actor=alice)
    client.force_login(alice)
    assert 'href="/en/accounts/data/"' in client.get("/en/accounts/profile/").text
    response = _download(client, alice)
    assert response["Content-Type"] == "application/json; charset=utf-8"
    today = timezone.localdate().isoformat()
    assert response["Content-Disposition"] == f'attachment; filename="personal-data-{today}.json"'
    assert "Alïce Zoé".encode() in response.content, "UTF-8, not escaped"
    data = json.loads(response.content.decode("utf-8"))
    account = data["account"]
    assert (account["username"], account["email"], account["display_name"]) == (
        "alice",
        "alice@example.org",
        "Alïce Zoé",
    )
    assert account["api_token"]["created_at"] and Token.objects.get(user=alice).key not in response.text
    assert "password" not in account and alice.password not in response.text
    assert [collection["name"] for collection in data["collections"]] == ["Binder"]
    assert data["collections"][0]["cards"][0]["qty"] == 3 and data["collections"][0]["history"]
    (entry,) = data["event_entries"]
    assert entry["event"]["name"] == sample_event.name and entry["entered_as"] == "Alice"
    assert entry["deck"]["name"] == "Rust and Lint" and sum(card["qty"] for card in entry["deck"]["cards"]) > 0


def test_the_download_holds_the_player_s_decks_and_none_of_anyone_else_s(client, sample_event):
    alice, bob = User.objects.get(username="alice"), User.objects.get(username="bob")
    data = json.loads(_download(client, alice).content)
    mine = Deck.objects.get(owner=alice)
    (deck,) = data["decks"]
    assert (deck["id"], deck["name"], deck["visibility"]) == (mine.pk, "Rust and Lint", "private")
    assert [version["number"] for version in deck["versions"]] == [1]
    assert {card["card_id"]: card["qty"] for card in deck["versions"][0]["cards"]} == dict(
        mine.latest_version().cards.values_list("card_id", "qty")
    )
    text = json.dumps(data)
    # bob's deck (he played alice in round 1) and the organiser's desk decks are not hers
    assert "The Weaver" not in text and "Heirloom Tide" not in text
    assert Deck.objects.get(owner=bob).share_token not in text
    assert data["events_organised"] == [] and data["staff_roles"] == []


def test_a_finished_event_gives_the_final_place_and_an_organiser_s_events_and_roles(client, api, sample_event):
    event = finish(sample_event)
    data = json.loads(_download(client, User.objects.get(username="alice")).content)
    standing = data["event_entries"][0]["standing"]
    api_standings = api.get(f"/api/v1/public/events/{event.pk}/standings/").json()["standings"]
    row = next(row for row in api_standings if row["name"] == "Alice")
    assert (standing["rank"], standing["match_points"], standing["wins"]) == (
        row["rank"],
        row["match_points"],
        row["wins"],
    )
    organiser = event.organiser
    other = make_user("otto", organiser=True)
    second = events.create_event(other, "Otto's night", "dust-collectorz")
    staff.add_staff(second, other, organiser.username, "judge")
    data = json.loads(_download(client, organiser).content)
    assert [row["event"]["name"] for row in data["staff_roles"]] == ["Otto's night"]
    assert [row["name"] for row in data["events_organised"]] == [event.name]
    assert data["event_entries"] == []
    assert {deck["name"] for deck in data["decks"]} == {"Rust and Lint", "The Weaver", "Five Platinum", "Heirloom Tide"}


def test_the_api_gives_the_same_document(client, api, sample_event):
    alice = User.objects.get(username="alice")
    page = json.loads(_download(client, alice).content)
    api.force_authenticate(alice)
    response = api.get("/api/v1/me/data/")
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    document = response.json()
    assert {**document, "exported_at": None} == {**page, "exported_at": None}
    head = api.head("/api/v1/me/data/")
    assert head.status_code == 200 and head.content == b""


def test_only_a_signed_in_player_downloads_their_data(client, api, sample_event):
    assert client.get("/en/accounts/data/").url.startswith("/en/accounts/login/")
    answer = api.get("/api/v1/me/data/")
    assert answer.status_code == 401 and set(answer.json()) == {"message", "code", "errors"}
