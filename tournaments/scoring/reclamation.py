"""Dust: Reclamation scoring values (four rounds; see docs/scoring.md for the interpretation)."""

ROUNDS = 4
TRICK_POINTS = 1  # per trick won
DUST_POINTS = 1  # per Dust card won in tricks, its sign set by the round's Dust Value card
WORK_ORDER_POINTS = 2  # for meeting the Work Order quota
