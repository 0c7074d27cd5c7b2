"""Standings by the Magic Tournament Rules (Appendix C), plain Python (no Django).

Match points: win 3, draw 1, loss 0; a bye is a match won 2-0. MW% and GW% are floored at
1/3; a player's own byes are left out of their OMW% and OGW%. Order: match points, OMW%,
GW%, OGW%; players equal on all of them share a rank. Pokémon-style resistance (win 1,
tie 0.5, floor 25%) is available with method="resistance". Only confirmed results are given
to this module; dropped players keep their place.

Pods (`pod_top` given) rank on one scale, the match points of the event's places table: a
player's match-point percentage is the points earned over the points available (the top of the
table each round, no floor), opponents' match-point percentage (OMP%) is the average of the
opponents' own, and the game's totals (Reclamation's Dust score) break remaining ties when the
game defines them (docs/scoring.md). A pod bye earns a sole first place of that table.
"""

import math
import unicodedata
from array import array
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

MTR_FLOOR = Fraction(1, 3)
RESISTANCE_FLOOR = Fraction(1, 4)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One player's side of one match (or bye)."""

    player: object
    round: int
    result: str  # win, draw, loss
    opponents: tuple = ()
    game_points: int = 0  # 3 per game won, 1 per game drawn
    games: int = 0
    bye: bool = False
    match_points: int | None = None  # when a table other than win 3 / draw 1 / loss 0 applies (pods)
    place: int = 0  # a pod's place (shared places repeat), 0 outside pods
    game_total: int = 0  # the game's own score at this table (pods of a game that totals, e.g. Reclamation)


def versus_outcomes(round_number, a, b, wins_a, wins_b, draws=0):
    games = wins_a + wins_b + draws
    result_a = "win" if wins_a > wins_b else "loss" if wins_a < wins_b else "draw"
    result_b = {"win": "loss", "loss": "win", "draw": "draw"}[result_a]
    return [
        Outcome(a, round_number, result_a, (b,), 3 * wins_a + draws, games),
        Outcome(b, round_number, result_b, (a,), 3 * wins_b + draws, games),
    ]


def bye_outcome(round_number, player, pod_top=None):
    """A bye is a match won 2-0 (MTR); in pods (`pod_top`, a sole first place's points) it earns that
    first place, the MTR's match won on the places table's scale (issue 32). It has no opponent, so
    it is a full round of the player's own share and left out of every OMW% / OMP%."""
    return Outcome(player, round_number, "win", (), 6, 2, bye=True, match_points=pod_top)


@dataclass(slots=True)
class Standing:
    player: object
    rank: int = 0
    match_points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    mw: float = 1 / 3
    gw: float = 1 / 3
    omw: float = 1 / 3
    ogw: float = 1 / 3
    dropped: bool = False
    places: dict | None = None  # pods: {place: times finished there}, instead of wins-losses-draws
    game_total: int | None = None  # pods of a game whose totals break ties

    @property
    def record(self):
        return f"{self.wins}-{self.losses}-{self.draws}"

    def as_dict(self, digits=4):
        if self.places is not None:
            return self._pod_dict(digits)
        return {
            "rank": self.rank,
            "entrant": self.player,
            "match_points": self.match_points,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "byes": self.byes,
            "omw": rounded(self.omw, digits),
            "gw": rounded(self.gw, digits),
            "ogw": rounded(self.ogw, digits),
            "dropped": self.dropped,
        }

    def _pod_dict(self, digits):
        """A pod row: places and points on the places table's scale (no wins-losses-draws)."""
        row = {
            "rank": self.rank,
            "entrant": self.player,
            "match_points": self.match_points,
            "places": {str(place): count for place, count in sorted(self.places.items())},
            "byes": self.byes,
            "mp": rounded(self.mw, digits),
            "omw": rounded(self.omw, digits),
            "dropped": self.dropped,
        }
        if self.game_total is not None:
            row["game_total"] = self.game_total
        return row


def rounded(value, digits=4):
    """A percentage as shown, rounded half up as by hand: 13/32 = 0.40625 is 0.4063 (40.63 %), where
    round() gives 0.4062 (half to even). The float's shortest text is the exact value whenever that
    has at most 17 digits (every tie at the 5th digit does), so no binary error moves it."""
    value = float(value)
    scaled = value * 10**digits
    if abs(scaled - math.floor(scaled) - 0.5) > 1e-6:  # not a tie: round() is right, and quicker
        return round(value, digits)
    return float(Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def name_order(name):
    """Alphabetical order as an organiser reads a list of names, whatever the database's collation:
    case and accents aside first ("ali", "Bea", "Élodie", "Zack"), then accents, then case. A
    database's ORDER BY follows its collation: bytes for SQLite and a C-locale PostgreSQL ("Bea"
    before "ali", "Zack" before "Élodie"), which put tied players, and so the bye, out of order."""
    folded = name.casefold()
    plain = "".join(char for char in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(char))
    return plain, folded, name


def match_win_percentage(match_points, rounds, floor=MTR_FLOOR):
    return max(floor, Fraction(match_points, 3 * rounds)) if rounds else floor


def game_win_percentage(game_points, games, floor=MTR_FLOOR):
    return max(floor, Fraction(game_points, 3 * games)) if games else floor


class ResultColumns:
    """Confirmed results as parallel columns, one row per player per match (or bye), plus one
    (player, opponent) edge per opponent met: the shape the database layer reads cheaply.
    Numeric columns are typed arrays, so numpy reads them without copying element by element."""

    def __init__(self, integer_ids=True):
        ids = (lambda: array("q")) if integer_ids else list
        self.player, self.edge_player, self.edge_opponent = ids(), ids(), ids()
        self.result, self.game_points, self.games, self.bye = array("b"), array("q"), array("q"), array("b")
        self.points = array("q")  # match points of the row, -1 for the usual 3 / 1 / 0
        self.place, self.total = array("q"), array("q")  # a pod's place (0 outside pods), the game total

    @classmethod
    def from_outcomes(cls, outcomes):
        columns = cls(integer_ids=all(type(outcome.player) is int for outcome in outcomes))
        for outcome in outcomes:
            columns.add(outcome)
        return columns

    def add(self, outcome):
        self.player.append(outcome.player)
        self.result.append(RESULT_CODES[outcome.result])
        self.game_points.append(outcome.game_points)
        self.games.append(outcome.games)
        self.bye.append(outcome.bye)
        self.points.append(-1 if outcome.match_points is None else outcome.match_points)
        self.place.append(outcome.place)
        self.total.append(outcome.game_total)
        self.edge_player.extend([outcome.player] * len(outcome.opponents))
        self.edge_opponent.extend(outcome.opponents)


RESULT_CODES = {"win": 0, "loss": 1, "draw": 2}
INT64_SAFE = 2**62


@dataclass
class Scaled:
    """Exact non-negative rationals values[i] / scale, as integers (int64 or Python ints)."""

    values: object
    scale: int

    def floats(self):
        return [value / self.scale for value in self.values.tolist()]


def compute_standings(players, results, dropped=(), method="mtr", pod_top=None, totals_break_ties=False):
    """`players`: ids in a stable order; `results`: ResultColumns or a list of Outcome records.
    Pods give `pod_top`, the points of a sole first place, and `totals_break_ties` when the game's
    totals break the ties left after OMP%. Returns a StandingsTable, best first."""
    columns = results if isinstance(results, ResultColumns) else ResultColumns.from_outcomes(results)
    tally = _Tally(list(players), columns)
    if pod_top is not None:
        return _pod_standings(tally, pod_top, totals_break_ties, set(dropped))
    if method == "resistance":
        own = tally.percentage(2 * tally.wins + tally.draws, 2 * tally.rounds, RESISTANCE_FLOOR)
        games = None
        omw = tally.opponent_average(own, RESISTANCE_FLOOR)
        ogw = tally.opponent_average(omw, RESISTANCE_FLOOR)
    else:
        own = tally.percentage(tally.usual_points, 3 * tally.rounds, MTR_FLOOR)
        games = tally.percentage(tally.game_points, 3 * tally.games, MTR_FLOOR)
        omw = tally.opponent_average(own, MTR_FLOOR)
        ogw = tally.opponent_average(games, MTR_FLOOR)
    return StandingsTable(tally, own, games or own, omw, ogw, set(dropped), method)


def _pod_standings(tally, pod_top, totals_break_ties, dropped):
    """One scale: the share of the places table's points earned, the opponents' average of it, then
    the game's totals. No floor: with points shared among 3-4 players the average share is below
    the 1/3 that floors one-against-one percentages, and a floor would merge the lower places."""
    no_floor = Fraction(0)
    own = tally.percentage(tally.match_points, max(pod_top, 1) * tally.rounds, no_floor)
    omp = tally.opponent_average(own, no_floor)
    keys = [tally.match_points, omp.values] + ([tally.totals] if totals_break_ties else [])
    return StandingsTable(tally, own, own, omp, omp, dropped, "pods", keys=keys, totals=totals_break_ties)


def _numpy():
    import numpy

    return numpy


class _Tally:
    """Per-player counts summed in C: wins, losses, draws, byes, game points, opponents met."""

    def __init__(self, players, columns):
        np = _numpy()
        self.players, self.count = players, len(players)
        positions = _positions(players)
        rows = positions(columns.player)
        codes = np.asarray(columns.result, dtype=np.int64)
        self.wins, self.losses, self.draws = (
            np.bincount(rows[codes == code], minlength=self.count) for code in range(3)
        )
        self.byes = self._total(rows, columns.bye)
        self.game_points = self._total(rows, columns.game_points)
        self.games = self._total(rows, columns.games)
        self.totals = self._total(rows, columns.total)
        self.place_rows, self.places = rows, np.asarray(columns.place, dtype=np.int64)
        self.rounds = self.wins + self.losses + self.draws
        self.usual_points = 3 * self.wins + self.draws  # what MW% is computed from
        self.match_points = self._match_points(rows, codes, columns.points)
        self.edge_player = positions(columns.edge_player)
        self.edge_opponent = positions(columns.edge_opponent)
        self.met = np.bincount(self.edge_player, minlength=self.count)
        counts = {int(c) for c in np.unique(self.met)} - {0}
        self.spread = math.lcm(*counts) if counts else 1  # a common multiple of every opponent count

    def _match_points(self, rows, codes, explicit):
        """3 / 1 / 0 per result, unless a row carries its own match points (a pod's table)."""
        np = _numpy()
        given = np.asarray(explicit, dtype=np.int64) if len(explicit) else np.zeros(0, dtype=np.int64)
        usual = np.array([3, 0, 1], dtype=np.int64)[codes] if len(codes) else np.zeros(0, dtype=np.int64)
        row_points = np.where(given >= 0, given, usual) if len(given) else usual
        return np.rint(np.bincount(rows, weights=row_points.astype(np.float64), minlength=self.count)).astype(np.int64)

    def _total(self, rows, values):
        np = _numpy()
        weights = np.asarray(values, dtype=np.float64)  # small integers: float sums are exact
        return np.rint(np.bincount(rows, weights=weights, minlength=self.count)).astype(np.int64)

    def percentage(self, numerators, denominators, floor):
        """max(floor, numerator / denominator) per player (floor when nothing was played)."""
        np = _numpy()
        scale = math.lcm(floor.denominator, *({int(d) for d in np.unique(denominators)} - {0}))
        dtype = self._dtype(scale)
        floor_value = floor.numerator * scale // floor.denominator
        played = denominators > 0
        per_unit = np.where(played, scale // np.where(played, denominators, 1), 0).astype(dtype)
        values = np.maximum(numerators.astype(dtype) * per_unit, floor_value)
        return Scaled(values, scale)

    def opponent_average(self, own, floor):
        """The average of the opponents' values; byes count as no opponent."""
        np = _numpy()
        dtype = self._dtype(own.scale * self.spread)
        totals = np.zeros(self.count, dtype=dtype)
        np.add.at(totals, self.edge_player, own.values.astype(dtype)[self.edge_opponent])
        scale = own.scale * self.spread
        multiplier = (self.spread // np.where(self.met > 0, self.met, 1)).astype(dtype)
        values = np.where(self.met > 0, totals * multiplier, floor.numerator * scale // floor.denominator)
        return Scaled(values.astype(dtype), scale)

    def _dtype(self, scale):
        """int64 while the largest opponent total fits; Python integers beyond that."""
        np = _numpy()
        largest = scale * self.spread * max(1, int(self.met.max(initial=0)))
        return np.int64 if largest < INT64_SAFE else object


def _positions(players):
    """A function mapping player ids to their positions in `players`, vectorised for integer ids."""
    np = _numpy()
    if players and all(type(player) is int for player in players):
        ids = np.asarray(players, dtype=np.int64)
        order = np.argsort(ids, kind="stable")
        return lambda values: order[np.searchsorted(ids[order], np.asarray(values, dtype=np.int64))]
    index = {player: position for position, player in enumerate(players)}
    return lambda values: np.fromiter(map(index.__getitem__, values), np.int64, len(values))


class StandingsTable:
    """Standings, best first; players equal on every criterion share a rank."""

    def __init__(self, tally, own, games, omw, ogw, dropped, method, keys=None, totals=False):
        self._tally, self._dropped = tally, dropped
        self._columns = (own, games, omw, ogw)
        self._pods, self._totals = method == "pods", totals
        if keys is None:
            keys = (
                [tally.match_points, omw.values, games.values, ogw.values]
                if method == "mtr"
                else [tally.match_points, omw.values, ogw.values]
            )
        self.order, self.ranks = _order_and_ranks(keys)
        self._rows = None

    def __len__(self):
        return len(self.order)

    def __iter__(self):
        return iter(self.rows())

    def __getitem__(self, position):
        return self.rows()[position]

    def rows(self):
        if self._rows is None:
            self._rows = self._build_rows()
        return self._rows

    def _build_rows(self):
        tally = self._tally
        own, games, omw, ogw = (column.floats() for column in self._columns)
        places = self._place_counts() if self._pods else None
        rows = []
        for position, player_index in enumerate(self.order):
            player = tally.players[player_index]
            rows.append(
                Standing(
                    player,
                    self.ranks[position],
                    int(tally.match_points[player_index]),
                    int(tally.wins[player_index]),
                    int(tally.losses[player_index]),
                    int(tally.draws[player_index]),
                    int(tally.byes[player_index]),
                    own[player_index],
                    games[player_index],
                    omw[player_index],
                    ogw[player_index],
                    player in self._dropped,
                    places[player_index] if places is not None else None,
                    int(tally.totals[player_index]) if self._totals else None,
                )
            )
        return rows

    def _place_counts(self):
        """{place: count} per player index, from the pod rows (byes and missed rounds have no place)."""
        counts = [{} for _ in range(self._tally.count)]
        for row, place in zip(self._tally.place_rows.tolist(), self._tally.places.tolist(), strict=True):
            if place:
                counts[row][place] = counts[row].get(place, 0) + 1
        return counts


def _order_and_ranks(keys):
    """Sort descending by the keys in turn (ties by player order); equal keys share a rank."""
    np = _numpy()
    if all(key.dtype == np.int64 for key in keys):
        order = np.lexsort([np.arange(len(keys[0]))] + [-key for key in reversed(keys)])
        ordered = [key[order] for key in keys]
        changed = np.zeros(len(order), dtype=bool)
        changed[:1] = True
        for key in ordered:
            changed[1:] |= key[1:] != key[:-1]
        ranks = np.maximum.accumulate(np.where(changed, np.arange(1, len(order) + 1), 0))
        return order.tolist(), ranks.tolist()
    columns = [key.tolist() for key in keys]
    order = sorted(range(len(columns[0])), key=lambda i: tuple(-column[i] for column in columns))
    ranks, previous = [], None
    for position, i in enumerate(order, start=1):
        current = tuple(column[i] for column in columns)
        ranks.append(position if current != previous else ranks[-1])
        previous = current
    return order, ranks
