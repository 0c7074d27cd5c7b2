"""Deck legality against the sample catalogue (our own cards), through the validate API: reprints,
the Most Recent Printing Rule, "Limit 1 per deck" in card text, the Main Personality and dates
before a format's rules."""

import pytest

from catalogue.services import import_catalogue_file
from tests.conftest import write_catalogue

pytestmark = pytest.mark.django_db
URL = "/api/v1/decks/validate/"

# 50 cards of the sample sets, all printed by 2003: Goku's four levels, the seven Earth Dragon Balls,
# named Goku cards (four allowed with Goku as Main Personality) and freestyle cards.
GOKU_DECK = [
    *(f"1 Goku (Level {level})" for level in range(1, 5)),
    *(f"1 Earth Dragon Ball {number}" for number in range(1, 8)),
    "4 Goku's Spirit Gathering",
    "4 Goku's Determination",
    "4 Goku's Flying Kick",
    *(
        f"3 {name}"
        for name in (
            "Human Technology",
            "Focused Block",
            "Energy Deflection",
            "Quick Dodge",
            "Sucker Punch",
            "Straining Ankle Smash Move",
            "Red Crushing Punch",
            "Red Knee Strike",
        )
    ),
    "3 Arm Block",
]


def check(api, extra=(), as_of="2005-06-01", without=(), header=(), **headers):
    lines = [*header, *(line for line in GOKU_DECK if line not in without), *extra]
    body = {"format": "dbz-expanded", "decklist": "\n".join(lines), "as_of": as_of}
    answer = api.post(URL, body, format="json", **headers)
    assert answer.status_code == 200, answer.json()
    return answer.json()


def codes(verdict):
    return sorted(violation["code"] for violation in verdict["violations"])


def test_the_sample_deck_is_legal(api, sample):
    verdict = check(api)
    assert verdict["legal"] and verdict["card_count"] == 50, verdict["violations"]


@pytest.mark.parametrize("as_of", ["2026-11-20", "2025-11-20"])
def test_a_reprinted_staple_is_legal_from_its_first_printing(api, sample, as_of):
    """Senzu Bean was first printed in 2000 and reprinted on 2026-11-18: never "not legal until 2026-11-25"."""
    verdict = check(api, ["2 Arm Block", "1 Senzu Bean"], as_of=as_of, without=["3 Arm Block"])
    assert verdict["legal"], verdict["violations"]
    line = next(line for line in verdict["lines"] if line["text"] == "1 Senzu Bean")
    assert line["status"] == "ok"


def test_a_new_title_still_waits_seven_days(api, sample):
    verdict = check(api, ["2 Arm Block", "1 Reunion of Warriors"], as_of="2026-11-24", without=["3 Arm Block"])
    assert codes(verdict) == ["not_yet_legal"]
    late = next(v for v in verdict["violations"] if v["code"] == "not_yet_legal")
    assert late["message"] == (
        "Reunion of Warriors is not legal until Nov. 25, 2026 (7 days after its first printing's release)."
    )


def test_the_most_recent_printing_is_read_from_its_release(api, sample):
    """Power Up's 2026 printing says "Limit 1 per deck": two copies break it from then on, not before."""
    deck = {"extra": ["1 Arm Block", "2 Power Up"], "without": ["3 Arm Block"]}
    assert check(api, as_of="2026-11-17", **deck)["legal"]  # the old text sets no limit
    verdict = check(api, as_of="2026-11-18", **deck)
    assert codes(verdict) == ["text_limit"]
    limit = next(v for v in verdict["violations"] if v["code"] == "text_limit")
    assert limit["message"] == "Power Up says “Limit 1 per deck”: at most 1 copy is allowed; the deck has 2."
    old_printing = check(api, ["1 Arm Block", "2 Power Up (SAI) 089"], as_of="2026-11-18", without=["3 Arm Block"])
    assert codes(old_printing) == ["text_limit"]  # whichever printing is named, the title reads as the newest


def test_personality_printings_keep_their_own_text(api, sample, tmp_path):
    reprint = {
        "game": "dbz-ccg",
        "set": {"code": "REV", "name": "Test Revival", "released_on": "2004-03-01"},
        "cards": [
            {
                "number": "001",
                "name": "Goku (Level 1)",
                "type": "main_personality",
                "attributes": {"personality": "Goku", "level": 1, "alignment": "hero"},
                "text": "Power: Draw a card; raise your anger 2 levels.",
            },
            {"number": "002", "name": "Human Technology", "type": "combat", "text": "End combat. Draw two cards."},
        ],
    }
    import_catalogue_file(write_catalogue(tmp_path, reprint))
    verdict = check(api)
    goku = next(line for line in verdict["lines"] if line["text"] == "1 Goku (Level 1)")
    assert goku["status"] == "ambiguous" and "Goku (Level 1) (REV) 001" in goku["suggestions"]
    technology = next(line for line in verdict["lines"] if line["text"] == "3 Human Technology")
    assert technology["status"] == "ok"  # not a personality: one card, read as its newest printing
    named = check(api, ["1 Goku (Level 1) (SAI) 001"], without=["1 Goku (Level 1)"])
    assert named["legal"], named["violations"]


def test_the_main_personality_through_a_decklist(api, sample):
    header = check(api, header=["Main Personality: Vegeta"])
    assert codes(header) == ["main_personality"]
    assert header["violations"][0]["message"] == (
        "The header names Vegeta as Main Personality, but the deck's Main Personality cards are Goku."
    )
    mixed = check(api, ["2 Arm Block", "1 Vegeta (Level 1)"], without=["3 Arm Block"])
    assert codes(mixed) == ["main_personality"]
    levels = [f"1 Goku (Level {level})" for level in range(1, 5)]
    none = check(api, ["1 Arm Block", "4 Goku's Lucky Break"], without=levels)
    assert "main_personality" in codes(none)


def test_dates_before_the_rules_get_no_verdict_but_never_legal(api, sample):
    verdict = check(api, as_of="2003-06-01")
    assert not verdict["legal"] and codes(verdict) == ["no_rules_in_force"]
    assert "No rules of Dragon Ball Z CCG Expanded were in force on June 1, 2003" in verdict["violations"][0]["message"]
    italian = check(api, as_of="2003-06-01", HTTP_ACCEPT_LANGUAGE="it")
    assert "1 giugno 2003" in italian["violations"][0]["message"]  # each reader's own date style
    assert italian["violations"][0]["message"] != verdict["violations"][0]["message"]


def test_the_rules_page_states_the_group_reading_and_the_dates(client, sample):
    page = client.get("/en/rules/dbz-ccg/").text
    assert "Only one card from each of these groups, one copy in all (not one of each title)" in page
    assert "Time is a Warrior&#x27;s Tool or Epic Battle of Saiyans" in page
    assert "Decks are checked from 2004-01-15" in page
    assert "“Limit 1 per deck”" in page
