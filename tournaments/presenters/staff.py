"""The log's words for the event's staff: who was added, changed or removed, with which role."""

from django.utils.translation import gettext as _

from ..models import EventStaff
from .audit import actions_starting, describes


@describes(*actions_starting("staff."))
def _staff_member(entry, after, before, names):
    member = after or before
    return _("%(username)s, %(role)s") % {
        "username": member.get("username", "?"),
        "role": EventStaff.Role(member.get("role", "judge")).label,
    }
