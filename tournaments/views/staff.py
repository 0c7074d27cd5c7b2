"""The event's staff: the organiser's staff page, and the results desk where judges and
scorekeepers enter (and judges correct) results. Who may do what is tournaments.access."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError

from ..forms.staff import StaffForm
from ..services import staff as staff_services
from .common import desk_url, staff_view


@staff_view("manage")
def staff(request, event):
    form = StaffForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            member = staff_services.add_staff(
                event, request.user, form.cleaned_data["username"], form.cleaned_data["role"]
            )
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(
                request,
                _("%(username)s is on the staff: %(role)s.")
                % {"username": member.user.username, "role": member.get_role_display()},
            )
            return redirect("tournaments:staff", event.pk)
    context = {"event": event, "form": form, "staff": staff_services.event_staff(event)}
    return render(request, "tournaments/manage/staff.html", context)


@staff_view("manage")
@require_POST
def staff_remove(request, event, user_id):
    try:
        member = staff_services.remove_staff(event, request.user, user_id)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(username)s is no longer on the staff.") % {"username": member.user.username})
    return redirect("tournaments:staff", event.pk)


@staff_view("correct_results")
def event_log(request, event):
    """The whole log, paged, filterable by round and by player."""
    from django.core.paginator import Paginator

    from ..presenters.audit import LOG_PAGE, audit_roles, describe_audit, filtered_audit, log_filters

    round_number, entrant_id = log_filters(event, request.GET)
    entrants = list(event.entrants.order_by("name").values_list("pk", "name"))
    names = dict(entrants)
    page = Paginator(filtered_audit(event, round_number, entrant_id), LOG_PAGE).get_page(request.GET.get("page"))
    roles = audit_roles(event)
    context = {
        "event": event,
        "page": page,
        "entries": [describe_audit(entry, names, roles) for entry in page.object_list],
        "rounds": list(event.rounds.order_by("number").values_list("number", flat=True)),
        "entrants": entrants,
        "round_number": round_number,
        "entrant_id": entrant_id,
        "back_url": desk_url(request.user, event),
    }
    return render(request, "tournaments/manage/log.html", context)
