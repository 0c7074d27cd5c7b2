"""Reference cases worked by hand, as an organiser checks pairings and standings at the table
(pure modules, no database). Each case holds for every seed: what is random is only who meets whom
where the rules leave the choice."""

from fractions import Fraction

from accounts.templatetags.languages import local_percent
from tournaments.engine.pairing import Player, pair_round
from tournaments.engine.standings import compute_standings, versus_outcomes

SEEDS = range(40)


def ranked(rows, met=()):
    """Players in standings order from (name, points) rows; `met`: pairs who have played."""
    opponents = {}
    for a, b in met:
        opponents.setdefault(a, set()).add(b)
        opponents.setdefault(b, set()).add(a)
    return [
        Player(name, points, rank, frozenset(opponents.get(name, ()) or {f"earlier-{name}"}))
        for rank, (name, points) in enumerate(rows, start=1)
    ]


def tables(pairing):
    return sorted(tuple(sorted(table)) for table in pairing.tables)


def test_the_lowest_ranked_player_of_a_score_group_is_the_one_paired_down():
    # P has 6 points, Q R S T 3 (ranked in that order), U 0; nobody here has met. P pairs down into
    # the 3-point group, which is then odd: its lowest-ranked player, T, pairs down to U. Q, R or S
    # meets P (the rules leave that choice open), and T never does.
    players = ranked([("P", 6), ("Q", 3), ("R", 3), ("S", 3), ("T", 3), ("U", 0)])
    for seed in SEEDS:
        pairing = pair_round(players, 3, seed)
        assert ("T", "U") in tables(pairing), seed
        downs = [(note["player"], note["opponent"]) for note in pairing.notes if note["kind"] == "pair_down"]
        assert ("T", "U") in downs and len(downs) == 2


def test_the_lowest_ranked_player_who_can_is_paired_down_when_a_rematch_is_in_the_way():
    # After round 1 (A and C won; E-F drew, G drew; B lost): the 1-point group E, F, G is odd, and
    # G, its lowest-ranked player, cannot pair down without leaving E and F to play again. So F, the
    # next lowest, pairs down to B and E meets G: by hand A-C, E-G, F-B.
    players = ranked(
        [("A", 3), ("C", 3), ("E", 1), ("F", 1), ("G", 1), ("B", 0)],
        met=[("A", "x"), ("C", "y"), ("E", "F"), ("G", "z"), ("B", "w")],
    )
    for seed in SEEDS:
        assert tables(pair_round(players, 2, seed)) == [("A", "C"), ("B", "F"), ("E", "G")], seed


def test_a_percentage_ending_in_a_half_is_rounded_up_as_by_hand():
    # X beat eight players in an eight-round event; six of them finished 3-5 (9 of 24 points), two
    # 4-4 (12 of 24). X's OMW% = (6 × 9 + 2 × 12) / 24 / 8 = 78/192 = 13/32 = 40.625 %, which an
    # organiser writes 40.63 %.
    opponents = [f"O{i}" for i in range(1, 9)]
    outcomes = []
    for number, opponent in enumerate(opponents, start=1):
        outcomes += versus_outcomes(number, "X", opponent, 2, 0)
        wins = 4 if number > 6 else 3
        for other in range(1, 8):
            round_number = (number + other - 1) % 8 + 1
            won = other <= wins
            outcomes += versus_outcomes(round_number, opponent, "Z", 2 if won else 0, 0 if won else 2)
    standings = {row.player: row for row in compute_standings(["X", *opponents, "Z"], outcomes)}
    assert Fraction(standings["X"].omw) == Fraction(13, 32)
    shown = standings["X"].as_dict()["omw"]
    assert shown == 0.4063
    assert local_percent(shown * 100) == "40.63%"
