"""Sealed events' pages: a player's pool on the phone, the staff's paste box and pools overview, the
end of deck building, deck-building seats (drawn, printed, projected) and the deck-building clock.
Who may is tournaments.access; the writes are tournaments.services.sealed, .seats and .timer."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from catalogue.models import Card
from core.errors import DomainError, local_number
from decks.page_support import refuse

from ..access import can, event_for_viewer
from ..forms.common import errors_in_one_line
from ..forms.sealed import BuildClockForm, PoolForm, SeatDrawForm
from ..models import Entrant, SealedPool
from ..models.entrants import event_player_labels
from ..presenters.rounds import timer_state
from ..presenters.sealed import product_panel
from ..services import sealed as sealed_services
from ..services.rounds_clock import BUILD_MINUTES, start_build_clock
from .common import staff_view

EXTEND_MINUTES = 5


def pool_lines(pool):
    """The registered pool as decklist lines (quantity, name, set and number), in card order."""
    if pool is None:
        return []
    copies = {int(card): qty for card, qty in pool.cards.items()}
    cards = Card.objects.filter(pk__in=copies).select_related("card_set").order_by("card_set__code", "number")
    return [{"qty": copies[card.pk], "card": card} for card in cards]


def _pool_text(lines):
    return "\n".join(
        f"{line['qty']} {line['card'].name} ({line['card'].card_set.code}) {line['card'].number}" for line in lines
    )


def _pool_page(request, event, entrant, back_url, for_player):
    """One page for both: the registered pool, and (until deck building ends) the form to register it."""
    pool = SealedPool.objects.filter(entrant=entrant).first()
    lines = pool_lines(pool)
    frozen = sealed_services.pool_closed(event, entrant)
    form = PoolForm(request.POST or None, initial={"pool": _pool_text(lines)})
    problems, rejected = [], []
    if request.method == "POST" and not frozen and form.is_valid():
        try:
            sealed_services.register_pool(entrant, request.user, form.cleaned_data["pool"])
        except DomainError as error:
            problems = error.details.get("problems", [])
            # Lines that are not cards are listed as the deck editor lists them, each with its line
            # number and suggestions; the product's problems once, above the pool.
            rejected = [] if problems else refuse(request, form, "pool", error)
            if problems or rejected:
                form.add_error("pool", _("Correct the pool: each problem is listed above."))
        else:
            messages.success(request, _("The pool of %(name)s is registered.") % {"name": entrant.name})
            return redirect(request.path)
    context = {
        "event": event,
        "entrant": entrant,
        "lines": lines,
        "total": sum(line["qty"] for line in lines),
        "registered_by": pool.registered_by if pool else None,
        "form": form,
        "frozen": frozen,
        "problems": problems,
        "rejected": rejected,
        "back_url": back_url,
        "for_player": for_player,
        "build_url": _build_url(event, entrant, for_player),
        "product": product_panel(event),
    }
    return render(request, "tournaments/pool.html", context, status=400 if problems or form.errors else 200)


def _build_url(event, entrant, for_player):
    if for_player:
        return reverse("tournaments:build_from_pool", args=[event.pk])
    return reverse("tournaments:build_for_entrant", args=[event.pk, entrant.pk])


@login_required
def my_pool(request, pk):
    """The player's own pool, on their phone; another player's pool is not reachable from here."""
    event = event_for_viewer(request.user, pk)
    entrant = event.entrants.filter(user=request.user).first()
    if entrant is None or not event.is_sealed:
        raise Http404(_("You are not playing in this sealed event."))
    return _pool_page(request, event, entrant, reverse("tournaments:me", args=[event.pk]), for_player=True)


@staff_view("see_decklists")
def entrant_pool(request, event, entrant_id):
    """A judge or the organiser registers a player's pool (pasted from the player's sheet)."""
    if not event.is_sealed:
        raise Http404(DomainError("sealed.not_sealed").message)
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event)
    return _pool_page(request, event, entrant, reverse("tournaments:deck_building", args=[event.pk]), False)


@staff_view("see_decklists")
def deck_building(request, event):
    """Per player: seat, pool and deck; and the organiser's deck-building controls."""
    if not event.is_sealed:
        raise Http404(DomainError("sealed.not_sealed").message)
    entrants = list(
        event.entrants.filter(dropped_after__isnull=True)
        .select_related("sealed_pool", "deck__deck")
        .order_by("name", "pk")
    )
    labels = event_player_labels(event)
    rows = [
        {
            "entrant": entrant,
            "label": labels[entrant.pk],
            "pool": getattr(entrant, "sealed_pool", None),
            "cards": sum(entrant.sealed_pool.cards.values()) if hasattr(entrant, "sealed_pool") else 0,
        }
        for entrant in entrants
    ]
    before_round_one = event.registration_open and not event.rounds.exists()
    context = {
        "event": event,
        "rows": rows,
        "pools": sum(1 for row in rows if row["pool"]),
        "decks": sum(1 for entrant in entrants if entrant.deck_id),
        "may_manage": can(request.user, event, "manage"),
        "may_build": can(request.user, event, "deck_checks"),
        "frozen": event.sealed_setup.pools_frozen_at is not None,
        "seated": any(entrant.build_seat for entrant in entrants),
        "before_round_one": before_round_one,
        "seat_form": SeatDrawForm(),
        "clock_form": BuildClockForm(initial={"minutes": BUILD_MINUTES}),
        "timer": timer_state(event) if event.clock.deck_building else None,
        "extend_minutes": EXTEND_MINUTES,
        "product": product_panel(event),
    }
    return render(request, "tournaments/manage/deck_building.html", context)


def _back(event):
    return redirect("tournaments:deck_building", event.pk)


@staff_view("manage")
def end_deck_building(request, event):
    """The "Deck building ends" button: a confirmation, then pools are frozen (and logged)."""
    if request.method == "POST":
        try:
            sealed_services.freeze_pools(event, request.user)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Deck building has ended: the pools are frozen."))
        return _back(event)
    missing = event.entrants.filter(dropped_after__isnull=True, sealed_pool__isnull=True).count()
    explanation = _("Nobody can register or change a pool after this, not even the organiser.")
    if missing:
        explanation += " " + ngettext(
            "%(count)s player has no pool registered yet.", "%(count)s players have no pool registered yet.", missing
        ) % {"count": missing}
    context = {
        "event": event,
        "title": _("End deck building?"),
        "explanation": explanation,
        "button": _("Yes, deck building ends"),
    }
    return render(request, "tournaments/manage/confirm.html", context)


@staff_view("manage")
@require_POST
def draw_seats(request, event):
    """Random deck-building seats; drawing again asks first (every seat changes)."""
    form = SeatDrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, errors_in_one_line(form))
        return _back(event)
    redraw = request.POST.get("confirm") == "1"
    try:
        seats, seed = sealed_services.assign_build_seats(event, request.user, form.cleaned_data["seed"], redraw=redraw)
    except DomainError as error:
        if error.code == "seats.drawn":
            return _confirm_redraw(request, event, form)
        messages.error(request, error.message)
        return _back(event)
    messages.success(
        request,
        ngettext("%(count)s player seated (seed %(seed)s).", "%(count)s players seated (seed %(seed)s).", len(seats))
        % {"count": local_number(len(seats)), "seed": seed},
    )
    return redirect("tournaments:seats", event.pk)


def _confirm_redraw(request, event, form):
    seed = form.cleaned_data["seed"]
    context = {
        "event": event,
        "title": _("Draw the seats again?"),
        "explanation": _("Every player gets a new seat. Players who already sat down must move."),
        "button": _("Yes, draw again"),
        "action": reverse("tournaments:draw_seats", args=[event.pk]),
        "hidden": [("confirm", "1"), *([("seed", seed)] if seed is not None else [])],
    }
    return render(request, "tournaments/manage/confirm.html", context, status=409)


@staff_view("manage")
@require_POST
def build_clock(request, event):
    form = BuildClockForm(request.POST)
    if not form.is_valid():
        messages.error(request, errors_in_one_line(form))
        return _back(event)
    try:
        start_build_clock(event, request.user, form.cleaned_data["minutes"])
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            ngettext(
                "Deck building: %(minutes)s minute on the clock.",
                "Deck building: %(minutes)s minutes on the clock.",
                form.cleaned_data["minutes"],
            )
            % {"minutes": form.cleaned_data["minutes"]},
        )
    return _back(event)


def seats(request, pk):
    """The printable seats sheet: players by name, each with a deck-building seat."""
    event = event_for_viewer(request.user, pk)
    if not event.is_sealed:
        raise Http404(DomainError("sealed.not_sealed").message)
    context = {
        "event": event,
        "lines": sealed_services.seat_sheet(event),
        "unseated": list(
            event.entrants.filter(build_seat__isnull=True, dropped_after__isnull=True).values_list("name", flat=True)
        ),
        "may_manage": can(request.user, event, "manage"),
    }
    return render(request, "tournaments/seats.html", context)


def player_state(event, entrant):
    """What a player's own pages show of deck building: seat, pool size, whether pools are frozen."""
    if not event.is_sealed or entrant is None:
        return None
    pool = SealedPool.objects.filter(entrant=entrant).first()
    return {
        "seat": entrant.build_seat,
        "cards": sum(pool.cards.values()) if pool else 0,
        "frozen": event.sealed_setup.pools_frozen_at is not None,
        "before_rounds": event.registration_open,
    }
