"""Names that cannot impersonate (issue 25, item 4): display names are unique as readers see them
and never look like another account's username; another person's display name never blocks anyone's
own registration; invisible control characters are refused in every name and text shown to others."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from core.text import has_hidden_characters, name_key
from tests.conftest import join_event, make_user
from tournaments.models import Entrant, Event
from tournaments.services import events

pytestmark = pytest.mark.django_db

RTL_OVERRIDE = "\u202e"
PROFILE = "/en/accounts/profile/"
User = get_user_model()


def set_display_name(client, user, name, language="en"):
    client.force_login(user)
    return client.post(
        f"/{language}/accounts/profile/", {"display_name": name, "email": user.email, "preferred_language": language}
    )


def sign_up(client, username):
    return client.post(
        "/en/accounts/signup/",
        {
            "username": username,
            "email": "new@example.org",
            "preferred_language": "en",
            "password1": "a-long-enough-pass-2026",
            "password2": "a-long-enough-pass-2026",
        },
    )


def test_names_compare_as_readers_see_them():
    assert name_key("Bob") == name_key("BOB") == name_key("Ｂｏｂ") == name_key("Bоb")  # the last "о" is Cyrillic
    assert name_key("b\u200bob") == name_key(" bob ") == "bob"
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Bob") != name_key("Rob")
    assert has_hidden_characters("Store" + RTL_OVERRIDE + "night") and not has_hidden_characters("Café Noël")
    assert has_hidden_characters("two\nlines") and not has_hidden_characters("two\nlines", multiline=True)


def test_a_display_name_cannot_look_like_another_accounts_username(client, alice, bob):
    for look_alike in ("bob", "BOB", "Bоb", "Ｂｏｂ", "b\u200bob"):
        refused = set_display_name(client, alice, look_alike)
        assert refused.status_code == 200 and "looks the same as another player’s name" in refused.text, look_alike
    assert User.objects.get(pk=alice.pk).display_name == ""
    assert set_display_name(client, alice, "Alice").status_code == 302, "her own username, in her own name"
    assert set_display_name(client, bob, "Bob the Brave").status_code == 302


def test_a_display_name_cannot_look_like_another_display_name(client, alice, bob):
    assert set_display_name(client, bob, "Robert").status_code == 302
    refused = set_display_name(client, alice, "ROBERT", language="fr")
    assert refused.status_code == 200 and "ressemble au nom" in refused.text
    assert set_display_name(client, bob, "robert").status_code == 302, "bob may restyle his own name"


def test_sign_up_refuses_a_look_alike_of_an_existing_username(client, alice):
    make_user("strasse")
    for look_alike in ("ａｌｉｃｅ", "ALICE", "аlice", "Straße"):  # full-width, capitals, Cyrillic "а", ß
        refused = sign_up(client, look_alike)
        assert refused.status_code == 200 and not User.objects.filter(email="new@example.org").exists(), look_alike
    assert "looks the same as an existing one" in sign_up(client, "аlice").text
    assert sign_up(client, "alicia").status_code == 302


def test_another_persons_display_name_never_blocks_a_username(client, alice):
    alice.display_name = "Carol"
    alice.save()
    assert sign_up(client, "carol").status_code == 302


def test_sign_up_refuses_control_characters_in_a_username(client):
    assert sign_up(client, "evil" + RTL_OVERRIDE + "name").status_code == 200
    assert not User.objects.filter(email="new@example.org").exists()


def test_another_persons_display_name_never_blocks_my_registration(organiser, alice):
    real = make_user("robert")
    alice.display_name = "Bob"
    alice.save()
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    join_event(event, alice)
    real.display_name = ""
    real.save()
    bob = make_user("bob")
    entrant = join_event(event, bob)  # "bob" is entered already by name (alice's display name): still him
    assert entrant.user == bob and Entrant.objects.filter(event=event).count() == 2


def test_an_rtl_override_in_an_event_name_is_refused_by_page_and_api(client, api, organiser):
    client.force_login(organiser)
    page = client.post("/en/events/new/", {"name": "Store " + RTL_OVERRIDE + "night", "game": "dust-collectorz"})
    assert page.status_code == 200 and "invisible control characters" in page.text
    api.force_authenticate(organiser)
    body = {"name": "Store " + RTL_OVERRIDE + "night", "game": "dust-collectorz"}
    refused = api.post("/api/v1/tournaments/", body, format="json")
    assert refused.status_code == 400 and "invisible control characters" in str(refused.json()["errors"]["name"])
    with translation.override("it"):
        italian = api.post("/api/v1/tournaments/", body, format="json", HTTP_ACCEPT_LANGUAGE="it")
    assert "caratteri di controllo invisibili" in str(italian.json()["errors"]["name"])
    venue = api.post("/api/v1/tournaments/", {**body, "name": "Fine", "venue": "Hall\u2066B"}, format="json")
    assert venue.status_code == 400 and "venue" in venue.json()["errors"]
    assert not Event.objects.exists()


def test_control_characters_are_refused_in_walk_ins_decks_and_penalty_reasons(api, organiser, alice, sample):
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    api.force_authenticate(organiser)
    walk_in = api.post(f"/api/v1/tournaments/{event.pk}/entrants/", {"name": "Wan\u200fda"}, format="json")
    assert walk_in.status_code == 400 and not event.entrants.exists()
    team = api.post(f"/api/v1/tournaments/{event.pk}/entrants/", {"members": ["Ann", "B\u202eob"]}, format="json")
    assert team.status_code == 400
    api.force_authenticate(alice)
    deck = api.post(
        "/api/v1/decks/",
        {"name": "Aggro\u202e", "game": "dust-collectorz", "format_slug": "dc-prerelease", "visibility": "private"},
        format="json",
    )
    assert deck.status_code == 400 and "name" in deck.json()["errors"]
