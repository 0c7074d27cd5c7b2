"""dbz-expanded: Score's Expanded current rulings v1.5.0 (pure engine, no database)."""

import datetime

from decks.legality import Deck, DeckEntry, validate
from decks.legality.messages import render

from .legality_helpers import card, codes, fmt

DBZ = fmt("dbz-expanded")
DAY = datetime.date(2005, 6, 1)
OLD = datetime.date(2001, 1, 1)


def dbz(name, type="non_combat", released_on=OLD, **attributes):
    from games.dbz_ccg import title_style

    style = attributes.pop("style", None) or title_style(name)
    if style:
        attributes["style"] = style
    return card(name, game="dbz-ccg", type=type, released_on=released_on, attributes=attributes)


def goku_deck(filler=50, style=None):
    """Goku levels 1-4 and freestyle filler, 3 copies per title."""
    entries = [
        DeckEntry(dbz(f"Goku Level {level}", "main_personality", personality="Goku", level=level), 1)
        for level in range(1, 5)
    ]
    remaining, index = filler - 4, 0
    while remaining > 0:
        qty = min(3, remaining)
        entries.append(DeckEntry(dbz(f"Freestyle Card {index}"), qty))
        remaining -= qty
        index += 1
    return Deck(entries, {"tokui-waza": style} if style else {})


def check(deck, as_of=DAY):
    return validate(deck, DBZ, as_of)


def test_a_legal_deck_and_size_bounds():
    assert check(goku_deck(50)).legal and check(goku_deck(85)).legal
    assert codes(check(goku_deck(49))) == ["deck_size"]
    too_big = next(v for v in check(goku_deck(86)).violations)
    assert (too_big.code, too_big.expected, too_big.actual) == ("deck_size", "50-85", 86)


def test_undated_ban_is_always_in_force():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Dragons Glare"), 1))
    assert "banned" in codes(check(deck, as_of=datetime.date(2001, 6, 1)))


def test_dated_ban_one_day_before_and_on_its_date():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Cosmic Backlash"), 1))
    assert "banned" not in codes(check(deck, as_of=datetime.date(2004, 1, 14)))
    banned = next(v for v in check(deck, as_of=datetime.date(2004, 1, 15)).violations if v.code == "banned")
    assert render(banned) == "Cosmic Backlash is banned."


def test_names_match_despite_curly_apostrophes_and_case():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Chiaotzu’s PSYCHIC halt"), 1))
    assert "banned" in codes(check(deck))


def test_restricted_to_one_regardless_of_named_rule():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Goku's Lucky Break", "combat", named="Goku"), 2))
    verdict = check(deck)
    assert codes(verdict) == ["restricted"]
    assert (verdict.violations[0].expected, verdict.violations[0].actual) == (1, 2)


def test_dated_restriction_one_day_before_and_after():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Red Wishing Drill", "drill"), 2))
    assert "restricted" not in codes(check(deck, as_of=datetime.date(2004, 11, 23)))
    assert "restricted" in codes(check(deck, as_of=datetime.date(2004, 11, 25)))


def test_group_exclusive_from_its_date():
    deck = goku_deck()
    deck.entries += [DeckEntry(dbz("Time is a Warrior's Tool"), 1), DeckEntry(dbz("Epic Battle of Saiyans"), 1)]
    assert check(deck, as_of=datetime.date(2004, 11, 23)).legal
    verdict = check(deck, as_of=datetime.date(2004, 11, 24))
    assert codes(verdict) == ["group_exclusive"]
    assert verdict.violations[0].cards == ["Epic Battle of Saiyans", "Time is a Warrior's Tool"]


def test_group_total_of_three_with_the_misspelt_name():
    deck = goku_deck()
    deck.entries += [DeckEntry(dbz("Android 18's Stare Down"), 2), DeckEntry(dbz("Meanacing Evil"), 1)]
    assert check(deck).legal
    deck.entries[-1] = DeckEntry(dbz("Meanacing Evil"), 2)
    verdict = check(deck)
    assert codes(verdict) == ["group_total"] and verdict.violations[0].actual == 4


def test_copy_limits():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Freestyle Card 0"), 1))  # a fourth copy of a title
    verdict = check(deck)
    assert codes(verdict) == ["copy_limit"] and verdict.violations[0].actual == 4


def test_named_cards_of_the_main_personality_allow_four():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Goku's Kamehameha", "energy_combat", named="Goku"), 4))
    assert check(deck).legal
    deck.entries.append(DeckEntry(dbz("Vegeta's Big Bang", "energy_combat", named="Vegeta"), 4))
    verdict = check(deck)
    assert [(v.code, v.cards, v.expected) for v in verdict.violations] == [("copy_limit", ["Vegeta's Big Bang"], 3)]


def test_personality_dragon_ball_and_sensei_limit_one():
    deck = goku_deck()
    deck.entries += [
        DeckEntry(dbz("Earth Dragon Ball 1", "dragon_ball"), 2),
        DeckEntry(dbz("Master Roshi", "sensei"), 2),
    ]
    assert sorted(v.cards[0] for v in check(deck).violations) == ["Earth Dragon Ball 1", "Master Roshi"]


def test_mastery_needs_declared_matching_tokui_waza():
    deck = goku_deck()
    deck.entries += [
        DeckEntry(dbz("Saiyan Style Mastery", "mastery"), 1),
        DeckEntry(dbz("Saiyan Power Punch", "physical_combat"), 1),
    ]
    undeclared = check(deck)
    assert codes(undeclared) == ["tokui_waza"] and undeclared.violations[0].params["problem"] == "undeclared"
    deck.declarations["tokui-waza"] = "red"
    problems = {v.params["problem"] for v in check(deck).violations}
    assert problems == {"mismatch", "no_card", "off_style"}
    deck.declarations["tokui-waza"] = "Saiyan"
    assert check(deck).legal


def test_tokui_waza_needs_a_non_mastery_card_of_its_style():
    deck = goku_deck(style="blue")
    deck.entries.append(DeckEntry(dbz("Blue Style Mastery", "mastery"), 1))
    verdict = check(deck)
    assert [v.params["problem"] for v in verdict.violations] == ["no_card"]
    assert render(verdict.violations[0]) == "A blue Tokui-Waza needs at least one non-Mastery blue card."


def test_namek_is_not_a_style():
    deck = goku_deck(style="red")
    deck.entries += [
        DeckEntry(dbz("Red Crushing Punch", "physical_combat"), 1),
        DeckEntry(dbz("Namek Dragon Ball 1", "dragon_ball"), 1),
    ]
    assert check(deck).legal
    deck.entries.append(DeckEntry(dbz("Namekian Regrowth", "combat"), 1))
    assert [v.params["problem"] for v in check(deck).violations] == ["off_style"]


def test_more_than_one_mastery():
    deck = goku_deck(style="red")
    deck.entries += [
        DeckEntry(dbz("Red Style Mastery", "mastery"), 1),
        DeckEntry(dbz("Red Other Mastery", "mastery"), 1),
        DeckEntry(dbz("Red Jab", "physical_combat"), 1),
    ]
    assert codes(check(deck)) == ["mastery_limit"]


def test_allies_of_level_one_and_two_only():
    deck = goku_deck()
    deck.entries += [DeckEntry(dbz("Krillin Ally 2", "ally", personality="Krillin", level=2), 1)]
    assert check(deck).legal
    deck.entries += [DeckEntry(dbz("Yamcha Ally 3", "ally", personality="Yamcha", level=3), 1)]
    verdict = check(deck)
    assert codes(verdict) == ["ally_level"] and verdict.violations[0].cards == ["Yamcha Ally 3"]
    assert check(deck, as_of=datetime.date(2004, 11, 23)).legal


def test_battle_simulator_cards():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Simulated Sparring", battle_simulator=True), 1))
    assert codes(check(deck)) == ["battle_simulator"]


def test_seven_day_eligibility_boundary():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Brand New Card", released_on=datetime.date(2026, 11, 18)), 1))
    verdict = check(deck, as_of=datetime.date(2026, 11, 24))
    assert codes(verdict) == ["not_yet_legal"] and verdict.violations[0].expected == "2026-11-25"
    assert check(deck, as_of=datetime.date(2026, 11, 25)).legal


def test_all_problems_at_once():
    deck = Deck(
        goku_deck(49).entries
        + [DeckEntry(dbz("Dragons Glare"), 1), DeckEntry(dbz("Yamcha Ally 3", "ally", level=3), 1)]
    )
    assert codes(check(deck)) == ["ally_level", "banned"]
    deck.entries = deck.entries[:-3]
    assert codes(check(deck)) == ["deck_size"]
