"""A player's phone form: report the current match, confirm the other side's report, or dispute."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError

from .access import event_for_viewer
from .models import Match, Report
from .presenters import head_start, report_lines, report_problem
from .services.entrants import drop
from .services.results_reports import awaits_organiser, confirm, dispute, entrant_of, submit_report


def report_panel(match, user):
    """What the player's page shows about reporting the current match."""
    mine = entrant_of(match, user)
    if mine is None or match.is_bye:
        return None
    reports = list(match.reports.select_related("entrant").order_by("created_at", "pk"))
    theirs = next((r for r in reversed(reports) if r.entrant_id != mine.pk and r.status == Report.Status.SCORED), None)
    my_last = next((r for r in reversed(reports) if r.entrant_id == mine.pk), None)
    seats = list(match.seats.select_related("entrant"))
    return {
        "match": match,
        "me": mine,
        "seats": seats,
        "theirs": theirs,
        "their_score": report_lines(theirs, seats) if theirs else [],
        "my_score": report_lines(my_last, seats) if my_last and my_last.result else [],
        "mine": my_last,
        "my_problem": report_problem(my_last) if my_last else None,
        "can_confirm": theirs is not None and (my_last is None or my_last.result != theirs.result),
        "open": match.status != Match.Status.CONFIRMED,
        "pods": match.round.event.is_pods,
        "head_start": head_start(seats),
    }


def _match(request, pk, match_id):
    event = event_for_viewer(request.user, pk)
    return get_object_or_404(Match.objects.select_related("round__event"), pk=match_id, round__event=event)


def _done(request, pk, action):
    try:
        action()
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("tournaments:me", pk)


@login_required
@require_POST
def report(request, pk, match_id):
    match = _match(request, pk, match_id)
    body = _report_body(request.POST, match)
    if body is None:
        messages.error(request, _("Enter whole numbers for every player."))
        return redirect("tournaments:me", pk)

    def send():
        submit_report(match, request.user, body)
        if awaits_organiser(match):
            messages.success(
                request, _("Result sent. Your opponent has no account here, so the organiser checks and accepts it.")
            )
        else:
            messages.success(request, _("Result sent. Your opponent is asked to confirm it."))

    return _done(request, pk, send)


def _report_body(data, match):
    entrants = [seat.entrant_id for seat in match.seats.all()]
    key = "place" if match.round.event.is_pods else "wins"
    try:
        values = {str(entrant): int(data.get(f"{key}_{entrant}", "")) for entrant in entrants}
        draws = int(data.get("draws") or 0)
    except ValueError:
        return None
    return {"placements": values} if key == "place" else {"wins": values, "draws": draws}


@login_required
@require_POST
def confirm_result(request, pk, match_id):
    match = _match(request, pk, match_id)

    def agree():
        confirm(match, request.user)
        messages.success(request, _("Thank you: the result is confirmed."))

    return _done(request, pk, agree)


@login_required
@require_POST
def dispute_result(request, pk, match_id):
    match = _match(request, pk, match_id)

    def object_to():
        dispute(match, request.user)
        messages.warning(request, _("The result is disputed: the organiser will decide."))

    return _done(request, pk, object_to)


@login_required
def drop_self(request, pk):
    """A player leaves the event from their phone: after their last result, before the next pairing."""
    event = event_for_viewer(request.user, pk)
    entrant = event.entrants.filter(user=request.user).first()
    if entrant is None:
        raise Http404(DomainError("access.not_playing").message)
    if request.method == "POST":
        try:
            drop(entrant, request.user)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, _("You have dropped from %(name)s. Thank you for playing!") % {"name": event.name}
            )
        return redirect("tournaments:me", pk)
    return render(request, "tournaments/drop_self.html", {"event": event, "entrant": entrant})
