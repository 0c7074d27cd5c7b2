"""The Swiss pairing engine, plain Python (no Django models). See docs/pairing.md.

python -m tournaments.engine.pairing INPUT.json   # prints the pairing as JSON
"""

from .model import Pairing, Player, players_from_json
from .swiss import pair_round

__all__ = ["Pairing", "Player", "pair_round", "players_from_json"]
