"""Deleting a deck can be undone: the deck leaves every page and list at once, its owner restores it
as it was for 30 days (page and API alike), then beat's task purges it; an event keeps the version it
registered. alice owns the deck, bob is another player, the organiser runs an event."""

import datetime

import pytest
from django.conf import settings
from django.utils import timezone

from catalogue.models import Card, Game
from decks.models import Deck, DeckVersion
from decks.services import decks as deck_services
from decks.tasks import purge_deck, sweep_deleted_decks
from tests.conftest import join_event
from tournaments.services import entrants as entrant_services
from tournaments.services import events

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(alice, sample):
    """An unlisted deck of two versions, with a description."""
    puff, fluff = Card.objects.get(name="Pocket Puff"), Card.objects.get(name="Fluffnip")
    game = Game.objects.get(slug="dust-collectorz")
    deck = deck_services.create_deck(
        alice, "Lint rush", game, "dc-prerelease", "unlisted", {puff.pk: 2}, description="Fast lint."
    )
    deck_services.save_version(deck, {puff.pk: 2, fluff.pk: 1}, {})
    return Deck.objects.get(pk=deck.pk)


def _as_it_was(deck):
    row = Deck.objects.get(pk=deck.pk)
    versions = [(version.number, version.content_hash) for version in row.versions.order_by("number")]
    return row.name, row.visibility, row.share_token, row.description, row.updated_at, versions


def _days_ago(deck, days):
    Deck.objects.filter(pk=deck.pk).update(deleted_at=timezone.now() - datetime.timedelta(days=days))


def test_a_deleted_deck_is_gone_from_every_page_until_its_owner_undoes_it(client, alice, bob, deck):
    before = _as_it_was(deck)
    client.force_login(alice)
    question = client.get(f"/en/decks/{deck.pk}/delete/").text
    assert "Its 2 saved versions go with it." in question
    assert "You can restore it from “Recently deleted” on your decks page for 30 days" in question
    assert "This cannot be undone." not in question
    decks_page = client.post(f"/en/decks/{deck.pk}/delete/", follow=True)
    assert decks_page.request["PATH_INFO"] == "/en/decks/"
    assert "“Lint rush” was deleted." in decks_page.text and ">Undo</button>" in decks_page.text
    assert decks_page.context["mine"].object_list == [] and "Recently deleted" in decks_page.text
    pages = ("", "export/", "versions/1/", "compare/", "edit/", "settings/", "clone/", "delete/")
    for who in (alice, bob, None):
        client.logout() if who is None else client.force_login(who)
        for page in pages:
            assert client.get(f"/en/decks/{deck.pk}/{page}").status_code in (404, 302), (who, page)
        assert client.get(f"/en/decks/shared/{deck.share_token}/").status_code == 404
    client.force_login(alice)
    again = client.get("/en/decks/").text
    assert "was deleted." not in again, "the Undo is offered once; the list keeps the deck"
    assert "Lint rush" in again and "Restore" in again
    restored = client.post(f"/en/decks/{deck.pk}/restore/", follow=True)
    assert restored.request["PATH_INFO"] == f"/en/decks/{deck.pk}/"
    assert "“Lint rush” is restored, as it was." in restored.text
    assert _as_it_was(deck) == before
    client.logout()
    assert client.get(f"/en/decks/shared/{deck.share_token}/").status_code == 200, "its old link works again"


def test_the_api_deletes_and_restores_the_same_way(api, alice, deck):
    api.force_authenticate(alice)
    before = _as_it_was(deck)
    assert api.delete(f"/api/v1/decks/{deck.pk}/").status_code == 204
    assert api.get(f"/api/v1/decks/{deck.pk}/").status_code == 404
    assert api.get(f"/api/v1/shared/decks/{deck.share_token}/").status_code == 404
    assert deck.pk not in [row["id"] for row in api.get("/api/v1/decks/").json()]
    (deleted,) = api.get("/api/v1/decks/deleted/").json()["results"]
    assert (deleted["id"], deleted["name"]) == (deck.pk, "Lint rush")
    until = datetime.datetime.fromisoformat(deleted["restorable_until"]) - datetime.timedelta(days=30)
    assert until == datetime.datetime.fromisoformat(deleted["deleted_at"])
    assert api.delete(f"/api/v1/decks/{deck.pk}/").status_code == 404, "deleted already"
    restored = api.post(f"/api/v1/decks/{deck.pk}/restore/")
    assert restored.status_code == 200 and restored.json()["share_token"] == deck.share_token
    assert api.post(f"/api/v1/decks/{deck.pk}/restore/").status_code == 200, "restoring twice changes nothing"
    assert _as_it_was(deck) == before and api.get("/api/v1/decks/deleted/").json()["results"] == []
    assert api.get(f"/api/v1/decks/{deck.pk}/versions/").status_code == 200


def test_another_players_deleted_deck_is_not_found_on_every_route(api, client, alice, bob, deck):
    deck_services.delete_deck(deck, alice)
    api.force_authenticate(bob)
    for response in (
        api.post(f"/api/v1/decks/{deck.pk}/restore/"),
        api.get(f"/api/v1/decks/{deck.pk}/"),
        api.delete(f"/api/v1/decks/{deck.pk}/"),
    ):
        assert response.status_code == 404
        assert set(response.json()) >= {"message", "code", "errors"}
    assert api.get("/api/v1/decks/deleted/").json()["results"] == []
    client.force_login(bob)
    assert client.post(f"/en/decks/{deck.pk}/restore/").status_code == 404
    assert "Lint rush" not in client.get("/en/decks/").text
    api.force_authenticate(None)
    refused = api.post(f"/api/v1/decks/{deck.pk}/restore/")
    assert refused.status_code == 401 and set(refused.json()) >= {"message", "code", "errors"}
    assert Deck.objects.get(pk=deck.pk).deleted_at is not None


def test_after_30_days_beat_purges_the_deck_and_it_cannot_be_restored(api, client, alice, deck, eager_celery):
    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "decks.tasks.sweep_deleted_decks" in schedule
    kept = deck_services.create_deck(alice, "Kept a while", deck.game, "dc-prerelease", "private")
    deck_services.delete_deck(deck, alice)
    deck_services.delete_deck(kept, alice)
    _days_ago(deck, 31)
    _days_ago(kept, 29)
    client.force_login(alice)
    listed = client.get("/en/decks/").text
    assert "Kept a while" in listed and "Lint rush" not in listed
    assert client.post(f"/en/decks/{deck.pk}/restore/").status_code == 404
    api.force_authenticate(alice)
    gone = api.post(f"/api/v1/decks/{deck.pk}/restore/")
    assert gone.status_code == 404 and gone.json()["code"]
    sweep_deleted_decks()
    assert not Deck.objects.filter(pk=deck.pk).exists() and not DeckVersion.objects.filter(deck_id=deck.pk).exists()
    assert Deck.objects.get(pk=kept.pk).deleted_at is not None, "29 days: still restorable"
    purge_deck(deck.pk)  # a second run finds nothing to do
    assert api.post(f"/api/v1/decks/{kept.pk}/restore/").status_code == 200


def test_a_deleted_registered_deck_stays_readable_to_its_event(api, client, organiser, alice, deck, eager_celery):
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    registered = deck.versions.get(number=1)
    entrant = entrant_services.add_entrant(event, alice, user=alice, deck_version=registered)
    client.force_login(alice)
    assert "It is registered in Store night: the event keeps the list it was registered with." in (
        client.get(f"/en/decks/{deck.pk}/delete/").text
    )
    client.post(f"/en/decks/{deck.pk}/delete/")
    api.force_authenticate(alice)
    again = api.post(
        f"/api/v1/tournaments/{event.pk}/entrants/{entrant.pk}/deck/", {"deck": registered.pk}, format="json"
    )
    assert again.status_code == 404, "a deleted deck is in nobody's choices"
    client.force_login(organiser)
    lists = client.get(f"/en/events/{event.pk}/manage/decklists/").text
    assert "Lint rush" in lists and "2 Pocket Puff" in lists
    _days_ago(deck, 31)
    sweep_deleted_decks()
    assert list(Deck.objects.get(pk=deck.pk).versions.values_list("pk", flat=True)) == [registered.pk]
    assert deck_services.purgeable_decks() == [], "kept for the event, not purged again every hour"
    assert Deck.objects.get(pk=deck.pk).description == ""
    entrant.refresh_from_db()
    assert entrant.deck_id == registered.pk
    lists = client.get(f"/en/events/{event.pk}/manage/decklists/").text
    assert "Lint rush" in lists and "2 Pocket Puff" in lists
    assert api.post(f"/api/v1/decks/{deck.pk}/restore/").status_code == 404
    client.force_login(alice)
    assert client.get(f"/en/decks/{deck.pk}/").status_code == 404


def test_a_deleted_deck_is_in_none_of_its_owners_choices(client, organiser, alice, deck):
    """Neither "Decks I can build" of a collection nor the deck an event asks her to register."""
    binder = alice.collections.create(name="Binder")
    event = events.create_event(organiser, "Store night", "dust-collectorz")
    join_event(event, alice)
    client.force_login(alice)
    assert "Lint rush" in client.get(f"/en/events/{event.pk}/deck/").text
    deck_services.delete_deck(deck, alice)
    assert "Lint rush" not in client.get(f"/en/collections/{binder.pk}/decks/").text
    assert "Lint rush" not in client.get(f"/en/events/{event.pk}/deck/").text


def test_building_again_from_a_sealed_pool_after_deleting_the_deck_makes_a_new_deck(client, organiser, alice, sample):
    """The deck built from the pool is hers; once deleted it gets no new version out of her sight."""
    from tests.tournaments.sealed.test_sealed_events import dc_cards, legal_deck_ids, pool_text
    from tournaments.services import sealed
    from tournaments.services.sealed_decks import register_pool_deck

    event = events.create_event(organiser, "Prerelease", "dust-collectorz", format_slug="dc-prerelease", sealed=True)
    entrant = join_event(event, alice)
    sealed.register_pool(entrant, alice, pool_text(dc_cards()))
    picks = dict.fromkeys(legal_deck_ids(dc_cards()), 1)
    built = register_pool_deck(entrant, alice, picks).deck.deck
    deck_services.delete_deck(built, alice)
    again = register_pool_deck(entrant, alice, picks)
    assert again.deck.deck_id != built.pk and again.deck.deck.deleted_at is None
    assert built.versions.count() == 1
    client.force_login(alice)
    assert client.get("/en/decks/").context["mine"].object_list == [again.deck.deck]
