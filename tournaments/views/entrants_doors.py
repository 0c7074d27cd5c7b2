"""The join code's pages: typing a code to register, the organiser's printable join sheet and
replacing the code (the services: entrants_doors and entrants)."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from core.errors import DomainError

from ..joining import event_by_typed_code, join_panel, join_url
from ..services import entrants as entrant_services
from ..services import entrants_doors as doors
from .common import _attempt, _dashboard, organiser_view


def join(request, code=""):
    """/events/join/<code>/: the registration of the event with that code (sign in first). Without a
    code, or with an unknown one, a box to type it."""
    code = code or request.GET.get("code", "")
    if not code:
        return render(request, "tournaments/join.html", {})
    try:
        event = event_by_typed_code(request, code)
    except DomainError as error:
        # the error summary links the refusal to the code's box (templates/tournaments/join.html)
        problems = [{"message": error.message, "target": "join-code-input"}]
        context = {"problem": error.message, "problems": problems, "code": code[:12]}
        response = render(request, "tournaments/join.html", context, status=error.status)
        if "seconds" in error.params:
            response["Retry-After"] = str(error.params["seconds"])
        return response
    target = reverse("tournaments:register", args=[event.pk]) + "?" + urlencode({"code": event.join_code})
    if not request.user.is_authenticated:
        return redirect_to_login(target)
    return redirect(target)


def join_context(request, event):
    """The dashboard's and the join sheet's join code, QR code, places and waitlist."""
    return {
        "join": join_panel(join_url(request, event), event.join_code),
        "places_taken": entrant_services.places_taken(event),
        "waiting_count": entrant_services.waiting(event).count(),
    }


@organiser_view
def join_sheet(request, event):
    """A printable page with the join code and its QR code, for the desk or the door."""
    return render(request, "tournaments/manage/join_sheet.html", {"event": event, **join_context(request, event)})


@organiser_view
def join_code(request, event):
    """Replace the join code, after a confirmation: the old code stops working."""
    if request.method == "POST":
        done, _event = _attempt(request, doors.regenerate_join_code, event, request.user)
        if done:
            messages.success(
                request, _("New join code: %(code)s. The old code no longer works.") % {"code": _event.join_code}
            )
        return _dashboard(event, "join")
    context = {
        "event": event,
        "title": _("Replace the join code %(code)s?") % {"code": event.join_code},
        "explanation": _(
            "A new code and QR code replace the old ones, which stop working at once: printed or shared "
            "copies of the old code no longer lead to registration."
        ),
        "button": _("Yes, make a new code"),
    }
    return render(request, "tournaments/manage/confirm.html", context)
