"""Templates ask tournaments.access, so a link shows only to those it lets in."""

from django import template

from ..access import staff_role
from ..services.metagame import report_linked

register = template.Library()


@register.filter
def staff_role_of(event, user):
    """The user's staff role at the event ("judge", "scorekeeper") or ""."""
    return staff_role(user, event) or ""


@register.filter
def metagame_shown(event, user):
    """Whether the event's pages link to its metagame report for this user (no query for players)."""
    return report_linked(user, event)
