"""Dust: Reclamation, the readings docs/scoring.md states where the rules text allows two (pure module)."""

from games.dust_reclamation import score_game
from games.scoring import ScoringContext

A, B, C = 1, 2, 3


def round_(tricks, dust, sign, work_order=()):
    return {"tricks": tricks, "dust": dust, "dust_value": sign, "work_order": list(work_order)}


def test_each_dust_card_won_counts_and_the_net_total_ranks():
    rounds = [
        round_({A: 3, B: 3, C: 2}, {A: 2}, "+"),  # A took one trick holding two Dust cards: 3 + 2
        round_({A: 2, B: 3, C: 3}, {B: 1}, "-", [C]),  # B 3 - 1, C 3 + 2 (alone on the quota)
        round_({A: 2, B: 2, C: 4}, {C: 4}, "-"),  # C 4 - 4: the most tricks and the most ore
        round_({A: 4, B: 2, C: 2}, {}, "+", [B, C]),  # the 2 points shared: 1 each
    ]
    result = score_game({"rounds": rounds}, ScoringContext("ffa", (A, B, C)))
    assert [line.points for line in result.lines] == [
        {A: 5, B: 3, C: 2},
        {A: 2, B: 2, C: 5},
        {A: 2, B: 2, C: 0},
        {A: 4, B: 3, C: 3},
    ]
    assert result.points == {A: 13, B: 10, C: 10} and result.winner == A
    assert result.placements == {A: 1, B: 2, C: 2}  # equal totals share the place
