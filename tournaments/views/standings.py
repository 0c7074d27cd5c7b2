"""Standings: the page (live, with one's own row marked), its CSV and JSON exports."""

import json
from urllib.parse import urlencode

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.exports import csv_response, csv_text

from .. import page_cache
from ..access import event_for_viewer
from ..presenters.events import export_cells, export_columns
from ..presenters.rounds import top_cut_stage
from ..presenters.standings import places_text, standings_payload
from ..services.standings import event_standings, pod_bye_points
from .common import (
    Listing,
    _my_entrant,
    _respond,
    _wants_fragment,
)
from .events import _swiss_progress


def _percent_rows(rows):
    """Rows with their percentages out of 100 and, in pods, the places in words (no game-win columns)."""
    return [
        {
            **row,
            "omw_pct": row["omw"] * 100,
            "gw_pct": row["gw"] * 100 if "gw" in row else None,
            "ogw_pct": row["ogw"] * 100 if "ogw" in row else None,
            "places_text": places_text(row["places"]) if "places" in row else None,
            "stage_name": top_cut_stage(row.get("top_cut")),
        }
        for row in rows
    ]


def _standings_html(event, listing):
    """The standings table (a page or a search), rendered once per version, marked for nobody."""

    def build():
        paired, complete = _swiss_progress(event)
        rows = _percent_rows(event_standings(event))
        found = listing.filter(rows, lambda row: [row["name"]])
        shown, page = listing.page(found)
        context = {
            "event": event,
            "rows": shown,
            "total": len(rows),
            "found": len(found),
            "listing": listing,
            "page": page,
            "query": listing.query(),
            "swiss_played": paired,
            "swiss_complete": complete,
            "rounds_planned": event.planned_rounds(),
            "final": event.is_finished,
            "game_totals": event.is_pods and event.game.definition.totals_break_ties,
            "bye_points": pod_bye_points(event),
        }
        return render_to_string("tournaments/_standings_table.html", context)

    return listing.cached(event, "standings", (), build)


def _mark_mine(html, entrant_id):
    """Highlight the viewer's own row in the shared rendering (a string edit, not a render)."""
    if entrant_id is None:
        return html
    row = f'id="standing-{entrant_id}" class="'
    return html.replace(row, row + "mine ", 1)


def standings(request, pk):
    event = event_for_viewer(request.user, pk)
    me = _my_entrant(request.user, event)
    mine = me.pk if me else None
    listing = Listing(request)

    def live_html():
        return mark_safe(_mark_mine(_standings_html(event, listing), mine))  # noqa: S308 - our template

    live_tag = page_cache.etag(event, "standings-live", listing.params, mine)
    if _wants_fragment(request):
        return _respond(request, live_tag, lambda: HttpResponse(live_html()))

    def build():
        live_url = f"{request.path}?{urlencode({**request.GET.dict(), 'fragment': '1'})}"
        context = {"event": event, "me": me, "live_html": live_html(), "live_url": live_url, "live_etag": live_tag}
        context["listing"] = listing
        return render(request, "tournaments/standings.html", context)

    return _respond(request, page_cache.etag(event, "standings", listing.params, request.user.pk), build)


def _csv_columns():
    return [
        pgettext("standings position", "Rank"),
        _("Entry number"),
        _("Player"),
        _("Match points"),
        _("Wins"),
        _("Losses"),
        _("Draws"),
        _("Byes"),
        _("OMW %"),
        _("GW %"),
        _("OGW %"),
        _("Dropped"),
        _("Disqualified"),
        _("Swiss rank"),
        _("Top cut"),
        *export_columns(),
    ]


def _pod_csv_columns(totals):
    """Pods: places and the one points scale instead of wins-losses-draws and game-win percentages."""
    return [
        pgettext("standings position", "Rank"),
        _("Entry number"),
        _("Player"),
        _("Match points"),
        pgettext("finishing places", "Places"),
        _("Byes"),
        _("OMP %"),
        *([_("Game total")] if totals else []),
        _("Dropped"),
        _("Disqualified"),
        _("Swiss rank"),
        _("Top cut"),
        *export_columns(),
    ]


def _csv_record(row, totals):
    """The cells between the points and the dropped flag: places (pods) or wins-losses-draws."""
    if "places" in row:
        return [row["places_text"], row["byes"], row["omw_pct"], *([row.get("game_total", 0)] if totals else [])]
    return [row["wins"], row["losses"], row["draws"], row["byes"], row["omw_pct"], row["gw_pct"], row["ogw_pct"]]


def _standings_csv_text(event):
    event_cells = export_cells(event)
    totals = event.is_pods and event.game.definition.totals_break_ties
    rows = (
        [
            row["rank"],
            row["entrant"],
            row["name"],
            row["match_points"],
            *_csv_record(row, totals),
            bool(row["dropped"]),
            bool(row.get("disqualified")),
            row.get("swiss_rank", row["rank"]),
            row["stage_name"],
            *event_cells,
        ]
        for row in _percent_rows(event_standings(event))
    )
    columns = _pod_csv_columns(totals) if event.is_pods else _csv_columns()
    return csv_text(columns, rows)


def standings_csv(request, pk):
    event = event_for_viewer(request.user, pk)

    def build():
        # The cache key and the ETag hold the language: each reader gets their own headers and separator.
        text = page_cache.cached(event, "standings-csv", (), lambda: _standings_csv_text(event))
        return csv_response(f"event-{event.pk}-standings.csv", text=text)

    return _respond(request, page_cache.etag(event, "standings-csv"), build)


def standings_json(request, pk):
    """The same body as GET /api/v1/tournaments/<pk>/standings/."""
    event = event_for_viewer(request.user, pk)

    def build():
        text = page_cache.cached(
            event, "standings-json", (), lambda: json.dumps(standings_payload(event), cls=DjangoJSONEncoder)
        )
        return HttpResponse(text, content_type="application/json")

    return _respond(request, page_cache.etag(event, "standings-json"), build)
