"""Pages anyone who may see an event reads: list, event page, pairings, slips, standings, bracket,
player page and timer. Every lookup goes through tournaments.access: others' private events are 404."""

import io
import json
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Count, IntegerField, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.exports import csv_writer
from decks.models import Format
from decks.services.decks import version_text

from . import page_cache
from .access import event_for_viewer, visible_decklists, visible_events
from .engine import bracket as bracket_engine
from .joining import join_panel, join_url
from .models import Entrant, Match, Round, Seat, WaitlistEntry
from .presenters import (
    EXPORT_COLUMNS,
    by_name,
    clock,
    confirmed_result,
    export_cells,
    outcome_for,
    plain_rows,
    records_before,
    round_matches,
    round_title,
    stage_name,
    standings_payload,
    table_end,
    top_cut_stage,
)
from .services import entrants as entrant_services
from .services.judging import my_call
from .services.rounds import clock_label, current_round, remaining_seconds
from .services.sealed import seat_sheet
from .services.standings import event_standings
from .views_player import report_panel
from .views_sealed import player_state

# Shared pieces

# Rows per page on pairings and standings: a phone finds its table fast; ?all=1 prints every row.
PAGE_ROWS = 200
# Tables shown on the event page; the pairings pages list every table.
EVENT_PAGE_TABLES = 50


def _player_count(event):
    """Everyone registered except the no-shows left out when the event started."""
    return event.entrants.exclude(dropped_after=0).count()


def _swiss_rounds_played(event):
    return event.rounds.filter(stage=Round.Stage.SWISS).count()


def _swiss_progress(event):
    """(Swiss rounds paired, Swiss rounds with every result in), in one query."""
    stats = event.rounds.filter(stage=Round.Stage.SWISS).aggregate(
        paired=Count("pk", distinct=True),
        open=Count("pk", filter=Q(matches__status=Match.Status.PENDING), distinct=True),
    )
    return stats["paired"], stats["paired"] - stats["open"]


def _my_entrant(user, event):
    """The viewer's entry (as a player or a team member), or None."""
    if not user.is_authenticated:
        return None
    return event.entrants.filter(Q(user=user) | Q(members=user)).distinct().select_related("deck__deck").first()


def _round_or_404(event, number):
    return get_object_or_404(event.rounds, number=number)


def _wants_fragment(request):
    return request.GET.get("fragment") == "1"


def _render_live(request, template, fragment, context):
    """The whole page, or with ?fragment=1 only the part live.js swaps in every few seconds."""
    if _wants_fragment(request):
        response = render(request, fragment, context)
        add_never_cache_headers(response)
        return response
    return render(request, template, context)


def _respond(request, tag, build):
    """304 when the client holds `tag` (nothing is rendered), else build()'s response with the ETag."""
    if page_cache.not_modified(request, tag):
        return page_cache.unchanged(tag)
    return page_cache.validated(build(), tag)


def _round_rows(event, round_):
    """The round's tables as plain rows, with each player's points and record before the round:
    computed once per page version and language (scores are words), shared by every page."""
    return page_cache.cached(
        event, "rows", (round_.number,), lambda: plain_rows(round_, records_before(event, round_.number))
    )


# Finding a row in a big event: ?q= (a name) and ?page= (PAGE_ROWS at a time) or ?all=1


class Listing:
    """What the visitor asked for: a name to find, a page of rows, or every row (to print)."""

    def __init__(self, request):
        self.search = request.GET.get("q", "").replace("\x00", "").strip()[:120]
        self.show_all = request.GET.get("all") == "1"
        self.page_number = self._number(request.GET.get("page"))

    @staticmethod
    def _number(raw):
        """A missing, malformed or non-positive ?page= is the first page."""
        try:
            number = int(raw or 1)
        except ValueError:
            return 1
        return max(number, 1)

    @property
    def params(self):
        return (self.search, self.show_all, self.page_number)

    def cached(self, event, page, params, build):
        """A page of rows from the cache; a search is rendered each time from the cached rows, so
        that made-up names cannot fill the cache."""
        if self.search:
            return build()
        return page_cache.cached(event, page, (*params, *self.params), build)

    def filter(self, items, names):
        """The items whose names contain the search (any case)."""
        if not self.search:
            return items
        wanted = self.search.casefold()
        return [item for item in items if any(wanted in name.casefold() for name in names(item))]

    def page(self, items):
        """(rows of the asked page, the page for links or None); past the last page is a 404."""
        if self.show_all:
            return items, None
        paginator = Paginator(items, PAGE_ROWS)
        if self.page_number > paginator.num_pages:
            raise Http404(_("No such page."))
        page = paginator.page(self.page_number)
        return page.object_list, page

    def query(self, **extra):
        """The query string the page links keep (the order, the search), without the page."""
        kept = {**extra, "q": self.search} if self.search else extra
        return urlencode({key: value for key, value in kept.items() if value})


def _seat_names(row):
    return [seat["name"] for seat in row["seats"]]


# Event list and event page


def event_list(request):
    players = (
        Entrant.objects.filter(event=OuterRef("pk"))
        .exclude(dropped_after=0)
        .values("event")
        .annotate(count=Count("pk"))
        .values("count")
    )
    events = (
        visible_events(request.user)
        .annotate(players=Coalesce(Subquery(players, output_field=IntegerField()), 0))
        .order_by("-created_at")
    )
    page = Paginator(events, 50).get_page(request.GET.get("page"))
    return render(request, "tournaments/event_list.html", {"page": page})


def _format_name(event):
    if not event.format_slug:
        return ""
    found = Format.objects.filter(slug=event.format_slug).order_by("-effective").values_list("name", flat=True).first()
    return found or event.format_slug


def _readable_decks(user, event):
    """(entrant, decklist text) pairs this viewer may read (tournaments.access.visible_decklists)."""
    return [(entrant, version_text(entrant.deck)) for entrant in visible_decklists(user, event)]


def _event_live_html(event, organiser_view):
    """The live part of the event page (status, current round, entrants), rendered once per version."""

    def build():
        round_ = current_round(event)
        rows = _round_rows(event, round_) if round_ else []
        entrants = None
        if event.registration_open:
            entrants = list(event.entrants.order_by("name").values("name", "checked_in"))
        context = {
            "event": event,
            "round": round_,
            "round_title": round_title(round_, len(rows)) if round_ else "",
            "rows": rows[:EVENT_PAGE_TABLES],
            "more_tables": max(0, len(rows) - EVENT_PAGE_TABLES),
            "players": _player_count(event),
            "entrants": entrants,
            "rounds_planned": event.planned_rounds(),
            "swiss_played": _swiss_rounds_played(event),
            "is_pods": event.is_pods,
            "organiser_view": organiser_view,
        }
        return render_to_string("tournaments/_event_live.html", context)

    return mark_safe(page_cache.cached(event, "event-live", (organiser_view,), build))  # noqa: S308 - our template


def _got_place(event, entrant):
    """Did this entry come from the waitlist? Said on the player's pages until the event starts."""
    if entrant is None or not event.registration_open:
        return False
    return WaitlistEntry.objects.filter(entrant=entrant).exists()


def event_detail(request, pk):
    event = event_for_viewer(request.user, pk)
    organiser_view = event.organiser_id == request.user.pk
    live_tag = page_cache.etag(event, "event-live", organiser_view)
    if _wants_fragment(request):
        return _respond(request, live_tag, lambda: HttpResponse(_event_live_html(event, organiser_view)))

    def build():
        me = _my_entrant(request.user, event)
        context = {
            "event": event,
            "live_html": _event_live_html(event, organiser_view),
            "live_etag": live_tag,
            "format_name": _format_name(event),
            "me": me,
            "got_place": _got_place(event, me),
            "waitlist_position": entrant_services.position(event, request.user),
            "places_taken": entrant_services.places_taken(event) if event.capacity else None,
            "places_waiting": entrant_services.waiting(event).count() if event.capacity else 0,
            "decks": _readable_decks(request.user, event),
        }
        return render(request, "tournaments/event_detail.html", context)

    return _respond(request, page_cache.etag(event, "event", request.user.pk), build)


# Pairings and slips (printed)


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


# Standings


def _percent_rows(rows):
    return [
        {
            **row,
            "omw_pct": row["omw"] * 100,
            "gw_pct": row["gw"] * 100,
            "ogw_pct": row["ogw"] * 100,
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


CSV_COLUMNS = [
    "rank",
    "entrant",
    "name",
    "match_points",
    "wins",
    "losses",
    "draws",
    "byes",
    "omw_pct",
    "gw_pct",
    "ogw_pct",
    "dropped",
    "disqualified",
    "swiss_rank",
    "top_cut",
]


def _standings_csv_text(event):
    buffer = io.StringIO()
    writer = csv_writer(buffer)
    writer.writerow([*CSV_COLUMNS, "event", *EXPORT_COLUMNS])
    event_cells = [event.name, *export_cells(event)]
    for row in _percent_rows(event_standings(event)):
        writer.writerow(
            [
                row["rank"],
                row["entrant"],
                row["name"],
                row["match_points"],
                row["wins"],
                row["losses"],
                row["draws"],
                row["byes"],
                f"{row['omw_pct']:.2f}",
                f"{row['gw_pct']:.2f}",
                f"{row['ogw_pct']:.2f}",
                "yes" if row["dropped"] else "no",
                "yes" if row.get("disqualified") else "no",
                row.get("swiss_rank", row["rank"]),
                row.get("top_cut") or "",
                *event_cells,
            ]
        )
    return buffer.getvalue()


def standings_csv(request, pk):
    event = event_for_viewer(request.user, pk)

    def build():
        text = page_cache.cached(event, "standings-csv", (), lambda: _standings_csv_text(event))
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-standings.csv"'
        return response

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


# The player's own page


def _my_matches(entrant):
    """Every match the entrant played, latest first, with opponents and the outcome for them."""
    seats = Seat.objects.select_related("entrant").order_by("pk")
    matches = (
        Match.objects.filter(seats__entrant=entrant)
        .select_related("round")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("-round__number")
    )
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
                "opponents": [seat.entrant.name for seat in seated if seat is not mine],
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
    context = {
        "event": event,
        "entrant": entrant,
        "round": latest,
        "now": now,
        "history": history,
        "standing": {**row, "stage_name": top_cut_stage(row.get("top_cut"))} if row else None,
        "players": page_cache.cached(event, "players", (), lambda: _player_count(event)),
        "round_title": round_title(latest) if latest else "",
        "minutes_left": _minutes_left(event),
        "panel": report_panel(now["match"], request.user) if now and not entrant.dropped else None,
        "penalties": list(entrant.penalties.order_by("created_at")),
        "judge_call": my_call(event, entrant),
        "got_place": _got_place(event, entrant),
        "table_ends_at": table_end(event, now["match"].extra_minutes) if now and now.get("match") else None,
        "sealed": None if _wants_fragment(request) else player_state(event, entrant),
    }
    return _render_live(request, "tournaments/me.html", "tournaments/_me_live.html", context)


# Bracket


def _seeds(first_round_matches, size):
    """Seed numbers from the first top-cut round: each slot holds the seeds the bracket pairs there."""
    seeds = {}
    for match in first_round_matches:
        for seat, seed in zip(match.seats.all(), bracket_engine.slot_seeds(size, match.bracket_slot), strict=False):
            seeds[seat.entrant_id] = seed
    return seeds


def bracket_columns(event):
    """(columns, champion's name): one column per stage (quarterfinals, semifinals, final), each match
    played, pending or still to be decided."""
    if not event.top_cut:
        return [], None
    rounds = list(event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("number"))
    if not rounds:
        return [], None
    played = [round_matches(round_) for round_ in rounds]
    seeds = _seeds(played[0], event.top_cut)
    columns, size, champion = [], event.top_cut // 2, None
    index = 0
    while size >= 1:
        matches = sorted(played[index], key=lambda match: match.bracket_slot or 0) if index < len(played) else []
        cells = []
        for match in matches:
            seated = list(match.seats.all())
            result = confirmed_result(match, seated)
            winner = result.winner if result else None
            cells.append(
                {
                    "table": match.table,
                    "confirmed": match.status == Match.Status.CONFIRMED,
                    "seats": [
                        {
                            "name": seat.entrant.name,
                            "seed": seeds.get(seat.entrant_id),
                            "wins": seat.game_wins,
                            "won": seat.entrant_id == winner,
                            "lost": winner is not None and seat.entrant_id != winner,
                        }
                        for seat in seated
                    ],
                }
            )
            if size == 1 and winner is not None:
                champion = next(seat.entrant.name for seat in seated if seat.entrant_id == winner)
        cells += [{"tbd": True}] * (size - len(cells))
        columns.append({"title": stage_name(size), "cells": cells})
        size, index = size // 2, index + 1
    return columns, champion


def bracket(request, pk):
    event = event_for_viewer(request.user, pk)
    columns, champion = bracket_columns(event)
    context = {"event": event, "columns": columns, "champion": champion, "me": _my_entrant(request.user, event)}
    return render(request, "tournaments/bracket.html", context)


# Round clock for a projector


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
        "paused": event.timer_paused_seconds is not None,
    }
    return render(request, "tournaments/timer.html", context)


# Pairings for the hall projector: by name, in large type, a screen at a time, beside the clock

PROJECTOR_LINES = 20


def _projector_html(event, url):
    """The live part of the projector; before round 1, the join code and its QR code (`url`)."""

    def build():
        round_ = current_round(event)
        still_open = event.accepting_entrants
        rows = _round_rows(event, round_) if round_ else []
        # Before round 1 of a sealed event the projector shows the deck-building seats instead.
        seating = round_ is None and event.sealed
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
            "join": join_panel(url, event.join_code) if round_ is None and still_open else None,
        }
        return render_to_string("tournaments/_projector_live.html", context)

    return mark_safe(page_cache.cached(event, "projector", (url,), build))  # noqa: S308 - our template


def projector(request, pk):
    event = event_for_viewer(request.user, pk)
    url = join_url(request, event)
    live_tag = page_cache.etag(event, "projector-live", url)
    if _wants_fragment(request):
        return _respond(request, live_tag, lambda: HttpResponse(_projector_html(event, url)))
    remaining = remaining_seconds(event)
    context = {
        "event": event,
        "live_html": _projector_html(event, url),
        "live_etag": live_tag,
        "clock_label": clock_label(event),
        "remaining": remaining,
        "clock": clock(remaining),
        "paused": event.timer_paused_seconds is not None,
    }
    return render(request, "tournaments/projector.html", context)
