"""Quarry Kings, the worked example of docs/architecture.md ("Adding a game"): a two-player game
whose decks carry crowns and whose reports count gems. One package holds all that is its own."""

from games.base import GameDefinition

from .charts import chart_panels
from .rules import CrownTotal
from .scoring import score_game

SLUG = "quarry-kings"

GAME = GameDefinition(
    slug=SLUG,
    name="Quarry Kings",
    score_game=score_game,
    deck_rules=(CrownTotal,),
    violation_messages={CrownTotal.kind: CrownTotal.message},
    chart_panels=chart_panels,
)
