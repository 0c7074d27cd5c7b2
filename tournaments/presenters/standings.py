"""Standings as data for the API and the JSON export, and a pod player's places in words."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

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


# Ordinals for the places of a pod (3 to 5 players); pods never have a 6th place.
PLACE_NAMES = {
    1: gettext_lazy("1st"),
    2: gettext_lazy("2nd"),
    3: gettext_lazy("3rd"),
    4: gettext_lazy("4th"),
    5: gettext_lazy("5th"),
}


def places_text(places):
    """A pod player's record: how often they finished in each place, best first ("1st ×2 · 2nd ×1");
    a shared place counts as that place. "—" before any place."""
    if not places:
        return "—"
    return " · ".join(
        _("%(place)s ×%(count)s") % {"place": PLACE_NAMES.get(int(place), place), "count": count}
        for place, count in sorted(places.items(), key=lambda item: int(item[0]))
    )


def record_text(row):
    """The record a page or a sheet shows: places in pods, else wins-losses-draws ("3-1-0")."""
    if "places" in row:
        return places_text(row["places"])
    return f"{row['wins']}-{row['losses']}-{row['draws']}"
