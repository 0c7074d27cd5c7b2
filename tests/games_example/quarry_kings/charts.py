"""Quarry Kings' panel of the deck chart: copies by the gem each card mines."""

from django.utils.translation import gettext as _

from games.chart_panels import Bars, copies


def chart_panels(source):
    by_gem = {}
    for card, qty in copies(source.cards):
        gem = (card.get("attributes") or {}).get("gem", "")
        by_gem[gem] = by_gem.get(gem, 0) + qty
    return [Bars(_("Cards by gem"), sorted(by_gem.items(), key=lambda item: (-item[1], item[0])))]
