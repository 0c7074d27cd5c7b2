"""One rule for registering a deck for someone (issue 24): a player registers their own decks; staff
register only a list pasted at the desk or one the entry was registered with; nobody is entered
without agreeing. Through the API and the pages, with the same 404 whether a private deck exists."""

import pytest

from decks.services import decks as deck_services
from tests.conftest import make_user
from tests.tournaments.decklists.test_event_decklists import public_deck, start
from tests.tournaments.decklists.test_event_decklists import text as page_text
from tournaments.models import AuditEntry, Entrant
from tournaments.services import decklists as decklist_services
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import staff as staff_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def secret(alice, dc):
    cards, declarations = deck_services.cards_from_decklist("", dc)
    return deck_services.create_deck(alice, "Secret tech", dc, "dc-prerelease", "private", cards, declarations)


@pytest.fixture
def dc(sample):
    from catalogue.models import Game

    return Game.objects.get(slug="dust-collectorz")


@pytest.fixture
def event(organiser, dc):
    return event_services.create_event(organiser, "Prerelease", dc, format_slug="dc-prerelease", swiss_rounds=2)


def test_an_organiser_cannot_enter_an_account_holder_nor_read_their_private_deck(api, organiser, alice, event, secret):
    api.force_authenticate(organiser)
    version = secret.latest_version().pk
    for deck in (version, version + 1000):  # an existing private deck and one that does not exist: same answer
        answer = api.post(f"/api/v1/tournaments/{event.pk}/entrants/", {"user": alice.pk, "deck": deck}, format="json")
        assert answer.status_code == 403 and answer.json()["code"] == "event.needs_consent"
        assert "join code" in answer.json()["message"]
    assert not Entrant.objects.filter(event=event).exists(), "alice never joined"
    assert api.get(f"/api/v1/tournaments/{event.pk}/decklists/").json() == []


def test_the_organiser_page_enters_walk_ins_and_sends_players_to_the_join_code(client, organiser, alice, event):
    client.force_login(organiser)
    manage = page_text(client.get(f"/en/events/{event.pk}/manage/players/"))
    assert event.join_code in manage and 'name="username"' not in manage
    page = page_text(client.post(f"/en/events/{event.pk}/manage/entrants/", {"username": "alice"}, follow=True))
    assert "has an account, so only they can enter this event" in page
    assert not event.entrants.filter(user=alice).exists()


def test_staff_never_pick_among_a_players_private_decks(api, organiser, alice, event, dc, secret):
    mine = entrant_services.register_player(event, alice, deck_version=public_deck(alice, dc).latest_version())
    judge = make_user("jules")
    staff_services.add_staff(event, organiser, "jules", "judge")
    private = secret.latest_version().pk
    answers = []
    for who in (organiser, judge):
        api.force_authenticate(who)
        for deck in (private, private + 1000):
            url = f"/api/v1/tournaments/{event.pk}/entrants/{mine.pk}/deck/"
            answers.append(api.post(url, {"deck": deck, "reason": "deck check"}, format="json"))
    assert {answer.status_code for answer in answers} == {404}
    assert len({answer.content for answer in answers}) == 1, "a private deck and a missing one answer alike"
    mine.refresh_from_db()
    assert mine.deck.deck.name == "Lint rush"
    for who in (organiser, judge):
        api.force_authenticate(who)
        listed = api.get(f"/api/v1/tournaments/{event.pk}/decklists/").json()
        assert "Secret tech" not in str(listed)


def test_after_the_freeze_staff_switch_only_to_a_list_the_entry_was_registered_with(
    api, client, organiser, alice, event, dc, secret
):
    first = public_deck(alice, dc, name="First idea").latest_version()
    mine = entrant_services.register_player(event, alice, deck_version=first)
    second = public_deck(alice, dc, name="Final list").latest_version()
    decklist_services.submit_deck(mine, second, alice)
    start(event, organiser)
    client.force_login(organiser)
    page = page_text(client.get(f"/en/events/{event.pk}/manage/entrants/{mine.pk}/deck/"))
    assert "First idea" in page and "Final list" in page and "Secret tech" not in page
    api.force_authenticate(organiser)
    url = f"/api/v1/tournaments/{event.pk}/entrants/{mine.pk}/deck/"
    assert api.post(url, {"deck": first.pk, "reason": "deck check: wrong list"}, format="json").status_code == 200
    mine.refresh_from_db()
    assert mine.deck == first
    change = AuditEntry.objects.filter(event=event, action="deck.change").latest("pk")
    assert change.after["reason"] == "deck check: wrong list" and change.actor == organiser


def test_a_player_who_dropped_changes_their_list_by_no_door(api, client, alice, event, dc):
    """The player's page offers no deck form once they have dropped; the API refuses it too."""
    mine = entrant_services.register_player(event, alice, deck_version=public_deck(alice, dc).latest_version())
    entrant_services.drop(mine, alice)  # before the start: nothing is frozen yet
    other = public_deck(alice, dc, name="Second thoughts").latest_version()
    api.force_authenticate(alice)
    answer = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{mine.pk}/deck/", {"deck": other.pk}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "event.deck_after_drop"
    client.force_login(alice)
    client.post(f"/en/events/{event.pk}/deck/", {"deck": other.pk})
    mine.refresh_from_db()
    assert mine.deck.deck.name == "Lint rush"


def test_after_the_event_finished_a_player_registers_no_list_that_never_played(api, organiser, alice, bob, dc):
    """A list registered after the end would join the published lists and the metagame unplayed."""
    casual = event_services.create_event(organiser, "Kitchen table", dc, swiss_rounds=1)  # no format: no list needed
    mine = entrant_services.register_player(casual, alice)
    entrant_services.register_player(casual, bob)
    casual.entrants.update(checked_in=True)
    event_services.start_event(casual, organiser)
    event_services.finish_event(casual, organiser)
    version = public_deck(alice, dc).latest_version()
    api.force_authenticate(alice)
    answer = api.post(f"/api/v1/tournaments/{casual.pk}/entrants/{mine.pk}/deck/", {"deck": version.pk}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "event.status"
    mine.refresh_from_db()
    assert mine.deck is None
