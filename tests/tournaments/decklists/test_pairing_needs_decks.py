"""Nobody is paired without the legal deck the event requires: a late walk-in added by name, or a list
judged illegal since, holds up the next pairing (page, API, top cut) until a legal list is registered
or the player is dropped, and the organiser's desk lists them before the button. Sealed events wait
for the deck built from the pool; the sample event pairs as before."""

import html

import pytest
from django.urls import reverse

from catalogue.models import Card, Game
from decks.services import decks as deck_services
from tests.conftest import make_user
from tests.decks.test_deck_validation_api import legal_sample_deck
from tests.tournaments.sealed.test_sealed_events import dc_cards, legal_deck_ids, pool_text
from tournaments.models import Event, EventSettings
from tournaments.services import decklists as decklist_services
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import sealed as sealed_services
from tournaments.services.sealed_decks import register_pool_deck

pytestmark = pytest.mark.django_db


def play(round_, organiser):
    """Every table of the round to its first seat, 2-0."""
    for match in round_.matches.filter(is_bye=False).prefetch_related("seats"):
        first, second = (seat.entrant_id for seat in sorted(match.seats.all(), key=lambda seat: seat.pk))
        result_services.record_result(match, organiser, wins={first: 2, second: 0})


def constructed(organiser, players=2, **options):
    """A constructed event (a format: decks are checked), every player checked in with a legal deck,
    started, round 1 played."""
    game = Game.objects.get(slug="dust-collectorz")
    event = event_services.create_event(organiser, "Constructed", game, format_slug="dc-prerelease", **options)
    cards, declarations = deck_services.cards_from_decklist(legal_sample_deck(), game)
    for number in range(players):
        player = make_user(f"player{number}")
        deck = deck_services.create_deck(player, "Lint", game, "dc-prerelease", "private", cards, declarations)
        entrant = entrant_services.register_player(event, player, deck_version=deck.latest_version())
        entrant_services.check_in(entrant, organiser)
    event_services.start_event(event, organiser)
    play(round_services.pair_next_round(event, organiser), organiser)
    return Event.objects.get(pk=event.pk)


def pair_by_api(api, organiser, event, number):
    api.force_authenticate(organiser)
    return api.post(f"/api/v1/tournaments/{event.pk}/rounds/", {"round": number}, format="json")


def text(response):
    return html.unescape(response.content.decode())


def seated(round_):
    return set(round_.matches.values_list("seats__entrant__name", flat=True))


def test_a_late_walk_in_without_a_deck_holds_up_round_two_until_their_list_is_pasted(client, api, organiser, sample):
    event = constructed(organiser, swiss_rounds=3)
    zed = entrant_services.add_entrant(event, organiser, name="Zed")  # at the desk, by name, no list yet
    paste_url = reverse("tournaments:paste_decklist", args=[event.pk, zed.pk])

    # The dashboard names them, with the page to paste their list, before the Pair button.
    client.force_login(organiser)
    dashboard = text(client.get(f"/en/events/{event.pk}/manage/"))
    notice = dashboard.index('id="waiting-for-decks"')
    assert "1 player has no legal registered deck; nobody is paired until they have one" in dashboard
    assert f'<a href="{paste_url}">Zed</a>' in dashboard
    assert notice < dashboard.index("Pair round 2 of 3")

    # The page's Pair button and the API refuse, naming them and saying what to do; nothing is paired.
    page = text(client.post(reverse("tournaments:pair", args=[event.pk]), {"round": 2}, follow=True))
    assert "1 player still in the event has no legal registered deck: Zed." in page
    assert "register a legal list for them on the Decklists page or drop them" in page
    refused = pair_by_api(api, organiser, event, 2)
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "round.needs_decks" and "Zed" in body["message"] and "errors" in body
    assert event.rounds.count() == 1

    # Pasting a legal list at the desk unblocks it: Zed plays round 2.
    pasted = client.post(paste_url, {"decklist": legal_sample_deck()})
    assert pasted.status_code == 302
    assert 'id="waiting-for-decks"' not in text(client.get(f"/en/events/{event.pk}/manage/"))
    paired = pair_by_api(api, organiser, event, 2)
    assert paired.status_code == 201
    assert "Zed" in seated(event.rounds.get(number=2))


def test_dropping_the_walk_in_unblocks_the_pairing_the_automatic_one_too(api, organiser, sample):
    event = constructed(organiser, swiss_rounds=3)
    EventSettings.objects.filter(event=event).update(auto_pair=True)
    zed = entrant_services.add_entrant(event, organiser, name="Zed")
    assert pair_by_api(api, organiser, event, 2).status_code == 409
    assert round_services.after_results(event.pk) is None, "the event that pairs itself waits too"
    assert event.rounds.count() == 1
    entrant_services.drop(zed, organiser)
    assert round_services.after_results(event.pk).number == 2
    assert "Zed" not in seated(event.rounds.get(number=2))


def test_a_list_judged_illegal_since_holds_up_the_pairing_and_the_repairing_too(client, api, organiser, sample):
    event = constructed(organiser, swiss_rounds=3)
    zed = entrant_services.add_entrant(event, organiser, name="Zed")
    puff, fluff = Card.objects.get(name="Pocket Puff"), Card.objects.get(name="Fluffnip")
    player = event.entrants.get(name="player1")
    illegal = f"2 {puff.name}\n1 {fluff.name}"
    decklist_services.register_decklist_text(player, organiser, illegal, reason="what they really play")
    refused = pair_by_api(api, organiser, event, 2)
    assert refused.status_code == 409
    assert refused.json()["message"].startswith(
        "2 players still in the event have no legal registered deck: player1, Zed. Nobody is paired without one: "
        "register legal lists for them on the Decklists page"
    )
    assert event.rounds.count() == 1
    for entrant in (player, zed):
        decklist_services.register_decklist_text(entrant, organiser, legal_sample_deck(), reason="fixed at the desk")
    assert pair_by_api(api, organiser, event, 2).status_code == 201
    # Pairing the round again checks the same: a list judged illegal meanwhile holds it up too.
    decklist_services.register_decklist_text(player, organiser, illegal, reason="the deck check")
    api.force_authenticate(organiser)
    again = api.post(f"/api/v1/tournaments/{event.pk}/rounds/2/repair/")
    assert again.status_code == 409 and again.json()["code"] == "round.needs_decks"
    assert event.rounds.get(number=2).matches.exists(), "the round stays as it was"


def test_the_start_waits_too_for_a_constructed_list_judged_illegal_after_check_in(client, organiser, sample):
    game = Game.objects.get(slug="dust-collectorz")
    event = event_services.create_event(organiser, "Constructed", game, format_slug="dc-prerelease", swiss_rounds=3)
    for name in ("Ann", "Bea"):
        walk_in = entrant_services.add_entrant(event, organiser, name=name)
        decklist_services.register_decklist_text(walk_in, organiser, legal_sample_deck())
        entrant_services.check_in(walk_in, organiser)
    bea = event.entrants.get(name="Bea")
    decklist_services.register_decklist_text(bea, organiser, f"3 {Card.objects.get(name='Pocket Puff').name}")
    client.force_login(organiser)
    dashboard = text(client.get(f"/en/events/{event.pk}/manage/"))
    paste_url = reverse("tournaments:paste_decklist", args=[event.pk, bea.pk])
    assert "1 checked-in player has no legal registered deck yet" in dashboard
    assert dashboard.index(f'<a href="{paste_url}">Bea</a>') < dashboard.index("Start the event")
    page = text(client.post(reverse("tournaments:start", args=[event.pk]), follow=True))
    assert "1 checked-in player has no legal registered deck yet: Bea." in page
    assert Event.objects.get(pk=event.pk).status == Event.Status.REGISTRATION


def test_the_top_cut_waits_for_its_seeds_decks(client, api, organiser, sample):
    event = constructed(organiser, players=4, swiss_rounds=1, top_cut=4)
    seed = event.entrants.get(name="player2")
    puff = Card.objects.get(name="Pocket Puff")
    decklist_services.register_decklist_text(seed, organiser, f"3 {puff.name}", reason="the deck check")
    client.force_login(organiser)
    dashboard = text(client.get(f"/en/events/{event.pk}/manage/"))
    assert dashboard.index(">player2</a>") < dashboard.index("Start the top 4")
    api.force_authenticate(organiser)
    refused = api.post(f"/api/v1/tournaments/{event.pk}/top-cut/")
    assert refused.status_code == 409 and "no legal registered deck: player2." in refused.json()["message"]
    assert Event.objects.get(pk=event.pk).status == Event.Status.SWISS
    decklist_services.register_decklist_text(seed, organiser, legal_sample_deck(), reason="fixed at the desk")
    assert api.post(f"/api/v1/tournaments/{event.pk}/top-cut/").status_code == 200
    assert Event.objects.get(pk=event.pk).status == Event.Status.TOP_CUT


def test_a_sealed_event_waits_for_the_late_arrivals_deck_built_from_the_pool(
    client, api, organiser, alice, bob, sample
):
    event = event_services.create_event(
        organiser, "Prerelease", "dust-collectorz", format_slug="dc-prerelease", sealed=True, swiss_rounds=3
    )
    cards = dc_cards()
    for user in (alice, bob):
        entrant = entrant_services.register_player(event, user)
        entrant_services.check_in(entrant, organiser)  # arrival first, without a deck
        sealed_services.register_pool(entrant, organiser, pool_text(cards))
        register_pool_deck(entrant, organiser, dict.fromkeys(legal_deck_ids(cards), 1))
    event_services.start_event(event, organiser)
    play(round_services.pair_next_round(event, organiser), organiser)
    # A late arrival is entered without a deck (they build after arriving), but is not paired without one.
    cy = entrant_services.add_entrant(event, organiser, name="Cy")
    assert cy.deck_id is None
    client.force_login(organiser)
    dashboard = text(client.get(f"/en/events/{event.pk}/manage/"))
    pool_url = reverse("tournaments:entrant_pool", args=[event.pk, cy.pk])
    assert f'<a href="{pool_url}">Cy</a>' in dashboard and "register their pool and build their deck" in dashboard
    refused = pair_by_api(api, organiser, event, 2)
    assert refused.status_code == 409 and refused.json()["code"] == "round.needs_sealed_decks"
    assert "Cy. Nobody is paired without one: register their pool and build their deck" in refused.json()["message"]
    sealed_services.register_pool(cy, organiser, pool_text(cards))
    build_url = reverse("tournaments:build_for_entrant", args=[event.pk, cy.pk])
    assert f'<a href="{build_url}">Cy</a>' in text(client.get(f"/en/events/{event.pk}/manage/"))
    assert pair_by_api(api, organiser, event, 2).status_code == 409, "a pool is not a deck"
    register_pool_deck(cy, organiser, dict.fromkeys(legal_deck_ids(cards), 1))
    assert pair_by_api(api, organiser, event, 2).status_code == 201
    assert "Cy" in seated(event.rounds.get(number=2))


def test_an_event_without_a_format_pairs_a_walk_in_without_a_deck(api, organiser, alice, bob):
    event = event_services.create_event(organiser, "Casual", "dust-collectorz", swiss_rounds=3)
    for user in (alice, bob):
        entrant_services.check_in(entrant_services.register_player(event, user), organiser)
    event_services.start_event(event, organiser)
    play(round_services.pair_next_round(event, organiser), organiser)
    entrant_services.add_entrant(event, organiser, name="Zed")
    assert pair_by_api(api, organiser, event, 2).status_code == 201


def test_the_sample_event_pairs_as_before(client, sample):
    """The event `make run` loads (sample/events.py): every player has a legal list, so its rounds
    pair as they always did, through the Swiss and into the top cut."""
    from sample.events import SAMPLE_NAME, load_sample_event
    from tests.tournaments.metagame.test_sample_metagame import PLAYED

    organiser = make_user("organiser", organiser=True)
    for username in ("alice", "bob", "charlie"):  # as load_sample_data makes them
        make_user(username, display_name=username.capitalize())
    load_sample_event()
    event = Event.objects.get(name=SAMPLE_NAME)
    for number, table, first, _won, second, _lost in PLAYED:
        match = event.rounds.get(number=number).matches.get(table=table)
        assert set(match.seats.values_list("entrant__name", flat=True)) == {first, second}
    assert round_services.held_up_by_decks(event) == []
    for number in (3, 4):
        play(event.rounds.get(number=number), organiser)
        if number == 3:
            round_services.pair_next_round(event, organiser, expected=4)
    client.force_login(organiser)
    assert 'id="waiting-for-decks"' not in text(client.get(f"/en/events/{event.pk}/manage/"))
    assert round_services.start_top_cut(event, organiser).matches.count() == 4
