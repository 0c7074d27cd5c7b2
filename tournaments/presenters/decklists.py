"""The log's words for registered decks."""

import datetime

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ..models import AuditAction, SealedPool
from ..models.entrants import event_player_labels
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


def missing_deck_rows(event, waiting):
    """The desk's list of who holds up the start or the next pairing (`waiting`, entrants without a
    legal deck): each name opens the page that registers their deck, the pasted list or, at a sealed
    event, the build from the pool (the pool first while it is missing)."""
    if not waiting:
        return []
    labels = event_player_labels(event)
    pooled = set()
    if event.is_sealed:
        pooled = set(SealedPool.objects.filter(entrant__in=waiting).values_list("entrant_id", flat=True))
    rows = []
    for entrant in waiting:
        if not event.is_sealed:
            page = "tournaments:paste_decklist"
        else:
            page = "tournaments:build_for_entrant" if entrant.pk in pooled else "tournaments:entrant_pool"
        rows.append({"pk": entrant.pk, "label": labels[entrant.pk], "url": reverse(page, args=[event.pk, entrant.pk])})
    return rows
