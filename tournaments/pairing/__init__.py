"""The Swiss pairing engine, plain Python (no Django models). See docs/pairing.md.

python -m tournaments.pairing INPUT.json   # prints the pairing as JSON
"""

from .model import Pairing, Player, choose_bye, players_from_json
from .swiss import pair_round

__all__ = ["Pairing", "Player", "choose_bye", "pair_round", "players_from_json"]
