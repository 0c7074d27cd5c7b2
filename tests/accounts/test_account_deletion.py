"""A player deletes their account (docs/privacy.md): from the profile, with the current password, by
a POST; refused while an unfinished event needs the account; other players' events stay exactly as
they were; private decks, collections, share links, tokens and sessions go."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from decks.models import Collection, Deck, Visibility
from decks.services.collections import create_collection
from decks.services.decks import create_deck
from sample.management.commands.load_sample_data import DEMO_PASSWORD
from tests.accounts.conftest import finish
from tournaments.models import AuditEntry, Entrant, Seat
from tournaments.services import entrants as entrant_services
from tournaments.services import entrants_teams, events, staff

pytestmark = pytest.mark.django_db
User = get_user_model()


def _account(username):
    return User.objects.get(username=username)


def _what_alice_has(event):
    alice = _account("alice")
    return {
        "decks": sorted(Deck.objects.filter(owner=alice).values_list("pk", flat=True)),
        "collections": sorted(Collection.objects.filter(owner=alice).values_list("pk", flat=True)),
        "entry": list(event.entrants.filter(user=alice).values_list("pk", "name", "deck_id")),
        "token": Token.objects.filter(user=alice).exists(),
        "password": alice.password,
    }


def _unlisted_deck(owner, event):
    version = event.entrants.get(user=owner).deck
    cards = dict(version.cards.values_list("card_id", "qty"))
    return create_deck(owner, "Side project", event.game, event.format_slug, Visibility.UNLISTED, cards)


def test_the_profile_links_to_the_deletion_page_which_says_what_goes_and_what_stays(client, sample_event):
    client.force_login(_account("charlie"))
    assert 'href="/en/accounts/delete/"' in client.get("/en/accounts/profile/").text
    entrant_services.drop(sample_event.entrants.get(name="Charlie"), sample_event.organiser)
    page = client.get("/en/accounts/delete/").text
    assert "What is deleted" in page and "What is kept, and why" in page
    assert 'type="password"' in page and 'method="post"' in page
    assert User.objects.filter(username="charlie").exists(), "a GET deletes nothing"


def test_refused_while_playing_or_organising_an_unfinished_event_and_nothing_changes(client, api, sample_event):
    alice = _account("alice")
    Token.objects.create(user=alice)
    create_collection(alice, "Binder")
    before = _what_alice_has(sample_event)
    client.force_login(alice)
    page = client.get("/en/accounts/delete/").text
    assert f'<a href="/en/events/{sample_event.pk}/">{sample_event.name}</a>' in page
    assert "You play in it: drop out, or wait until it finishes." in page and 'type="password"' not in page
    refused = client.post("/en/accounts/delete/", {"password": DEMO_PASSWORD})
    assert refused.status_code == 409 and "cannot be deleted yet" in refused.text
    api.force_authenticate(alice)
    answer = api.delete("/api/v1/me/", {"password": DEMO_PASSWORD}, format="json")
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "account.still_needed" and sample_event.name in body["message"]
    assert body["errors"] == {"non_field_errors": [body["message"]]}
    assert body["events"] == [
        {
            "id": sample_event.pk,
            "name": sample_event.name,
            "url": f"/en/events/{sample_event.pk}/",
            "role": "player",
            "status": "Swiss rounds",
            "state": "swiss",
        }
    ]
    assert _what_alice_has(sample_event) == before
    organiser = sample_event.organiser
    api.force_authenticate(organiser)
    answer = api.delete("/api/v1/me/", {"password": DEMO_PASSWORD}, format="json")
    assert answer.status_code == 409 and answer.json()["events"][0]["role"] == "organiser"
    assert User.objects.filter(pk=organiser.pk).exists()
    events.create_event(organiser, "Next month", "dust-collectorz")  # not started: it cannot be finished
    client.force_login(organiser)
    page = client.get("/en/accounts/delete/").text
    assert "You organise it: finish or cancel it first." in page and "cancel it, or delete it if nobody" in page


def test_once_dropped_the_player_deletes_their_account_and_their_entry_stays_under_their_name(client, sample_event):
    alice = _account("alice")
    entry = sample_event.entrants.get(user=alice)
    registered = entry.deck_id
    mine = _unlisted_deck(alice, sample_event)
    binder = create_collection(alice, "Binder", visibility="unlisted")
    shared = (f"/en/decks/shared/{mine.share_token}/", f"/en/collections/shared/{binder.share_token}/")
    assert [client.get(url).status_code for url in shared] == [200, 200]
    dropped = entrant_services.drop(entry, sample_event.organiser).dropped_after
    client.force_login(alice)
    response = client.post("/fr/accounts/delete/", {"password": DEMO_PASSWORD})
    assert response.status_code == 302 and response.url == "/fr/accounts/deleted/"
    deleted = client.get(response.url)
    assert deleted.status_code == 200 and '<html lang="fr"' in deleted.text
    assert client.get("/en/accounts/profile/").status_code == 302, "logged out"
    assert not User.objects.filter(username="alice").exists()
    entry.refresh_from_db()
    assert (entry.user_id, entry.name, entry.deck_id, entry.dropped_after) == (None, "Alice", registered, dropped)
    assert not Deck.objects.filter(pk=mine.pk).exists() and not Collection.objects.filter(pk=binder.pk).exists()
    assert [client.get(url).status_code for url in shared] == [404, 404]
    login = client.post("/en/accounts/login/", {"username": "alice", "password": DEMO_PASSWORD})
    assert login.status_code == 200, "the old password opens nothing"
    again = {"username": "alice", "email": "new-alice@example.org", "preferred_language": "en"}
    again |= {"password1": "a-Fresh-start-77", "password2": "a-Fresh-start-77"}
    assert client.post("/en/accounts/signup/", again).status_code == 302, "the username is free again"
    newcomer = _account("alice")
    assert not Entrant.objects.filter(user=newcomer).exists(), "the new alice inherits nothing"


def _public(api, event):
    """What anyone reads of the event: standings, every round's pairings and results, the lists."""
    base = f"/api/v1/public/events/{event.pk}"
    pages = [f"{base}/standings/", f"{base}/decklists/", f"{base}/rounds/1/", f"{base}/rounds/2/"]
    return {page: api.get(page).json() for page in pages}


def _history(event):
    """The event's pairings and its log, except who acted."""
    seats = Seat.objects.filter(match__round__event=event).order_by("pk")
    log = AuditEntry.objects.filter(event=event).order_by("pk")
    return (
        list(seats.values_list("match__round__number", "match__table", "entrant_id", "game_wins")),
        list(log.values_list("pk", "action", "round_number", "table", "entrant_id", "entrant_name")),
    )


def test_a_finished_event_reads_the_same_after_a_player_and_its_organiser_delete_their_accounts(api, sample_event):
    event = finish(sample_event)
    alice, organiser = _account("alice"), event.organiser
    before_public, (before_seats, before_log) = _public(api, event), _history(event)
    assert any(
        row["name"] == "Alice" for row in before_public[f"/api/v1/public/events/{event.pk}/standings/"]["standings"]
    )
    for user in (alice, organiser):
        api.force_authenticate(user)
        assert api.delete("/api/v1/me/", {"password": DEMO_PASSWORD}, format="json").status_code == 204
    api.force_authenticate(None)
    assert _public(api, event) == before_public, "standings, tiebreakers, pairings and published lists"
    seats, log = _history(event)
    assert seats == before_seats
    assert log[: len(before_log)] == before_log and [row[1] for row in log[len(before_log) :]] == ["account.delete"] * 2
    event.refresh_from_db()
    assert event.organiser.is_departed and not event.organiser.is_active
    french = api.get(f"/fr/events/{event.pk}/").content.decode()
    assert "<dd>un compte supprimé</dd>" in french  # the stand-in reads in the reader's language
    assert not event.entrants.filter(user__isnull=False, name="Alice").exists()


def test_the_log_names_a_deleted_account_where_it_named_the_player(client, sample_event):
    event = finish(sample_event)
    alice = _account("alice")
    assert AuditEntry.objects.filter(event=event, actor=alice).exists(), "alice registered herself and her deck"
    client.force_login(alice)
    assert client.post("/en/accounts/delete/", {"password": DEMO_PASSWORD}).status_code == 302
    client.force_login(event.organiser)
    log = client.get(f"/en/events/{event.pk}/manage/log/").text
    assert "a deleted account" in log and "alice" not in log
    assert "Account deleted" in log


def test_a_wrong_password_is_refused_clearly_and_deletes_nothing(client, api, sample_event):
    event = finish(sample_event)
    before = _what_alice_has(event)
    alice = _account("alice")
    client.force_login(alice)
    page = client.post("/en/accounts/delete/", {"password": "not-my-password"})
    assert page.status_code == 403 and "That is not your current password. Nothing was deleted." in page.text
    api.force_authenticate(alice)
    answer = api.delete("/api/v1/me/", {"password": "not-my-password"}, format="json")
    assert answer.status_code == 403
    body = answer.json()
    assert body["code"] == "account.wrong_password" and body["errors"] == {"password": [body["message"]]}
    missing = api.delete("/api/v1/me/", {}, format="json")
    assert missing.status_code == 400 and set(missing.json()) >= {"message", "code", "errors"}
    assert "password" in missing.json()["errors"]
    assert _what_alice_has(event) == before


def test_wrong_passwords_count_as_failed_logins(api, sample_event, settings):
    settings.LOGIN_LIMITS = {**settings.LOGIN_LIMITS, "login_account": "2/hour"}
    finish(sample_event)
    api.force_authenticate(_account("alice"))
    statuses = [api.delete("/api/v1/me/", {"password": "guess"}, format="json").status_code for _ in range(3)]
    assert statuses == [403, 403, 429]
    refused = api.delete("/api/v1/me/", {"password": DEMO_PASSWORD}, format="json")
    assert refused.status_code == 429 and refused.json()["code"] == "account.password_attempts"
    assert "Retry-After" in refused and User.objects.filter(username="alice").exists()


def test_anonymous_visitors_are_sent_to_log_in_or_answered_401(client, api, sample_event):
    assert client.get("/en/accounts/delete/").url.startswith("/en/accounts/login/")
    assert client.post("/en/accounts/delete/", {"password": DEMO_PASSWORD}).url.startswith("/en/accounts/login/")
    answer = api.delete("/api/v1/me/", {"password": DEMO_PASSWORD}, format="json")
    assert answer.status_code == 401 and set(answer.json()) == {"message", "code", "errors"}
    assert User.objects.filter(username="alice").exists()


def test_the_api_token_and_every_session_end_with_the_account(client, api, sample_event):
    finish(sample_event)
    alice = _account("alice")
    token = Token.objects.create(user=alice)
    client.force_login(alice)  # another device, still logged in
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api.get("/api/v1/me/data/").status_code == 200
    assert api.delete("/api/v1/me/", {"password": DEMO_PASSWORD}, format="json").status_code == 204
    assert api.get("/api/v1/me/data/").status_code == 401
    assert client.get("/en/accounts/profile/").status_code == 302


def test_a_judge_role_and_a_team_place_are_released_and_said_so_in_each_event_s_log(api, sample_event):
    organiser, alice = sample_event.organiser, _account("alice")
    finish(sample_event)
    judged = events.create_event(organiser, "Tuesday league", "dust-collectorz")
    staff.add_staff(judged, organiser, "alice", "judge")
    doubles = events.create_event(organiser, "Doubles", "dust-collectorz", mode="team", swiss_rounds=1)
    team = entrants_teams.add_team(doubles, organiser, "Lint Sisters", ["alice", "Zed"])
    entrants_teams.join_team(team, alice)
    api.force_authenticate(alice)
    refused = api.delete("/api/v1/me/", {"password": DEMO_PASSWORD}, format="json")
    assert refused.status_code == 409 and [event["name"] for event in refused.json()["events"]] == ["Doubles"]
    entrant_services.drop(team, organiser)
    assert api.delete("/api/v1/me/", {"password": DEMO_PASSWORD}, format="json").status_code == 204
    team.refresh_from_db()
    assert (team.name, team.member_names, list(team.members.all())) == ("Lint Sisters", ["alice", "Zed"], [])
    assert not judged.staff.exists()
    said = {
        entry.event_id: entry.before["roles"]
        for entry in AuditEntry.objects.filter(action="account.delete").order_by("pk")
    }
    assert said == {sample_event.pk: ["player"], judged.pk: ["judge"], doubles.pk: ["player"]}
    added = AuditEntry.objects.get(event=judged, action="staff.add")
    assert added.after["username"] == "deleted account" and added.actor == organiser
