"""Scoring vectors for every game mode, from the rules (pure modules, no database)."""

import pytest
from django.utils import translation

from core.errors import DomainError
from games import dust_collectorz as dc
from games import dust_reclamation
from games.scoring import GameResult, ScoringContext, place_by_score
from tournaments.engine.match_result import MatchResult, check_pod_table

A, B, C, D = 11, 12, 13, 14


def versus(a_pile, b_pile, last):
    return dc.score_versus({"captures": {str(A): a_pile, str(B): b_pile}, "last_round_winner": str(last)}, [A, B])


def test_points_per_rank_and_last_round_bonus():
    result = versus({"bronze": 3, "silver": 2, "gold": 4, "platinum": 1, "epic": 1, "counter": 2}, {"bronze": 1}, A)
    assert result.points == {A: 3 + 2 + 0 + 3 + 3 + 0 + 3, B: 1}
    assert result.winner == A


def test_zero_piles_the_last_round_decides():
    result = versus({}, {}, B)
    assert result.points == {A: 0, B: 3} and result.winner == B


def test_the_bonus_decides_the_game():
    result = versus({"bronze": 5}, {"bronze": 3}, B)  # 5 against 3 + 3
    assert result.points == {A: 5, B: 6} and result.winner == B


def test_equal_scores_go_to_the_last_round_winner():
    result = versus({"platinum": 2}, {"bronze": 3, "silver": 3}, A)  # 6 + 3 against 6
    assert result.points == {A: 9, B: 6}
    tie = versus({"platinum": 1, "bronze": 3}, {"platinum": 2}, B)  # 6 against 6 + 3
    assert tie.winner == B
    level = dc.score_versus(
        {"captures": {str(A): {"bronze": 6}, str(B): {"bronze": 3}}, "last_round_winner": B}, [A, B]
    )
    assert level.points == {A: 6, B: 6} and level.winner == B  # equal scores: the last-round winner wins


def test_capture_piles_as_card_ids():
    ranks = {101: "epic", 102: "bronze", 103: "counter"}
    result = dc.score_versus(
        {"captures": {str(A): [101, 102], str(B): [103]}, "last_round_winner": A}, [A, B], ranks.get
    )
    assert result.points == {A: 3 + 1 + 3, B: 0}
    with pytest.raises(DomainError, match="no card with id 999"):
        dc.score_versus({"captures": {str(A): [999], str(B): []}, "last_round_winner": A}, [A, B], ranks.get)


@pytest.mark.parametrize(
    ("pile", "field"),
    [
        ({"gold": 11}, "captures.11.gold"),  # two decks hold 10 Gold
        ({"bronze": -1}, "captures.11.bronze"),
        ({"diamond": 1}, "captures.11.diamond"),
        ({"platinum": 6, "epic": 5}, "captures.11"),
    ],
)
def test_impossible_piles_name_the_field(pile, field):
    with pytest.raises(DomainError) as caught:
        versus(pile, {}, A)
    assert caught.value.field == field


def test_piles_together_cannot_exceed_the_decks():
    with pytest.raises(DomainError) as caught:
        versus({"gold": 6}, {"gold": 5}, A)
    assert caught.value.field == "captures.gold"


def test_last_round_winner_must_be_in_the_match():
    with pytest.raises(DomainError) as caught:
        versus({}, {}, 99)
    assert caught.value.field == "last_round_winner"


@pytest.mark.parametrize("left_empty", [None, "", "  "])
def test_a_player_choice_left_empty_is_asked_for(left_empty):
    with pytest.raises(DomainError) as caught:
        dc.score_versus({"captures": {str(A): {}, str(B): {}}, "last_round_winner": left_empty}, [A, B])
    assert caught.value.field == "last_round_winner"
    assert caught.value.message == "Choose a player (or team) of this match."
    assert "None" not in caught.value.message


def test_team_bonus_is_six():
    result = dc.score_team({"captures": {str(A): {"bronze": 4}, str(B): {"bronze": 8}}, "last_round_winner": A}, [A, B])
    assert result.points == {A: 10, B: 8} and result.winner == A


def test_free_for_all_places_tie_broken_by_the_last_round_winner():
    report = {"captures": {str(A): {"bronze": 6}, str(B): {"bronze": 3}, str(C): {"bronze": 9}}, "last_round_winner": B}
    result = dc.score_ffa(report, [A, B, C])
    assert result.points == {A: 6, B: 6, C: 9}
    assert result.placements == {C: 1, B: 2, A: 3} and result.winner == C
    shared = dc.score_ffa(
        {"captures": {str(A): {"bronze": 6}, str(B): {"bronze": 6}, str(C): {}}, "last_round_winner": C}, [A, B, C]
    )
    assert shared.placements == {A: 1, B: 1, C: 3} and shared.winner is None  # 6, 6 and 3: the first place is shared


def test_young_champions():
    out = dc.score_young_champions(
        {"cards_left": {str(A): {"deck": 0, "hand": 0}, str(B): {"deck": 2, "hand": 1}}, "last_play": B}, [A, B]
    )
    assert out.winner == A
    fewest = dc.score_young_champions(
        {"cards_left": {str(A): {"deck": 0, "hand": 3}, str(B): {"deck": 0, "hand": 2}}, "last_play": A}, [A, B]
    )
    assert fewest.winner == B
    tie = dc.score_young_champions(
        {"cards_left": {str(A): {"deck": 0, "hand": 2}, str(B): {"deck": 0, "hand": 2}}, "last_play": A}, [A, B]
    )
    assert tie.winner == A


def young(hands, last, players=(A, B, C)):
    left = {str(player): {"deck": 0, "hand": hand} for player, hand in zip(players, hands, strict=True)}
    return dc.score_young_champions({"cards_left": left, "last_play": last}, list(players), "ffa")


def test_young_champions_tie_broken_only_among_the_tied():
    outside = young((4, 2, 2), A)  # the last play was A's, but A holds the most cards
    assert outside.winner is None and outside.placements == {B: 1, C: 1, A: 3}
    inside = young((4, 2, 2), C)
    assert inside.winner == C and inside.placements == {C: 1, B: 2, A: 3}
    assert young((1, 2, 3, 1), D, (A, B, C, D)).placements == {D: 1, A: 2, B: 3, C: 4}


def test_young_champions_exhausted_player_wins_and_only_one_can_be():
    left = {str(A): {"deck": 0, "hand": 0}, str(B): {"deck": 4, "hand": 0}, str(C): {"deck": 0, "hand": 1}}
    result = dc.score_young_champions({"cards_left": left, "last_play": A}, [A, B, C])
    assert result.winner == A and result.placements == {A: 1, B: 2, C: 3}
    left[str(B)] = {"deck": 0, "hand": 0}
    with pytest.raises(DomainError) as caught:
        dc.score_young_champions({"cards_left": left, "last_play": A}, [A, B, C])
    assert caught.value.field == "cards_left"


def reclamation(report, split_work_order=True):
    return dust_reclamation.score_game(
        report, ScoringContext("ffa", (A, B), options={"split_work_order": split_work_order})
    )


def reclamation_round(tricks, dust, sign, work_order):
    return {"tricks": tricks, "dust": dust, "dust_value": sign, "work_order": work_order}


def test_reclamation_dust_sign_and_work_order():
    rounds = [  # eight tricks a round, every round
        reclamation_round({A: 5, B: 3}, {A: 2, B: 0}, "+", [A]),  # A: 5 + 2 + 2 = 9, B: 3
        reclamation_round({A: 2, B: 6}, {A: 0, B: 3}, "-", [A, B]),  # A: 2 + 2 = 4, B: 6 - 3 + 2 = 5
        reclamation_round({A: 4, B: 4}, {A: 1, B: 1}, "-", []),  # 3 each
        reclamation_round({A: 1, B: 7}, {A: 0, B: 2}, "+", [B]),  # A 1, B 7 + 2 + 2 = 11
    ]
    each = reclamation({"rounds": rounds}, split_work_order=False)
    assert each.points == {A: 9 + 4 + 3 + 1, B: 3 + 5 + 3 + 11} and each.winner == B
    shared = reclamation({"rounds": rounds})  # the rules' reading, the default
    assert shared.points == {A: 9 + 3 + 3 + 1, B: 3 + 4 + 3 + 11}  # the 2 points of round 2 shared: 1 each


def test_reclamation_equal_totals_share_the_victory():
    even = [reclamation_round({A: 4, B: 4}, {}, sign, []) for sign in "+-+-"]
    result = reclamation({"rounds": even})
    assert result.winner is None and result.placements == {A: 1, B: 1}


def test_reclamation_bad_reports():
    with pytest.raises(DomainError) as caught:
        reclamation({"rounds": []})
    assert caught.value.field == "rounds"
    bad_sign = [reclamation_round({A: 1}, {}, "?", []) for _ in range(4)]
    with pytest.raises(DomainError) as caught:
        reclamation({"rounds": bad_sign})
    assert caught.value.field == "rounds.1.dust_value"
    stranger = [reclamation_round({99: 1}, {}, "+", []) for _ in range(4)]
    with pytest.raises(DomainError) as caught:
        reclamation({"rounds": stranger})
    assert caught.value.field == "rounds.1.tricks"


def four_rounds(first):
    return {"rounds": [first] + [reclamation_round({A: 4, B: 4}, {}, sign, []) for sign in "-+-"]}


@pytest.mark.parametrize(
    ("first", "field"),
    [
        (reclamation_round({A: 5, B: 4}, {}, "+", []), "rounds.1.tricks"),  # 9 tricks: 8 cards dealt each
        (reclamation_round({A: 3, B: 3}, {}, "+", []), "rounds.1.tricks"),  # 6: a round is eight tricks
        (reclamation_round({}, {}, "+", []), "rounds.1.tricks"),  # none at all
        (reclamation_round({A: 9, B: 0}, {}, "+", []), "rounds.1.tricks.11"),
        (reclamation_round({A: 4, B: 4}, {A: 3, B: 2}, "+", []), "rounds.1.dust"),  # 5 of 4 Dust cards
        (reclamation_round({A: 8, B: 0}, {A: 5}, "+", []), "rounds.1.dust.11"),
        (reclamation_round({A: 8, B: 0}, {B: 1}, "+", []), "rounds.1.dust.12"),  # no trick, no Dust card
        (reclamation_round({A: 4, B: 4}, {}, "-", []), "rounds.4.dust_value"),  # a third − round
    ],
)
def test_reclamation_physically_impossible_rounds(first, field):
    with pytest.raises(DomainError) as caught:
        reclamation(four_rounds(first))
    assert caught.value.field == field


@pytest.mark.parametrize(("dust", "english"), [(1, "1 Dust card won"), (2, "2 Dust cards won")])
def test_dust_won_without_a_trick_is_counted_in_words(dust, english):
    """Not "1 Dust cards won in 0 tricks": the count agrees with its noun, in every language."""
    with pytest.raises(DomainError) as caught:
        reclamation(four_rounds(reclamation_round({A: 8, B: 0}, {B: dust}, "+", [])))
    assert caught.value.field == "rounds.1.dust.12"
    assert caught.value.message.startswith(f"{english} by a player who won no trick")
    with translation.override("fr"):
        french = caught.value.message
    assert french.startswith("1 carte Dust remportée" if dust == 1 else "2 cartes Dust remportées")
    with translation.override("it"):
        italian = caught.value.message
    assert italian.startswith("1 carta Dust vinta" if dust == 1 else "2 carte Dust vinte")


def test_reclamation_a_full_round_is_possible():
    result = reclamation(four_rounds(reclamation_round({A: 8, B: 0}, {A: 4}, "+", [A])))
    assert result.points == {A: 8 + 4 + 2 + 12, B: 12}


@pytest.mark.parametrize(("qualifiers", "each"), [(0, 0), (1, 2), (2, 1), (3, 1), (4, 1), (5, 0)])
def test_shared_work_order_rounds_to_the_nearest_point(qualifiers, each):
    assert dust_reclamation.work_order_share(qualifiers) == each


def games_won(*winners, best_of=3):
    return MatchResult.from_games((A, B), [GameResult({}, winner) for winner in winners], best_of)


def test_best_of_three_from_game_winners():
    first = games_won(A, B, A)
    assert (first.wins, first.draws, first.winner) == ({A: 2, B: 1}, 0, A)
    drawn = games_won(A, None)
    assert (drawn.wins, drawn.draws, drawn.winner) == ({A: 1, B: 0}, 1, A)
    assert games_won(A, B).winner is None  # time called at 1-1: a draw
    with pytest.raises(DomainError, match="already decided"):
        games_won(A, A, B)
    assert games_won(B, best_of=1).winner == B


def test_pod_match_points():
    def pod(placements, table=None):
        return MatchResult(tuple(placements), placements=placements).points(table)

    assert pod({A: 1, B: 2, C: 3, D: 4}) == {A: 3, B: 0, C: 0, D: 0}
    assert pod({A: 1, B: 2}, {"win": 4, "other": 1}) == {A: 4, B: 1}


# Tied players share the places they span, each the mean of their points rounded half up, worked
# out by hand for the two tables the event form offers (docs/scoring.md).
FOUR_TWO_ONE = {"win": 4, "2": 2, "3": 1, "4": 0, "other": 0}
THREE_ONE = {"win": 3, "2": 1, "3": 0, "4": 0, "other": 0}


@pytest.mark.parametrize(
    ("placements", "table", "expected"),
    [
        ({A: 1, B: 1, C: 3, D: 4}, FOUR_TWO_ONE, {A: 3, B: 3, C: 1, D: 0}),  # (4+2)/2: more than a sole 2nd
        ({A: 1, B: 1, C: 1, D: 4}, FOUR_TWO_ONE, {A: 2, B: 2, C: 2, D: 0}),  # (4+2+1)/3 = 2.33
        ({A: 1, B: 2, C: 2, D: 4}, FOUR_TWO_ONE, {A: 4, B: 2, C: 2, D: 0}),  # (2+1)/2 = 1.5, half up
        ({A: 1, B: 1, C: 1, D: 1}, FOUR_TWO_ONE, {A: 2, B: 2, C: 2, D: 2}),  # 7/4 = 1.75
        ({A: 1, B: 1, C: 3}, THREE_ONE, {A: 2, B: 2, C: 0}),  # (3+1)/2
        ({A: 1, B: 3, C: 3}, THREE_ONE, {A: 3, B: 0, C: 0}),
        ({A: 1, B: 1}, None, {A: 2, B: 2}),  # the default 3 / 0: 1.5 rounds up
    ],
)
def test_tied_players_share_the_places_they_span(placements, table, expected):
    points = MatchResult(tuple(placements), placements=placements).points(table)
    assert points == expected
    by_place = sorted(placements.items(), key=lambda item: item[1])
    for (_side, place), (next_side, next_place) in zip(by_place, by_place[1:], strict=False):
        if next_place > place:
            assert points[_side] >= points[next_side], "a shared place never scores less than the place after it"


def test_a_points_table_where_a_place_beats_the_one_before_is_refused():
    with pytest.raises(DomainError) as refused:
        check_pod_table({"win": 1, "2": 3})
    assert refused.value.code == "result.pod_table_order" and "Place 2" in refused.value.message
    with pytest.raises(DomainError) as old_key:
        check_pod_table({"win": 4, "shared_win": 1})
    assert old_key.value.code == "result.pod_table_keys"
    assert check_pod_table(FOUR_TWO_ONE) == FOUR_TWO_ONE


def test_places_by_score():
    assert place_by_score({A: 5, B: 5, C: 3}) == {A: 1, B: 1, C: 3}
    assert place_by_score({A: 5, B: 5, C: 3}, favoured=B) == {B: 1, A: 2, C: 3}
