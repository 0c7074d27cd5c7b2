"""The top-cut bracket (tournaments/engine/bracket.py): seeding and who meets whom next; no database."""

import pytest

from tournaments.engine.bracket import first_round, next_round, slot_seeds


def test_a_top_8_is_seeded_1v8_4v5_2v7_3v6():
    assert first_round(list("ABCDEFGH")) == [("A", "H"), ("D", "E"), ("B", "G"), ("C", "F")]


def test_winners_of_neighbouring_slots_meet():
    assert next_round(["A", "D", "B", "C"]) == [("A", "D"), ("B", "C")]
    assert next_round(["A", "B"]) == [("A", "B")]


@pytest.mark.parametrize("size", [4, 8])
def test_the_top_two_seeds_meet_only_in_the_final(size):
    pairs = first_round(list(range(1, size + 1)))
    while len(pairs) > 1:  # the better seed always wins
        pairs = next_round([min(pair) for pair in pairs])
    assert pairs == [(1, 2)]


def test_slot_seeds_name_the_first_round_seeds_and_nothing_outside_it():
    assert slot_seeds(8, 2) == (4, 5)
    assert slot_seeds(8, None) == slot_seeds(8, 5) == slot_seeds(0, 1) == ()
