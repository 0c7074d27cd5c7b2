"""dbz-expanded: Score's Expanded current rulings v1.5.0 (pure engine, no database)."""

import datetime
from dataclasses import replace
from pathlib import Path

import pytest

from decks.legality import Deck, DeckEntry, validate
from decks.legality.messages import render
from tests.decks.legality_helpers import card, codes, fmt

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
    assert "banned" in codes(check(deck, as_of=datetime.date(2004, 1, 15)))  # the first day the rules cover


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
    found = sorted((v.code, v.cards[0]) for v in check(deck).violations)
    assert found == [("copy_limit", "Earth Dragon Ball 1"), ("sensei_limit", "Master Roshi")]


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
    assert render(verdict.violations[0]) == "The Blue Style Tokui-Waza needs at least one non-Mastery Blue Style card."


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("fr", "Le Tokui-Waza Style Bleu nécessite"),
        ("it", "Il Tokui-Waza Stile Blu richiede"),
    ],
)
def test_a_tokui_waza_message_names_the_style_in_the_readers_language(language, message):
    from django.utils import translation

    deck = goku_deck(style="blue")
    deck.entries.append(DeckEntry(dbz("Blue Style Mastery", "mastery"), 1))
    with translation.override(language):
        assert render(check(deck).violations[0]).startswith(message)


@pytest.mark.parametrize("written", ["Saiyan Style", "saiyan  style", "Style Saiyan", "Stile Saiyan", "SAIYAN"])
def test_a_tokui_waza_may_be_declared_as_the_deck_page_names_it(written):
    """The deck page shows the declared style as "Saiyan Style": written back that way, it still counts."""
    deck = goku_deck(style=written)
    deck.entries += [
        DeckEntry(dbz("Saiyan Style Mastery", "mastery"), 1),
        DeckEntry(dbz("Saiyan Power Punch", "physical_combat"), 1),
    ]
    assert check(deck).legal, [render(v) for v in check(deck).violations]


def test_a_tokui_waza_that_names_no_style_is_refused_as_written():
    deck = goku_deck(style="Purple Style")
    assert [render(v) for v in check(deck).violations] == ["“purple style” is not a Martial Arts Style."]


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


def test_an_ally_without_a_level_is_told_so():
    deck = goku_deck()
    deck.entries += [DeckEntry(dbz("Puar Ally", "ally", personality="Puar"), 1)]
    verdict = check(deck)
    assert codes(verdict) == ["ally_level"]
    assert render(verdict.violations[0]) == (
        "Puar Ally is an Ally without a level; only Allies of level 1-2 are allowed."
    )


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


def test_a_deck_needs_exactly_one_main_personality():
    deck = goku_deck()
    deck.entries = deck.entries[4:] + [DeckEntry(dbz("Freestyle Extra"), 3), DeckEntry(dbz("Freestyle More"), 1)]
    missing = check(deck)
    assert codes(missing) == ["main_personality"] and missing.violations[0].params["problem"] == "missing"
    assert render(missing.violations[0]) == (
        "The deck has no Main Personality: it needs the levels of exactly one personality."
    )


def test_main_personality_levels_are_of_one_personality():
    deck = goku_deck()
    deck.entries[2:4] = [
        DeckEntry(dbz("Vegeta Level 1", "main_personality", personality="Vegeta", level=1), 1),
        DeckEntry(dbz("Vegeta Level 2", "main_personality", personality="Vegeta", level=2), 1),
    ]
    verdict = check(deck)
    assert codes(verdict) == ["main_personality"]
    assert render(verdict.violations[0]) == (
        "The Main Personality cards are of 2 personalities (Goku, Vegeta); a deck has exactly one."
    )


def test_a_main_personality_header_must_agree_with_the_cards():
    deck = goku_deck()
    deck.declarations["main-personality"] = "  goku "
    assert check(deck).legal
    deck.declarations["main-personality"] = "Vegeta"
    verdict = check(deck)
    assert codes(verdict) == ["main_personality"] and verdict.violations[0].params["problem"] == "declared"
    assert "names Vegeta as Main Personality" in render(verdict.violations[0])


def test_named_cards_count_for_the_main_personality_of_the_cards_not_the_header():
    deck = goku_deck()
    deck.declarations["main-personality"] = "Vegeta"
    deck.entries.append(DeckEntry(dbz("Goku's Kamehameha", "energy_combat", named="Goku"), 4))
    assert codes(check(deck)) == ["main_personality"]  # the header is reported; four Goku cards stay legal


def test_at_most_one_sensei_card():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Master Roshi Sensei", "sensei"), 1))
    assert check(deck).legal
    deck.entries.append(DeckEntry(dbz("Kami Sensei", "sensei"), 1))
    verdict = check(deck)
    assert codes(verdict) == ["sensei_limit"]
    assert render(verdict.violations[0]) == "At most 1 Sensei card is allowed; the deck has 2."


def test_limit_one_per_deck_in_the_card_text():
    deck = goku_deck()
    once = replace(dbz("Energy Rush", "energy_combat", named="Goku"), text="Energy attack. LIMIT 1  per\ndeck.")
    deck.entries.append(DeckEntry(once, 1))
    assert check(deck).legal
    deck.entries[-1] = DeckEntry(once, 2)  # a named card of the Main Personality, and still only one
    verdict = check(deck)
    assert codes(verdict) == ["text_limit"] and (verdict.violations[0].expected, verdict.violations[0].actual) == (1, 2)
    assert render(verdict.violations[0]) == (
        "Energy Rush says “Limit 1 per deck”: at most 1 copy is allowed; the deck has 2."
    )


def test_limit_one_per_deck_cites_the_deck_size_ruling_that_states_it():
    """The rulings state the "limit 1 per deck" rule under Deck Size, not under Named Cards."""
    deck = goku_deck()
    once = replace(dbz("Power Up", "combat"), text="Gain 3 power stages. Limit 1 per deck.")
    deck.entries.append(DeckEntry(once, 2))
    violation = next(v for v in check(deck).violations)
    assert violation.code == "text_limit"
    assert (violation.rule, violation.anchor) == ("Deck Building Clarifications: Deck Size", "deck-size-b2")
    deck.entries[-1] = DeckEntry(dbz("Freestyle Card 0"), 1)  # a fourth copy: the Named card rule's limit
    named = next(v for v in check(deck).violations)
    assert (named.code, named.rule, named.anchor) == (
        "copy_limit",
        "Deck Building Clarifications: Named Cards",
        "named-cards",
    )


def test_one_card_from_each_group_means_one_copy():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Time is a Warrior's Tool"), 2))
    verdict = check(deck)
    assert codes(verdict) == ["group_exclusive"] and verdict.violations[0].actual == 2
    assert render(verdict.violations[0]) == (
        "Only one card from group 1 is allowed; the deck has 2: Time is a Warrior's Tool."
    )


def test_no_rules_before_the_format_covers():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Dragons Glare"), 1))
    before = check(deck, as_of=datetime.date(2004, 1, 14))
    assert not before.legal and codes(before) == ["no_rules_in_force"]
    assert render(before.violations[0]) == (
        "No rules of Dragon Ball Z CCG Expanded were in force on Jan. 14, 2004: the earliest rules this site "
        "knows start on Jan. 15, 2004."
    )
    assert codes(check(goku_deck(), as_of=datetime.date(2004, 1, 15))) == []


def test_a_reprint_does_not_make_a_title_wait_again():
    deck = goku_deck()
    reprint = dbz("Senzu Bean", released_on=datetime.date(2004, 11, 20))
    deck.entries.append(DeckEntry(reprint, 1))
    assert codes(check(deck, as_of=datetime.date(2004, 11, 22))) == ["not_yet_legal"]
    deck.entries[-1] = DeckEntry(replace(reprint, first_released_on=datetime.date(2000, 8, 15)), 1)
    assert check(deck, as_of=datetime.date(2004, 11, 22)).legal


# Main Personality levels (issue 26): the rulings' "Anger and Main Personality Levels" says all
# levels of a Main Personality come into play in numerical order.

RULINGS = Path(__file__).resolve().parents[3] / "shared" / "reference" / "dbz-ccg-expanded-current-rulings-v1.5.0.txt"
LEVELS_RULE = "Game Play Clarifications: Anger and Main Personality Levels"


def with_levels(*levels):
    """A 50-card Goku deck whose Main Personality cards are these levels."""
    deck = goku_deck(50 - len(levels) + 4)
    deck.entries[:4] = [
        DeckEntry(dbz(f"Goku Level {level}", "main_personality", personality="Goku", level=level), 1)
        for level in levels
    ]
    return deck


def level_violation(verdict):
    return next(v for v in verdict.violations if v.code == "main_personality_levels")


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        (
            (2, 3, 4),
            "The Main Personality has no Level 1: its levels (2, 3, 4) must start at Level 1 and go up one at a time.",
        ),
        (
            (1, 2, 4),
            "The Main Personality has no Level 3: its levels (1, 2, 4) must start at Level 1 and go up one at a time.",
        ),
        (
            (3, 4),
            "The Main Personality has no Levels 1, 2: its levels (3, 4) must start at Level 1 and go up one at a time.",
        ),
        (
            (1, 3, 5),
            "The Main Personality has no Levels 2, 4: its levels (1, 3, 5) must start at Level 1 and go up one at a time.",
        ),
    ],
)
def test_main_personality_levels_start_at_level_one_and_skip_none(levels, message):
    verdict = check(with_levels(*levels))
    assert codes(verdict) == ["main_personality_levels"]
    violation = level_violation(verdict)
    assert render(violation) == message
    assert (violation.rule, violation.anchor) == (LEVELS_RULE, "anger-and-main-personality-levels-b1")
    assert violation.cards == sorted(f"Goku Level {level}" for level in levels)


def test_main_personality_levels_in_order_are_legal_at_any_length():
    for top in (1, 2, 3, 4):
        assert check(with_levels(*range(1, top + 1))).legal


def test_the_level_rule_holds_on_every_date_the_rulings_cover():
    # Not a dated ruling: in force from the first day the format covers.
    assert codes(check(with_levels(2, 3, 4), as_of=datetime.date(2004, 1, 15))) == ["main_personality_levels"]
    assert codes(check(with_levels(2, 3, 4), as_of=datetime.date(2004, 1, 14))) == ["no_rules_in_force"]


def test_allies_above_level_two_from_the_day_of_the_ruling():
    deck = goku_deck()
    deck.entries.append(DeckEntry(dbz("Yamcha Ally 3", "ally", personality="Yamcha", level=3), 1))
    assert check(deck, as_of=datetime.date(2004, 11, 23)).legal
    violation = next(v for v in check(deck, as_of=datetime.date(2004, 11, 24)).violations)
    assert violation.code == "ally_level"
    assert render(violation) == "Yamcha Ally 3 is a level 3 Ally; only Allies of level 1-2 are allowed."
    assert (violation.rule, violation.anchor) == ("Deck Building Clarifications: Allies", "named-cards-p1")
    deck.entries[-1] = DeckEntry(dbz("Yamcha Ally 1", "ally", personality="Yamcha", level=1), 1)
    assert check(deck, as_of=datetime.date(2004, 11, 24)).legal


@pytest.mark.skipif(not RULINGS.exists(), reason="the DBZ rulings are not in ../shared/reference/")
def test_the_level_rules_cite_the_rulings_where_they_say_it():
    from rules.alignment import align
    from rules.parsing import parse_rules

    document = parse_rules(RULINGS.read_bytes(), "en")
    alignment = align({"en": document})
    texts = {
        alignment.anchor_of("en", s, i): item.text
        for s, section in enumerate(document.sections)
        for i, item in enumerate(section.items)
    }
    assert "numerical order" in texts["anger-and-main-personality-levels-b1"]
    assert "Level 1-2 Allies" in texts["named-cards-p1"] and "11/24/04" in texts["named-cards-p1"]


def _rulings_items():
    """{anchor: text} of the rulings' items, and the set of every anchor (section headings included)."""
    from rules.alignment import align
    from rules.parsing import parse_rules

    document = parse_rules(RULINGS.read_bytes(), "en")
    alignment = align({"en": document})
    items = {row.anchor: row.texts["en"] for row in alignment.rows() if row.kind != "heading"}
    return items, {row.anchor for row in alignment.rows()}


@pytest.mark.skipif(not RULINGS.exists(), reason="the DBZ rulings are not in ../shared/reference/")
def test_every_rule_cites_a_place_in_the_rulings_and_limit_one_cites_deck_size():
    items, anchors = _rulings_items()
    constraints = DBZ.definition["constraints"]
    cited = {spec["code"]: spec.get("anchor") for spec in constraints}
    cited["text_limit"] = next(spec for spec in constraints if spec["code"] == "copy_limit")["text_limit_anchor"]
    assert {code: anchor for code, anchor in cited.items() if anchor not in anchors} == {}
    assert "limit 1 per deck" in items[cited["text_limit"]]


@pytest.mark.skipif(not RULINGS.exists(), reason="the DBZ rulings are not in ../shared/reference/")
@pytest.mark.parametrize("name", ["banned", "restricted"])
def test_the_banned_and_restricted_lists_are_the_rulings_lists_name_by_name_and_date_by_date(name):
    """Every card the rulings list, with its m/d/yy date (read as 20yy) or none, and nothing else."""
    import re

    from games.cards import search_key

    items, _anchors = _rulings_items()
    listed = {}
    for anchor, text in items.items():
        if re.fullmatch(rf"{name}-b\d+", anchor):
            dated = re.fullmatch(r"(.*?)\s*\((\d+)/(\d+)/(\d+)\)", text.strip())
            title, since = (text.strip(), None)
            if dated:
                month, day, year = (int(part) for part in dated.groups()[1:])
                title, since = dated[1], datetime.date(2000 + year, month, day).isoformat()
            listed[search_key(title)] = since
    ours = {search_key(entry["name"]): entry.get("since") for entry in DBZ.definition["lists"][name]}
    assert len(listed) == {"banned": 9, "restricted": 41}[name]
    assert ours == listed


@pytest.mark.parametrize(
    ("language", "message", "rule"),
    [
        (
            "en",
            "The Main Personality has no Level 1: its levels (2, 3) must start at Level 1 and go up one at a time.",
            "Game Play Clarifications: Anger and Main Personality Levels",
        ),
        (
            "fr",
            "La Main Personality n’a pas de niveau 1\u00a0: ses niveaux (2, 3) doivent commencer au niveau 1 et se "
            "suivre sans en sauter.",
            "Précisions sur le déroulement du jeu\u00a0: Colère et niveaux de la Main Personality",
        ),
        (
            "it",
            "La Main Personality non ha il livello 1: i suoi livelli (2, 3) devono partire dal livello 1 e salire "
            "uno alla volta.",
            "Chiarimenti sullo svolgimento del gioco: Rabbia e livelli della Main Personality",
        ),
    ],
)
def test_the_missing_level_and_the_ruling_in_each_language(language, message, rule):
    from django.utils import translation

    from decks.services.legality import violation_payload

    with translation.override(language):
        payload = violation_payload(level_violation(check(with_levels(2, 3))))
    assert (payload["message"], payload["rule"]) == (message, rule)
    assert payload["expected"] == [1] and payload["actual"] == [2, 3]


@pytest.mark.skipif(not RULINGS.exists(), reason="the DBZ rulings are not in ../shared/reference/")
def test_the_groups_are_the_rulings_groups_from_their_date():
    """The "only one card from each group" and "a total of three" groups: the titles, dated 11/24/04."""
    from games.cards import search_key

    items, _anchors = _rulings_items()

    def groups(prefix):
        found = []
        for anchor, text in items.items():
            if anchor.startswith(prefix) and anchor[len(prefix) :].isdigit():
                titles = text.split(" - ", 1)[-1]  # "Heroes - ..." names a group, not a card
                found.append({search_key(title) for title in titles.split(" or ")})
        return found

    constraints = {spec["code"]: spec for spec in DBZ.definition["constraints"]}
    exclusive, total = constraints["group_exclusive"], constraints["group_total"]
    assert [{search_key(name) for name in group} for group in exclusive["groups"]] == groups("named-cards-")
    ours = [{search_key(name) for name in group} - {"menacing evil"} for group in total["groups"]]
    assert ours == groups("named-cards-l2-")
    assert total["max"] == 3 and exclusive["since"] == total["since"] == "2004-11-24"
    assert "(11/24/04)" in items["named-cards-p2"] and "(11/24/04)" in items["named-cards-p3"]
