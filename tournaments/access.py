"""Who may see and change an event: one place, used by pages and the API."""

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from .models import Event, Match


def visible_events(user):
    """Public events, and the ones you organise or play in."""
    mine = Q(organiser=user) | Q(entrants__user=user) if user.is_authenticated else Q(pk__in=[])
    return Event.objects.filter(Q(is_public=True) | mine).distinct().select_related("game", "organiser")


def event_for_viewer(user, event_id):
    event = visible_events(user).filter(pk=event_id).first()
    if event is None:
        raise Http404(_("No such event."))
    return event


def event_for_organiser(user, event_id):
    """The event when `user` organises it; 404 when they may not even see it, else PermissionDenied."""
    event = event_for_viewer(user, event_id)
    if event.organiser_id != getattr(user, "pk", None):
        raise PermissionDenied(_("Only the event's organiser can do this."))
    return event


def match_for_viewer(user, match_id):
    match = Match.objects.select_related("round__event").filter(pk=match_id).first()
    if match is None or not visible_events(user).filter(pk=match.round.event_id).exists():
        raise Http404(_("No such match."))
    return match
