"""The log's words for registered decks."""

import datetime

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ..models import AuditAction
from .audit import describes


@describes(AuditAction.DECK_SUBMIT)
def _deck_registered(entry, after, before, names):
    if "legal" not in after:
        return []
    return _("legal") if after["legal"] else _("illegal")


@describes(AuditAction.DECK_VERDICT)
def _deck_judged_again(entry, after, before, names):
    if "legal" not in after:
        return []
    verdict = _("legal") if after["legal"] else _("illegal")
    reasons = " ".join(after.get("problems") or [])
    when = _("as of %(date)s") % {"date": date_format(datetime.date.fromisoformat(after["as_of"]), "SHORT_DATE_FORMAT")}
    return " — ".join(filter(None, [f"{verdict} ({when})", reasons]))


def verdict_change_message(entrant):
    """What the organiser is told when a registered list changes verdict (a new date)."""
    if entrant.deck_legal:
        return _("The list of %(name)s is now legal.") % {"name": entrant.name}
    reasons = " ".join(problem["message"] for problem in entrant.deck_problems)
    return _("The list of %(name)s is no longer legal: %(reasons)s") % {"name": entrant.name, "reasons": reasons}
