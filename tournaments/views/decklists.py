"""Registered decklists at the desk: the organiser and judges read every list, paste a walk-in's list
on their row, and change a frozen list with a reason. Who may is tournaments.access."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError
from decks.presenters import builder_labels
from decks.services.decks import version_texts
from decks.services.legality import validate_request

from ..access import can, event_for_viewer, visible_decklists
from ..forms.common import errors_in_one_line
from ..forms.decklists import DeadlineForm, DecklistPasteForm
from ..forms.entrants import RegisterForm
from ..models import Entrant
from ..services import decklists as decklist_services
from ..services.common import status_refusal
from .common import _dashboard, _event_page, organiser_view, registered_message, staff_view
from .sealed import player_state


@staff_view("see_decklists")
def decklists(request, event):
    entrants = list(event.entrants.select_related("user", "deck__deck").order_by("name"))
    shown = {entrant.pk for entrant in visible_decklists(request.user, event)}
    texts = version_texts([entrant.deck for entrant in entrants if entrant.pk in shown])
    rows = [(entrant, texts[entrant.deck_id] if entrant.pk in shown else "") for entrant in entrants]
    context = {
        "event": event,
        "rows": rows,
        "may_paste": can(request.user, event, "deck_checks") and bool(event.format_slug),
        "may_manage": can(request.user, event, "manage"),
        "deadline_form": DeadlineForm(initial={"deck_deadline": event.settings.deck_deadline}),
        "deadline_passed": decklist_services.deadline_passed(event),
    }
    return render(request, "tournaments/manage/decklists.html", context)


@staff_view("manage")
@require_POST
def deadline(request, event):
    form = DeadlineForm(request.POST)
    if not form.is_valid():
        messages.error(request, errors_in_one_line(form))
    else:
        try:
            decklist_services.set_deck_deadline(event, request.user, form.cleaned_data["deck_deadline"])
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Decklist deadline saved."))
    return redirect("tournaments:decklists", event.pk)


@staff_view("deck_checks")
def paste_decklist(request, event, entrant_id):
    """One step: paste the list, see the same check as the deck builder, register it."""
    entrant = get_object_or_404(Entrant.objects.select_related("deck__deck"), pk=entrant_id, event=event)
    form = DecklistPasteForm(request.POST or None)
    frozen = decklist_services.deck_frozen(event, entrant)
    verdict = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["decklist"]
        if "check" in request.POST:
            verdict = _check(event, text, form)
        else:
            try:
                entrant = decklist_services.register_decklist_text(
                    entrant, request.user, text, reason=form.cleaned_data["reason"]
                )
            except DomainError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                registered_message(request, entrant)
                return redirect("tournaments:decklists", event.pk)
    context = {
        "event": event,
        "entrant": entrant,
        "form": form,
        "frozen": frozen,
        "verdict": verdict,
        "builder_labels": builder_labels(event.game),  # the deck builder's live check, on this page too
        "no_format": DomainError("event.paste_needs_format").message,
    }
    return render(request, "tournaments/manage/paste_decklist.html", context)


def _check(event, text, form):
    """The deck builder's check on the pasted text, without saving anything."""
    try:
        return validate_request(event.format_slug, decklist=text)
    except DomainError as error:
        form.add_error("decklist", error.message)
        return None


@organiser_view
def entrant_deck(request, event, entrant_id):
    """Register one of the organiser's own decks for an entrant: how a walk-in gets a deck to check in with."""
    entrant = get_object_or_404(Entrant.objects.select_related("deck__deck"), pk=entrant_id, event=event)
    form = RegisterForm(request.POST or None, user=request.user, event=event, deck_required=True, entrant=entrant)
    if request.method == "POST" and form.is_valid():
        try:
            entrant = decklist_services.submit_deck(entrant, form.cleaned_data["deck"], request.user)
        except DomainError as error:
            form.add_error("deck" if error.field == "deck" else None, error.message)
        else:
            registered_message(request, entrant)
            return _dashboard(event, "entrants")
    return render(request, "tournaments/manage/entrant_deck.html", {"event": event, "entrant": entrant, "form": form})


@login_required
def submit_deck(request, pk):
    event = event_for_viewer(request.user, pk)
    entrant = event.entrants.filter(user=request.user).select_related("deck__deck").first()
    if entrant is None:
        return redirect("tournaments:register", event.pk)
    form = RegisterForm(request.POST or None, user=request.user, event=event, deck_required=True)
    frozen = decklist_services.deck_frozen(event, entrant)
    is_open = not event.is_finished and not event.is_cancelled and not entrant.dropped and not frozen
    if request.method == "POST" and is_open and form.is_valid():
        try:
            entrant = decklist_services.submit_deck(entrant, form.cleaned_data["deck"], request.user)
        except DomainError as error:
            form.add_error("deck" if error.field == "deck" else None, error.message)
        else:
            messages.success(request, _("Your deck is registered."))
            _deck_message(request, entrant)
            return redirect(_event_page(event))
    context = {
        "event": event,
        "form": form,
        "is_open": is_open,
        "entrant": entrant,
        "event_url": _event_page(event),
        "closed_reason": _closed_reason(event, frozen),
        "sealed": player_state(event, entrant),
    }
    return render(request, "tournaments/manage/register.html", context)


def _closed_reason(event, frozen):
    """Why the player's list cannot change here: the event is cancelled, or the list is frozen."""
    if event.is_cancelled:
        return status_refusal(event).message
    return _frozen_reason(event) if frozen and not event.is_finished else ""


def _frozen_reason(event):
    code = "event.deadline_passed" if decklist_services.deadline_passed(event) else "event.deck_frozen"
    return DomainError(code).message


def _deck_message(request, entrant):
    if entrant.deck_id and entrant.deck_legal is False:
        messages.warning(
            request,
            _("Your deck is not legal in this event's format, so you cannot check in with it: %(problems)s")
            % {"problems": " ".join(problem["message"] for problem in entrant.deck_problems)},
        )
