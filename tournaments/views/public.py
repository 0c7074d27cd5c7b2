"""Pages anyone who may see an event reads: list, event page, pairings, slips, standings, bracket,
player page and timer. Every lookup goes through tournaments.access: others' private events are 404."""

from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.exports import csv_response, csv_text
from core.exports import record as record_cell

from .. import page_cache
from ..access import event_for_viewer
from ..joining import join_panel, join_url
from ..models import Match, Seat
from ..models.entrants import labels_among
from ..presenters.events import export_cells, export_columns
from ..presenters.results import outcome_for
from ..presenters.rounds import by_name, clock, round_title, table_end, top_cut_stage
from ..presenters.standings import places_text
from ..services.judging import my_call
from ..services.rounds import current_round
from ..services.rounds_clock import clock_label, remaining_seconds
from ..services.sealed import seat_sheet
from ..services.standings import event_standings, pod_bye_points
from .common import (
    Listing,
    _got_place,
    _my_entrant,
    _player_count,
    _render_live,
    _respond,
    _round_or_404,
    _round_rows,
    _seat_names,
    _wants_fragment,
)
from .results import report_panel
from .sealed import player_state


def _pairings_body(event, number, order, listing):
    """{"title", "html"} of one pairings page (by table or by name, a page or a search)."""

    def build():
        round_ = _round_or_404(event, number)
        rows = _round_rows(event, round_)
        lines = by_name(rows) if order == "name" else rows
        found = listing.filter(lines, (lambda line: [line["name"]]) if order == "name" else _seat_names)
        shown, page = listing.page(found)
        title = round_title(round_, len(rows))
        context = {
            "event": event,
            "round": round_,
            "round_title": title,
            "order": order,
            "rows": shown if order == "table" else None,
            "lines": shown if order == "name" else None,
            "total": len(lines),
            "found": len(found),
            "listing": listing,
            "page": page,
            "query": listing.query(by=order if order == "name" else ""),
            "is_pods": event.is_pods,
        }
        return {"title": title, "html": render_to_string("tournaments/_pairings_body.html", context)}

    return listing.cached(event, "pairings", (number, order), build)


def pairings(request, pk, number):
    event = event_for_viewer(request.user, pk)
    order = "name" if request.GET.get("by") == "name" else "table"
    listing = Listing(request)

    def build():
        body = _pairings_body(event, number, order, listing)
        context = {"event": event, "number": number, "round_title": body["title"], "order": order}
        context |= {"body": mark_safe(body["html"]), "listing": listing}  # noqa: S308 - our template
        return render(request, "tournaments/pairings.html", context)

    return _respond(request, page_cache.etag(event, "pairings", number, order, listing.params, request.user.pk), build)


def _pairings_csv_text(event, number):
    round_ = _round_or_404(event, number)
    header = [
        _("Table"), _("Player"), _("Points before the round"), _("Record (W-L-D)"), _("Opponents"), _("Game wins"),
        _("Result"), _("Confirmed"), _("Round"), *export_columns(),
    ]  # fmt: skip
    tables, rows = _round_rows(event, round_), []
    title = round_title(round_, len(tables))
    for row in tables:
        for seat in row["seats"]:
            others = " / ".join(other["name"] for other in row["seats"] if other is not seat)
            result = _("Bye") if row["bye"] else row["score"]
            rows.append(
                [row["table"], seat["name"], seat["points"], record_cell(seat["record"]), others, seat["wins"], result,
                 row["bye"] or row["confirmed"], title, *export_cells(event)]  # a bye is final
            )  # fmt: skip
    return csv_text(header, rows)


def pairings_csv(request, pk, number):
    """One row per seat of the round, in the reader's language (core.exports)."""
    event = event_for_viewer(request.user, pk)

    def build():
        text = page_cache.cached(event, "pairings-csv", (number,), lambda: _pairings_csv_text(event, number))
        return csv_response(f"event-{event.pk}-round-{number}-pairings.csv", text=text)

    return _respond(request, page_cache.etag(event, "pairings-csv", number), build)


def slips(request, pk, number):
    event = event_for_viewer(request.user, pk)

    def body():
        round_ = _round_or_404(event, number)
        rows = _round_rows(event, round_)
        context = {
            "event": event,
            "round": round_,
            "round_title": round_title(round_, len(rows)),
            "rows": [row for row in rows if not row["bye"]],
            "is_pods": event.is_pods,
        }
        return {"title": context["round_title"], "html": render_to_string("tournaments/_slips_body.html", context)}

    def build():
        cached = page_cache.cached(event, "slips", (number,), body)
        context = {"event": event, "round_title": cached["title"], "body": mark_safe(cached["html"])}  # noqa: S308
        return render(request, "tournaments/slips.html", context)

    return _respond(request, page_cache.etag(event, "slips", number, request.user.pk), build)


def timer(request, pk):
    event = event_for_viewer(request.user, pk)
    round_ = current_round(event)
    remaining = remaining_seconds(event)
    context = {
        "event": event,
        "round": round_,
        "round_title": round_title(round_) if round_ else clock_label(event),
        "clock_label": clock_label(event),
        "remaining": remaining,
        "clock": clock(remaining),
        "paused": event.clock.paused_seconds is not None,
    }
    return render(request, "tournaments/timer.html", context)


PROJECTOR_LINES = 20


def _projector_html(event, url):
    """The live part of the projector: this round's pairings by name, or the deck-building seats."""

    def build():
        round_ = current_round(event)
        rows = _round_rows(event, round_) if round_ else []
        # Before round 1 of a sealed event the projector shows the deck-building seats instead.
        seating = round_ is None and event.is_sealed
        lines = seat_sheet(event) if seating else by_name(rows)
        screens = [
            {"lines": chunk, "first": chunk[0]["name"], "last": chunk[-1]["name"]}
            for chunk in (lines[start : start + PROJECTOR_LINES] for start in range(0, len(lines), PROJECTOR_LINES))
        ]
        context = {
            "event": event,
            "round": round_,
            "round_title": round_title(round_, len(rows)) if round_ else clock_label(event),
            "screens": screens,
            "is_pods": event.is_pods,
            "seating": seating,
        }
        return render_to_string("tournaments/_projector_live.html", context)

    return mark_safe(page_cache.cached(event, "projector", (url,), build))  # noqa: S308 - our template


def _projector_join_html(event, url):
    """The join code and its QR code (`url`) beside the clock, where no list of names pushes them
    off the screen, for as long as players can join from the hall: deck building included, and
    through the Swiss rounds, where late entries still join with the code. Empty afterwards."""

    def build():
        if not event.accepting_entrants:
            return ""
        return render_to_string("tournaments/_join_code.html", {"join": join_panel(url, event.join_code)})

    return mark_safe(page_cache.cached(event, "projector-join", (url,), build))  # noqa: S308 - our template


def projector(request, pk):
    event = event_for_viewer(request.user, pk)
    url = join_url(request, event)
    live_tag = page_cache.etag(event, "projector-live", url)
    join_tag = page_cache.etag(event, "projector-join", url)
    if request.GET.get("fragment") == "join":
        return _respond(request, join_tag, lambda: HttpResponse(_projector_join_html(event, url)))
    if _wants_fragment(request):
        return _respond(request, live_tag, lambda: HttpResponse(_projector_html(event, url)))
    remaining = remaining_seconds(event)
    context = {
        "event": event,
        "live_html": _projector_html(event, url),
        "live_etag": live_tag,
        "join_html": _projector_join_html(event, url),
        "join_etag": join_tag,
        "clock_label": clock_label(event),
        "remaining": remaining,
        "clock": clock(remaining),
        "paused": event.clock.paused_seconds is not None,
    }
    return render(request, "tournaments/projector.html", context)


def _my_matches(entrant):
    """Every match the entrant played, latest first, with opponents and the outcome for them."""
    seats = Seat.objects.select_related("entrant").order_by("pk")
    matches = (
        Match.objects.filter(seats__entrant=entrant)
        .select_related("round")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("-round__number")
    )
    matches = list(matches)
    # Opponents as the one display rule shows them: a shared name told apart, as on the pairings
    names = [seat.entrant.name for match in matches for seat in match.seats.all()]
    labels = labels_among(entrant.event_id, names)
    history = []
    for match in matches:
        seated = list(match.seats.all())
        mine = next(seat for seat in seated if seat.entrant_id == entrant.pk)
        outcome, score = outcome_for(match, seated, entrant.pk)
        history.append(
            {
                "match": match,
                "round": match.round,
                "title": round_title(match.round),
                "table": match.table,
                "bye": match.is_bye,
                "outcome": outcome,
                "opponents": [labels.get(seat.entrant_id, seat.entrant.name) for seat in seated if seat is not mine],
                "score": score,
                "placement": mine.placement,
            }
        )
    return history


def _minutes_left(event):
    """Whole minutes left on the round clock (rounded up), or None when it is not running."""
    seconds = remaining_seconds(event)
    return None if seconds is None else -(-seconds // 60)


def _standing_of(event, entrant_id):
    """The entrant's standings row; a small value each player's page reads from the cache."""
    return next((row for row in event_standings(event) if row["entrant"] == entrant_id), None)


def _my_standing(row):
    """The player's row as their page shows it: a pod player's places in words, not wins-losses-draws."""
    if row is None:
        return None
    places = places_text(row["places"]) if "places" in row else None
    return {**row, "stage_name": top_cut_stage(row.get("top_cut")), "places_text": places}


@login_required
def me(request, pk):
    event = event_for_viewer(request.user, pk)
    entrant = _my_entrant(request.user, event)
    if entrant is None:
        raise Http404(DomainError("access.not_playing").message)
    latest = current_round(event)
    history = _my_matches(entrant)
    now = history[0] if history and latest and history[0]["round"].pk == latest.pk else None
    row = page_cache.cached(event, "me-standing", (entrant.pk,), lambda: _standing_of(event, entrant.pk))
    reporting = now and not entrant.dropped and not event.is_cancelled
    context = {
        "event": event,
        "entrant": entrant,
        "round": latest,
        "now": now,
        "bye_points": pod_bye_points(event),
        "history": history,
        "standing": _my_standing(row),
        "players": page_cache.cached(event, "players", (), lambda: _player_count(event)),
        "round_title": round_title(latest) if latest else "",
        "minutes_left": _minutes_left(event),
        "panel": report_panel(now["match"], request.user) if reporting else None,
        "penalties": list(entrant.penalties.order_by("created_at")),
        "judge_call": my_call(event, entrant),
        "got_place": _got_place(event, entrant),
        "table_ends_at": table_end(event, now["match"].extra_minutes) if now and now.get("match") else None,
        "sealed": None if _wants_fragment(request) else player_state(event, entrant),
    }
    if request.headers.get("X-Kept-Copy"):
        # The copy the phone's service worker keeps (static/js/sw.js): a message after an action
        # ("Result sent") is for the page the player opens next, and not worth keeping.
        context["messages"] = ()
    return _render_live(request, "tournaments/me.html", "tournaments/_me_live.html", context)
