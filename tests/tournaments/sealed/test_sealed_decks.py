"""A sealed night from the player's seat (issue 27): the pool as a card picker grouped as the format's
composition rule counts cards, a deck built from it by tapping (or at the desk for a player) and
registered by the one writer; pool lines named with suggestions; arrival and deck as two steps."""

import pytest
from django.utils import translation

from core.errors import DomainError
from decks.models import Deck
from decks.sealed import picker_groups
from tests.conftest import join_event, make_user
from tests.decks.legality_helpers import DC_DOMAINS, TRIBES, fmt, legal_dc_deck
from tests.tournaments.sealed.test_sealed_events import dc_cards, legal_deck_ids, pool_text
from tournaments.models import AuditAction, AuditEntry, Event
from tournaments.services import entrants as entrant_services
from tournaments.services import events, sealed, staff
from tournaments.services.sealed_decks import register_pool_deck

DC = fmt("dc-prerelease")


# The picker's groups (plain Python)


def test_the_pool_is_grouped_by_tribe_and_rank_slot_as_the_composition_rule_counts():
    groups = picker_groups(legal_dc_deck().entries, DC, DC_DOMAINS)
    counted = [group for group in groups if group["values"]]
    assert [group["group"] for group in counted[:4]] == [TRIBES[0]] * 4  # wheel order, then the rule's slots
    assert [(group["values"], group["wanted"]) for group in counted[:4]] == [
        (["bronze"], 2), (["silver"], 2), (["gold"], 1), (["platinum", "epic"], 1),
    ]  # fmt: skip
    assert [len(group["entries"]) for group in counted[:4]] == [2, 2, 1, 1]
    assert len(counted) == 4 * len(TRIBES)
    [counters] = [group for group in groups if not group["values"]]
    assert counters["type"] == "counter" and counters["wanted"] is None
    assert [entry.card.name for entry in counters["entries"]] == ["Dustpan Trap", "Gust"]


def test_a_format_without_a_composition_rule_groups_by_card_type():
    definition = {
        **DC.definition,
        "constraints": [c for c in DC.definition["constraints"] if c["kind"] != "composition"],
    }
    from decks.legality import compile_format

    groups = picker_groups(legal_dc_deck().entries, compile_format(definition), DC_DOMAINS)
    assert [group["type"] for group in groups] == ["champion", "counter"]


# Registering a deck picked from the pool (services)

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(organiser, alice, bob, sample):
    event = events.create_event(organiser, "Prerelease", "dust-collectorz", format_slug="dc-prerelease", sealed=True)
    for user in (alice, bob):
        join_event(event, user)
    sealed.register_pool(event.entrants.get(user=alice), alice, pool_text(dc_cards()))
    return event


def picks_of(ids):
    return dict.fromkeys(ids, 1)


def test_a_player_registers_the_deck_picked_from_the_pool(night, alice):
    entrant = night.entrants.get(user=alice)
    entrant = register_pool_deck(entrant, alice, picks_of(legal_deck_ids(dc_cards())))
    assert entrant.deck_legal is True and entrant.deck.deck.owner == alice
    assert AuditEntry.objects.filter(action=AuditAction.DECK_SUBMIT, entrant=entrant).count() == 1
    # Building again saves a new version of the same deck, not another deck.
    again = register_pool_deck(entrant, alice, picks_of(legal_deck_ids(dc_cards())[:-1]))
    assert again.deck.deck_id == entrant.deck.deck_id and again.deck.number == 2 and again.deck_legal is False
    assert Deck.objects.filter(owner=alice).count() == 1


def test_a_card_not_in_the_pool_or_too_many_copies_is_refused_and_nothing_changes(night, alice, bob):
    cards = dc_cards()
    entrant = night.entrants.get(user=alice)
    # The first card is not in the pool: a second copy of another of its tribe and rank came instead.
    twin = next(card for card in cards[2:] if (card.tribe_id, card.rank) == (cards[0].tribe_id, cards[0].rank))
    sealed.register_pool(entrant, alice, pool_text([*cards[1:], twin]))
    decks_before, log_before = Deck.objects.count(), AuditEntry.objects.count()
    with pytest.raises(DomainError) as refused:
        register_pool_deck(entrant, alice, {cards[0].pk: 1, cards[1].pk: 1})
    assert refused.value.code == "sealed.pick_not_in_pool"
    assert refused.value.message.startswith(f"{cards[0].name} is not in the registered pool")
    with pytest.raises(DomainError) as refused:
        register_pool_deck(entrant, alice, {cards[1].pk: 3})
    assert refused.value.message == f"{cards[1].name}: 3 copies picked, but the pool holds 1. Nothing was registered."
    with translation.override("it"):
        assert refused.value.message.startswith(f"{cards[1].name}: 3 copie scelte, ma il pool ne contiene 1.")
    for bad in ({}, {cards[1].pk: 0}, {cards[1].pk: -1}):
        with pytest.raises(DomainError):
            register_pool_deck(entrant, alice, bad)
    entrant.refresh_from_db()
    assert entrant.deck_id is None
    assert (Deck.objects.count(), AuditEntry.objects.count()) == (decks_before, log_before)
    with pytest.raises(DomainError) as refused:  # another player may not build for her
        register_pool_deck(entrant, bob, picks_of(legal_deck_ids(cards)[1:]))
    assert refused.value.status == 403


def test_the_organiser_or_a_judge_builds_at_the_desk_for_a_player(night, organiser, alice):
    make_user("jules")
    judge = staff.add_staff(night, organiser, "jules", "judge").user
    entrant = night.entrants.get(user=alice)
    entrant = register_pool_deck(entrant, judge, picks_of(legal_deck_ids(dc_cards())))
    assert entrant.deck_legal is True and entrant.deck.deck.owner == organiser  # like a list pasted at the desk
    assert AuditEntry.objects.get(action=AuditAction.DECK_SUBMIT, entrant=entrant).actor == judge


def test_a_player_without_a_pool_is_told_to_register_it_first(night, bob):
    with pytest.raises(DomainError) as refused:
        register_pool_deck(night.entrants.get(user=bob), bob, {dc_cards()[0].pk: 1})
    assert refused.value.code == "sealed.no_pool"


# The picker page, with and without JavaScript


def build_url(event):
    return f"/en/events/{event.pk}/pool/build/"


def test_the_picker_lists_only_pool_cards_grouped_with_copies_left(client, night, alice):
    client.force_login(alice)
    page = client.get(build_url(night)).content.decode()
    cards = dc_cards()
    assert page.count('class="picker-card"') == len(cards)
    first_tribe = night.game.wheel()[0].name
    assert f"{first_tribe} · Bronze" in page and f"{first_tribe} · Platinum / Epic" in page
    assert "1 of 1 left" in page and "js/pool-picker.js" in page and "<script>" not in page
    assert "Buildable from the pool" in page


def test_tapping_plus_and_registering_works_as_a_plain_form(client, night, alice):
    client.force_login(alice)
    ids = legal_deck_ids(dc_cards())
    fields = {f"card-{card}": "1" for card in ids[1:]}
    tapped = client.post(build_url(night), {**fields, f"card-{ids[0]}": "0", "add": str(ids[0])})
    assert tapped.status_code == 200
    assert f'name="card-{ids[0]}" value="1"' in tapped.content.decode()
    assert "32 cards" in tapped.content.decode() and "Legal" in tapped.content.decode()
    registered = client.post(build_url(night), {**fields, f"card-{ids[0]}": "1", "register": "1"})
    assert registered.status_code == 302
    entrant = night.entrants.get(user=alice)
    assert entrant.deck_legal is True
    assert "registered and legal" in client.get(registered["Location"]).content.decode()


def test_tapping_minus_takes_a_copy_back_as_a_plain_form(client, night, alice):
    client.force_login(alice)
    ids = legal_deck_ids(dc_cards())
    fields = {f"card-{card}": "1" for card in ids}
    tapped = client.post(build_url(night), {**fields, "remove": str(ids[0])})
    page = tapped.content.decode()
    assert tapped.status_code == 200 and f'name="card-{ids[0]}" value="0"' in page and "31 cards" in page
    assert night.entrants.get(user=alice).deck_id is None  # a tap registers nothing


def test_the_picker_refuses_more_copies_than_the_pool_with_a_message(client, night, alice):
    client.force_login(alice)
    card = dc_cards()[0]
    refused = client.post(build_url(night), {f"card-{card.pk}": "4", "register": "1"})
    assert refused.status_code == 400
    page = refused.content.decode()
    assert f"{card.name}: 4 copies picked, but the pool holds 1." in page and "Not buildable from the pool" in page
    assert night.entrants.get(user=alice).deck_id is None


def test_staff_open_the_same_picker_for_a_player_and_others_cannot(client, night, organiser, alice, bob):
    entrant = night.entrants.get(user=alice)
    url = f"/en/events/{night.pk}/manage/entrants/{entrant.pk}/pool/build/"
    client.force_login(bob)
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    page = client.get(url).content.decode()
    assert "Build from the pool of alice" in page and "Register this deck for the player" in page
    ids = legal_deck_ids(dc_cards())
    assert client.post(url, {**{f"card-{card}": "1" for card in ids}, "register": "1"}).status_code == 302
    assert night.entrants.get(user=alice).deck_legal is True
    overview = client.get(f"/en/events/{night.pk}/manage/deck-building/").content.decode()
    assert url in overview


def test_a_player_without_a_pool_is_sent_back_with_a_message(client, night, bob):
    client.force_login(bob)
    response = client.get(build_url(night), follow=True)
    assert "Register the sealed pool before the deck." in response.content.decode()


def test_the_picker_in_french_and_italian(client, night, alice):
    client.force_login(alice)
    french = client.get(f"/fr/events/{night.pk}/pool/build/").content.decode()
    assert "Construire avec mon pool" in french
    italian = client.get(f"/it/events/{night.pk}/pool/build/").content.decode()
    assert "Costruisci dal mio pool" in italian


# Pool entry that says what is wrong


def test_a_mistaken_pool_line_is_named_with_a_suggestion(client, night, bob):
    cards = dc_cards()
    lines = pool_text(cards).split("\n")
    lines[2] = "1 " + cards[2].name[:-1] + "x"  # a typo, without set and number
    client.force_login(bob)
    response = client.post(f"/en/events/{night.pk}/pool/", {"pool": "\n".join(lines)})
    page = response.content.decode()
    assert response.status_code == 400
    assert "Line 3" in page and "Did you mean:" in page and cards[2].name in page.split("Did you mean:")[1]
    assert not hasattr(night.entrants.get(user=bob), "sealed_pool")


def test_the_organisers_paste_box_names_the_line_too(client, night, organiser, bob):
    entrant = night.entrants.get(user=bob)
    client.force_login(organiser)
    response = client.post(f"/en/events/{night.pk}/manage/entrants/{entrant.pk}/pool/", {"pool": "2 Nonsense Card"})
    assert "Line 1" in response.content.decode() and "not a card in the catalogue" in response.content.decode()


def test_a_pool_short_of_the_product_says_what_the_product_gives(client, night, bob):
    client.force_login(bob)
    champions = [card for card in dc_cards() if card.type == "champion"][:40]
    page = client.post(f"/en/events/{night.pk}/pool/", {"pool": pool_text(champions)}).content.decode()
    assert "The pool has 0 Counter type cards; the product gives at least 2." in page


# Arrival and deck: two steps at a sealed event


def test_players_check_in_without_a_deck_and_the_start_waits_for_their_decks(client, night, organiser, alice, bob):
    entrant_services.check_in(night.entrants.get(user=alice), organiser)
    entrant_services.check_in(night.entrants.get(user=bob), organiser)
    with pytest.raises(DomainError) as refused:
        events.start_event(night, organiser)
    assert refused.value.code == "event.start_needs_decks" and "alice, bob" in refused.value.message
    assert Event.objects.get(pk=night.pk).status == "registration"
    client.force_login(organiser)
    dashboard = client.get(f"/en/events/{night.pk}/manage/").content.decode()
    assert 'id="waiting-for-decks"' in dashboard and ">alice</a>" in dashboard and ">bob</a>" in dashboard
    response = client.post(f"/en/events/{night.pk}/manage/start/", follow=True)
    assert "2 checked-in players have no legal registered deck yet: alice, bob." in response.content.decode()
    register_pool_deck(night.entrants.get(user=alice), alice, picks_of(legal_deck_ids(dc_cards())))
    entrant_services.drop(night.entrants.get(user=bob), organiser)
    entrant_services.add_entrant(night, organiser, name="Cy")
    sealed.register_pool(night.entrants.get(name="Cy"), organiser, pool_text(dc_cards()))
    cy = register_pool_deck(night.entrants.get(name="Cy"), organiser, picks_of(legal_deck_ids(dc_cards())))
    entrant_services.check_in(cy, organiser)
    assert events.start_event(night, organiser).status == "swiss"


def test_a_constructed_event_still_checks_in_with_a_legal_deck_only(organiser, alice, sample):
    event = events.create_event(organiser, "Constructed", "dust-collectorz", format_slug="dc-prerelease")
    join_event(event, alice)
    with pytest.raises(DomainError) as refused:
        entrant_services.check_in(event.entrants.get(user=alice), organiser)
    assert refused.value.code == "event.check_in_needs_deck"


def test_checking_in_someone_not_registered_says_so_and_changes_nothing(client, api, night, organiser):
    other = events.create_event(organiser, "Elsewhere", "dust-collectorz", sealed=True)
    stranger = entrant_services.add_entrant(other, organiser, name="Stray")
    log_before = AuditEntry.objects.count()
    client.force_login(organiser)
    response = client.post(f"/en/events/{night.pk}/manage/entrants/{stranger.pk}/check-in/", follow=True)
    assert "this player is not registered for this event" in response.content.decode()
    api.force_authenticate(organiser)
    answer = api.post(f"/api/v1/tournaments/{night.pk}/entrants/{stranger.pk}/check-in/")
    assert answer.status_code == 404 and "not registered for this event" in answer.json()["message"]
    assert AuditEntry.objects.count() == log_before


# Bad input in the reader's language (the "Bad input"), nothing changed


@pytest.mark.parametrize(
    ("language", "not_in_pool", "not_registered"),
    [
        ("fr", "n’est pas dans le pool enregistré", "ce joueur n’est pas inscrit à ce tournoi"),
        ("it", "non è nel pool registrato", "questo giocatore non è iscritto a questo torneo"),
    ],
)
def test_a_card_not_in_the_pool_and_a_stranger_checked_in_are_refused_in_the_readers_language(
    client, night, organiser, alice, language, not_in_pool, not_registered
):
    cards = dc_cards()
    entrant = night.entrants.get(user=alice)
    # The first card is not in the pool: a second copy of another of its tribe and rank came instead.
    twin = next(card for card in cards[2:] if (card.tribe_id, card.rank) == (cards[0].tribe_id, cards[0].rank))
    sealed.register_pool(entrant, alice, pool_text([*cards[1:], twin]))
    client.force_login(alice)
    refused = client.post(f"/{language}/events/{night.pk}/pool/build/", {f"card-{cards[0].pk}": "1", "register": "1"})
    assert refused.status_code == 400 and f"{cards[0].name} {not_in_pool}" in refused.content.decode()
    stranger = entrant_services.add_entrant(
        events.create_event(organiser, "Elsewhere", "dust-collectorz", sealed=True), organiser, name="Stray"
    )
    client.force_login(organiser)
    log_before = AuditEntry.objects.count()
    answer = client.post(f"/{language}/events/{night.pk}/manage/entrants/{stranger.pk}/check-in/", follow=True)
    assert not_registered in answer.content.decode()
    assert AuditEntry.objects.count() == log_before
    assert not night.entrants.filter(checked_in=True).exists()
    assert night.entrants.get(user=alice).deck_id is None


# "Build a deck" never leads away from the pool at a sealed event (the first defect)


def test_a_sealed_player_without_a_pool_is_sent_to_the_pool_not_the_deck_editor(client, night, alice, bob):
    client.force_login(bob)  # registered, no pool yet
    page = client.get(f"/en/events/{night.pk}/deck/").content.decode()
    assert f'href="/en/events/{night.pk}/pool/">Register my pool first' in page
    assert "/en/decks/new/" not in page
    client.force_login(alice)  # her pool is registered
    page = client.get(f"/en/events/{night.pk}/deck/").content.decode()
    assert f'href="/en/events/{night.pk}/pool/build/">Build from my pool' in page
    assert "/en/decks/new/" not in page


def test_the_desk_offers_the_players_pool_not_the_deck_editor(client, night, organiser, alice, bob):
    client.force_login(organiser)
    for user, link, words in (
        (alice, "pool/build/", "Build the deck from the pool"),
        (bob, "pool/", "Paste the pool first"),
    ):
        entrant = night.entrants.get(user=user)
        page = client.get(f"/en/events/{night.pk}/manage/entrants/{entrant.pk}/deck/").content.decode()
        assert f'href="/en/events/{night.pk}/manage/entrants/{entrant.pk}/{link}">{words}' in page, user
        assert "/en/decks/new/" not in page


def test_build_a_deck_at_a_constructed_event_opens_the_editor_in_the_events_format(client, organiser, alice, sample):
    event = events.create_event(organiser, "Constructed", "dust-collectorz", format_slug="dc-prerelease")
    join_event(event, alice)
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/deck/").content.decode()
    assert 'href="/en/decks/new/?format=dc-prerelease">Build a deck' in page
    editor = client.get("/en/decks/new/?format=dc-prerelease").content.decode()
    assert '<option value="dc-prerelease" selected>' in editor
    assert '<option value="dc-prerelease" selected>' not in client.get("/en/decks/new/").content.decode()


@pytest.mark.parametrize("value", ["²", "٣", "9" * 30])
def test_a_strange_number_in_the_picker_is_refused_not_an_error(client, night, alice, value):
    client.force_login(alice)
    card = dc_cards()[0]
    for form in ({f"card-{card.pk}": value, "register": "1"}, {"add": value}, {f"card-{value}": "1", "register": "1"}):
        response = client.post(build_url(night), form)
        assert response.status_code in (200, 400), (form, response.status_code)
    assert night.entrants.get(user=alice).deck_id is None
