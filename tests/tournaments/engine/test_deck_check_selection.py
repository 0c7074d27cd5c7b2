"""Deck-check selection (tournaments/engine/deck_checks.py): seeded, reproducible, fair; no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import DomainError
from tournaments.engine.deck_checks import CheckTable, new_seed, select_tables

TABLES = [CheckTable(number, (2 * number - 1, 2 * number)) for number in range(1, 13)]


def test_the_same_seed_gives_the_same_tables():
    first = select_tables(TABLES, 3, "prerelease-r2")
    again = select_tables(list(reversed(TABLES)), 3, "prerelease-r2")
    assert first.tables == again.tables and len(set(first.tables)) == 3
    assert first.seed == "prerelease-r2" and first.candidates == tuple(range(1, 13))


def test_the_draw_is_pinned_for_a_known_seed():
    """A logged seed can be replayed later, in another process, and gives these tables."""
    assert select_tables(TABLES, 3, "abc123").tables == select_tables(TABLES, 3, "abc123").tables
    assert select_tables(TABLES, 3, "abc123").tables == (9, 5, 8)


def test_among_the_top_tables_only():
    for seed in ("a", "b", "c", "d", "e"):
        assert set(select_tables(TABLES, 2, seed, top=4).tables) <= {1, 2, 3, 4}


def test_a_player_already_checked_is_not_checked_again_unless_asked():
    checked = {1, 2, 5}  # tables 1 and 3
    chosen = select_tables(TABLES[:4], 2, "x", checked_players=checked)
    assert set(chosen.tables) == {2, 4}
    with pytest.raises(DomainError) as caught:
        select_tables(TABLES[:4], 3, "x", checked_players=checked)
    assert caught.value.code == "deck_check.not_enough" and "Only 2 tables" in caught.value.message
    assert len(select_tables(TABLES[:4], 3, "x", checked_players=checked, allow_repeat=True).tables) == 3


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"count": 0}, "deck_check.count"),
        ({"count": 13}, "deck_check.count"),
        ({"count": 1, "top": 0}, "deck_check.top"),
        ({"count": 1, "seed": ""}, "deck_check.seed"),
        ({"count": 1, "seed": "no spaces"}, "deck_check.seed"),
    ],
)
def test_bad_options_are_refused(options, code):
    with pytest.raises(DomainError) as caught:
        select_tables(TABLES, **{"seed": "s", **options})
    assert caught.value.code == code and caught.value.message


def test_new_seeds_differ():
    assert new_seed() != new_seed()


@given(st.integers(1, 12), st.text("abcdef0123456789", min_size=1, max_size=16), st.integers(1, 12))
def test_every_draw_is_distinct_tables_from_the_candidates(count, seed, top):
    top = max(top, count)
    selection = select_tables(TABLES, count, seed, top=top)
    assert len(selection.tables) == len(set(selection.tables)) == count
    assert set(selection.tables) <= set(selection.candidates) == set(range(1, top + 1))
    assert select_tables(TABLES, count, seed, top=top) == selection


def test_a_one_table_round_says_so_rather_than_between_1_and_1():
    one = [CheckTable(number=1, players=(1, 2))]
    with pytest.raises(DomainError) as refused:
        select_tables(one, 2, "seed")
    assert refused.value.message == "This round has 1 table to check: choose 1."
    with pytest.raises(DomainError) as refused:
        select_tables(one * 3, 4, "seed")
    assert refused.value.message == "Choose between 1 and 3 tables."
