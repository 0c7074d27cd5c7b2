"""Every door into an event asks what the first one asks: the register page, the join code, the API.
A team event is entered through the team that names you, once; a late entry needs a Swiss round left
and, where decks are checked, a legal deck; a withdrawn player neither counts to start nor shows as
registered."""

import pytest

from catalogue.models import Card, Game
from decks.services import decks as deck_services
from tests.conftest import join_event, make_user
from tests.decks.test_deck_validation_api import legal_sample_deck
from tournaments.models import Entrant, Event
from tournaments.services import entrants as entrant_services
from tournaments.services import entrants_teams
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db


def join(api, user, event, **body):
    api.force_authenticate(user)
    return api.post("/api/v1/tournaments/join/", {"code": event.join_code, **body}, format="json")


# Team events


def test_a_team_member_cannot_enter_again_alone_through_the_code(client, api, organiser, alice, bob):
    event = event_services.create_event(organiser, "Doubles", "dust-collectorz", mode="team")
    team = entrants_teams.add_team(event, organiser, "Dust Bunnies", ["alice", "Zed"])
    entrants_teams.join_team(team, alice)
    again = join(api, alice, event)
    assert again.status_code == 409 and again.json()["message"] == "You already play in this event, as Dust Bunnies."
    alone = join(api, bob, event)  # named in no team: no team of one either
    assert alone.status_code == 409 and alone.json()["code"] == "event.teams_only"
    api.force_authenticate(bob)
    by_id = api.post(f"/api/v1/tournaments/{event.pk}/entrants/", {"user": bob.pk}, format="json")
    assert by_id.status_code == 409 and by_id.json()["code"] == "event.teams_only"
    assert list(event.entrants.values_list("name", flat=True)) == ["Dust Bunnies"]
    # The pages agree: the team member is sent to their page, the stranger is told why and offered nothing.
    client.force_login(alice)
    assert client.get(f"/en/events/{event.pk}/register/")["Location"] == f"/en/events/{event.pk}/me/"
    client.force_login(bob)
    assert "Register for this event" not in client.get(f"/en/events/{event.pk}/").text
    page = client.get(f"/en/events/{event.pk}/register/")
    assert "This is a team event" in page.text and '<form method="post" class="form">' not in page.text
    assert client.post(f"/en/events/{event.pk}/register/").status_code == 200
    assert event.entrants.count() == 1


def test_a_named_member_joins_a_private_team_event_through_its_code(client, api, organiser, alice, bob):
    event = event_services.create_event(organiser, "Closed doubles", "dust-collectorz", mode="team", is_public=False)
    hidden = entrants_teams.add_team(event, organiser, "Hidden", ["alice", "Yan"])
    lords = entrants_teams.add_team(event, organiser, "Lint Lords", ["bob", "Zed"])
    client.force_login(alice)
    page = client.get(f"/en/events/join/{event.join_code}/", follow=True)
    assert "The organiser named you as a member of Hidden." in page.text and "Join Hidden" in page.text
    joined = client.post(page.redirect_chain[-1][0], follow=True)
    assert "You play in this event as a member of Hidden." in joined.text
    assert list(hidden.members.all()) == [alice]
    assert client.get(f"/en/events/{event.pk}/").status_code == 200  # hers to see now
    linked = join(api, bob, event)  # the API's join does the same
    assert linked.status_code == 201 and linked.json()["id"] == lords.pk
    assert list(lords.members.all()) == [bob] and event.entrants.count() == 2


# Late entries


def test_no_late_entry_once_every_swiss_round_is_paired(client, api, organiser, alice):
    event = event_services.create_event(organiser, "Short night", "dust-collectorz", swiss_rounds=1)
    for name in ("p1", "p2"):
        join_event(event, make_user(name))
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    refused = join(api, alice, event)
    assert refused.status_code == 409 and refused.json()["code"] == "event.late_no_round_left"
    api.force_authenticate(organiser)
    walk_in = api.post(f"/api/v1/tournaments/{event.pk}/entrants/", {"name": "Ann"}, format="json")
    assert walk_in.status_code == 409 and "would never play" in walk_in.json()["message"]
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/register/")
    assert "The event’s only Swiss round is paired" in page.text and 'class="primary">Register<' not in page.text
    assert event.entrants.count() == 2
    # One more round in the settings, and a late entry has a round to play again.
    event_services.update_event(event, organiser, swiss_rounds=2)
    assert join(api, alice, event).status_code == 201


@pytest.fixture
def started_with_decks(sample, organiser):
    """A constructed event (a format: decks are checked) under way, round 1 paired."""
    game = Game.objects.get(slug="dust-collectorz")
    event = event_services.create_event(organiser, "Constructed", game, format_slug="dc-prerelease", swiss_rounds=3)
    cards, declarations = deck_services.cards_from_decklist(legal_sample_deck(), game)
    for name in ("p1", "p2"):
        player = make_user(name)
        deck = deck_services.create_deck(player, "Lint", game, "dc-prerelease", "private", cards, declarations)
        entrant = entrant_services.register_player(event, player, deck_version=deck.latest_version())
        entrant_services.check_in(entrant, organiser)
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    return Event.objects.get(pk=event.pk), game, cards, declarations


def test_a_late_entry_where_decks_are_checked_brings_a_legal_deck(client, api, alice, started_with_decks):
    event, game, cards, declarations = started_with_decks
    bare = join(api, alice, event)
    assert bare.status_code == 400 and bare.json()["code"] == "event.late_entry_needs_deck"
    puff, fluff = Card.objects.get(name="Pocket Puff"), Card.objects.get(name="Fluffnip")
    illegal = deck_services.create_deck(alice, "Two puffs", game, "dc-prerelease", "private", {puff.pk: 2, fluff.pk: 1})
    refused = join(api, alice, event, deck=illegal.latest_version().pk)
    assert refused.status_code == 400 and refused.json()["code"] == "event.late_entry_deck_illegal"
    assert not event.entrants.filter(user=alice).exists(), "refused entries are not kept"
    # The register page asks for the deck up front, with no "No deck yet".
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/register/")
    assert "a late entry needs a legal deck registered with it" in page.text and "No deck yet" not in page.text
    legal = deck_services.create_deck(alice, "Lint", game, "dc-prerelease", "private", cards, declarations)
    entered = join(api, alice, event, deck=legal.latest_version().pk)
    assert entered.status_code == 201 and entered.json()["joined_round"] == 2
    assert Entrant.objects.get(user=alice).deck_legal is True


def test_after_the_deadline_a_late_player_is_sent_to_the_desk(client, api, organiser, alice, started_with_decks):
    event, *_rest = started_with_decks
    event.settings.deck_deadline = event.created_at  # long gone
    event.settings.save(update_fields=["deck_deadline"])
    refused = join(api, alice, event)
    assert refused.status_code == 409 and "ask the organiser or a judge at the desk" in refused.json()["message"]
    client.force_login(alice)
    assert "ask the organiser or a judge at the desk" in client.get(f"/en/events/{event.pk}/register/").text
    api.force_authenticate(organiser)  # the desk enters them by name
    assert api.post(f"/api/v1/tournaments/{event.pk}/entrants/", {"name": "Alice"}, format="json").status_code == 201


# Withdrawals before the start


def test_a_player_who_withdrew_after_check_in_neither_counts_nor_shows(client, api, organiser, alice, bob):
    event = event_services.create_event(organiser, "Friday", "dust-collectorz")
    stays, leaves = join_event(event, alice), join_event(event, bob)
    assert stays.checked_in and leaves.checked_in
    entrant_services.drop(leaves, bob)  # bob withdraws from his phone
    api.force_authenticate(organiser)
    start = api.post(f"/api/v1/tournaments/{event.pk}/start/")
    assert start.status_code == 400 and start.json()["code"] == "event.start_needs_players"
    assert Event.objects.get(pk=event.pk).status == Event.Status.REGISTRATION
    again = api.post(f"/api/v1/tournaments/{event.pk}/entrants/{leaves.pk}/check-in/")
    assert again.status_code == 409 and again.json()["message"] == "bob has already dropped."
    page = client.get(f"/en/events/{event.pk}/").text
    assert "1 player" in page and "<li>alice" in page and "<li>bob" not in page
