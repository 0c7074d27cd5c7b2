"""Dragon Ball Z CCG panels of the deck chart: copies by card type and by Martial Arts Style."""

from django.utils.translation import gettext_lazy as _

from ..chart_panels import Bars, copies
from .cards import STYLE_LABELS, DbzSchema


def chart_panels(source):
    """A bar panel of copies per card type and one per style, most copies first."""
    by_type, by_style = {}, {}
    for card, qty in copies(source.cards):
        type_label = str(DbzSchema.card_types.get(card["type"], card["type"]))
        by_type[type_label] = by_type.get(type_label, 0) + qty
        style = (card.get("attributes") or {}).get("style")
        style_label = str(STYLE_LABELS.get(style, _("No style")))
        by_style[style_label] = by_style.get(style_label, 0) + qty
    return [Bars(str(_("Cards by type")), _most_first(by_type)), Bars(str(_("Cards by style")), _most_first(by_style))]


def _most_first(counts):
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))
