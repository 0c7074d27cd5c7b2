"""Dust Collectorz panels of the deck chart: champions by tribe and rank, and one histogram per
stat (plain data; `decks/charts.py` draws them)."""

from django.utils.translation import gettext as _

from ..chart_panels import CountGrid, Histograms, copies
from .cards import RANKS, STAT_LABELS, STATS


def chart_panels(source):
    """The tribe × rank grid (with the catalogue's tribe wheel) and the stat histograms."""
    pairs = copies(source.cards)
    return [panel for panel in (_tribe_rank_grid(pairs, source.tribes), _stat_histograms(pairs)) if panel]


def _tribe_rank_grid(pairs, tribes):
    """Copies of champions (the cards with a tribe and a rank) per tribe, per rank; none without tribes."""
    if not tribes:
        return None
    ranks = list(RANKS)
    counts = {tribe: [0] * len(ranks) for tribe in tribes}
    for card, qty in pairs:
        tribe, rank = card.get("tribe") or "", str(card.get("rank") or "").lower()
        if tribe in counts and rank in RANKS:
            counts[tribe][ranks.index(rank)] += qty
    columns = [str(label) for label in RANKS.values()]
    rows = [(tribe, counts[tribe]) for tribe in tribes]
    return CountGrid("tribe-rank-grid", _("Cards by tribe and rank"), columns, rows)


def _stat_histograms(pairs):
    """For each stat some card has: copies per value, from 0 to the highest value."""
    series = []
    for stat in STATS:
        values = [(value, qty) for card, qty in pairs if (value := _stat_value(card, stat)) is not None]
        if values:
            counts = [0] * (max(value for value, _qty in values) + 1)
            for value, qty in values:
                counts[value] += qty
            series.append((str(STAT_LABELS[stat]), counts))
    return Histograms(_("Stat distribution"), series) if series else None


def _stat_value(card, stat):
    """A card's value for a stat, or None when it has none (Counter type cards)."""
    value = (card.get("stats") or {}).get(stat)
    valid = isinstance(value, int) and not isinstance(value, bool) and value >= 0
    return value if valid else None
