"""DBZ Expanded card standings (games/card_standing.py) from the shipped format: what card pages show."""

import datetime

from games.card_standing import BANNED, LEGAL, NOT_ALLOWED, NOT_YET, card_standing
from games.formats import shipped_in_force

RULING = datetime.date(2004, 11, 24)  # Allies of level 1-2 only, from this date


def standing(card_type, attributes, as_of):
    definition = shipped_in_force("dbz-expanded", as_of)
    return card_standing(definition, "Some Card", card_type, attributes, as_of)


def test_an_ally_above_level_two_is_not_allowed_from_the_day_of_the_ruling():
    ally = {"personality": "Yamcha", "level": 3}
    assert standing("ally", ally, RULING - datetime.timedelta(days=1)).status == LEGAL
    on_the_day = standing("ally", ally, RULING)
    assert (on_the_day.status, on_the_day.since) == (NOT_ALLOWED, RULING)


def test_allies_of_level_one_and_two_and_other_cards_stay_legal():
    for level in (1, 2):
        assert standing("ally", {"personality": "Yamcha", "level": level}, RULING).status == LEGAL
    assert standing("main_personality", {"personality": "Goku", "level": 4}, RULING).status == LEGAL
    assert standing("non_combat", {}, RULING).status == LEGAL


def test_a_new_title_waits_seven_days_after_its_first_printing_unless_kept_out_anyway():
    """Card Eligibility: legal 7 days after the first printing's release; a ban says more than a wait."""
    first_printed = datetime.date(2026, 11, 18)
    definition = shipped_in_force("dbz-expanded", first_printed)

    def status(name, as_of):
        found = card_standing(definition, name, "combat", {}, as_of, eligible_from=first_printed)
        return found.status, found.since

    assert status("Some New Card", datetime.date(2026, 11, 24)) == (NOT_YET, datetime.date(2026, 11, 25))
    assert status("Some New Card", datetime.date(2026, 11, 25)) == (LEGAL, None)
    assert status("Dragons Glare", datetime.date(2026, 11, 24))[0] == BANNED
