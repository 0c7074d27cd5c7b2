"""The log's words for registered decks."""

from django.utils.translation import gettext as _

from ..models import AuditAction
from .audit import describes


@describes(AuditAction.DECK_SUBMIT)
def _deck_registered(entry, after, before, names):
    if "legal" not in after:
        return []
    return _("legal") if after["legal"] else _("illegal")
