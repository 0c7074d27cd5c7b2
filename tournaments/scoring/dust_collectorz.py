"""Dust Collectorz scoring values (rules V202310.09, Scoring)."""

# Points per captured card (Scoring: Bronze & Silver 1, Gold 0, Platinum & Epic 3, Counter Type 0).
RANK_POINTS = {"bronze": 1, "silver": 1, "gold": 0, "platinum": 3, "epic": 3, "counter": 0}

# Extra points for winning the last round, per game mode.
LAST_ROUND_BONUS = {"versus": 3, "team": 6, "ffa": 3}

MODES = ("versus", "team", "ffa", "young_champions")
