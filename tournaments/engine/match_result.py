"""One match result, whoever enters it: the organiser's form, a player's report or the API
(plain Python). A result comes from game wins (one against one, teams), from placements (pods) or
from scored games; it knows its winner, its match points and what makes it impossible.
"""

from collections import Counter
from dataclasses import dataclass, field

from core.errors import DomainError, define_messages
from core.messages import gettext_lazy as _
from core.messages import ngettext_lazy

from .standings import Outcome

define_messages(
    {
        "result.wins_whole": _("Game wins and draws are whole numbers."),
        "result.wins_sides": _("Give the game wins of exactly the entrants at this table."),
        "result.negative": _("Game wins and draws cannot be negative."),
        "result.too_many_wins": ngettext_lazy(
            "In a best of %(best_of)s nobody wins more than %(needed)s game.",
            "In a best of %(best_of)s nobody wins more than %(needed)s games.",
            "needed",
        ),
        "result.both_win": _("Both players cannot win the match."),
        "result.too_many_draws": _("More drawn games than a best of %(best_of)s allows."),
        "result.top_cut_winner": _("A top-cut match needs a winner."),
        "result.placements_whole": _("Placements are whole numbers."),
        "result.placements_everyone": _("Give a place from 1 to %(count)s for everyone in the pod."),
        "result.pods_take_placements": _("Pods take placements, not game wins."),
        "result.games_count": _("Give 1 to %(max)s games."),
        "result.game_shape": _("Each game report is an object."),
        "result.already_decided": _("The match was already decided (best of %(best_of)s)."),
        "result.payload_shape": _("Give the games, or wins and draws, or placements."),
        "result.pod_table_keys": _("Pod points take the keys %(keys)s."),
        "result.pod_table_values": _("Pod points are whole numbers from 0 to 10."),
        "result.pod_table_order": _(
            "Place %(place)s cannot score more than the place before it: tied players share the places "
            "they span, and a shared place must never score less than the place after it."
        ),
    }
)

# Default pod table: a win 3, any other place 0 (configurable per event: "win", "2", "3", "4", "5",
# "other"; "5" is the fifth place at a table of five, which scores "other" unless given).
# Tied players share the places they span (docs/scoring.md): each gets the mean of those places'
# points, rounded half up, so a shared place never scores less than the place after it.
POD_POINTS = {"win": 3, "other": 0}
POD_TABLE_KEYS = ("win", "2", "3", "4", "5", "other")
LAST_TABLED_PLACE = 5  # the most players a pod seats (pods of five, engine/pairing/pods.py)
VERSUS_POINTS = {"win": 3, "draw": 1, "loss": 0}


def sole_first_points(pod_table):
    """A sole first place's match points under an event's places table (the default where it has
    none): the top of the pods' scale, and what a pod bye earns."""
    return {**POD_POINTS, **(pod_table or {})}["win"]


@dataclass(frozen=True)
class MatchResult:
    sides: tuple  # entrant ids in seat order
    wins: dict | None = None  # side -> games won (one against one, teams)
    draws: int = 0
    placements: dict | None = None  # side -> place (pods; shared places repeat)
    games: tuple = field(default=(), compare=False)  # scored games, as dicts, for the record

    # Building one

    @classmethod
    def from_wins(cls, sides, wins, draws=0):
        """From {side: games won} (keys may be ids as text) and drawn games; types are checked here,
        the score itself by `problems()`."""
        if not isinstance(wins, dict) or _not_whole(draws) or any(_not_whole(value) for value in wins.values()):
            raise DomainError("result.wins_whole", "wins")
        try:
            counted = {_member(key, sides, "wins"): value for key, value in wins.items()}
        except DomainError:
            raise DomainError("result.wins_sides", "wins") from None
        if set(counted) != set(sides):
            raise DomainError("result.wins_sides", "wins")
        return cls(tuple(sides), wins=counted, draws=draws)

    @classmethod
    def from_placements(cls, sides, placements):
        if not isinstance(placements, dict) or any(_not_whole(value) for value in placements.values()):
            raise DomainError("result.placements_whole", "placements")
        try:
            placed = {_member(key, sides, "placements"): value for key, value in placements.items()}
        except DomainError:
            raise DomainError("result.placements_everyone", "placements", count=len(sides)) from None
        if set(placed) != set(sides):
            raise DomainError("result.placements_everyone", "placements", count=len(sides))
        return cls(tuple(sides), placements=placed)

    @classmethod
    def from_games(cls, sides, results, best_of, pods=False):
        """From scored games: pods take the last game's places, a match counts game winners."""
        details = tuple(result.as_dict() for result in results)
        if pods:
            last = results[-1]
            placements = last.placements or {side: 1 if side == last.winner else 2 for side in sides}
            return cls(tuple(sides), placements=placements, games=details)
        needed = best_of // 2 + 1
        wins, draws = Counter(dict.fromkeys(sides, 0)), 0
        for number, result in enumerate(results, start=1):
            if max(wins.values()) >= needed:
                raise DomainError("result.already_decided", f"games.{number}", best_of=best_of)
            if result.winner is None:
                draws += 1
            else:
                wins[result.winner] += 1
        return cls(tuple(sides), wins=dict(wins), draws=draws, games=details)

    @classmethod
    def from_report(cls, payload, definition, context, best_of):
        """The result a player's report (or an API body) implies: games, wins or placements."""
        if not isinstance(payload, dict):
            raise DomainError("result.payload_shape", "games")
        if "games" in payload:
            return cls.from_games(
                context.sides,
                _scored_games(payload["games"], definition, context, best_of),
                best_of,
                context.mode == "ffa",
            )
        if "placements" in payload:
            return cls.from_placements(context.sides, payload["placements"])
        if "wins" in payload:
            if context.mode == "ffa":
                raise DomainError("result.pods_take_placements", "placements")
            return cls.from_wins(context.sides, payload["wins"], payload.get("draws", 0))
        raise DomainError("result.payload_shape", "games")

    @classmethod
    def from_dict(cls, sides, data):
        """From the stored form (`as_dict`)."""
        placements = data.get("placements")
        if placements:
            return cls(
                tuple(sides), placements={int(k): v for k, v in placements.items()}, games=tuple(data.get("games", ()))
            )
        wins = {int(k): v for k, v in (data.get("wins") or {}).items()}
        return cls(tuple(sides), wins=wins, draws=data.get("draws", 0), games=tuple(data.get("games", ())))

    def as_dict(self):
        return {
            "wins": {str(side): value for side, value in self.wins.items()} if self.wins is not None else None,
            "draws": self.draws,
            "placements": {str(side): place for side, place in self.placements.items()} if self.placements else None,
            "winner": self.winner,
            "games": list(self.games),
        }

    # Reading one

    @property
    def is_pod(self):
        return self.placements is not None

    @property
    def winner(self):
        """The sole winner, or None for a draw or a shared first place."""
        if self.is_pod:
            firsts = [side for side, place in self.placements.items() if place == 1]
        else:
            best = max(self.wins.values())
            firsts = [side for side in self.sides if self.wins[side] == best]
        return firsts[0] if len(firsts) == 1 else None

    def problems(self, best_of, top_cut=False):
        """Why this result cannot be (e.g. 2-2 in a best of 3): [DomainError], empty when possible."""
        if self.is_pod:
            count = len(self.sides)
            places = self.placements.values()
            return (
                []
                if all(1 <= place <= count for place in places)
                else [DomainError("result.placements_everyone", "placements", count=count)]
            )
        return _score_problems(best_of, list(self.wins.values()), self.draws, top_cut)

    def check(self, best_of, top_cut=False):
        problems = self.problems(best_of, top_cut)
        if problems:
            raise problems[0]
        return self

    def points(self, pod_table=None):
        """Match points per side: 3 / 1 / 0, or the event's pod table for pods."""
        if self.is_pod:
            return shared_place_points(self.placements, {**POD_POINTS, **(pod_table or {})})
        winner = self.winner
        if winner is None:
            return dict.fromkeys(self.sides, VERSUS_POINTS["draw"])
        return {side: VERSUS_POINTS["win" if side == winner else "loss"] for side in self.sides}

    def outcome_of(self, side):
        """win, draw or loss, from this side's seat."""
        winner = self.winner
        if winner == side:
            return "win"
        if winner is None and (not self.is_pod or self.placements[side] == 1):
            return "draw"
        return "loss"

    def game_totals(self):
        """{side: the game's own points summed over the scored games} (Reclamation's Dust score), or
        None when no game was scored (an organiser's places, a game that keeps no score)."""
        scored = [game.get("points") for game in self.games if game.get("points")]
        if not scored:
            return None
        return {side: sum(points.get(str(side), 0) for points in scored) for side in self.sides}

    def outcomes(self, round_number, pod_table=None, totals=None):
        """Each side's standings outcome (MTR game points: 3 per game won, 1 per game drawn); pods
        carry their places and `totals`, the game's totals when known ({side: points})."""
        points = self.points(pod_table) if self.is_pod else None
        outcomes = []
        for side in self.sides:
            others = tuple(other for other in self.sides if other != side)
            result = self.outcome_of(side)
            if self.is_pod:
                game_points = VERSUS_POINTS[result]
                outcomes.append(
                    Outcome(
                        side,
                        round_number,
                        result,
                        others,
                        game_points,
                        1,
                        match_points=points[side],
                        place=self.placements[side],
                        game_total=(totals or {}).get(side, 0),
                    )
                )
            else:
                games = sum(self.wins.values()) + self.draws
                outcomes.append(Outcome(side, round_number, result, others, 3 * self.wins[side] + self.draws, games))
        return outcomes

    def same_claim(self, other):
        """Two reports agree when they give the same wins, draws and places (games may differ in detail)."""
        return (self.wins, self.draws, self.placements) == (other.wins, other.draws, other.placements)


def _not_whole(value):
    return isinstance(value, bool) or not isinstance(value, int)


def _score_problems(best_of, values, draws, top_cut):
    needed = best_of // 2 + 1
    if any(value < 0 for value in values) or draws < 0:
        return [DomainError("result.negative", "wins")]
    if any(value > needed for value in values):
        return [DomainError("result.too_many_wins", "wins", best_of=best_of, needed=needed)]
    if values.count(needed) > 1:
        return [DomainError("result.both_win", "wins")]
    if draws > best_of:
        return [DomainError("result.too_many_draws", "draws", best_of=best_of)]
    if top_cut and len(set(values)) == 1:
        return [DomainError("result.top_cut_winner", "wins")]
    return []


def place_points(place, table):
    return table["win"] if place == 1 else table.get(str(place), table["other"])


def shared_place_points(placements, table):
    """{side: match points}: players tied on a place share it and the places below it that their tie
    spans (two tied firsts span 1st and 2nd), each the mean of those places' points, rounded half up."""
    tied = {}
    for place in placements.values():
        tied[place] = tied.get(place, 0) + 1
    points = {}
    for side, place in placements.items():
        spanned = [place_points(place + offset, table) for offset in range(tied[place])]
        points[side] = (2 * sum(spanned) + len(spanned)) // (2 * len(spanned))  # half up, in whole points
    return points


def check_pod_table(table):
    """A pod points table: whole numbers for the known places, none scoring more than the place
    before it (else a shared place could score less than the place after it)."""
    unknown = sorted(set(table) - set(POD_TABLE_KEYS))
    if unknown:
        raise DomainError("result.pod_table_keys", "pod_points", keys=", ".join(POD_TABLE_KEYS))
    full = {**POD_POINTS, **table}
    if any(isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10 for value in full.values()):
        raise DomainError("result.pod_table_values", "pod_points")
    scale = [place_points(place, full) for place in range(1, LAST_TABLED_PLACE + 1)] + [full["other"]]
    for place, (better, worse) in enumerate(zip(scale, scale[1:], strict=False), start=2):
        if worse > better:
            raise DomainError("result.pod_table_order", "pod_points", place=place)
    return table


def _scored_games(games, definition, context, best_of):
    if not isinstance(games, list) or not games or len(games) > 2 * best_of:
        raise DomainError("result.games_count", "games", max=best_of)
    return [_score_game(game, definition, context, f"games.{number}") for number, game in enumerate(games, start=1)]


def _score_game(game, definition, context, field_name):
    if not isinstance(game, dict):
        raise DomainError("result.game_shape", field_name)
    try:
        return definition.score_game(game, context)
    except DomainError as error:
        error.field = f"{field_name}.{error.field}"
        raise


def _member(key, sides, field_name):
    # games.scoring imports Django when loaded (games/ declares its messages with Django's markers),
    # so the engine loads it when a result is built rather than when the engine is imported.
    from games.scoring import require_member

    return require_member(key, sides, field_name)
