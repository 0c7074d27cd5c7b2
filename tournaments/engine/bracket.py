"""The single-elimination top cut (plain Python): who meets whom in each round of the bracket, and
the final order it makes."""

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


# Final standings with a single-elimination top cut (issue 13, section 5).

TOP_CUT_STAGES = {0: "winner", 1: "finalist", 2: "semi_finalist", 3: "quarter_finalist"}


def final_order(swiss_order, bracket):
    """Entrant ids in final order: the top cut by how far each player went (the winner 1st, the
    finalist 2nd, semi-finalists 3rd-4th, quarter-finalists 5th-8th, ties in Swiss order), then
    everyone else in Swiss order.

    `bracket`: one list per top-cut round, first round first, of (sides, winner or None).
    Returns [(entrant, stage or None)], where stage is a key of TOP_CUT_STAGES' values."""
    reached = {}  # entrant -> (rounds reached, won the last one reached)
    for level, matches in enumerate(bracket):
        for sides, winner in matches:
            for side in sides:
                reached[side] = (level, winner == side)
    swiss_index = {entrant: index for index, entrant in enumerate(swiss_order)}
    seeded = sum(len(sides) for sides, _winner in bracket[0]) if bracket else 0
    total_rounds = max(len(bracket), seeded.bit_length() - 1)  # 4 players: 2 rounds, 8: 3

    def depth(entrant):
        level, won = reached[entrant]
        return level * 2 + (1 if won else 0)

    cut = sorted(reached, key=lambda entrant: (-depth(entrant), swiss_index.get(entrant, len(swiss_index))))
    order = []
    for entrant in cut:
        level, won = reached[entrant]
        rounds_from_final = total_rounds - 1 - level
        stage = TOP_CUT_STAGES.get(0 if won and rounds_from_final == 0 else rounds_from_final + 1)
        order.append((entrant, stage))
    order += [(entrant, None) for entrant in swiss_order if entrant not in reached]
    return order
