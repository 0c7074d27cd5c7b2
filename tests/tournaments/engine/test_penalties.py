"""What a game loss or match loss does to a result (tournaments/engine/penalties.py); no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import DomainError
from tournaments.engine.match_result import MatchResult
from tournaments.engine.penalties import DISQUALIFICATION, GAME_LOSS, MATCH_LOSS, WARNING, penalised_result

P, OPP = 1, 2


def score(result):
    return result.wins[P], result.wins[OPP], result.draws


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((0, 0, 0), (0, 1, 0)),  # no result yet: the opponent starts a game up
        ((2, 1, 0), (1, 2, 0)),  # the penalised player's win becomes the opponent's: the match turns
        ((2, 0, 0), (1, 1, 0)),
        ((1, 1, 0), (0, 2, 0)),
        ((0, 2, 0), (0, 2, 0)),  # already a loss: nothing more to take
        ((0, 1, 2), (0, 2, 1)),  # never more games than the best of
    ],
)
def test_a_game_loss_in_a_best_of_three(before, after):
    result = MatchResult((P, OPP), wins={P: before[0], OPP: before[1]}, draws=before[2])
    assert score(penalised_result(result, P, GAME_LOSS, 3)) == after


def test_a_match_loss_is_a_clean_loss():
    result = MatchResult((P, OPP), wins={P: 2, OPP: 0})
    assert score(penalised_result(result, P, MATCH_LOSS, 3)) == (0, 2, 0)
    assert penalised_result(result, P, MATCH_LOSS, 3).winner == OPP
    assert score(penalised_result(result, P, MATCH_LOSS, 1)) == (0, 1, 0)


@pytest.mark.parametrize("kind", [WARNING, DISQUALIFICATION])
def test_other_penalties_leave_the_result(kind):
    result = MatchResult((P, OPP), wins={P: 2, OPP: 1})
    assert penalised_result(result, P, kind, 3) is result


def test_pods_have_no_games_to_lose():
    with pytest.raises(DomainError) as caught:
        penalised_result(MatchResult((P, OPP, 3), placements={P: 1, OPP: 2, 3: 3}), P, GAME_LOSS, 1)
    assert caught.value.code == "penalty.pods"


@given(
    st.sampled_from([1, 3]),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 3),
    st.sampled_from([GAME_LOSS, MATCH_LOSS]),
)
def test_a_penalty_never_helps_and_leaves_a_possible_score(best_of, mine, theirs, draws, kind):
    needed = best_of // 2 + 1
    result = MatchResult((P, OPP), wins={P: min(mine, needed), OPP: min(theirs, needed)}, draws=draws)
    if result.problems(best_of):
        return
    after = penalised_result(result, P, kind, best_of)
    assert not after.problems(best_of)
    assert after.wins[P] <= result.wins[P] and after.wins[OPP] >= result.wins[OPP]
    assert after.points()[P] <= result.points()[P]
