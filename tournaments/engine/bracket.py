"""The single-elimination top cut (plain Python): who meets whom in each round of the bracket."""

# Seed pairs of the first round, by bracket slot; the halves are arranged so that the top two
# seeds can only meet in the final.
BRACKET = {4: [(1, 4), (2, 3)], 8: [(1, 8), (4, 5), (2, 7), (3, 6)]}


def first_round(seeds):
    """The first round's pairs, one per slot, from the players in seed order (best first)."""
    return [(seeds[high - 1], seeds[low - 1]) for high, low in BRACKET[len(seeds)]]


def next_round(winners):
    """The next round's pairs: the winners of neighbouring slots meet, in slot order."""
    return list(zip(winners[::2], winners[1::2], strict=True))


def slot_seeds(size, slot):
    """The two seed numbers a first-round slot (1-based) holds; empty outside the bracket."""
    pairs = BRACKET.get(size, [])
    return pairs[slot - 1] if slot and slot <= len(pairs) else ()
