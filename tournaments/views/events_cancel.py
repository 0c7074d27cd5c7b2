"""Calling an event off: the organiser's confirmations to cancel, reopen and delete it
(services.events_cancel)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from ..forms.events import CancelForm
from ..models import Event
from ..services import events_cancel as cancel_services
from ..services.common import status_refusal
from .common import _attempt, _dashboard, organiser_view


@organiser_view
def cancel(request, event):
    """Cancel the event, after a confirmation that says what happens and asks why (players see it)."""
    if event.is_finished or event.is_cancelled:
        messages.error(request, status_refusal(event).message)
        return _dashboard(event)
    form = CancelForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        done, _event = _attempt(request, cancel_services.cancel_event, event, request.user, form.cleaned_data["reason"])
        if done:
            messages.success(request, _("The event is cancelled. Its players see it, with your reason."))
        return _dashboard(event)
    context = {
        "event": event,
        "title": _("Cancel %(name)s?") % {"name": event.name},
        "explanation": _(
            "Players see that it is cancelled, with your reason, on the event page, in the events lists and in "
            "the API. Until you reopen it nobody can register, join with the code or the waitlist, check in, be "
            "paired or report a result, and the round clock is paused. Nothing is deleted: players, rounds, "
            "results and the waitlist stay as they are. The events list shows it only to its players and staff, "
            "or to anyone who filters on “Cancelled”. You can reopen it: it then returns to “%(state)s”."
        )
        % {"state": event.get_status_display()},
        "button": _("Yes, cancel the event"),
        "back_label": _("Keep the event"),
        "form": form,
    }
    return render(request, "tournaments/manage/confirm.html", context)


@organiser_view
def reopen(request, event):
    """Undo a cancellation, after a confirmation: the event returns to the status it had."""
    if not event.is_cancelled:
        messages.error(request, status_refusal(event).message)
        return _dashboard(event)
    if request.method == "POST":
        done, reopened = _attempt(request, cancel_services.reopen_event, event, request.user)
        if done:
            messages.success(
                request, _("The event is open again, in “%(state)s”.") % {"state": reopened.get_status_display()}
            )
        return _dashboard(event)
    state = Event.Status(cancel_services.status_after_reopening(event)).label
    context = {
        "event": event,
        "title": _("Reopen %(name)s?") % {"name": event.name},
        "explanation": _(
            "The event returns to “%(state)s”, as it was when it was cancelled; the cancellation notice goes. "
            "A paused round clock stays paused until you resume it."
        )
        % {"state": state},
        "button": _("Yes, reopen the event"),
    }
    return render(request, "tournaments/manage/confirm.html", context)


@organiser_view
def delete(request, event):
    """Delete an event made by mistake, after a confirmation; one with players, a waitlist or rounds is
    refused with the advice to cancel it instead."""
    refusal = cancel_services.delete_refusal(event)
    if request.method == "POST" and refusal is None:
        done, _deleted = _attempt(request, cancel_services.delete_event, event, request.user)
        if done:
            messages.success(request, _("“%(name)s” is deleted.") % {"name": event.name})
            return redirect(reverse("tournaments:events") + "?mine=organising")
        return _dashboard(event)
    if refusal is not None:
        messages.error(request, refusal.message)
        return _dashboard(event)
    context = {
        "event": event,
        "title": _("Delete %(name)s for good?") % {"name": event.name},
        "explanation": _(
            "Deleting is final: it cannot be undone. The event, its settings, its staff, its webhooks and its "
            "log are deleted, and its page and join code stop working. Nobody has entered it or waits for a "
            "place, so no player is affected."
        ),
        "button": _("Yes, delete it for good"),
        "back_label": _("Keep the event"),
    }
    return render(request, "tournaments/manage/confirm.html", context)
