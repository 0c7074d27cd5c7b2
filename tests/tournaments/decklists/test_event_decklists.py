"""Registered decklists: private until published, frozen once play starts, pasted at the desk."""

import datetime
import html

import pytest
from django.utils import timezone

from catalogue.models import Game
from decks.services import decks as deck_services
from tests.conftest import make_user
from tests.decks.test_deck_validation_api import legal_sample_deck
from tournaments.models import AuditEntry, Entrant, EventSettings
from tournaments.services import decklists as decklist_services
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services
from tournaments.services import staff as staff_services

pytestmark = pytest.mark.django_db


def text(response):
    return html.unescape(response.content.decode())


@pytest.fixture
def dc(sample):
    return Game.objects.get(slug="dust-collectorz")


@pytest.fixture
def event(organiser, dc):
    return event_services.create_event(organiser, "Prerelease", dc, format_slug="dc-prerelease", swiss_rounds=2)


def public_deck(owner, dc, name="Lint rush"):
    cards, declarations = deck_services.cards_from_decklist(legal_sample_deck(), dc)
    return deck_services.create_deck(owner, name, dc, "dc-prerelease", "unlisted", cards, declarations)


@pytest.fixture
def alices_entry(event, alice, dc):
    deck = public_deck(alice, dc)
    return entrant_services.add_entrant(event, alice, user=alice, deck_version=deck.latest_version())


def start(event, organiser):
    for entrant in event.entrants.all():
        entrant_services.check_in(entrant, organiser)
    if event.entrants.count() < 2:
        walk_in = entrant_services.add_entrant(event, organiser, name="Walk In")
        decklist_services.register_decklist_text(walk_in, organiser, legal_sample_deck())
        entrant_services.check_in(walk_in, organiser)
    event_services.start_event(event, organiser)


def test_a_registered_list_stays_private_until_the_event_publishes_it(client, event, organiser, alices_entry, bob):
    deck = alices_entry.deck.deck
    share = f"/en/decks/shared/{deck.share_token}/"
    event_services.set_publication(event, organiser, "all")
    judge = make_user("jules")
    staff_services.add_staff(event, organiser, "jules", "judge")
    for viewer in (None, bob):
        if viewer:
            client.force_login(viewer)
        assert "Lint rush" not in client.get(f"/en/events/{event.pk}/").text
        assert client.get(share).status_code == 404
        assert client.get(f"/api/v1/shared/decks/{deck.share_token}/").status_code == 404
    for reader in (alice_of(alices_entry), organiser, judge):
        client.force_login(reader)
        assert "Lint rush" in client.get(f"/en/events/{event.pk}/").text
    client.force_login(alice_of(alices_entry))
    assert client.get(share).status_code == 200  # the owner always sees their deck
    start(event, organiser)
    event_services.finish_event(event, organiser)
    client.logout()
    assert "Lint rush" in client.get(f"/en/events/{event.pk}/").text
    assert client.get(share).status_code == 200
    assert client.get(f"/api/v1/shared/decks/{deck.share_token}/").status_code == 200


def alice_of(entry):
    return entry.user


def test_the_decklists_api_answers_per_viewer(api, event, organiser, alices_entry, bob):
    url = f"/api/v1/tournaments/{event.pk}/decklists/"
    assert api.get(url).json() == []
    api.force_authenticate(bob)
    assert api.get(url).json() == []
    api.force_authenticate(alices_entry.user)
    [mine] = api.get(url).json()
    assert mine["name"] == "alice" and mine["deck_name"] == "Lint rush" and mine["decklist"]
    api.force_authenticate(organiser)
    assert len(api.get(url).json()) == 1


def test_a_player_cannot_change_a_frozen_list_but_a_judge_can_with_a_reason(client, event, organiser, alices_entry, dc):
    alice = alices_entry.user
    start(event, organiser)
    other = public_deck(alice, dc, name="Second thoughts")
    client.force_login(alice)
    page = text(client.get(f"/en/events/{event.pk}/deck/"))
    assert "Decklists are frozen since the event started" in page
    response = client.post(f"/en/events/{event.pk}/deck/", {"deck": other.latest_version().pk})
    alices_entry.refresh_from_db()
    assert alices_entry.deck.deck.name == "Lint rush"
    with pytest.raises(Exception, match="frozen"):
        decklist_services.submit_deck(alices_entry, other.latest_version(), alice)

    judge = make_user("jules")
    staff_services.add_staff(event, organiser, "jules", "judge")
    client.force_login(judge)
    url = f"/en/events/{event.pk}/manage/entrants/{alices_entry.pk}/decklist/"
    response = client.post(url, {"decklist": legal_sample_deck()})
    assert "say why it changes" in text(response)
    alices_entry.refresh_from_db()
    assert alices_entry.deck.deck.name == "Lint rush"
    response = client.post(url, {"decklist": legal_sample_deck(), "reason": "deck check: list did not match"})
    assert response.status_code == 302
    alices_entry.refresh_from_db()
    assert alices_entry.deck.deck.name != "Lint rush" and alices_entry.deck_legal
    entry = AuditEntry.objects.get(event=event, action="deck.change")
    assert entry.actor == judge and entry.after["reason"] == "deck check: list did not match"
    assert entry.before["deck"] != entry.after["deck"]
    log = client.get(f"/en/events/{event.pk}/manage/decklists/")
    assert log.status_code == 200
    client.force_login(organiser)
    assert "Frozen deck changed" in client.get(f"/en/events/{event.pk}/manage/").text


def test_scorekeepers_and_players_cannot_reach_the_decklists(client, event, organiser, alices_entry, bob):
    make_user("sam")
    staff_services.add_staff(event, organiser, "sam", "scorekeeper")
    for username in ("sam", "bob", "alice"):
        client.force_login(Entrant._meta.get_field("user").related_model.objects.get(username=username))
        assert client.get(f"/en/events/{event.pk}/manage/decklists/").status_code == 403
        url = f"/en/events/{event.pk}/manage/entrants/{alices_entry.pk}/decklist/"
        assert client.post(url, {"decklist": legal_sample_deck()}).status_code == 403


def test_organiser_pastes_a_walk_ins_list_in_one_step(client, event, organiser):
    walk_in = entrant_services.add_entrant(event, organiser, name="Walk In")
    client.force_login(organiser)
    url = f"/en/events/{event.pk}/manage/entrants/{walk_in.pk}/decklist/"
    checked = text(client.post(url, {"decklist": legal_sample_deck(), "check": "1"}))
    assert "Legal" in checked
    walk_in.refresh_from_db()
    assert walk_in.deck is None  # Check saves nothing
    bad = text(client.post(url, {"decklist": "3 No such card at all"}))
    assert "No such card at all" in bad
    response = client.post(url, {"decklist": legal_sample_deck()}, follow=True)
    assert "Deck registered for Walk In." in text(response)
    walk_in.refresh_from_db()
    assert walk_in.deck_legal is True
    assert client.post(f"/en/events/{event.pk}/manage/entrants/{walk_in.pk}/check-in/").status_code == 302
    walk_in.refresh_from_db()
    assert walk_in.checked_in


def test_the_deadline_is_editable_but_never_in_the_past(client, api, event, organiser):
    client.force_login(organiser)
    past = (timezone.localtime() - datetime.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(f"/en/events/{event.pk}/manage/deadline/", {"deck_deadline": past}, follow=True)
    assert "The decklist deadline must be in the future." in text(response)
    event.refresh_from_db()
    assert event.settings.deck_deadline is None
    future = (timezone.localtime() + datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(f"/en/events/{event.pk}/manage/deadline/", {"deck_deadline": future}, follow=True)
    assert "Decklist deadline saved." in text(response)
    event.refresh_from_db()
    assert event.settings.deck_deadline is not None
    api.force_authenticate(organiser)
    refused = api.post(
        f"/api/v1/tournaments/{event.pk}/deadline/", {"deck_deadline": "2020-01-01T10:00:00Z"}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["message"] == "The decklist deadline must be in the future."
    cleared = api.post(f"/api/v1/tournaments/{event.pk}/deadline/", {"deck_deadline": None}, format="json")
    assert cleared.status_code == 200 and cleared.json()["deck_deadline"] is None


def test_a_player_registering_after_the_deadline_is_told_what_happens(client, event, alice, dc):
    deck = public_deck(alice, dc)
    EventSettings.objects.filter(event=event).update(deck_deadline=timezone.now() - datetime.timedelta(minutes=1))
    client.force_login(alice)
    page = text(client.get(f"/en/events/{event.pk}/register/"))
    assert "The decklist deadline has passed: you can still register, but without a deck." in page
    response = client.post(f"/en/events/{event.pk}/register/", {"deck": deck.latest_version().pk}, follow=True)
    body = text(response)
    assert "You are registered for Prerelease." in body
    assert "ask the organiser or a judge at the desk" in body
    entry = Entrant.objects.get(event=event, user=alice)
    assert entry.deck is None


def test_frozen_list_api_refusals_are_json(api, event, organiser, alices_entry, dc):
    start(event, organiser)
    round_services.pair_next_round(event, organiser)
    other = public_deck(alices_entry.user, dc, name="Second thoughts")
    api.force_authenticate(alices_entry.user)
    url = f"/api/v1/tournaments/{event.pk}/entrants/{alices_entry.pk}/deck/"
    refused = api.post(url, {"deck": other.latest_version().pk}, format="json")
    assert refused.status_code == 403
    assert "frozen" in refused.json()["message"]
    api.force_authenticate(organiser)
    no_reason = api.post(url, {"decklist": legal_sample_deck()}, format="json")
    assert no_reason.status_code == 400 and no_reason.json()["message"]
    done = api.post(url, {"decklist": legal_sample_deck(), "reason": "typo fixed"}, format="json")
    assert done.status_code == 200
