"""Sealed pools (decks/sealed.py): the pool against the product, the deck against the pool; no database."""

import datetime

import pytest
from django.utils import translation

from core.errors import DomainError
from decks.legality import Deck, DeckEntry, compile_format
from decks.legality.messages import render
from decks.sealed import check_pool, missing_from_pool
from tests.decks.legality_helpers import DC_DOMAINS, TRIBES, card, champion, fmt, legal_dc_deck

DC = fmt("dc-prerelease")
DAY = datetime.date(2024, 3, 1)


def pool_of(deck, *extra):
    return Deck([*deck.entries, *extra])


def test_the_shipped_product_is_data_in_the_format():
    assert DC.sealed_pool.product.startswith("One prerelease kit")
    assert [c.code for c in DC.sealed_pool.constraints] == [
        "pool_size", "pool_bronze", "pool_silver", "pool_gold", "pool_top_rank", "pool_counter",
    ]  # fmt: skip


def test_a_pool_that_holds_a_legal_deck_and_more_matches_the_product():
    pool = pool_of(legal_dc_deck(), DeckEntry(champion(TRIBES[0], "gold"), 2))
    assert check_pool(pool, DC, DAY, DC_DOMAINS) == []


def test_a_pool_short_of_a_tribe_and_of_counters_names_both():
    deck = legal_dc_deck()
    pool = Deck([entry for entry in deck.entries if entry.card.tribe != TRIBES[1] and entry.card.type == "champion"])
    messages = [render(v) for v in check_pool(pool, DC, DAY, DC_DOMAINS)]
    assert "The pool has 24 cards; a pool of this product has 32-90." in messages
    assert f"Tribe {TRIBES[1]} has 0 Bronze champions in the pool; the product gives at least 2." in messages
    assert "The pool has 0 Counter type cards; the product gives at least 2." in messages
    with translation.override("it"):
        italian = [render(v) for v in check_pool(pool, DC, DAY, DC_DOMAINS)]
    assert f"La tribù {TRIBES[1]} ha 0 campioni Bronzo nel pool; il prodotto ne dà almeno 2." in italian


def test_a_card_of_another_game_is_refused_in_a_pool():
    pool = pool_of(legal_dc_deck(), DeckEntry(card("Goku Lv1", game="dbz-ccg", type="main_personality"), 1))
    assert [v.code for v in check_pool(pool, DC, DAY, DC_DOMAINS)] == ["wrong_game"]


def test_a_format_without_a_product_says_so():
    definition = {**DC.definition}
    definition.pop("sealed_pool")
    [violation] = check_pool(legal_dc_deck(), compile_format(definition), DAY, DC_DOMAINS)
    assert render(violation) == "Dust Collectorz pre-release has no sealed product: its pools cannot be checked."


def test_a_deck_built_from_the_pool_is_buildable():
    deck = legal_dc_deck()
    assert missing_from_pool(deck, pool_of(deck, DeckEntry(champion(TRIBES[0], "gold"), 1))) == []


def test_missing_cards_are_named_with_how_many_copies_are_short():
    deck = legal_dc_deck()
    pool = Deck(deck.entries[2:])  # the first two Bronze champions are not in the pool
    twice = deck.entries[5].card
    deck.entries.append(DeckEntry(twice, 2))  # three copies in all, the pool has one
    violations = missing_from_pool(deck, pool)
    names = sorted([deck.entries[0].card.name, deck.entries[1].card.name, twice.name], key=str.casefold)
    assert [v.cards for v in violations] == [[name] for name in names]
    messages = [render(v) for v in violations]
    assert f"{twice.name}: the deck has 2 more copies than the pool." in messages
    assert f"{deck.entries[0].card.name}: the deck has 1 more copy than the pool." in messages


def test_the_same_title_in_another_printing_is_another_card():
    """Quantities are per card as registered: a printing the pool does not hold is missing."""
    deck_card = champion(TRIBES[0], "bronze", name="Lint Scout")
    pool_card = champion(TRIBES[0], "bronze", name="Lint Scout")
    assert [v.code for v in missing_from_pool(Deck([DeckEntry(deck_card, 1)]), Deck([DeckEntry(pool_card, 1)]))] == [
        "not_in_pool"
    ]


def test_a_malformed_product_is_refused_when_the_format_is_loaded():
    for bad in ({"product": "kit"}, [], {"constraints": [{"kind": "nonsense"}]}):
        with pytest.raises(DomainError) as caught:
            compile_format({**DC.definition, "sealed_pool": bad})
        assert caught.value.code in {"format.sealed_shape", "format.unknown_kind"}
        assert "sealed_pool" in caught.value.message
