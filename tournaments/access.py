"""Who may see and change an event: one place, used by pages, the API and the services.

One vocabulary of capabilities (`can(user, event, capability)`):
- "manage": settings, staff, pairing, starting and finishing: the organiser only;
- "see_decklists", "correct_results", "penalties", "deck_checks": the organiser and judges;
- "enter_results": the organiser, judges and scorekeepers.
"""

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import DomainError, define_messages

from .models import Event, EventStaff, Match

CAPABILITIES = {
    EventStaff.Role.JUDGE: frozenset({"see_decklists", "enter_results", "correct_results", "penalties", "deck_checks"}),
    EventStaff.Role.SCOREKEEPER: frozenset({"enter_results"}),
}
KNOWN = frozenset({"manage"}).union(*CAPABILITIES.values())

# Why a capability was refused, in words a staff member understands (DomainError codes "access.<capability>").
define_messages(
    {
        "access.manage": gettext_lazy("Only the event's organiser can do this."),
        "access.see_decklists": gettext_lazy("Only the event's organiser and judges can see registered decklists."),
        "access.enter_results": gettext_lazy("Only the event's organiser, judges and scorekeepers can enter results."),
        "access.correct_results": gettext_lazy("Only the event's organiser and judges can correct results."),
        "access.penalties": gettext_lazy("Only the event's organiser and judges can issue penalties."),
        "access.deck_checks": gettext_lazy("Only the event's organiser and judges can do deck checks."),
    }
)


def visible_events(user):
    """Public events, and the ones you organise, play in or work at."""
    if user.is_authenticated:
        mine = Q(organiser=user) | Q(entrants__user=user) | Q(entrants__members=user) | Q(staff__user=user)
    else:
        mine = Q(pk__in=[])
    return Event.objects.filter(Q(is_public=True) | mine).distinct().select_related("game", "organiser")


def event_for_viewer(user, event_id):
    event = visible_events(user).filter(pk=event_id).first()
    if event is None:
        raise Http404(_("No such event."))
    return event


def staff_role(user, event):
    """The user's staff role at the event ("judge", "scorekeeper"), or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    cache = event.__dict__.setdefault("_staff_roles", {})
    if user.pk not in cache:
        cache[user.pk] = event.staff.filter(user=user).values_list("role", flat=True).first()
    return cache[user.pk]


def can(user, event, capability):
    """May `user` do `capability` at `event`? The organiser may do everything."""
    if capability not in KNOWN:
        raise ValueError(f"unknown capability {capability!r}")
    if not getattr(user, "is_authenticated", False):
        return False
    if user.pk == event.organiser_id:
        return True
    role = staff_role(user, event)
    return role is not None and capability in CAPABILITIES[role]


def is_staff_or_organiser(user, event):
    return can(user, event, "manage") or staff_role(user, event) is not None


def refusal(capability):
    """The refusal of `capability` as a DomainError (403) for services and the API."""
    return DomainError(f"access.{capability}", status=403)


def require(user, event, capability):
    """Services call this before a write: a DomainError (403) names who may do it."""
    if not can(user, event, capability):
        raise refusal(capability)


def event_for_staff(user, event_id, capability):
    """The event when `user` may do `capability` there; 404 when they may not even see it, else
    PermissionDenied with a message saying who may."""
    event = event_for_viewer(user, event_id)
    if not can(user, event, capability):
        raise PermissionDenied(refusal(capability).message)
    return event


def event_for_organiser(user, event_id):
    """The event when `user` organises it; 404 when they may not even see it, else PermissionDenied."""
    return event_for_staff(user, event_id, "manage")


def match_for_viewer(user, match_id):
    match = Match.objects.select_related("round__event").filter(pk=match_id).first()
    if match is None or not visible_events(user).filter(pk=match.round.event_id).exists():
        raise Http404(_("No such match."))
    return match
