"""The prize calculator (tournaments/engine/prizes.py): worked examples and properties, no database."""

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from core.errors import DomainError
from tournaments.engine.prizes import (
    BY_RECORD,
    BY_STANDING,
    CURVE,
    PayoutPlan,
    PrizeEntrant,
    Record,
    check_plan,
    compute,
    parse_record,
)


def players(*records):
    """Entrants in final-standing order from records written '4-0', '3-1', ..."""
    return [PrizeEntrant(f"p{place}", place, parse_record(record)) for place, record in enumerate(records, 1)]


EIGHT = players("3-0", "2-1", "2-1", "2-1", "1-2", "1-2", "1-2", "0-3")


def refusal(plan, entrants=EIGHT):
    with pytest.raises(DomainError) as caught:
        compute(plan, entrants)
    return caught.value


# Worked examples


def test_by_record_the_issue_example_two_boosters_per_entrant():
    """8 players × 2 boosters = 16; 3-0 gets 8, 2-1 gets 2 each, the rest nothing: 14 paid, 2 left."""
    plan = PayoutPlan(BY_RECORD, per_entrant=2, by_record={"3-0": 8, "2-1": 2})
    sheet = compute(plan, EIGHT)
    assert sheet.pool == 16
    assert [line.prize for line in sheet.lines] == [8, 2, 2, 2, 0, 0, 0, 0]
    assert (sheet.paid, sheet.leftover) == (14, 2)


def test_a_record_not_listed_earns_the_best_listed_record_it_beats():
    """3-0-1 (10 points) is not listed: it beats 3-1 (9 points) and gets its prize, not nothing."""
    entrants = players("4-0", "3-0-1", "3-1", "2-2")
    plan = PayoutPlan(BY_RECORD, fixed=30, by_record={"4-0": 8, "3-1": 5})
    assert [line.prize for line in compute(plan, entrants).lines] == [8, 5, 5, 0]


def test_participation_prize_is_a_floor():
    plan = PayoutPlan(BY_RECORD, per_entrant=2, by_record={"3-0": 6}, participation=1)
    sheet = compute(plan, EIGHT)
    assert [line.prize for line in sheet.lines] == [6, 1, 1, 1, 1, 1, 1, 1]
    assert sheet.leftover == 3


def test_by_final_standing():
    plan = PayoutPlan(BY_STANDING, fixed=20, by_standing=(8, 5, 3, 2))
    sheet = compute(plan, EIGHT)
    assert [line.prize for line in sheet.lines] == [8, 5, 3, 2, 0, 0, 0, 0]
    assert sheet.leftover == 2


def test_curve_fits_the_pool_rounding_down():
    """16 boosters, 1 each to all 8, the other 8 by points squared (81, 36×3, 9×3, 0 = 216):
    3-0 gets 1 + ⌊8·81/216⌋ = 4, 2-1 gets 1 + ⌊8·36/216⌋ = 2, 1-2 gets 1 + 0, 0-3 gets 1."""
    plan = PayoutPlan(CURVE, per_entrant=2, participation=1)
    sheet = compute(plan, EIGHT)
    assert [line.prize for line in sheet.lines] == [4, 2, 2, 2, 1, 1, 1, 1]
    assert (sheet.paid, sheet.leftover) == (14, 2)


def test_a_disqualified_player_gets_nothing():
    entrants = [*EIGHT[:7], PrizeEntrant("p8", 8, Record(0, 3), eligible=False)]
    plan = PayoutPlan(CURVE, per_entrant=2, participation=1)
    assert compute(plan, entrants).prize_of("p8") == 0


# Refusals


def test_a_pool_smaller_than_the_table_needs_is_refused():
    plan = PayoutPlan(BY_RECORD, fixed=10, by_record={"3-0": 8, "2-1": 2})
    error = refusal(plan)
    assert error.code == "prizes.pool_too_small"
    assert "needs 14" in error.message
    with translation.override("fr"):
        assert "14" in error.message and "lots" in error.message


def test_a_curve_whose_participation_prizes_exceed_the_pool_is_refused():
    assert refusal(PayoutPlan(CURVE, fixed=7, participation=1)).code == "prizes.pool_too_small"


@pytest.mark.parametrize(
    ("plan", "code"),
    [
        (PayoutPlan("raffle", fixed=5), "prizes.unknown_scheme"),
        (PayoutPlan(CURVE), "prizes.no_pool"),
        (PayoutPlan(CURVE, fixed=-1), "prizes.amount"),
        (PayoutPlan(CURVE, fixed=True), "prizes.amount"),
        (PayoutPlan(BY_RECORD, fixed=5), "prizes.empty_table"),
        (PayoutPlan(BY_RECORD, fixed=5, by_record={"four wins": 3}), "prizes.bad_record"),
        (PayoutPlan(BY_RECORD, fixed=5, by_record={"3-1": 5, "3 - 1": 4}), "prizes.record_twice"),
        (PayoutPlan(BY_RECORD, fixed=9, by_record={"4-0": 3, "3-1": 5}), "prizes.not_decreasing"),
        (PayoutPlan(BY_RECORD, fixed=9, by_record={"3-1": 5, "2-0-3": 4}), "prizes.same_points"),
        (PayoutPlan(BY_STANDING, fixed=9, by_standing=(3, 5)), "prizes.not_decreasing"),
        (PayoutPlan(BY_STANDING, fixed=9, by_standing=(0,) * 4_097), "prizes.too_many"),
    ],
)
def test_impossible_plans_are_refused(plan, code):
    with pytest.raises(DomainError) as caught:
        check_plan(plan)
    assert caught.value.code == code
    assert caught.value.message


# Properties

records = st.builds(Record, st.integers(0, 6), st.integers(0, 6), st.integers(0, 2)).filter(
    lambda record: record.wins + record.losses + record.draws > 0
)
record_tables = st.dictionaries(
    st.integers(0, 18).map(lambda points: f"{points // 3}-0-{points % 3}"), st.integers(0, 10), min_size=1, max_size=5
).map(
    lambda table: dict(
        zip(sorted(table, key=lambda r: -parse_record(r).points), sorted(table.values(), reverse=True), strict=True)
    )
)


@st.composite
def fields(draw):
    entrant_records = draw(st.lists(records, min_size=1, max_size=24))
    ordered = sorted(entrant_records, key=lambda record: -record.points)
    entrants = [PrizeEntrant(index, index + 1, record) for index, record in enumerate(ordered)]
    scheme = draw(st.sampled_from([BY_RECORD, BY_STANDING, CURVE]))
    plan = PayoutPlan(
        scheme,
        per_entrant=draw(st.integers(0, 4)),
        fixed=draw(st.integers(1, 60)),
        by_record=draw(record_tables) if scheme == BY_RECORD else {},
        by_standing=tuple(sorted(draw(st.lists(st.integers(0, 10), min_size=1, max_size=8)), reverse=True))
        if scheme == BY_STANDING
        else (),
        participation=draw(st.integers(0, 2)),
    )
    return plan, entrants


def computed_or_refused(plan, entrants):
    try:
        return compute(plan, entrants)
    except DomainError as error:
        assert error.code == "prizes.pool_too_small"
        return None


@given(fields())
def test_the_prizes_never_exceed_the_pool_and_leftovers_are_never_negative(case):
    plan, entrants = case
    sheet = computed_or_refused(plan, entrants)
    if sheet is not None:
        assert sum(line.prize for line in sheet.lines) + sheet.leftover == sheet.pool
        assert sheet.leftover >= 0
        assert all(line.prize >= 0 for line in sheet.lines)


@given(fields())
def test_a_better_result_never_gets_less(case):
    """By record or curve: more match points never get less; by standing: a better place never does."""
    plan, entrants = case
    sheet = computed_or_refused(plan, entrants)
    if sheet is None:
        return
    prizes = {line.entrant: line.prize for line in sheet.lines}
    for better in entrants:
        for worse in entrants:
            ahead = (
                better.place < worse.place if plan.scheme == BY_STANDING else better.record.points > worse.record.points
            )
            if ahead:
                assert prizes[better.id] >= prizes[worse.id]


@given(fields())
def test_a_refused_pool_is_one_the_table_really_overflows(case):
    """Refusal only when paying every prize in full would take more than the pool."""
    plan, entrants = case
    bigger = PayoutPlan(**{**plan.__dict__, "fixed": plan.fixed + 10_000})
    full = compute(bigger, entrants)
    if computed_or_refused(plan, entrants) is None and plan.scheme != CURVE:
        assert full.paid > plan.pool(len(entrants))
