"""Rounds: the organiser pairs, re-pairs and deletes them, runs the top cut and the round clock."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import DomainError
from core.numbers import whole_number

from .. import console
from ..access import event_for_viewer
from ..engine import bracket as bracket_engine
from ..forms.rounds import TimerForm
from ..models import Match, Round
from ..presenters.results import confirmed_result
from ..presenters.results_sheets import sheet_for
from ..presenters.rounds import round_matches, round_title, stage_name
from ..services import rounds as round_services
from ..services.rounds_clock import control_timer
from .common import EXTEND_MINUTES, _attempt, _back, _dashboard, _my_entrant, desk_url, organiser_view, staff_view


@staff_view("enter_results")
def round_tables(request, event, number):
    """One round's tables, paged and searchable; results of finished rounds change by correction."""
    round_ = get_object_or_404(event.rounds, number=number)
    current = event.rounds.order_by("-number").values_list("number", flat=True).first()
    context = {
        "event": event,
        "round": round_,
        "label": round_title(round_),
        "corrections": not event.results_open(round_.number == current),
        "tables": console.round_tables(round_, request, action_first=round_.number == current),
        "rounds": list(event.rounds.order_by("number").values_list("number", flat=True)),
        "home_url": desk_url(request.user, event),
        "score_sheets": sheet_for(event) is not None,
    }
    return render(request, "tournaments/manage/round.html", context)


def _round_number(request):
    value = request.POST.get("round", "") or request.GET.get("round", "")
    return whole_number(value)


@organiser_view
def round_delete(request, event):
    """Delete the last round (no confirmed result yet), after a confirmation."""
    wording = {
        "done": _("Round %(number)s is deleted."),
        "title": _("Delete round %(number)s?"),
        "explanation": _(
            "Its pairings and any reported results are deleted, and the round can be paired again. "
            "The log keeps a record of it."
        ),
        "button": _("Yes, delete round %(number)s"),
    }
    return _round_action(request, event, round_services.delete_last_round, wording)


@organiser_view
def round_repair(request, event):
    """Pair the current round again (no result yet), after a confirmation."""
    wording = {
        "done": _("Round %(number)s is paired again."),
        "title": _("Pair round %(number)s again?"),
        "explanation": _(
            "The round's tables are paired again from the current players: use it after adding, removing "
            "or dropping a player. Print the new pairings. The log keeps a record of it."
        ),
        "button": _("Yes, pair round %(number)s again"),
    }
    return _round_action(request, event, round_services.repair_round, wording)


def _round_action(request, event, service, wording):
    """A confirmation page (GET), then the service on the round it names (POST): a stale tab names
    another round and is refused by the service."""
    number = _round_number(request)
    if request.method == "POST":
        done, _result = _attempt(request, service, event, request.user, number)
        if done:
            messages.success(request, wording["done"] % {"number": number})
        return _dashboard(event, "round")
    if number is None:
        return _dashboard(event, "round")
    context = {
        "event": event,
        "title": wording["title"] % {"number": number},
        "explanation": wording["explanation"],
        "button": wording["button"] % {"number": number},
        "hidden": [("round", number)],
    }
    return render(request, "tournaments/manage/confirm.html", context)


@organiser_view
@require_POST
def pair(request, event):
    """The button says which round it pairs, so a second press (or a stale tab) pairs nothing more."""
    expected = request.POST.get("round", "")
    expected = whole_number(expected)
    done, round_ = _attempt(request, round_services.pair_next_round, event, request.user, expected=expected)
    if done:
        messages.success(request, _("Round %(number)s is paired.") % {"number": round_.number})
    return _dashboard(event, "round")


@organiser_view
@require_POST
def top_cut_start(request, event):
    done, _round = _attempt(request, round_services.start_top_cut, event, request.user)
    if done:
        messages.success(request, _("The top %(count)s is seeded from the standings.") % {"count": event.top_cut})
    return _dashboard(event, "round")


@organiser_view
@require_POST
def top_cut_advance(request, event):
    done, round_ = _attempt(request, round_services.advance_top_cut, event, request.user)
    if done:
        if round_ is None:
            messages.success(request, _("The final is played: the event is finished."))
        else:
            messages.success(request, _("The winners move on: %(round)s.") % {"round": round_title(round_)})
    return _dashboard(event, "round")


@organiser_view
@require_POST
def timer(request, event):
    form = TimerForm(request.POST)
    if not form.is_valid():
        messages.error(request, DomainError("timer.cannot").message)
        return _back(request, event, "timer")
    action = form.cleaned_data["action"]
    minutes = form.cleaned_data["minutes"] or (EXTEND_MINUTES if action == "extend" else 0)
    done, _event = _attempt(request, control_timer, event, request.user, action, minutes)
    if done:
        words = {
            "start": _("The clock is started."),
            "pause": _("The clock is paused."),
            "resume": _("The clock is running again."),
            "extend": ngettext(
                "The round has %(minutes)s more minute.", "The round has %(minutes)s more minutes.", minutes
            )
            % {"minutes": minutes},
        }
        messages.success(request, words[action])
    return _back(request, event, "timer")


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
