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


# What 5 boosters of the shipped kit hold: per tribe 4 Bronze, 4 Silver, 2 Gold, 2 Platinum, 2 Epic; 10 Counter.
KIT = {"bronze": 4, "silver": 4, "gold": 2, "platinum": 2, "epic": 2}


def kit_pool(**per_tribe):
    """An 80-card pool as 5 boosters of the kit give it; `per_tribe` changes a rank's count in each tribe."""
    ranks = {**KIT, **per_tribe}
    entries = [DeckEntry(champion(tribe, rank), qty) for tribe in TRIBES for rank, qty in ranks.items() if qty]
    counters = [DeckEntry(card(f"Counter {number}", type="counter", ability="Trap"), 1) for number in range(10)]
    return Deck(entries + counters)


def messages_in(language, pool, boosters=None):
    with translation.override(language):
        return [render(v) for v in check_pool(pool, DC, DAY, DC_DOMAINS, boosters)]


def test_the_shipped_product_is_data_in_the_format():
    assert "the publisher's rules do not describe the product" in DC.sealed_pool.product
    boosters = DC.sealed_pool.boosters
    assert (boosters.default, boosters.fewest, boosters.most, boosters.cards_per_booster) == (5, 3, 6, 16)
    assert [c.code for c in DC.sealed_pool.constraints] == [
        "pool_bronze", "pool_silver", "pool_gold", "pool_top_rank", "pool_counter",
    ]  # fmt: skip


def test_a_pool_as_the_boosters_give_it_matches_the_product():
    assert check_pool(kit_pool(), DC, DAY, DC_DOMAINS) == []
    assert check_pool(kit_pool(gold=4, platinum=0), DC, DAY, DC_DOMAINS) == []  # Gold in the Gold-or-better slots


def test_a_pool_one_card_short_names_the_counts_in_each_language():
    pool = kit_pool()
    pool.entries[0] = DeckEntry(pool.entries[0].card, 3)  # a Bronze of the first tribe: 3 instead of 4
    violations = check_pool(pool, DC, DAY, DC_DOMAINS)
    assert [v.code for v in violations] == ["pool_cards_missing", "pool_rarity_short"]
    assert {v.rule for v in violations} == {"Pre-release Ruleset: the site's product model"}
    assert messages_in("en", pool) == [
        "A pool of 5 boosters has 80 cards; this one has 79 (1 missing).",
        "The pool has only 19 Bronze cards; there are at least 20 in 5 boosters.",
    ]
    assert messages_in("fr", pool) == [
        "Un pool de 5 boosters contient 80 cartes\u202f; celui-ci en contient 79 (1 manquante).",
        "Le pool ne contient que 19 cartes Bronze\u202f; il y en a au moins 20 dans 5 boosters.",
    ]
    assert messages_in("it", pool) == [
        "Un pool di 5 buste ha 80 carte; questo ne ha 79 (1 mancante).",
        "Il pool ha solo 19 carte Bronzo; in 5 buste ce ne sono almeno 20.",
    ]


def test_a_pool_with_too_many_gold_names_the_counts_in_each_language():
    pool = kit_pool(gold=5, platinum=0, epic=1)  # 25 Gold and 5 Epic: 10 Gold slots and 10 Gold-or-better
    assert messages_in("en", pool) == [
        "The pool has 25 Gold cards, but there are at most 20 in 5 boosters.",
        "The pool has only 5 Platinum or Epic cards; there are at least 10 in 5 boosters.",
    ]
    assert messages_in("fr", pool)[0] == "Le pool contient 25 cartes Or, mais il y en a au plus 20 dans 5 boosters."
    assert messages_in("it", pool)[0] == "Il pool ha 25 carte Oro, ma in 5 buste ce ne sono al massimo 20."


def test_the_booster_count_changes_what_the_pool_is_checked_against():
    assert messages_in("en", kit_pool(), boosters=6)[0] == (
        "A pool of 6 boosters has 96 cards; this one has 80 (16 missing)."
    )
    assert messages_in("en", kit_pool(), boosters=4)[0] == (
        "A pool of 4 boosters has 64 cards; this one has 80 (16 too many)."
    )


def test_a_card_no_slot_takes_is_named():
    pool = pool_of(kit_pool(), DeckEntry(card("Lint Ward", type="relic"), 1))
    assert "Lint Ward fits none of the booster slots of this product." in messages_in("en", pool)


def test_a_pool_short_of_a_tribe_and_of_counters_names_both():
    deck = legal_dc_deck()
    pool = Deck([entry for entry in deck.entries if entry.card.tribe != TRIBES[1] and entry.card.type == "champion"])
    messages = [render(v) for v in check_pool(pool, DC, DAY, DC_DOMAINS)]
    assert "A pool of 5 boosters has 80 cards; this one has 24 (56 missing)." in messages
    assert "The pool has only 0 Counter cards; there are at least 10 in 5 boosters." in messages
    assert f"Tribe {TRIBES[1]} has 0 Bronze champions in the pool; the product gives at least 2." in messages
    assert "The pool has 0 Counter type cards; the product gives at least 2." in messages
    with translation.override("it"):
        italian = [render(v) for v in check_pool(pool, DC, DAY, DC_DOMAINS)]
    assert f"La tribù {TRIBES[1]} ha 0 campioni Bronzo nel pool; il prodotto ne dà almeno 2." in italian


def test_a_card_of_another_game_is_refused_in_a_pool():
    pool = pool_of(kit_pool(), DeckEntry(card("Goku Lv1", game="dbz-ccg", type="main_personality"), 1))
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
    bad_boosters = {"product": "kit", "constraints": [], "boosters": {"booster": []}}
    for bad in ({"product": "kit"}, [], {"constraints": [{"kind": "nonsense"}]}, bad_boosters):
        with pytest.raises(DomainError) as caught:
            compile_format({**DC.definition, "sealed_pool": bad})
        assert caught.value.code in {"format.sealed_shape", "format.unknown_kind", "format.booster_shape"}
        assert "sealed_pool" in caught.value.message
