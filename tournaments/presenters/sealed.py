"""The log's words for sealed events: the deck-building seats' draw."""

from django.utils.translation import ngettext

from ..models import AuditAction
from .audit import describes


@describes(AuditAction.BUILD_SEATS)
def _seats_drawn(entry, after, before, names):
    if after.get("seed") is None:
        return []
    players = after.get("players", 0)
    return ngettext("seed %(seed)s, %(count)s player", "seed %(seed)s, %(count)s players", players) % {
        "seed": after["seed"],
        "count": players,
    }
