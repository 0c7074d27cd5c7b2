"""Game losses given while a table plays (tournaments/engine/penalties.py): the head start never
passes the wins a match needs, as a game loss after the result never does; no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine.penalties import conceded_after_game_loss, head_start

P, OPP = 1, 2


@pytest.mark.parametrize(
    ("best_of", "given_to", "conceded"),
    [
        (3, [P], {P: 1, OPP: 0}),
        (3, [P, P], {P: 2, OPP: 0}),
        (3, [P, P, P], {P: 2, OPP: 0}),  # the third changes nothing: 0-2 is the whole match
        (3, [P, OPP, P, P], {P: 2, OPP: 1}),
        (1, [P, P], {P: 1, OPP: 0}),
        (5, [P, P, P, P], {P: 3, OPP: 0}),
    ],
)
def test_game_losses_before_the_result(best_of, given_to, conceded):
    losses = {P: 0, OPP: 0}
    for side in given_to:
        losses = conceded_after_game_loss((P, OPP), losses, side, best_of)
    assert losses == conceded


@given(st.sampled_from([1, 3, 5]), st.lists(st.sampled_from([P, OPP]), max_size=12))
def test_the_head_start_never_passes_the_wins_needed(best_of, given_to):
    losses = {P: 0, OPP: 0}
    for side in given_to:
        losses = conceded_after_game_loss((P, OPP), losses, side, best_of)
    assert max(head_start((P, OPP), losses).wins.values()) <= best_of // 2 + 1
