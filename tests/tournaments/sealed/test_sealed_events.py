"""Sealed events: pools registered by the player, a judge or the organiser, checked against the
product, frozen when deck building ends; decks refused unless buildable from the pool."""

import pytest

from catalogue.models import Card
from decks.services.decks import create_deck
from tests.conftest import join_event, make_user
from tournaments.models import AuditAction, AuditEntry, SealedPool
from tournaments.services import entrants as entrant_services
from tournaments.services import events, staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def sealed(organiser, alice, bob, sample):
    event = events.create_event(organiser, "Sealed", "dust-collectorz", format_slug="dc-prerelease", sealed=True)
    for user in (alice, bob):
        join_event(event, user)
    return event


def dc_cards():
    return list(Card.objects.filter(card_set__game__slug="dust-collectorz").select_related("tribe").order_by("number"))


def pool_text(cards):
    return "\n".join(f"1 {card.name} ({card.card_set.code}) {card.number}" for card in cards)


def pool_url(event, user):
    return f"/api/v1/tournaments/{event.pk}/entrants/{event.entrants.get(user=user).pk}/pool/"


def legal_deck_ids(cards):
    """One legal 32-card deck's card ids: per tribe 2 Bronze, 2 Silver, 1 Gold, 1 Platinum; 2 counters."""
    wanted = {"bronze": 2, "silver": 2, "gold": 1, "platinum": 1}
    picked, taken, abilities = [], {}, {}
    for card in cards:
        key = (card.tribe_id, card.rank) if card.type == "champion" else ("counter", "")
        limit = wanted.get(card.rank, 0) if card.type == "champion" else 2
        shared = card.rank in ("bronze", "silver") and abilities.get(card.ability.casefold(), 0) >= 2
        if taken.get(key, 0) < limit and not shared:
            taken[key] = taken.get(key, 0) + 1
            if card.rank in ("bronze", "silver"):
                abilities[card.ability.casefold()] = abilities.get(card.ability.casefold(), 0) + 1
            picked.append(card.pk)
    return picked


def test_a_player_registers_a_pool_that_matches_the_product(api, alice, sealed):
    api.force_authenticate(alice)
    response = api.post(pool_url(sealed, alice), {"decklist": pool_text(dc_cards())}, format="json")
    assert response.status_code == 200, response.json()
    assert sum(response.json()["cards"].values()) == 80
    assert AuditEntry.objects.filter(action=AuditAction.POOL_REGISTER).count() == 1


def test_a_pool_that_does_not_match_the_product_is_refused(api, alice, sealed):
    api.force_authenticate(alice)
    short = [card for card in dc_cards() if card.type == "champion"][:20]
    response = api.post(pool_url(sealed, alice), {"decklist": pool_text(short)}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["message"].startswith("The pool does not match the product")
    assert "The pool has 20 cards; a pool of this product has 32-90." in body["message"]
    assert {problem["code"] for problem in body["problems"]} >= {"pool_size", "pool_counter"}
    assert not SealedPool.objects.exists()
    api.credentials(HTTP_ACCEPT_LANGUAGE="it")
    assert (
        api.post(pool_url(sealed, alice), {"decklist": pool_text(short)}, format="json")
        .json()["message"]
        .startswith("Il pool non corrisponde al prodotto")
    )


def test_a_judge_or_the_organiser_may_register_a_pool_another_player_may_not(api, organiser, alice, bob, sealed):
    api.force_authenticate(bob)
    assert api.post(pool_url(sealed, alice), {"decklist": pool_text(dc_cards())}, format="json").status_code == 403
    assert api.get(pool_url(sealed, alice)).status_code == 403
    make_user("jules")
    staff.add_staff(sealed, organiser, "jules", "judge")
    api.force_authenticate(sealed.staff.get().user)
    assert api.post(pool_url(sealed, alice), {"decklist": pool_text(dc_cards())}, format="json").status_code == 200
    api.force_authenticate(organiser)
    assert api.get(pool_url(sealed, alice)).json()["cards"]


def test_pools_are_frozen_when_deck_building_ends(api, organiser, alice, sealed):
    api.force_authenticate(alice)
    api.post(pool_url(sealed, alice), {"decklist": pool_text(dc_cards())}, format="json")
    api.force_authenticate(organiser)
    assert api.post(f"/api/v1/tournaments/{sealed.pk}/pools/freeze/").json() == {"frozen": True}
    api.force_authenticate(alice)
    refused = api.post(pool_url(sealed, alice), {"decklist": pool_text(dc_cards()[:40])}, format="json")
    assert refused.status_code == 409 and "no longer change" in refused.json()["message"]
    assert sum(SealedPool.objects.get().cards.values()) == 80
    assert api.post(f"/api/v1/tournaments/{sealed.pk}/pools/freeze/").status_code == 403


def test_a_late_arrival_registers_a_first_pool_after_deck_building_ends(api, organiser, alice, sealed):
    """Frozen pools never change, but a player who arrives after the freeze (no pool yet) may still
    register a first one, as a late entrant may register a first decklist."""
    api.force_authenticate(alice)
    api.post(pool_url(sealed, alice), {"decklist": pool_text(dc_cards())}, format="json")
    api.force_authenticate(organiser)
    api.post(f"/api/v1/tournaments/{sealed.pk}/pools/freeze/")
    late = entrant_services.add_entrant(sealed, organiser, name="Lou Late")
    url = f"/api/v1/tournaments/{sealed.pk}/entrants/{late.pk}/pool/"
    assert api.post(url, {"decklist": pool_text(dc_cards())}, format="json").status_code == 200
    again = api.post(url, {"decklist": pool_text(dc_cards()[:40])}, format="json")
    assert again.status_code == 409 and "no longer change" in again.json()["message"]
    assert sum(SealedPool.objects.get(entrant=late).cards.values()) == 80


def test_the_deck_must_be_buildable_from_the_pool(api, alice, sealed):
    cards = dc_cards()
    deck_ids = legal_deck_ids(cards)
    deck = create_deck(alice, "Sealed deck", sealed.game, "dc-prerelease", "private", cards=dict.fromkeys(deck_ids, 1))
    version = deck.versions.latest("number")
    entrant = sealed.entrants.get(user=alice)
    api.force_authenticate(alice)
    url = f"/api/v1/tournaments/{sealed.pk}/entrants/{entrant.pk}/deck/"
    no_pool = api.post(url, {"deck": version.pk}, format="json")
    assert no_pool.status_code == 400 and no_pool.json()["message"] == "Register the sealed pool before the deck."
    missing = next(card for card in cards if card.pk == deck_ids[0])
    pool = [card for card in cards if card.pk != missing.pk]
    assert api.post(pool_url(sealed, alice), {"decklist": pool_text(pool)}, format="json").status_code == 200
    refused = api.post(url, {"deck": version.pk}, format="json")
    assert refused.status_code == 400
    assert f"{missing.name}: the deck has 1 more copy than the pool." in refused.json()["message"]
    entrant.refresh_from_db()
    assert entrant.deck_id is None
    assert api.post(pool_url(sealed, alice), {"decklist": pool_text(cards)}, format="json").status_code == 200
    accepted = api.post(url, {"deck": version.pk}, format="json")
    assert accepted.status_code == 200, accepted.json()
    assert accepted.json()["deck_legal"] is True, sealed.entrants.get(user=alice).deck_problems
