"""What a penalty does to a match result (plain Python, no ORM).

A game loss turns one game into a win for the opponent: one the penalised player won if there is
one (2-1 becomes 1-2), else a game added to the opponent's, never past the wins needed. A match
loss makes the match a clean loss for the penalised player (the opponent wins it 2-0 in a best of
3). Both apply to one-against-one matches; pods have no games to lose.
"""

from core.errors import DomainError, define_messages
from core.messages import gettext_lazy as _

from .match_result import MatchResult

WARNING, GAME_LOSS, MATCH_LOSS, DISQUALIFICATION = "warning", "game_loss", "match_loss", "disqualification"
KINDS = (WARNING, GAME_LOSS, MATCH_LOSS, DISQUALIFICATION)
CHANGES_RESULT = (GAME_LOSS, MATCH_LOSS)

define_messages(
    {
        "penalty.pods": _("A game loss or match loss applies to one-against-one matches, not pods."),
    }
)


def penalised_result(result, penalised, kind, best_of):
    """The result after a game loss or match loss for `penalised`; other penalties change nothing."""
    if kind not in CHANGES_RESULT:
        return result
    if result.is_pod:
        raise DomainError("penalty.pods", "kind")
    needed = best_of // 2 + 1
    (opponent,) = [side for side in result.sides if side != penalised]
    wins = dict(result.wins)
    if kind == MATCH_LOSS:
        return MatchResult(result.sides, wins={penalised: 0, opponent: needed}, draws=0)
    if wins[penalised]:
        wins[penalised] -= 1
    wins[opponent] = min(wins[opponent] + 1, needed)
    return MatchResult(result.sides, wins=wins, draws=min(result.draws, best_of - sum(wins.values())))


def with_conceded(played, conceded):
    """The result to store: the games played plus the games conceded to game losses given while the
    table had no result ({side: games}). Each conceded game is a game won by the opponent, so a
    game loss before the result is a head start: 2-0 played by the penalised player is stored 2-1."""
    if not any(conceded.values()):
        return played
    if played.is_pod:
        raise DomainError("penalty.pods", "kind")
    wins = dict(played.wins)
    for side, games in conceded.items():
        for opponent in (other for other in played.sides if other != side):
            wins[opponent] += games
    return MatchResult(played.sides, wins=wins, draws=played.draws, games=played.games)


def without_conceded(stored, conceded):
    """The games played at the table: a stored result less its conceded games (what a form prefills)."""
    if stored.is_pod or not any(conceded.values()):
        return stored
    wins = dict(stored.wins)
    for side, games in conceded.items():
        for opponent in (other for other in stored.sides if other != side):
            wins[opponent] = max(0, wins[opponent] - games)
    return MatchResult(stored.sides, wins=wins, draws=stored.draws, games=stored.games)


def head_start(sides, conceded):
    """The score a pending table starts from: only the conceded games (ben leads 1-0)."""
    return with_conceded(MatchResult(tuple(sides), wins=dict.fromkeys(sides, 0)), conceded)


def conceded_after_game_loss(sides, conceded, penalised, best_of):
    """The games conceded at a table without a result once `penalised` gets a game loss: unchanged
    when the opponent's head start already has the wins needed (never past them, as after a result)."""
    after = {**conceded, penalised: conceded[penalised] + 1}
    if max(head_start(sides, after).wins.values()) > best_of // 2 + 1:
        return conceded
    return after
