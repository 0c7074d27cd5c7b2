"""One match result for every path: wins, placements and scored games, checked by the same rules
(plain Python, no database)."""

import pytest

from core.errors import DomainError
from games import dust_collectorz
from games.scoring import GameResult, ScoringContext
from tournaments.engine.match_result import MatchResult
from tournaments.engine.standings import compute_standings

A, B, C, D = 1, 2, 3, 4


def codes(result, best_of=3, top_cut=False):
    return [problem.code for problem in result.problems(best_of, top_cut)]


@pytest.mark.parametrize(
    ("wins", "draws", "best_of", "top_cut", "expected"),
    [
        ({A: 2, B: 1}, 0, 3, False, []),
        ({A: 2, B: 2}, 0, 3, False, ["result.both_win"]),
        ({A: 3, B: 0}, 0, 3, False, ["result.too_many_wins"]),
        ({A: 1, B: 1}, 4, 3, False, ["result.too_many_draws"]),
        ({A: 1, B: 1}, 1, 3, True, ["result.top_cut_winner"]),
        ({A: -1, B: 0}, 0, 3, False, ["result.negative"]),
        ({A: 1, B: 0}, 0, 1, False, []),
        ({A: 2, B: 0}, 0, 1, False, ["result.too_many_wins"]),
    ],
)
def test_impossible_scores(wins, draws, best_of, top_cut, expected):
    assert codes(MatchResult((A, B), wins=wins, draws=draws), best_of, top_cut) == expected


def test_winner_points_and_outcomes_of_a_match():
    result = MatchResult.from_wins((A, B), {str(A): 2, str(B): 1})
    assert result.winner == A and result.points() == {A: 3, B: 0}
    draw = MatchResult.from_wins((A, B), {A: 1, B: 1}, 1)
    assert draw.winner is None and draw.points() == {A: 1, B: 1}
    outcomes = {o.player: o for o in result.outcomes(4)}
    assert (outcomes[A].result, outcomes[A].game_points, outcomes[A].games) == ("win", 6, 3)
    assert (outcomes[B].result, outcomes[B].game_points, outcomes[B].opponents) == ("loss", 3, (A,))


def test_pods_places_and_points_from_the_event_table():
    result = MatchResult.from_placements((A, B, C, D), {A: 2, B: 1, C: 3, D: 4})
    assert result.winner == B
    assert result.points({"2": 1}) == {A: 1, B: 3, C: 0, D: 0}
    shared = MatchResult.from_placements((A, B, C), {A: 1, B: 1, C: 3})
    assert shared.winner is None and shared.points() == {A: 2, B: 2, C: 0}
    assert [shared.outcome_of(side) for side in (A, B, C)] == ["draw", "draw", "loss"]
    table = {row.player: row.match_points for row in compute_standings((A, B, C, D), result.outcomes(1, {"2": 1}))}
    assert table == {A: 1, B: 3, C: 0, D: 0}


@pytest.mark.parametrize(
    ("build", "code", "field"),
    [
        (lambda: MatchResult.from_wins((A, B), {A: 2}), "result.wins_sides", "wins"),
        (lambda: MatchResult.from_wins((A, B), {A: 2, 99: 0}), "result.wins_sides", "wins"),
        (lambda: MatchResult.from_wins((A, B), {A: "2", B: 0}), "result.wins_whole", "wins"),
        (lambda: MatchResult.from_wins((A, B), {A: True, B: 0}), "result.wins_whole", "wins"),
        (lambda: MatchResult.from_placements((A, B, C), {A: 1, B: 2}), "result.placements_everyone", "placements"),
        (lambda: MatchResult.from_placements((A, B), {A: 1.5, B: 2}), "result.placements_whole", "placements"),
    ],
)
def test_malformed_results_name_the_field(build, code, field):
    with pytest.raises(DomainError) as caught:
        build()
    assert (caught.value.code, caught.value.field) == (code, field)


def test_places_outside_the_pod_are_a_problem():
    assert codes(MatchResult((A, B, C), placements={A: 1, B: 2, C: 4})) == ["result.placements_everyone"]


def test_a_report_is_scored_by_the_games_registry_entry():
    context = ScoringContext("versus", (A, B))
    game = {"captures": {str(A): {"platinum": 1}, str(B): {"bronze": 1}}, "last_round_winner": A}
    result = MatchResult.from_report({"games": [game, game]}, dust_collectorz.GAME, context, 3)
    assert result.wins == {A: 2, B: 0} and result.winner == A and len(result.games) == 2
    with pytest.raises(DomainError) as caught:
        MatchResult.from_report({"games": [game, {"captures": {}}]}, dust_collectorz.GAME, context, 3)
    assert caught.value.field == "games.2.captures"
    with pytest.raises(DomainError) as caught:
        MatchResult.from_report({"wins": {A: 1}}, dust_collectorz.GAME, ScoringContext("ffa", (A, B, C)), 3)
    assert caught.value.code == "result.pods_take_placements"


def test_stored_form_round_trips_and_claims_compare():
    result = MatchResult.from_games((A, B), [GameResult({}, A), GameResult({}, None), GameResult({}, A)], 3)
    stored = result.as_dict()
    again = MatchResult.from_dict((A, B), stored)
    assert again.same_claim(result) and again.winner == A and stored["winner"] == A
    assert not again.same_claim(MatchResult((A, B), wins={A: 2, B: 0}))
