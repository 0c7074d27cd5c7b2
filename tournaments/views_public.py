"""Pages anyone who may see an event reads: list, event page, pairings, slips, standings, bracket,
player page and timer. Every lookup goes through tournaments.access: others' private events are 404."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, IntegerField, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from core.exports import csv_writer
from decks.models import Format
from decks.services.decks import version_text

from .access import event_for_viewer, visible_decklists, visible_events
from .models import Entrant, Event, Match, Round, Seat
from .presenters import (
    by_name,
    clock,
    confirmed_result,
    outcome_for,
    round_matches,
    round_title,
    stage_name,
    table_end,
    table_rows,
    top_cut_stage,
)
from .services.judge_calls import my_call
from .services.rounds import BRACKET, current_round
from .services.standings import event_standings
from .services.timer import remaining_seconds
from .views_player import report_panel

# Shared pieces


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


def _event_live_context(event):
    round_ = current_round(event)
    rows = table_rows(round_) if round_ else []
    return {
        "event": event,
        "round": round_,
        "round_title": round_title(round_, len(rows)) if round_ else "",
        "rows": rows,
        "players": _player_count(event),
        "entrants": event.entrants.order_by("name") if event.status == Event.Status.REGISTRATION else None,
        "rounds_planned": event.swiss_rounds or event.planned_rounds(),
        "swiss_played": _swiss_rounds_played(event),
        "is_pods": event.is_pods,
    }


def event_detail(request, pk):
    event = event_for_viewer(request.user, pk)
    context = _event_live_context(event)
    if not _wants_fragment(request):
        context.update(
            {
                "format_name": _format_name(event),
                "me": _my_entrant(request.user, event),
                "decks": _readable_decks(request.user, event),
            }
        )
    return _render_live(request, "tournaments/event_detail.html", "tournaments/_event_live.html", context)


# Pairings and slips (printed)


def pairings(request, pk, number):
    event = event_for_viewer(request.user, pk)
    round_ = _round_or_404(event, number)
    rows = table_rows(round_)
    order = "name" if request.GET.get("by") == "name" else "table"
    context = {
        "event": event,
        "round": round_,
        "round_title": round_title(round_, len(rows)),
        "order": order,
        "rows": rows,
        "lines": by_name(rows) if order == "name" else None,
        "is_pods": event.is_pods,
    }
    return render(request, "tournaments/pairings.html", context)


def slips(request, pk, number):
    event = event_for_viewer(request.user, pk)
    round_ = _round_or_404(event, number)
    rows = table_rows(round_)
    context = {
        "event": event,
        "round": round_,
        "round_title": round_title(round_, len(rows)),
        "rows": [row for row in rows if not row["bye"]],
        "is_pods": event.is_pods,
    }
    return render(request, "tournaments/slips.html", context)


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


def standings(request, pk):
    event = event_for_viewer(request.user, pk)
    me = _my_entrant(request.user, event)
    paired, complete = _swiss_progress(event)
    context = {
        "event": event,
        "rows": _percent_rows(event_standings(event)),
        "swiss_played": paired,
        "swiss_complete": complete,
        "rounds_planned": event.swiss_rounds or event.planned_rounds(),
        "me": me,
        "my_entrant": me.pk if me else None,
        "final": event.status == Event.Status.FINISHED,
    }
    return _render_live(request, "tournaments/standings.html", "tournaments/_standings_table.html", context)


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


def standings_csv(request, pk):
    event = event_for_viewer(request.user, pk)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-standings.csv"'
    writer = csv_writer(response)
    writer.writerow(CSV_COLUMNS)
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
            ]
        )
    return response


def standings_json(request, pk):
    """The same body as GET /api/v1/tournaments/<pk>/standings/."""
    event = event_for_viewer(request.user, pk)
    return JsonResponse({"round": _swiss_rounds_played(event), "standings": event_standings(event)})


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


@login_required
def me(request, pk):
    event = event_for_viewer(request.user, pk)
    entrant = _my_entrant(request.user, event)
    if entrant is None:
        raise Http404(_("You are not playing in this event."))
    latest = current_round(event)
    history = _my_matches(entrant)
    now = history[0] if history and latest and history[0]["round"].pk == latest.pk else None
    row = next((row for row in event_standings(event) if row["entrant"] == entrant.pk), None)
    context = {
        "event": event,
        "entrant": entrant,
        "round": latest,
        "now": now,
        "history": history,
        "standing": {**row, "stage_name": top_cut_stage(row.get("top_cut"))} if row else None,
        "players": _player_count(event),
        "round_title": round_title(latest) if latest else "",
        "minutes_left": _minutes_left(event),
        "panel": report_panel(now["match"], request.user) if now and not entrant.dropped else None,
        "penalties": list(entrant.penalties.order_by("created_at")),
        "judge_call": my_call(event, entrant),
        "table_ends_at": table_end(event, now["match"].extra_minutes) if now and now.get("match") else None,
    }
    return _render_live(request, "tournaments/me.html", "tournaments/_me_live.html", context)


# Bracket


def _seeds(first_round_matches, size):
    """Seed numbers from the first top-cut round: slot k holds the seeds paired in BRACKET[size][k-1]."""
    pairs = BRACKET.get(size, [])
    seeds = {}
    for match in first_round_matches:
        if match.bracket_slot and match.bracket_slot <= len(pairs):
            for seat, seed in zip(match.seats.all(), pairs[match.bracket_slot - 1], strict=False):
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
        "round_title": round_title(round_) if round_ else "",
        "remaining": remaining,
        "clock": clock(remaining),
        "paused": event.timer_paused_seconds is not None,
    }
    return render(request, "tournaments/timer.html", context)
