"""Building a sealed deck from the pool: the player on their phone, or a judge or the organiser at the
desk for a registered player. Each card of the pool with + and − (plain buttons that post the form,
so the page works without JavaScript; static/js/pool-picker.js makes them instant, keeps the picks on
the phone until registered and checks legality as they change). The write is
services.sealed_decks.register_pool_deck."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import DomainError
from core.numbers import whole_number
from decks.presenters import builder_labels
from decks.services.decks import version_cards
from decks.services.legality import pool_shortfall, validate_request

from ..access import event_for_viewer
from ..models import Entrant
from ..models.entrants import event_player_labels
from ..presenters.sealed import pool_picker
from ..services.decklists import deck_frozen
from ..services.sealed_decks import check_picks, pool_copies, register_pool_deck
from .common import staff_view

PICK_PREFIX = "card-"
PLURALS = (("one", 1), ("other", 2))


@login_required
def build_from_pool(request, pk):
    """The player's own picker; nobody else's pool is reachable from here."""
    event = event_for_viewer(request.user, pk)
    entrant = event.entrants.filter(user=request.user).first()
    if entrant is None or not event.is_sealed:
        raise Http404(_("You are not playing in this sealed event."))
    back = reverse("tournaments:me", args=[event.pk])
    return _build_page(request, event, entrant, back, for_player=True)


@staff_view("deck_checks")
def build_for_entrant(request, event, entrant_id):
    """A judge or the organiser builds at the desk for a registered player, with the same picker."""
    if not event.is_sealed:
        raise Http404(DomainError("sealed.not_sealed").message)
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event)
    back = reverse("tournaments:deck_building", args=[event.pk])
    return _build_page(request, event, entrant, back, for_player=False)


def posted_picks(data):
    """{card id: copies} from the form's number fields, with a tapped + or − applied (no JavaScript)."""
    picks = {}
    for key, value in data.items():
        card = whole_number(key[len(PICK_PREFIX) :]) if key.startswith(PICK_PREFIX) else None
        if card is not None:
            copies = whole_number(value.strip() or "0")
            picks[card] = -1 if copies is None else copies
    for button, step in (("add", 1), ("remove", -1)):
        card = whole_number(data.get(button, ""))
        if card is not None:
            picks[card] = max(0, picks.get(card, 0) + step)
    return picks


def _build_page(request, event, entrant, back_url, for_player):
    entrant = Entrant.objects.select_related("deck__deck").get(pk=entrant.pk)
    try:
        held = pool_copies(entrant)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(back_url)
    registered = version_cards(entrant.deck) if entrant.deck_id else {}
    picks = registered if request.method != "POST" else posted_picks(request.POST)
    refused = ""
    if request.method == "POST" and "register" in request.POST:
        try:
            entrant = register_pool_deck(entrant, request.user, picks)
        except DomainError as error:
            refused = error.message
        else:
            _registered_message(request, entrant)
            return redirect(request.path)
    context = {
        "event": event,
        "entrant": entrant,
        "label": event_player_labels(event)[entrant.pk],
        "for_player": for_player,
        "back_url": back_url,
        "groups": pool_picker(event, held, picks),
        "picked": sum(qty for qty in picks.values() if qty > 0),
        "verdict": _legality(event, picks),
        "short": _shortfall(event, picks, held),
        "refused": refused,
        "frozen": deck_frozen(event, entrant),
        "base": entrant.deck_id or "none",
        "picker_labels": _picker_labels(event.game),
    }
    return render(request, "tournaments/pool_build.html", context, status=400 if refused else 200)


def _picker_labels(game):
    """The builder's labels, and both forms of “n of m left” (the script picks one by the language)."""
    left = {form: ngettext("%(left)s of %(count)s left", "%(left)s of %(count)s left", n) for form, n in PLURALS}
    return {**builder_labels(game), "left": left}


def _legality(event, picks):
    cards = [{"card": card, "qty": qty} for card, qty in picks.items() if qty > 0]
    return validate_request(event.format_slug, cards=cards, summary=False) if cards else None


def _shortfall(event, picks, held):
    """What the picks use beyond the pool, in words ([] when buildable)."""
    try:
        check_picks(picks, held)
    except DomainError as error:
        if error.code != "sealed.picks_empty":
            return [error.message]
        return []
    return [row["message"] for row in pool_shortfall(event.game, picks, held)]


def _registered_message(request, entrant):
    if entrant.deck_legal:
        messages.success(request, _("The deck of %(name)s is registered and legal.") % {"name": entrant.name})
    else:
        messages.warning(
            request,
            _("The deck of %(name)s is registered but not legal yet: %(problems)s")
            % {"name": entrant.name, "problems": " ".join(problem["message"] for problem in entrant.deck_problems)},
        )
