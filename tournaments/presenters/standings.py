"""Standings as data for the API and the JSON export."""

from .. import page_cache
from ..models import Round
from ..services.standings import event_standings
from .events import event_export


def standings_payload(event):
    """The standings as the API and standings.json give them, computed once per page version."""

    def build():
        swiss = event.rounds.filter(stage=Round.Stage.SWISS).count()
        return {"event": event_export(event), "round": swiss, "standings": event_standings(event)}

    return page_cache.cached(event, "standings-data", (), build)
