"""Judging for people: penalties and deck checks as data; and the log's words for them and for time extensions."""

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import AuditAction, CheckedDeck, Penalty
from .audit import describes


def penalty_payload(penalty):
    return {
        "id": penalty.pk,
        "entrant": penalty.entrant_id,
        "name": penalty.entrant.name,
        "kind": penalty.kind,
        "kind_label": str(penalty.get_kind_display()),
        "reason": penalty.reason,
        "round": penalty.round_number,
        "correction": penalty.correction,
        "judge": penalty.judge.username if penalty.judge_id else None,
        "created_at": penalty.created_at,
    }


def with_decks(checks):
    """Deck checks with their decks and players, read in one query for every check."""
    return checks.prefetch_related(Prefetch("decks", queryset=CheckedDeck.objects.select_related("entrant")))


def deck_check_payload(check, decks=None):
    """`decks`: the check's decks where the caller has read them (with_decks)."""
    decks = check.decks.select_related("entrant") if decks is None else decks
    return {
        "id": check.pk,
        "round": check.round_number,
        "seed": check.seed,
        "options": check.options,
        "tables": check.tables,
        "decks": [
            {
                "id": deck.pk,
                "entrant": deck.entrant_id,
                "name": deck.entrant.name,
                "table": deck.table,
                "outcome": deck.outcome,
                "note": deck.note,
                "penalty": deck.penalty_id,
            }
            for deck in decks
        ],
    }


def _judging_words(after):
    words = [str(Penalty.Kind(after["kind"]).label), after.get("reason", "")]
    if after.get("correction"):
        words.append(_("correction: %(reason)s") % {"reason": after["correction"]})
    return " — ".join(word for word in words if word)


@describes(AuditAction.PENALTY_GIVE)
def _penalty_given(entry, after, before, names):
    return _judging_words(after) if after.get("kind") else []


@describes(AuditAction.PENALTY_TAKE_BACK)
def _penalty_taken_back(entry, after, before, names):
    if not before.get("kind"):
        return []
    return " — ".join([_judging_words(before), _("taken back: %(reason)s") % {"reason": after.get("reason", "")}])


@describes(AuditAction.DECK_CHECK_SELECT)
def _deck_check_drawn(entry, after, before, names):
    if not after.get("seed"):
        return []
    return _("seed %(seed)s, tables %(tables)s") % {
        "seed": after["seed"],
        "tables": ", ".join(map(str, after.get("tables", []))),
    }


@describes(AuditAction.DECK_CHECK_RECORD)
def _deck_check_recorded(entry, after, before, names):
    if not after.get("outcome"):
        return []
    return " — ".join(filter(None, [str(CheckedDeck.Outcome(after["outcome"]).label), after.get("note")]))


@describes(AuditAction.TABLE_EXTEND)
def _table_extended(entry, after, before, names):
    if not after.get("minutes"):
        return []
    return ngettext("%(count)s more minute", "%(count)s more minutes", after["minutes"]) % {"count": after["minutes"]}
