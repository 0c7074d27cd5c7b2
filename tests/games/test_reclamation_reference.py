"""Dust: Reclamation scored against the publisher's rules, read at run time from ../shared/reference/
(pure module, no database): the numbers the scorer and the score sheet use are the document's, and
the document's end-of-game rules hold. The readings the text allows two ways are in
test_reclamation_readings.py and docs/scoring.md."""

import re
from functools import cache
from pathlib import Path

import pytest

from core.errors import DomainError
from games.dust_reclamation import options, scoring
from games.dust_reclamation.sheet import SHEET
from games.scoring import ScoringContext

RULES = Path(__file__).resolve().parents[3] / "shared" / "reference" / "dust-reclamation-rules-en.txt"
pytestmark = pytest.mark.skipif(not RULES.exists(), reason="the Reclamation rules are not in ../shared/reference/")

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
A, B, C = 1, 2, 3


@cache
def rules_text():
    return " ".join(RULES.read_text(encoding="utf-8").split())


def stated(pattern):
    """The number the rules state where `pattern` (one group: digits or a number word) matches."""
    found = re.search(pattern, rules_text(), flags=re.IGNORECASE)
    assert found, f"the rules no longer say {pattern!r}"
    value = found[1].lower()
    return int(value) if value.isdigit() else WORDS[value]


def test_the_scorer_and_the_sheet_use_the_rules_numbers():
    # (what the rules state, where, the number the site uses)
    numbers = [
        (r"(\w+) dust cards, the highest", scoring.DUST_CARDS),
        (r"deal (\d+) cards to each player", scoring.CARDS_DEALT),
        (r"after (\w+) tricks are played", scoring.CARDS_DEALT),
        (r"consists of (\w+) rounds", scoring.ROUNDS),
        (r"after completing (\w+) rounds", scoring.ROUNDS),
        (r"\+(\d+) point per trick won", scoring.TRICK_POINTS),
        (r"\+(\d+) point if the dust value card is positive", scoring.DUST_POINTS),
        (r"-(\d+) point if the dust value card is negative", scoring.DUST_POINTS),
        (r"\+(\d+) points for meeting the work order", scoring.WORK_ORDER_POINTS),
        (r"receive (\w+) bonus points", scoring.WORK_ORDER_POINTS),
        (r"(\w+) rounds where dust is beneficial", scoring.DUST_VALUES[1]),
        (r"(\w+) rounds where dust is detrimental", scoring.DUST_VALUES[-1]),
    ]
    assert [(pattern, stated(pattern)) for pattern, _ in numbers] == [(pattern, ours) for pattern, ours in numbers]
    deck = stated(r"(\w+) suits representing") * stated(r"each suit contains (\d+) cards") + scoring.DUST_CARDS
    assert stated(r"play deck \((\d+) cards\)") == deck
    sheet = (SHEET.rounds, SHEET.round_fields[1].high, SHEET.round_fields[2].high)
    assert sheet == (scoring.ROUNDS, scoring.CARDS_DEALT, scoring.DUST_CARDS)


def round_(tricks, dust, sign, work_order=()):
    return {"tricks": tricks, "dust": dust, "dust_value": sign, "work_order": list(work_order)}


def score(rounds, **chosen):
    return scoring.score_game({"rounds": rounds}, ScoringContext("ffa", (A, B, C), options=chosen))


def test_equal_totals_after_the_last_round_share_the_victory():
    assert re.search(r"tied players share the victory", rules_text(), flags=re.IGNORECASE)
    rounds = [
        round_({A: 3, B: 3, C: 2}, {A: 1}, "+"),
        round_({A: 2, B: 3, C: 3}, {B: 1}, "+"),
        round_({A: 3, B: 2, C: 3}, {A: 1, C: 1}, "-", [C]),
        round_({A: 3, B: 3, C: 2}, {B: 2}, "-"),
    ]
    result = score(rounds)
    # By the rules' points: A 4+2+2+3, B 3+4+2+1, C 2+3+4+2; the bonus of round 3 went to C alone.
    assert result.points == {A: 11, B: 10, C: 11}
    assert result.winner is None and result.placements == {A: 1, B: 3, C: 1}


def test_the_work_order_bonus_is_shared_by_default_and_the_dust_values_are_two_and_two():
    assert re.search(r"shared among all qualifying", rules_text(), flags=re.IGNORECASE)
    assert options.SPLIT_WORK_ORDER.default is True
    shared = round_({A: 3, B: 3, C: 2}, {}, "+", [A, B])
    rest = [round_({A: 3, B: 3, C: 2}, {}, sign) for sign in ("-", "-", "+")]
    assert score([shared, *rest]).lines[0].points == {A: 4, B: 4, C: 2}  # the 2 points shared: 1 each
    with pytest.raises(DomainError) as refused:
        score([shared, round_({A: 3, B: 3, C: 2}, {}, "+"), *rest[1:]])
    assert refused.value.code == "scoring.dust_values_used" and refused.value.field == "rounds.4.dust_value"


@pytest.mark.parametrize("value", [True, 1.0, "", None])
def test_a_dust_value_card_is_plus_or_minus_and_nothing_read_as_one(value):
    """The Dust Value card is positive or negative: JSON true or 1.0 was read as a + round."""
    rounds = [round_({A: 3, B: 3, C: 2}, {}, sign) for sign in (value, "-", "-", "+")]
    with pytest.raises(DomainError) as refused:
        score(rounds)
    assert (refused.value.code, refused.value.field) == ("scoring.dust_value", "rounds.1.dust_value")
