"""The event's staff: the organiser's staff page, and the results desk where judges and
scorekeepers enter (and judges correct) results. Who may do what is tournaments.access."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError

from .access import can, event_for_staff, staff_role
from .forms import StaffForm
from .models import EventStaff
from .presenters import round_title
from .services import staff as staff_services


def staff_view(capability):
    """Signed in (else the login page) and allowed `capability` at the event: 404 if they cannot see it, else 403."""

    def decorate(view):
        @login_required
        @wraps(view)
        def wrapper(request, pk, *args, **kwargs):
            return view(request, event_for_staff(request.user, pk, capability), *args, **kwargs)

        return wrapper

    return decorate


def desk_url(user, event):
    """Where a result form returns to: the organiser's dashboard, or the staff's results desk."""
    name = "tournaments:manage" if can(user, event, "manage") else "tournaments:results_desk"
    return redirect(name, event.pk).url


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


@staff_view("enter_results")
def results_desk(request, event):
    """The current round's tables, paged like the organiser's console; a table's form opens on its own."""
    from . import console

    current = event.rounds.order_by("-number").first()
    finished = event.is_finished
    role = staff_role(request.user, event)
    context = {
        "event": event,
        "role": EventStaff.Role(role).label if role else "",
        "current": current,
        "current_label": round_title(current) if current else "",
        "tables": console.round_tables(current, request, action_first=True) if current else None,
        "corrections": finished,
        "may_correct": can(request.user, event, "correct_results"),
        "earlier_rounds": (current.number if finished else current.number - 1) if current else 0,
    }
    return render(request, "tournaments/manage/results_desk.html", context)


@staff_view("correct_results")
def event_log(request, event):
    """The whole log, paged, filterable by round and by player."""
    from django.core.paginator import Paginator

    from .presenters import LOG_PAGE, audit_roles, describe_audit, filtered_audit, log_filters

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


def registered_message(request, entrant):
    """Staff registered a list for an entry: say whether it lets them check in."""
    if entrant.deck_legal:
        messages.success(request, _("Deck registered for %(name)s.") % {"name": entrant.name})
    else:
        messages.warning(request, _("Deck registered for %(name)s, but it is not legal.") % {"name": entrant.name})
