"""The log's words for entrants: drops, capacity, the waitlist, the join code and deleted accounts."""

from django.utils.translation import gettext as _

from ..models import AuditAction, EventStaff
from .audit import describes


@describes(AuditAction.ENTRANT_DROP)
def _dropped(entry, after, before, names):
    if after.get("after_round") is None:
        return []
    return _("after round %(number)s") % {"number": after["after_round"]}


@describes(AuditAction.EVENT_CAPACITY)
def _capacity(entry, after, before, names):
    return _("places: %(before)s → %(after)s") % {
        "before": before.get("capacity") or _("no limit"),
        "after": after.get("capacity") or _("no limit"),
    }


@describes(AuditAction.WAITLIST_JOIN)
def _waiting(entry, after, before, names):
    return _("number %(position)s in line") % {"position": after["position"]} if after.get("position") else []


@describes(AuditAction.JOIN_CODE_NEW)
def _new_join_code(entry, after, before, names):
    return f"{before.get('join_code', '?')} → {after['join_code']}" if after.get("join_code") else []


@describes(AuditAction.ACCOUNT_DELETE)
def _account_deleted(entry, after, before, names):
    """What the deleted account was at the event (its entry, if any, is the entry's target)."""
    words = {"player": _("player"), "organiser": _("organiser"), "waitlist": _("on the waitlist")}
    words.update({role: str(label) for role, label in EventStaff.Role.choices})
    return ", ".join(str(words.get(role, role)) for role in before.get("roles", []))
