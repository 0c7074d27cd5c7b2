"""Team events: the organiser adds a team of two by name from the dashboard; a member with an
account links it from the event page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError

from .access import event_for_viewer
from .forms import TeamForm, errors_in_one_line
from .services import events as event_services
from .services import teams
from .views_staff import staff_view


@staff_view("manage")
@require_POST
def add_team(request, event):
    form = TeamForm(request.POST)
    if not form.is_valid():
        messages.error(request, errors_in_one_line(form))
    else:
        data = form.cleaned_data
        try:
            team = event_services.add_team(event, request.user, data["team_name"], [data["member_1"], data["member_2"]])
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("%(name)s added.") % {"name": team.name})
    return redirect(reverse("tournaments:manage_players", args=[event.pk]))


@login_required
@require_POST
def join_team(request, pk, entrant_id):
    """A member named in a team links their account to it, and may then report for the team."""
    event = event_for_viewer(request.user, pk)
    team = get_object_or_404(event.entrants, pk=entrant_id)
    try:
        teams.join_team(team, request.user)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You play in this event as a member of %(name)s.") % {"name": team.name})
    return redirect(reverse("tournaments:event", args=[event.pk]))
