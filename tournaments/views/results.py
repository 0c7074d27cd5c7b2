"""Results: the organiser's tables and result entry, claims and corrections, the results desk; a
player's report, confirmation or dispute."""

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from api.errors import error_response
from api.idempotency import idempotent
from core.db_blips import retry_on_blip
from core.errors import DomainError
from core.numbers import whole_number
from games.sheets import report_from

from .. import console
from ..access import can, event_for_viewer, staff_role
from ..forms.results import ResultForm
from ..models import AuditAction, EventStaff, Match, Report
from ..presenters.results import head_start, report_form, report_lines, report_problem
from ..presenters.results_sheets import points_tables, sheet_for, sheet_view
from ..presenters.rounds import round_title
from ..services import results as result_services
from ..services.results import last_result_entry
from ..services.results_reports import awaits_organiser, confirm, dispute, entrant_of, submit_report
from .common import _attempt, _back, _match, _next_url, _seats, desk_url, staff_view


@staff_view("enter_results")
def table(request, event, match_id):
    """One table: its result form, built only when opened; each side's claim; who entered the result.
    With ?fragment=1 only the table's panel, for the dashboard to show in place."""
    match = _match(event, match_id)
    if match.is_bye:
        raise Http404(DomainError("result.bye").message)
    fragment = request.GET.get("fragment") == "1"
    template = "tournaments/manage/_table.html" if fragment else "tournaments/manage/table.html"
    context = {
        **_table_context(event, match),
        "next": _next_url(request, event),
        "home_url": desk_url(request.user, event),
    }
    return render(request, template, context)


def _table_context(event, match, form=None, stale=False, status=200, sheet=None):
    row = console.table_rows([match])[0]
    seats = row["seats"]
    pending = match.status != Match.Status.CONFIRMED
    latest = event.rounds.order_by("-number").values_list("pk", flat=True).first()
    correction = not event.results_open(match.round_id == latest)
    if form is None and not correction:
        initial = {"version": match.version, **({} if pending else ResultForm.initial_for(match, seats))}
        form = ResultForm(match=match, seats=seats, event=event, initial=initial, auto_id=f"id_m{match.pk}_%s")
    entry = None if pending else last_result_entry(match)
    declared = sheet_for(event)
    if sheet is None and declared is not None and not correction:
        sheet = sheet_view(declared, seats)
    return {
        "event": event,
        "match": match,
        "row": row,
        "form": form,
        "sheet": sheet,
        "claim_points": {claim["report"].pk: points_tables(claim["report"].result, seats) for claim in row["claims"]},
        "stale": stale,
        "correction": correction,
        "round_label": round_title(match.round),
        "entered_by": _entered_by(entry),
        "entered_at": entry.created_at if entry else None,
    }


def _entered_by(entry):
    if entry is None:
        return ""
    if entry.action == AuditAction.RESULT_CONFIRM:
        return _("the players, who both reported it")
    return entry.actor.username if entry.actor else _("System")


@staff_view("enter_results")
@require_POST
def result(request, event, match_id):
    """The organiser, a judge or a scorekeeper enters a table's result (tournaments.access)."""
    match = _match(event, match_id)
    form = ResultForm(request.POST, match=match, seats=_seats(match), event=event, auto_id=f"id_m{match.pk}_%s")
    if not form.is_valid():
        return _refused(request, event, match, form)
    try:
        result_services.record_result(match, request.user, **form.service_arguments())
    except DomainError as error:
        if error.code == "result.stale":
            return _stale(request, event, match, error)
        if form.refuse(error):
            return _refused(request, event, match, form)
        prefix = _("Table %(table)s:") % {"table": match.table}
        messages.error(request, f"{prefix} {error.message}")
    else:
        _saved(request, match)
    return _back(request, event)


def _refused(request, event, match, form):
    """Bad input: the table's page again with what was entered, the error summary on top and each
    field at fault marked (docs/accessibility.md). Nothing was saved."""
    context = {
        **_table_context(event, match, form=form),
        "next": _next_url(request, event),
        "home_url": desk_url(request.user, event),
    }
    if context["correction"]:  # the round is over: its page has no result form to show them on
        problems = " ".join(str(error) for errors in form.errors.values() for error in errors)
        messages.error(request, _("Table %(table)s:") % {"table": match.table} + f" {problems}")
        return _back(request, event)
    return render(request, "tournaments/manage/table.html", context, status=400)


def _saved(request, match):
    messages.success(request, _("Table %(table)s: result saved.") % {"table": match.table})


def _stale(request, event, match, error):
    """The table changed after the form was opened: nothing saved. Show what it holds now, and the
    organiser's entry again, ready to overwrite it on purpose."""
    match.refresh_from_db()
    data = request.POST.copy()
    data["version"], data["overwrite"] = str(match.version), "1"
    form = ResultForm(data, match=match, seats=_seats(match), event=event, auto_id=f"id_m{match.pk}_%s")
    form.is_valid()
    context = {
        **_table_context(event, match, form=form, stale=True),
        "stale_message": error.message,
        "next": _next_url(request, event),
        "home_url": desk_url(request.user, event),
    }
    return render(request, "tournaments/manage/table.html", context, status=409)


@staff_view("enter_results")
@require_POST
def accept(request, event, match_id):
    """Accept one side's claim of a reported or disputed table as its result."""
    match = _match(event, match_id)
    report = request.POST.get("report", "")
    version = request.POST.get("version", "")
    done, _match_row = _attempt(
        request,
        result_services.accept_report,
        match,
        request.user,
        whole_number(report),
        expected_version=whole_number(version),
    )
    if done:
        _saved(request, match)
    return _back(request, event)


@staff_view("correct_results")
def correction(request, event, match_id):
    """A result of a finished round changes only with a reason, which goes into the log."""
    match = _match(event, match_id)
    seats = _seats(match)
    if match.is_bye:
        messages.error(request, _("A bye has no result to correct."))
        return redirect(desk_url(request.user, event) + "#earlier")
    form = ResultForm(
        request.POST or None,
        match=match,
        seats=seats,
        event=event,
        correction=True,
        initial=ResultForm.initial_for(match, seats),
    )
    if request.method == "POST" and form.is_valid():
        try:
            result_services.record_result(
                match, request.user, correction=form.cleaned_data["reason"], **form.service_arguments()
            )
        except DomainError as error:
            form.refuse(error)
        else:
            messages.success(
                request,
                _("Round %(round)s, table %(table)s: result corrected.")
                % {"round": match.round.number, "table": match.table},
            )
            return redirect(desk_url(request.user, event) + "#log")
    context = {
        "event": event,
        "match": match,
        "seats": seats,
        "form": form,
        "round_label": round_title(match.round),
        "back_url": desk_url(request.user, event),
    }
    return render(request, "tournaments/manage/correction.html", context)


@staff_view("enter_results")
def results_desk(request, event):
    """The current round's tables, paged like the organiser's console; a table's form opens on its own."""
    from .. import console

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


def report_panel(match, user):
    """What the player's page shows about reporting the current match."""
    mine = entrant_of(match, user)
    if mine is None or match.is_bye:
        return None
    reports = list(match.reports.select_related("entrant").order_by("created_at", "pk"))
    theirs = next((r for r in reversed(reports) if r.entrant_id != mine.pk and r.status == Report.Status.SCORED), None)
    my_last = next((r for r in reversed(reports) if r.entrant_id == mine.pk), None)
    # The reporting player's own line first, whatever the seat order: a wrong-way-round result is
    # the easiest mistake to make on a phone.
    seats = sorted(match.seats.select_related("entrant"), key=lambda seat: seat.entrant_id != mine.pk)
    declared = sheet_for(match.round.event)
    return {
        "sheet": sheet_view(declared, seats) if declared else None,
        "report": None if declared else report_form(seats, mine, match.round.event.is_pods),
        "their_points": points_tables(theirs.result, seats) if theirs else [],
        "my_points": points_tables(my_last.result, seats) if my_last and my_last.result else [],
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


def _players_match(request, pk, match_id):
    event = event_for_viewer(request.user, pk)
    try:
        return Match.objects.select_related("round__event").get(pk=match_id, round__event=event)
    except Match.DoesNotExist:
        if _from_queue(request):  # a report kept on the phone while its round was paired again
            raise DomainError("report.table_gone", status=404) from None
        raise Http404(DomainError("report.table_gone").message) from None


def _from_queue(request):
    """Sent by the phone's queue (static/js/report-retry.js), which shows a refusal itself and keeps
    the report for the player to see: it needs the reason as data, not a page."""
    return request.headers.get("X-Requested-With") == "fetch"


def _done(request, pk, action):
    try:
        action()
    except DomainError as error:
        if _from_queue(request):
            return error_response(error)
        messages.error(request, error.message)
    return redirect("tournaments:me", pk)


def _phone_form(view):
    """A player's report, confirmation or dispute: logged-in players only, POST only. The phone's
    queue gets every refusal (logged out, a table gone, a closed match) as JSON, never as a redirect
    it cannot read."""
    logged_in = login_required(view)

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        if _from_queue(request) and not request.user.is_authenticated:
            error = DomainError("report.logged_out", status=401)
            return error_response(error)
        try:
            return logged_in(request, *args, **kwargs)
        except DomainError as error:
            if not _from_queue(request):
                raise
            return error_response(error)

    return require_POST(wrapper)


@_phone_form
@idempotent
@retry_on_blip
def report(request, pk, match_id):
    """A player's report: a score sheet where the game declares one, else game wins or places. Bad
    input (a refusal naming a field) shows the form again, filled in, with the error summary and the
    field at fault marked; the phone's queue gets every refusal as JSON."""
    match = _players_match(request, pk, match_id)
    declared = sheet_for(match.round.event)
    seats = _seats(match)
    # The reporter's own side first, as on their page: for a team, the team of which they are a member.
    mine = entrant_of(match, request.user, seats)
    seats = sorted(seats, key=lambda seat: mine is None or seat.entrant_id != mine.pk)
    try:
        if declared is not None:
            body = report_from(declared, request.POST, [seat.entrant_id for seat in seats])
        else:
            body = _report_body(request.POST, match)
        submit_report(match, request.user, body)
    except DomainError as error:
        if _from_queue(request):
            return error_response(error)
        if error.status == 400 and error.field != "non_field_errors":
            return _report_again(request, match, seats, mine, declared, error)
        messages.error(request, error.message)
        return redirect("tournaments:me", pk)
    if awaits_organiser(match):
        messages.success(
            request, _("Result sent. Your opponent has no account here, so the organiser checks and accepts it.")
        )
    else:
        messages.success(request, _("Result sent. Your opponent is asked to confirm it."))
    return redirect("tournaments:me", pk)


def _report_again(request, match, seats, mine, declared, error):
    """The report refused for bad input: nothing was stored; the form again as it was filled in."""
    event = match.round.event
    if mine is None:  # not a player of this match: that is the refusal to show, not the form
        messages.error(request, DomainError("report.players_only").message)
        return redirect("tournaments:me", event.pk)
    context = {"match": match, "event": event}
    if declared is not None:
        context["sheet"] = sheet_view(declared, seats, request.POST, error)
    else:
        context["report"] = report_form(seats, mine, event.is_pods, request.POST, error)
    return render(request, "tournaments/report_sheet.html", context, status=400)


def _report_body(data, match):
    """The report from the form's numbers; a field left empty or not a number is refused, named."""
    entrants = [seat.entrant_id for seat in match.seats.all()]
    pods = match.round.event.is_pods
    key = "place" if pods else "wins"
    try:
        values = {str(entrant): int(data.get(f"{key}_{entrant}", "")) for entrant in entrants}
    except ValueError:
        code, field = ("result.placements_whole", "placements") if pods else ("result.wins_whole", "wins")
        raise DomainError(code, field) from None
    if pods:
        return {"placements": values}
    try:
        draws = int(data.get("draws") or 0)
    except ValueError:
        raise DomainError("result.wins_whole", "draws") from None
    return {"wins": values, "draws": draws}


@_phone_form
@idempotent
@retry_on_blip
def confirm_result(request, pk, match_id):
    match = _players_match(request, pk, match_id)

    def agree():
        confirm(match, request.user)
        messages.success(request, _("Thank you: the result is confirmed."))

    return _done(request, pk, agree)


@_phone_form
@idempotent
def dispute_result(request, pk, match_id):
    match = _players_match(request, pk, match_id)

    def object_to():
        dispute(match, request.user)
        messages.warning(request, _("The result is disputed: the organiser will decide."))

    return _done(request, pk, object_to)
