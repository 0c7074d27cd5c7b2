"""Prizes: the judge's prize plan, the prize sheet and its CSV."""

from django.contrib import messages
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from core.errors import DomainError
from core.exports import csv_response
from core.exports import record as record_cell

from ..access import event_for_viewer
from ..forms.prizes import PrizePlanForm
from ..presenters.events import export_cells, export_columns
from ..presenters.prizes import with_records
from ..services import prizes as prize_services
from .common import _attempt, _judging, organiser_view


def _plan_initial(plan):
    if not plan:
        return {}
    table = plan.get("by_standing") and ", ".join(map(str, plan["by_standing"]))
    table = table or "\n".join(f"{record}: {prize}" for record, prize in (plan.get("by_record") or {}).items())
    return {**plan, "table": table}


def _sheet_or_problem(event):
    """The fixed sheet, else a preview from the standings now, else the reason none can be made;
    each line with the player's record (W-L-D)."""
    if event.prizes.sheet:
        return with_records(event, {"fixed": True, **prize_services.readable_sheet(event.prizes.sheet)})
    if not event.prizes.plan:
        return None
    try:
        return with_records(
            event, {"fixed": False, **prize_services.sheet_payload(event, prize_services.preview(event))}
        )
    except DomainError as error:
        return {"problem": error.message}


@organiser_view
@require_POST
def prize_plan(request, event):
    form = PrizePlanForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Prize numbers are whole numbers from 0."))
        return _judging(event, "prizes")
    done, _event = _attempt(request, lambda: prize_services.set_prize_plan(event, request.user, form.plan()))
    if done:
        messages.success(request, _("Prize pool saved."))
    return _judging(event, "prizes")


def prize_sheet(request, pk):
    """Printable prize sheet, for anyone who may see the event."""
    event = event_for_viewer(request.user, pk)
    return render(request, "tournaments/prize_sheet.html", {"event": event, "sheet": _sheet_or_problem(event)})


def prizes_csv(request, pk):
    """The prize sheet (fixed at finish, else the preview) for anyone who may see the event."""
    event = event_for_viewer(request.user, pk)
    sheet = _sheet_or_problem(event) or {}
    header = [
        pgettext("standings position", "Rank"), _("Entry number"), _("Player"), pgettext("finishing places", "Places") if event.is_pods else _("Record (W-L-D)"), _("Prize"),
        _("Fixed"), *export_columns(),
    ]  # fmt: skip
    fixed, event_cells = bool(sheet.get("fixed")), export_cells(event)
    rows = [
        # a sheet fixed before places were kept numbers its lines in order
        [line.get("place", place), line["entrant"], line["name"], record_cell(line["record"]), line["prize"], fixed]
        + event_cells
        for place, line in enumerate(sheet.get("lines", []), start=1)
    ]
    if "pool" in sheet:
        rows.append(["", "", _("Left over"), "", sheet["leftover"], fixed, *event_cells])
    return csv_response(f"event-{event.pk}-prizes.csv", header, rows)
