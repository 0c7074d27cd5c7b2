"""The metagame report (docs/metagame.md): an event's, once its decklists are published (the
organiser and judges see it before), and a store's season over its finished events of one format;
each as a page, CSV and JSON. Who may read which report is services.metagame."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.exports import csv_response, csv_text

from .. import page_cache
from ..forms.metagame import SeasonForm
from ..presenters.metagame import csv_header, csv_rows, report_page
from ..services.metagame import build_report, event_for_report, event_payload, event_report, season_events
from .common import _respond


def event_metagame(request, pk):
    event, scope = event_for_report(request.user, pk)

    def build():
        context = {"event": event, "report": report_page(event_report(event, scope)), "scope": scope}
        return render(request, "tournaments/metagame.html", context)

    return _respond(request, page_cache.etag(event, "metagame", scope), build)


def event_metagame_csv(request, pk):
    event, scope = event_for_report(request.user, pk)

    def build():
        text = page_cache.cached(event, "metagame-csv", (scope,), lambda: _csv_text(event_report(event, scope)))
        return csv_response(f"event-{event.pk}-metagame.csv", text=text)

    return _respond(request, page_cache.etag(event, "metagame-csv", scope), build)


def event_metagame_json(request, pk):
    """The same body as GET /api/v1/public/events/<pk>/metagame/ (for staff, every registered list)."""
    event, scope = event_for_report(request.user, pk)

    def build():
        text = page_cache.cached(
            event, "metagame-json", (scope,), lambda: json.dumps(event_payload(event, scope), cls=DjangoJSONEncoder)
        )
        return HttpResponse(text, content_type="application/json")

    return _respond(request, page_cache.etag(event, "metagame-json", scope), build)


def _csv_text(report):
    return csv_text(csv_header(report), csv_rows(report))


def season(request):
    form, events, report = _season(request)
    context = {"form": form, "events": events, "report": report_page(report) if report else None}
    context["query"] = request.GET.urlencode()
    return render(request, "tournaments/metagame_season.html", context)


def season_csv(request):
    form, _events, report = _season(request)
    if report is None:
        return render(request, "tournaments/metagame_season.html", {"form": form}, status=400)
    return csv_response("season-metagame.csv", csv_header(report), csv_rows(report))


def season_json(request):
    form, events, report = _season(request)
    if report is None:
        body = {"message": _("Choose an organiser and a format."), "code": "metagame.season_filter"}
        body["errors"] = {field: [str(error) for error in errors] for field, errors in form.errors.items()}
        return HttpResponse(json.dumps(body), status=400, content_type="application/json")
    payload = {"events": [{"id": event.pk, "name": event.name, "starts_at": event.starts_at} for event in events]}
    return HttpResponse(json.dumps({**payload, **report}, cls=DjangoJSONEncoder), content_type="application/json")


def _season(request):
    """(form, events, report): the report is None until the filter is valid."""
    form = SeasonForm(request.GET or None)
    if not form.is_valid():
        return form, [], None
    data = form.cleaned_data
    events = list(season_events(data["organiser"], data["format"], data.get("date_from"), data.get("date_to")))
    return form, events, build_report(events)
