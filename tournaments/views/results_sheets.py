"""Score sheets at the desk: a table's sheet entered by the organiser (scored by the game's rules,
written as its result through the one writer) and a round's sheets to print."""

from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_POST

from core.errors import DomainError
from core.numbers import whole_number
from games.sheets import report_from

from ..models import Seat
from ..presenters.results_sheets import sheet_for, sheet_view
from ..presenters.rounds import round_title
from ..services import results as result_services
from .common import _back, _match, _next_url, _round_or_404, _seats, desk_url, staff_view
from .results import _saved, _table_context


@staff_view("enter_results")
@require_POST
def result_sheet(request, event, match_id):
    """The organiser enters a table's score sheet: scored by the game's rules, written as its result."""
    match = _match(event, match_id)
    declared = sheet_for(event)
    if declared is None or match.is_bye:
        raise Http404
    seats = _seats(match)
    report = report_from(declared, request.POST, [seat.entrant_id for seat in seats])
    version = request.POST.get("version", "")
    try:
        result_services.record_result(
            match,
            request.user,
            games=report["games"],
            expected_version=whole_number(version),
            overwrite=request.POST.get("overwrite") == "1",
        )
    except DomainError as error:
        if error.code == "result.stale":
            match.refresh_from_db()
        sheet = sheet_view(declared, seats, request.POST, error)
        context = {
            **_table_context(event, match, sheet=sheet, stale=error.code == "result.stale"),
            "stale_message": error.message,
            "next": _next_url(request, event),
            "home_url": desk_url(request.user, event),
        }
        return render(request, "tournaments/manage/table.html", context, status=error.status)
    _saved(request, match)
    return _back(request, event)


@staff_view("enter_results")
def score_sheets(request, event, number):
    """A round's score sheets to print, one pod (table) a page; ?match= prints one table's."""
    round_ = _round_or_404(event, number)
    declared = sheet_for(event)
    if declared is None:
        raise Http404
    matches = round_.matches.filter(is_bye=False).order_by("table")
    wanted = request.GET.get("match", "")
    match_id = whole_number(wanted)
    if match_id is not None:
        matches = matches.filter(pk=match_id)
    seats = Prefetch("seats", queryset=Seat.objects.select_related("entrant").order_by("pk"))  # as _seats reads them
    tables = [(match, sheet_view(declared, list(match.seats.all()))) for match in matches.prefetch_related(seats)]
    context = {"event": event, "round_label": round_title(round_), "tables": tables, "round": round_}
    return render(request, "tournaments/manage/score_sheets.html", context)
