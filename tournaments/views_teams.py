"""Team events: the organiser adds a team of two (accounts or names) from the dashboard."""

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError

from .forms import TeamForm, errors_in_one_line
from .services import entrants as entrant_services
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
            team = entrant_services.add_team(
                event, request.user, data["team_name"], [data["member_1"], data["member_2"]]
            )
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("%(name)s added.") % {"name": team.name})
    return redirect(reverse("tournaments:manage_players", args=[event.pk]))
