"""dc-prerelease: Dust Collectorz rules V202310.09, Deck Composition 1-3 (pure engine, no database)."""

import datetime

from hypothesis import given
from hypothesis import strategies as st

from decks.legality import Deck, DeckEntry, validate
from decks.legality.messages import render
from tests.decks.legality_helpers import DC_DOMAINS, TRIBES, card, champion, codes, fmt, legal_dc_deck

DC = fmt("dc-prerelease")
DAY = datetime.date(2024, 3, 1)


def check(deck, domains=DC_DOMAINS):
    return validate(deck, DC, DAY, domains)


def test_a_legal_deck():
    verdict = check(legal_dc_deck(epic_tribes=TRIBES))
    assert verdict.legal and verdict.card_count == 32
    assert (verdict.version, verdict.as_of) == ("V202310.09", DAY)


def test_31_and_33_cards():
    deck = legal_dc_deck()
    deck.entries.pop()  # a counter
    verdict = check(deck)
    assert codes(verdict) == ["counter_count", "deck_size"]
    size = next(v for v in verdict.violations if v.code == "deck_size")
    assert (size.expected, size.actual, size.rule) == (32, 31, "Deck Composition 1")
    deck = legal_dc_deck()
    deck.entries.append(DeckEntry(card("Pitfall Vent", type="counter", ability="Trap"), 1))
    assert codes(check(deck)) == ["counter_count", "deck_size"]


def test_five_and_seven_cards_in_a_tribe():
    deck = legal_dc_deck()
    moved = deck.entries[0]  # a Lintlings Bronze becomes a Rustbacks Bronze
    deck.entries[0] = DeckEntry(champion("Rustbacks", "bronze"), 1)
    verdict = check(deck)
    tribe_counts = {v.params["value"]: (v.expected, v.actual) for v in verdict.violations if v.code == "tribe_count"}
    assert tribe_counts == {"Lintlings": (6, 5), "Rustbacks": (6, 7)}
    assert "deck_size" not in codes(verdict)
    rustbacks = next(v for v in verdict.violations if v.params.get("value") == "Rustbacks")
    assert deck.entries[0].card.name in rustbacks.cards and moved.card.name not in rustbacks.cards


def test_a_missing_tribe_is_reported_from_the_wheel():
    deck = legal_dc_deck(tribes=TRIBES[:4])
    deck.entries += [
        DeckEntry(champion("Lintlings", rank), 1) for rank in ("bronze", "silver", "gold", "platinum", "epic", "gold")
    ]
    verdict = check(deck)
    assert {v.params["value"] for v in verdict.violations if v.code == "tribe_count"} == {"Lintlings", "Attic Hoarders"}


def test_rank_composition_per_tribe():
    deck = legal_dc_deck()
    deck.entries[4] = DeckEntry(champion("Lintlings", "silver"), 1)  # Gold -> third Silver
    verdict = check(deck)
    found = {(v.params["group"], tuple(v.params["values"])): (v.expected, v.actual) for v in verdict.violations}
    assert found == {("Lintlings", ("silver",)): (2, 3), ("Lintlings", ("gold",)): (1, 0)}
    assert render(verdict.violations[0]) in {
        "Tribe Lintlings has 3 Silver cards; it needs exactly 2.",
        "Tribe Lintlings has 0 Gold cards; it needs exactly 1.",
    }


def test_platinum_or_epic_slot():
    assert check(legal_dc_deck(epic_tribes=TRIBES[:2])).legal


def test_epic_limit_of_five():
    deck = legal_dc_deck(epic_tribes=TRIBES)
    deck.entries[4] = DeckEntry(champion("Lintlings", "epic"), 1)  # Gold -> a sixth Epic
    verdict = check(deck)
    limit = next(v for v in verdict.violations if v.code == "epic_limit")
    assert (limit.expected, limit.actual) == (5, 6)


def test_duplicated_epic():
    deck = legal_dc_deck(tribes=TRIBES)
    epic = champion("Lintlings", "epic", name="Queen of Lint")
    deck.entries[5] = DeckEntry(epic, 2)
    verdict = check(deck)
    duplicate = next(v for v in verdict.violations if v.code == "epic_duplicate")
    assert (duplicate.cards, duplicate.expected, duplicate.actual) == (["Queen of Lint"], 1, 2)


def test_two_and_three_cards_sharing_an_ability():
    deck = legal_dc_deck()
    deck.entries[0] = DeckEntry(champion("Lintlings", "bronze", ability="Scavenge"), 1)
    deck.entries[6] = DeckEntry(champion("Rustbacks", "bronze", ability="Scavenge"), 1)
    assert check(deck).legal
    deck.entries[12] = DeckEntry(champion("Cobweavers", "bronze", ability="Scavenge"), 1)
    verdict = check(deck)
    assert codes(verdict) == ["ability_limit"]
    assert (verdict.violations[0].expected, verdict.violations[0].actual) == (2, 3)
    assert render(verdict.violations[0]) == (
        "At most 2 Bronze or Silver cards may share the ability “Scavenge”; the deck has 3."
    )


def test_shared_ability_on_gold_does_not_count():
    deck = legal_dc_deck()
    deck.entries[0] = DeckEntry(champion("Lintlings", "bronze", ability="Scavenge"), 1)
    deck.entries[6] = DeckEntry(champion("Rustbacks", "bronze", ability="Scavenge"), 1)
    deck.entries[4] = DeckEntry(champion("Lintlings", "gold", ability="Scavenge"), 1)
    assert check(deck).legal


def test_wrong_game_and_unknown_cards_are_reported():
    deck = legal_dc_deck()
    deck.entries[-1] = DeckEntry(card("Red Test Punch", game="dbz-ccg", type="physical_combat"), 1)
    verdict = validate(deck, DC, DAY, DC_DOMAINS, unknown=["Mystery Card"])
    assert {"wrong_game", "unknown_card"} <= set(codes(verdict))


def test_missing_cards_make_a_deck_unbuildable_never_illegal():
    deck = legal_dc_deck()
    owned = {entry.card.id: entry.qty for entry in deck.entries}
    assert validate(deck, DC, DAY, DC_DOMAINS, owned=owned).buildable is True
    assert validate(deck, DC, DAY, DC_DOMAINS).buildable is None  # no collection asked about
    first = deck.entries[0].card
    owned[first.id] = 0
    verdict = validate(deck, DC, DAY, DC_DOMAINS, owned=owned)
    assert verdict.legal and verdict.violations == [] and verdict.buildable is False
    assert [(v.code, v.cards, v.expected, v.actual) for v in verdict.missing] == [("not_owned", [first.name], 1, 0)]


def test_messages_in_french_and_italian():
    from django.utils import translation

    deck = legal_dc_deck()
    deck.entries.pop()
    violation = next(v for v in check(deck).violations if v.code == "deck_size")
    with translation.override("fr"):
        french = render(violation)
    with translation.override("it"):
        italian = render(violation)
    assert "31" in french and "32" in french and french != render(violation)
    assert "31" in italian and italian != french


@given(st.permutations(["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]), st.integers(0, 5))
def test_renamed_tribes_keep_a_legal_deck_legal(names, epics):
    deck = legal_dc_deck(tribes=names, epic_tribes=names[:epics])
    assert check(deck, {"tribes": names}).legal


@given(st.integers(0, 31))
def test_taking_any_card_out_of_a_legal_deck_is_reported(index):
    deck = legal_dc_deck(epic_tribes=TRIBES[:3])
    removed = deck.entries[index]
    smaller = Deck([entry for i, entry in enumerate(deck.entries) if i != index])
    verdict = check(smaller)
    assert "deck_size" in codes(verdict)
    if removed.card.type == "champion":
        assert any(v.code == "tribe_count" and v.params["value"] == removed.card.tribe for v in verdict.violations)
    else:
        assert "counter_count" in codes(verdict)


def test_abilities_are_the_same_whatever_their_case_or_spacing():
    deck = legal_dc_deck()
    for index, ability in zip((0, 2, 6), ("Gust of Wind", "gust  of WIND", " Gust of\twind "), strict=True):
        old = deck.entries[index].card  # Bronze, Silver and Bronze champions of two tribes
        deck.entries[index] = DeckEntry(champion(old.tribe, old.rank, ability=ability), 1)
    verdict = check(deck)
    assert codes(verdict) == ["ability_limit"] and verdict.violations[0].actual == 3
    assert render(verdict.violations[0]).startswith(
        "At most 2 Bronze or Silver cards may share the ability “Gust of Wind”"
    )


def test_no_rules_before_the_first_version():
    verdict = validate(legal_dc_deck(), DC, datetime.date(2023, 10, 8), DC_DOMAINS)
    assert not verdict.legal and codes(verdict) == ["no_rules_in_force"]
    assert validate(legal_dc_deck(), DC, datetime.date(2023, 10, 9), DC_DOMAINS).legal
