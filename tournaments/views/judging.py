"""The judges' page: penalties, time extensions, deck checks and prizes; the printable deck-check and
prize sheets. Writes go through tournaments.services (staff only); refusals are shown as they are."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import DomainError
from core.exports import csv_response
from decks.presenters import registered_list

from .. import page_cache
from ..access import can, event_for_staff, event_for_viewer
from ..forms.judging import DeckCheckDrawForm, DeckCheckOutcomeForm, ExtensionForm, PenaltyForm, TakeBackForm
from ..forms.prizes import PrizePlanForm
from ..models import CheckedDeck, JudgeCall, Match, Penalty
from ..presenters.events import export_cells, export_columns
from ..presenters.judging import penalty_payload
from ..presenters.rounds import table_end
from ..services import judging
from .common import _attempt, _judging
from .prizes import _plan_initial, _sheet_or_problem


def judge_view(capability):
    """Signed in, and the organiser or a judge: 404 if the event cannot be seen, else 403."""

    def decorator(view):
        @login_required
        @wraps(view)
        def wrapper(request, pk, *args, **kwargs):
            return view(request, event_for_staff(request.user, pk, capability), *args, **kwargs)

        return wrapper

    return decorator


@judge_view("penalties")
def judging_page(request, event):
    entrants = list(event.entrants.order_by("name"))
    latest = event.rounds.order_by("-number").first()
    tables = list(latest.matches.filter(is_bye=False).prefetch_related("seats__entrant")) if latest else []
    for match in tables:
        match.ends_at = table_end(event, match.extra_minutes)
    context = {
        "event": event,
        "round": latest,
        "tables": tables,
        "penalty_form": PenaltyForm(entrants=entrants),
        "extension_form": ExtensionForm(),
        "draw_form": DeckCheckDrawForm(),
        "outcome_form": _outcome_form(event),
        "may_manage": can(request.user, event, "manage"),  # the prize pool is the organiser's (services.prizes)
        "prize_form": PrizePlanForm(initial=_plan_initial(event.prizes.plan), pods=event.is_pods),
        "penalties": [
            penalty_payload(p) for p in Penalty.objects.filter(event=event).select_related("entrant", "judge")
        ],
        "deck_checks": event.deck_checks.prefetch_related("decks__entrant")[:10],
        "prize_sheet": _sheet_or_problem(event),
        "judge_calls": list(judging.queue(event)),
        "judge_calls_etag": _judge_calls_tag(event),
    }
    return render(request, "tournaments/manage/judging.html", context)


def _outcome_form(event):
    """A finished event's deck checks are still written up, but a penalty needs rounds being played
    (services.judging): the form offers one only then."""
    form = DeckCheckOutcomeForm()
    if not event.rounds_running:
        del form.fields["penalty"], form.fields["correction"]
    return form


def _judge_calls_tag(event):
    """An ETag of the staff's call queue: changes with any call's status or judge, and the language."""
    state = list(judging.queue(event).values_list("pk", "status", "judge_id", "updated_at"))
    return page_cache.etag(event, "judge-calls", repr(state))


@judge_view("penalties")
def judge_calls_live(request, event):
    """The judge-call queue alone, for live.js to poll: 304 while nothing changed."""
    tag = _judge_calls_tag(event)
    if page_cache.not_modified(request, tag):
        return page_cache.unchanged(tag)
    context = {"event": event, "judge_calls": list(judging.queue(event))}
    return page_cache.validated(render(request, "tournaments/manage/_judge_calls.html", context), tag)


@judge_view("penalties")
@require_POST
def penalty(request, event):
    form = PenaltyForm(request.POST, entrants=event.entrants.all())
    if not form.is_valid():
        messages.error(request, _("Choose a player, a penalty and give a reason."))
        return _judging(event, "penalties")
    data = form.cleaned_data
    if data["kind"] == Penalty.Kind.DISQUALIFICATION and request.POST.get("confirmed") != "1":
        name = event.entrants.get(pk=data["entrant"]).name
        action = reverse("tournaments:penalty", args=[event.pk])
        hidden = _hidden(data, ("entrant", "kind", "reason", "round", "correction"))
        return _confirm_disqualification(request, event, name, data["reason"], action, hidden, "penalties")
    done, given = _attempt(
        request, judging.give_penalty, event, request.user, data["entrant"], data["kind"], data["reason"],
        data["round"], data["correction"],
    )  # fmt: skip
    if done:
        messages.success(
            request,
            _("%(penalty)s recorded for %(name)s.") % {"penalty": given.get_kind_display(), "name": given.entrant.name},
        )
    return _judging(event, "penalties")


@judge_view("penalties")
def take_back_penalty(request, event, penalty_id):
    """Take a penalty back, after a confirmation that names it and asks why."""
    penalty = get_object_or_404(Penalty.objects.select_related("entrant", "match"), pk=penalty_id, event=event)
    form = TakeBackForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        done, _penalty = _attempt(
            request, judging.take_back_penalty, event, request.user, penalty.pk, form.cleaned_data["reason"]
        )
        if done:
            _taken_back_message(request, penalty)
            return _judging(event, "penalties")
    names = {"penalty": penalty.get_kind_display(), "name": penalty.entrant.name}
    context = {
        "event": event,
        "title": _("Take back this penalty of %(name)s (%(penalty)s)?") % names,
        "explanation": _take_back_explanation(penalty),
        "button": _("Yes, take it back"),
        "form": form,
        "cancel_url": reverse("tournaments:judging", args=[event.pk]) + "#penalties",
    }
    return render(request, "tournaments/manage/confirm.html", context)


def _take_back_explanation(penalty):
    table = judging.result_left_to_correct(penalty)
    if table is not None:
        return _(
            "Its record goes; the log keeps it. The result of table %(table)s stays as the penalty left it: "
            "correct that result, with a reason, if it should change."
        ) % {"table": table.table}
    if penalty.effect == Penalty.Effect.HEAD_START:
        return _("Its record goes; the log keeps it. The game it gave the opponent is taken off the table's score.")
    if penalty.effect == Penalty.Effect.DROP:
        return _("Its record goes; the log keeps it. %(name)s plays on and is paired again.") % {
            "name": penalty.entrant.name
        }
    return _("Its record goes; the log keeps it.")


def _taken_back_message(request, penalty):
    names = {"penalty": penalty.get_kind_display(), "name": penalty.entrant.name}
    messages.success(request, _("Penalty taken back for %(name)s: %(penalty)s.") % names)
    table = judging.result_left_to_correct(penalty)
    if table is not None:
        messages.warning(
            request,
            _("Table %(table)s keeps the result the penalty gave it: correct it if needed.") % {"table": table.table},
        )


def _hidden(data, fields):
    return [*((field, "" if data[field] is None else data[field]) for field in fields), ("confirmed", "1")]


def _confirm_disqualification(request, event, name, reason, action, hidden, section):
    """A disqualification drops the player for good: the page asks first, naming them and the reason,
    and posts the same form again (`hidden`) once confirmed."""
    context = {
        "event": event,
        "title": _("Disqualify %(name)s?") % {"name": name},
        "explanation": _(
            "%(name)s is dropped from the event at once, shown as disqualified in the standings and gets no "
            "prize. Reason: %(reason)s"
        )
        % {"name": name, "reason": reason},
        "button": _("Yes, disqualify %(name)s") % {"name": name},
        "hidden": hidden,
        "action": action,
        "cancel_url": reverse("tournaments:judging", args=[event.pk]) + f"#{section}",
    }
    return render(request, "tournaments/manage/confirm.html", context)


@judge_view("penalties")
@require_POST
def extension(request, event, match_id):
    match = get_object_or_404(Match, pk=match_id, round__event=event)
    form = ExtensionForm(request.POST)
    if not form.is_valid():
        messages.error(request, DomainError("extension.minutes", max=judging.MAX_EXTENSION_MINUTES).message)
        return _judging(event, "extensions")
    done, match = _attempt(request, judging.extend_table, match, request.user, form.cleaned_data["minutes"])
    if done:
        words = ngettext(
            "Table %(table)s: %(minutes)s minute in all.",
            "Table %(table)s: %(minutes)s minutes in all.",
            match.extra_minutes,
        )
        messages.success(request, words % {"table": match.table, "minutes": match.extra_minutes})
    return _judging(event, "extensions")


@judge_view("deck_checks")
@require_POST
def deck_check_draw(request, event):
    form = DeckCheckDrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the number of tables to check."))
        return _judging(event, "deck-checks")
    data = form.cleaned_data
    done, check = _attempt(
        request, judging.draw_deck_check, event, request.user, data["count"], data["top"], data["allow_repeat"],
        data["seed"] or None,
    )  # fmt: skip
    if done:
        count = len(check.tables)
        words = ngettext(
            "%(count)s table drawn for a deck check: table %(tables)s (seed %(seed)s).",
            "%(count)s tables drawn for a deck check: tables %(tables)s (seed %(seed)s).",
            count,
        )
        messages.success(
            request, words % {"count": count, "tables": ", ".join(map(str, check.tables)), "seed": check.seed}
        )
    return _judging(event, "deck-checks")


@judge_view("deck_checks")
@require_POST
def deck_check_outcome(request, event, checked_id):
    checked = get_object_or_404(CheckedDeck, pk=checked_id, deck_check__event=event)
    form = DeckCheckOutcomeForm(request.POST)
    if not form.is_valid():
        messages.error(request, DomainError("deck_check.outcome").message)
        return _judging(event, "deck-checks")
    data = form.cleaned_data
    asks = data["penalty"] == Penalty.Kind.DISQUALIFICATION and data["outcome"] == CheckedDeck.Outcome.PROBLEM
    if asks and data["note"].strip() and request.POST.get("confirmed") != "1":
        action = reverse("tournaments:deck_check_outcome", args=[event.pk, checked.pk])
        hidden = _hidden(data, ("outcome", "note", "penalty", "correction"))
        return _confirm_disqualification(
            request, event, checked.entrant.name, data["note"], action, hidden, "deck-checks"
        )
    done, _checked = _attempt(
        request, judging.record_deck_check, checked, request.user, data["outcome"], data["note"],
        data["penalty"] or None, data["correction"],
    )  # fmt: skip
    if done:
        messages.success(request, _("Deck check of %(name)s recorded.") % {"name": checked.entrant.name})
    return _judging(event, "deck-checks")


@judge_view("deck_checks")
def deck_check_sheet(request, event, checked_id):
    """Printable: the registered list grouped as the judge counts the cards, with totals."""
    checked = get_object_or_404(
        CheckedDeck.objects.select_related("entrant__deck__deck", "deck_check"), pk=checked_id, deck_check__event=event
    )
    sheet = registered_list(checked.entrant.deck) if checked.entrant.deck_id else None
    context = {"event": event, "checked": checked, "sheet": sheet}
    return render(request, "tournaments/manage/deck_check_sheet.html", context)


@judge_view("penalties")
def penalties_csv(request, event):
    """Every penalty of the event, for the organiser's and judges' records."""
    header = [
        _("Entry number"), _("Player"), _("Round"), _("Penalty"), _("Reason"), _("Correction reason"), _("Judge"),
        _("Given at"), *export_columns(),
    ]  # fmt: skip
    event_cells = export_cells(event)
    rows = (
        [row.entrant_id, row.entrant.name, row.round_number, row.get_kind_display(), row.reason, row.correction,
         row.judge.username if row.judge_id else "", row.created_at, *event_cells]
        for row in Penalty.objects.filter(event=event).select_related("entrant", "judge")
    )  # fmt: skip
    return csv_response(f"event-{event.pk}-penalties.csv", header, rows)


@login_required
@require_POST
def call_judge(request, pk):
    """The player's "call a judge" button on their phone page."""
    event = event_for_viewer(request.user, pk)
    done, call = _attempt(request, judging.call_judge, event, request.user)
    if done:
        messages.success(request, _("A judge has been called to table %(table)s.") % {"table": call.table or "–"})
    return redirect("tournaments:me", pk=event.pk)


@judge_view("penalties")
@require_POST
def judge_call_action(request, event, call_id, action):
    call = get_object_or_404(JudgeCall, pk=call_id, event=event)
    act = judging.claim_call if action == "claim" else judging.close_call
    _attempt(request, act, call, request.user)
    return _judging(event, "judge-calls")
