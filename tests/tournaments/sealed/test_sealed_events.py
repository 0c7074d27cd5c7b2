"""Sealed events: pools registered by the player, a judge or the organiser, checked against the
product, frozen when deck building ends; decks refused unless buildable from the pool."""

import pytest

from catalogue.models import Card
from decks.services.decks import create_deck
from decks.services.legality import sealed_pool_problems
from tests.conftest import join_event, make_user
from tournaments.models import AuditAction, AuditEntry, SealedPool
from tournaments.services import entrants as entrant_services
from tournaments.services import events, staff
from tournaments.services import sealed as sealed_services

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
    assert "A pool of 5 boosters has 80 cards; this one has 20 (60 missing)." in body["message"]
    assert {problem["code"] for problem in body["problems"]} >= {"pool_cards_missing", "pool_counter"}
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
    # Two copies of another card of the same tribe and rank instead: the pool still matches the product.
    twin = next(c for c in cards if (c.tribe_id, c.rank) == (missing.tribe_id, missing.rank) and c.pk not in deck_ids)
    pool = "\n".join(f"{2 if c == twin else 1} {c.name} ({c.card_set.code}) {c.number}" for c in cards if c != missing)
    assert api.post(pool_url(sealed, alice), {"decklist": pool}, format="json").status_code == 200
    refused = api.post(url, {"deck": version.pk}, format="json")
    assert refused.status_code == 400
    assert f"{missing.name}: the deck has 1 more copy than the pool." in refused.json()["message"]
    entrant.refresh_from_db()
    assert entrant.deck_id is None
    assert api.post(pool_url(sealed, alice), {"decklist": pool_text(cards)}, format="json").status_code == 200
    accepted = api.post(url, {"deck": version.pk}, format="json")
    assert accepted.status_code == 200, accepted.json()
    assert accepted.json()["deck_legal"] is True, sealed.entrants.get(user=alice).deck_problems


# The boosters per player: the organiser's choice within the product, logged, and what pools are checked against


def test_the_sample_catalogue_opened_as_one_kit_matches_the_product(sealed):
    """The sample catalogue holds one copy of each card: 80 cards, what 5 boosters (the default) give."""
    cards = {card.pk: 1 for card in dc_cards()}
    assert sealed_pool_problems("dc-prerelease", cards) == []
    assert [p["code"] for p in sealed_pool_problems("dc-prerelease", cards, boosters=6)][:1] == ["pool_cards_missing"]


def test_the_organiser_changes_the_booster_count_and_the_check_follows(api, organiser, alice, bob, sealed):
    api.force_authenticate(organiser)
    changed = api.patch(f"/api/v1/tournaments/{sealed.pk}/", {"boosters": 6}, format="json")
    assert changed.status_code == 200 and changed.json()["boosters"] == 6
    entry = AuditEntry.objects.filter(action=AuditAction.EVENT_EDIT).latest("pk")
    assert (entry.before, entry.after) == ({"boosters": None}, {"boosters": 6})
    api.force_authenticate(alice)
    refused = api.post(pool_url(sealed, alice), {"decklist": pool_text(dc_cards())}, format="json")
    assert refused.status_code == 400
    assert "A pool of 6 boosters has 96 cards; this one has 80 (16 missing)." in refused.json()["message"]
    assert not SealedPool.objects.exists()
    api.force_authenticate(organiser)
    assert api.patch(f"/api/v1/tournaments/{sealed.pk}/", {"boosters": None}, format="json").status_code == 200
    api.force_authenticate(alice)
    assert api.post(pool_url(sealed, alice), {"decklist": pool_text(dc_cards())}, format="json").status_code == 200


def test_a_count_outside_the_product_or_after_deck_building_is_refused(api, organiser, alice, sealed):
    api.force_authenticate(organiser)
    outside = api.patch(f"/api/v1/tournaments/{sealed.pk}/", {"boosters": 7}, format="json")
    assert outside.status_code == 400
    assert outside.json()["errors"]["boosters"] == ["A kit of this product holds from 3 to 6 boosters."]
    sealed.refresh_from_db()
    assert sealed.sealed_setup.boosters is None
    assert not AuditEntry.objects.filter(action=AuditAction.EVENT_EDIT).exists()
    sealed_services.freeze_pools(sealed, organiser)
    locked = api.patch(f"/api/v1/tournaments/{sealed.pk}/", {"boosters": 5}, format="json")
    assert locked.status_code == 409 and "before deck building ends" in locked.json()["message"]


def test_pools_registered_for_the_old_count_are_named_for_registering_again(organiser, alice, bob, sealed):
    sealed_services.register_pool(sealed.entrants.get(user=alice), alice, pool_text(dc_cards()))
    changed = events.update_event(sealed, organiser, boosters=4)
    assert changed.pools_off_count == ["alice"] and changed.sealed_setup.boosters == 4
    assert events.update_event(changed, organiser, boosters=None).pools_off_count == []


def test_a_format_without_boosters_has_no_count_to_set(api, organiser, sample):
    api.force_authenticate(organiser)
    body = {"name": "Open", "game": "dust-collectorz", "format": "", "sealed": True, "boosters": 5}
    refused = api.post("/api/v1/tournaments/", body, format="json")
    assert refused.status_code == 400 and "describes no boosters" in refused.json()["message"]
    created = api.post("/api/v1/tournaments/", {**body, "format": "dc-prerelease", "boosters": 3}, format="json")
    assert created.status_code == 201 and created.json()["boosters"] == 3
