"""The deck-check sheet (decks/check_sheet.py): grouped as a judge counts the cards; no database."""

import games
from decks.check_sheet import check_sheet
from tests.decks.legality_helpers import TRIBES, card, champion, legal_dc_deck

DC_ORDERS = {"rank": list(games.get("dust-collectorz").card_schema.ranks)}


def test_dust_collectorz_by_tribe_then_rank_with_totals():
    deck = legal_dc_deck(epic_tribes=TRIBES[:1])
    sheet = check_sheet([(e.card, e.qty) for e in deck.entries], ("tribe", "rank"), DC_ORDERS)
    assert sheet.total == 32
    tribes = [(s.field, s.value, s.total) for s in sheet.sections]
    assert tribes == [("tribe", tribe, 6) for tribe in sorted(TRIBES, key=str.casefold)] + [("type", "counter", 2)]
    first = next(s for s in sheet.sections if s.value == TRIBES[0])
    assert [(g.value, g.total) for g in first.groups] == [("bronze", 2), ("silver", 2), ("gold", 1), ("epic", 1)]
    assert [g.cards for g in sheet.sections[-1].groups] == [(("Dustpan Trap", 1), ("Gust", 1))]


def test_copies_of_one_card_are_counted_together():
    scout = champion(TRIBES[0], "bronze", name="Lint Scout")
    sheet = check_sheet([(scout, 1), (scout, 2)], ("tribe", "rank"), DC_ORDERS)
    assert sheet.sections[0].groups[0].cards == (("Lint Scout", 3),) and sheet.total == 3


def test_dbz_by_card_type():
    entries = [
        (card("Goku Lv1", game="dbz-ccg", type="main_personality"), 1),
        (card("Orange Punch", game="dbz-ccg", type="combat"), 3),
        (card("Blue Block", game="dbz-ccg", type="combat"), 2),
        (card("Dragon Ball 1", game="dbz-ccg", type="dragon_ball"), 1),
    ]
    sheet = check_sheet(entries, games.get("dbz-ccg").deck_check_groups)
    assert [(s.value, s.total) for s in sheet.sections] == [("combat", 5), ("dragon_ball", 1), ("main_personality", 1)]
    assert sheet.sections[0].groups[0].cards == (("Blue Block", 2), ("Orange Punch", 3))
    assert sheet.total == 7
