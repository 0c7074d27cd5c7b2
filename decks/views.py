"""Collection and deck pages. Lookups go through decks.access; writes through decks.services."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import games
from catalogue.filters import CardFilterForm, search_cards
from catalogue.models import Card
from core.errors import DomainError

from .access import collection_for, deck_for_owner, deck_for_viewer, listed_decks
from .charts import deck_chart_svg
from .forms import CheckForm, CollectionForm, DeckForm, DecklistForm, DeckSettingsForm, ImportForm, QuantityForm
from .models import Collection, Deck
from .services import collections as collection_services
from .services import decks as deck_services
from .services.legality import validate_request

SEARCH_RESULTS = 20


def chart_labels():
    return {
        "title": _("Deck chart"),
        "grid_title": _("Cards by tribe and rank"),
        "stats_title": _("Stat distribution"),
        "ranks": {rank: str(label) for rank, label in games.ranks().items()},
        "stats": {"power": _("Power"), "speed": _("Speed"), "health": _("Health"), "cunning": _("Cunning")},
        "total": _("Total"),
        "empty": _("No cards yet"),
    }


# Collections


@login_required
def collection_list(request):
    form = CollectionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            collection = collection_services.create_collection(request.user, form.cleaned_data["name"])
        except DomainError as error:
            form.add_error("name", error.message)
        else:
            messages.success(request, _("Collection created."))
            return redirect("decks:collection", collection.pk)
    collections = Collection.objects.filter(owner=request.user)
    return render(request, "decks/collection_list.html", {"collections": collections, "form": form})


@login_required
def collection_detail(request, pk):
    collection = collection_for(request.user, pk)
    search = CardFilterForm(request.GET or None)
    results = (
        search_cards(search.cleaned_data)[:SEARCH_RESULTS] if search.is_valid() and search.cleaned_data.get("q") else []
    )
    items = collection.items.select_related("card__card_set__game", "card__tribe").order_by(
        "card__card_set__game__name", "card__name"
    )
    page = Paginator(items, 100).get_page(request.GET.get("page"))
    context = {
        "collection": collection,
        "page": page,
        "search": search,
        "results": results,
        "import_form": ImportForm(),
        "rename_form": CollectionForm(initial={"name": collection.name}),
        "total": sum(collection.owned().values()),
    }
    return render(request, "decks/collection_detail.html", context)


@login_required
@require_POST
def collection_set_quantity(request, pk):
    collection = collection_for(request.user, pk)
    form = QuantityForm(request.POST)
    if form.is_valid():
        card = get_object_or_404(Card, pk=form.cleaned_data["card"])
        collection_services.set_quantity(collection, card, form.cleaned_data["qty"])
        messages.success(
            request, _("%(card)s: %(qty)s in the collection.") % {"card": card.name, "qty": form.cleaned_data["qty"]}
        )
    else:
        messages.error(request, _("The quantity must be a whole number from 0 to 9999."))
    return redirect(_back_to(request, reverse("decks:collection", args=[pk])))


def _refuse(request, form, field, error):
    """Show a refusal: rejected lines as a list with a message, anything else on the form."""
    lines = error.details.get("lines")
    if lines is not None:
        messages.error(request, error.message)
        return lines
    form.add_error(field, error.message)
    return []


def _back_to(request, default):
    """The page the form was posted from, if it is on this site."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


@login_required
def collection_import(request, pk):
    collection = collection_for(request.user, pk)
    form = ImportForm(request.POST or None)
    rejected = []
    if request.method == "POST" and form.is_valid():
        try:
            count = collection_services.import_into_collection(
                collection, form.cleaned_data["text"], form.cleaned_data["replace"]
            )
        except DomainError as error:
            rejected = _refuse(request, form, "text", error)
        else:
            messages.success(request, _("%(count)s line(s) imported.") % {"count": count})
            return redirect("decks:collection", collection.pk)
    return render(
        request, "decks/collection_import.html", {"collection": collection, "form": form, "rejected": rejected}
    )


@login_required
def collection_rename(request, pk):
    collection = collection_for(request.user, pk)
    form = CollectionForm(request.POST or None, initial={"name": collection.name})
    if request.method == "POST" and form.is_valid():
        try:
            collection_services.rename_collection(collection, form.cleaned_data["name"])
        except DomainError as error:
            form.add_error("name", error.message)
        else:
            messages.success(request, _("Collection renamed."))
            return redirect("decks:collection", collection.pk)
    return render(request, "decks/form_page.html", {"form": form, "title": _("Rename collection"), "back": collection})


@login_required
def collection_export(request, pk):
    collection = collection_for(request.user, pk)
    if request.GET.get("as") == "csv":
        response = HttpResponse(collection_services.export_csv(collection), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="collection-{collection.pk}.csv"'
        return response
    response = HttpResponse(collection_services.export_text(collection), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="collection-{collection.pk}.txt"'
    return response


@login_required
def collection_delete(request, pk):
    collection = collection_for(request.user, pk)
    if request.method == "POST":
        collection.delete()
        messages.success(request, _("Collection deleted."))
        return redirect("decks:collections")
    return render(request, "decks/confirm_delete.html", {"object": collection, "cancel": collection})


# Decks


def deck_list(request):
    decks = listed_decks(request.user)
    mine = decks.filter(owner=request.user) if request.user.is_authenticated else Deck.objects.none()
    public = decks.exclude(owner=request.user) if request.user.is_authenticated else decks
    form = DeckForm() if request.user.is_authenticated else None
    page = Paginator(public.order_by("-updated_at"), 50).get_page(request.GET.get("page"))
    return render(request, "decks/deck_list.html", {"mine": mine, "page": page, "form": form})


@login_required
def deck_create(request):
    form = DeckForm(request.POST or None)
    rejected = []
    if request.method == "POST" and form.is_valid():
        game = form.game()
        try:
            cards, declarations = deck_services.cards_from_decklist(form.cleaned_data["decklist"], game)
            deck = deck_services.create_deck(
                request.user,
                form.cleaned_data["name"],
                game,
                form.cleaned_data["format"],
                form.cleaned_data["visibility"],
                cards,
                declarations,
            )
        except DomainError as error:
            rejected = _refuse(request, form, None, error)
        else:
            messages.success(request, _("Deck created."))
            return redirect("decks:deck", deck.pk)
    return render(request, "decks/deck_create.html", {"form": form, "rejected": rejected})


def deck_detail(request, pk):
    deck = deck_for_viewer(request.user, pk)
    version = deck.latest_version()
    collections = Collection.objects.filter(owner=request.user) if request.user.is_authenticated else []
    check = CheckForm(request.GET or None, collections=collections)
    verdict, collection = _verdict(request, deck, version, check)
    entries = deck_services.version_entries(version)
    context = {
        "deck": deck,
        "version": version,
        "entries": entries,
        "check": check,
        "verdict": verdict,
        "missing": [row for row in collection_services.owned_and_missing(collection, entries) if row[3]]
        if collection
        else None,
        "collection": collection,
        "chart": deck_chart_svg(_chart_cards(entries), [t.name for t in deck.game.wheel()], chart_labels()),
        "versions": deck.versions.all()[:50],
        "is_owner": request.user.is_authenticated and deck.owner_id == request.user.pk,
    }
    return render(request, "decks/deck_detail.html", context)


def _verdict(request, deck, version, check):
    """The latest version's verdict, and the collection it was checked against (if any)."""
    as_of, owned, collection = timezone.localdate(), None, None
    if check.is_valid():
        as_of = check.cleaned_data["as_of"] or as_of
        if check.cleaned_data["collection"]:
            collection = collection_for(request.user, check.cleaned_data["collection"])
            owned = collection.owned()
    cards = [{"card": card_id, "qty": qty} for card_id, qty in deck_services.version_cards(version).items()]
    verdict = validate_request(
        deck.format_slug, cards=cards, as_of=as_of, owned=owned, declarations=version.declarations
    )
    verdict["buildable"] = owned is not None and not any(v["code"] == "not_owned" for v in verdict["violations"])
    verdict["checked_collection"] = owned is not None
    return verdict, collection


def count_grid(summary, tribes):
    """Counts for the builder: a tribe x rank table and a line per card type."""
    by_tribe_rank, ranks = summary["by_tribe_rank"], games.ranks()
    rows = [
        (tribe, [by_tribe_rank.get(tribe, {}).get(rank, 0) for rank in ranks], summary["by_tribe"].get(tribe, 0))
        for tribe in tribes
    ]
    types = [(games.card_type_label(card_type), count) for card_type, count in summary["by_type"].items()]
    return {"ranks": [str(label) for label in ranks.values()], "rows": rows, "types": types}


def _chart_cards(entries):
    return [
        {
            "name": card.name,
            "qty": qty,
            "type": card.type,
            "tribe": card.tribe.name if card.tribe else "",
            "rank": card.rank,
            "stats": card.stats,
        }
        for card, qty in entries
    ]


def deck_export(request, pk):
    deck = deck_for_viewer(request.user, pk)
    response = HttpResponse(deck_services.version_text(deck.latest_version()), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="deck-{deck.pk}.txt"'
    return response


def deck_version(request, pk, number):
    deck = deck_for_viewer(request.user, pk)
    version = get_object_or_404(deck.versions, number=number)
    previous = deck.versions.filter(number__lt=number).order_by("-number").first()
    context = {
        "deck": deck,
        "version": version,
        "previous": previous,
        "diff": deck_services.diff_versions(previous, version),
        "text": deck_services.version_text(version),
    }
    return render(request, "decks/deck_version.html", context)


@login_required
def deck_edit(request, pk):
    """The builder: edit the list (checked live with JavaScript, or with the Check button), then save."""
    deck = deck_for_owner(request.user, pk)
    version = deck.latest_version()
    form = DecklistForm(request.POST or None, initial={"decklist": deck_services.version_text(version)})
    verdict, rejected = None, []
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["decklist"]
        try:
            verdict = validate_request(deck.format_slug, decklist=text)
            if "save" in request.POST:
                cards, declarations = deck_services.cards_from_decklist(text, deck.game)
                saved = deck_services.save_version(deck, cards, declarations)
                messages.success(request, _("Saved as version %(number)s.") % {"number": saved.number})
                return redirect("decks:deck", deck.pk)
        except DomainError as error:
            rejected = _refuse(request, form, "decklist", error)
    # The search fields belong to the decklist form, so searching keeps unsaved edits.
    search = CardFilterForm(request.POST if request.method == "POST" else request.GET or None)
    filters = search.cleaned_data if search.is_valid() else {}
    results = (
        search_cards({**filters, "game": deck.game.slug})[:SEARCH_RESULTS]
        if filters.get("q") or filters.get("tribe") or filters.get("rank")
        else []
    )
    wheel = deck.game.wheel()
    context = {
        "deck": deck,
        "form": form,
        "verdict": verdict,
        "grid": count_grid(verdict["summary"], [t.name for t in wheel]) if verdict else None,
        "builder_labels": {
            "ranks": {rank: str(label) for rank, label in games.ranks().items()},
            "types": {key: str(label) for key, label in games.card_types().items()},
            "tribes": [tribe.name for tribe in wheel],
        },
        "rejected": rejected,
        "search": search,
        "results": results,
        "wheel": wheel,
    }
    return render(request, "decks/deck_edit.html", context)


@login_required
@require_POST
def deck_add_card(request, pk):
    """Without JavaScript, the builder's Add and Remove buttons save a version each."""
    deck = deck_for_owner(request.user, pk)
    card_id = request.POST.get("card", "")
    card = get_object_or_404(Card, pk=int(card_id) if card_id.isdigit() else 0, card_set__game=deck.game)
    delta = -1 if request.POST.get("remove") else 1
    deck_services.change_card(deck, card.pk, delta)
    return redirect("decks:deck_edit", deck.pk)


@login_required
def deck_settings(request, pk):
    deck = deck_for_owner(request.user, pk)
    form = DeckSettingsForm(request.POST or None, initial={"name": deck.name, "visibility": deck.visibility})
    if request.method == "POST" and form.is_valid():
        deck_services.edit_deck(deck, name=form.cleaned_data["name"], visibility=form.cleaned_data["visibility"])
        messages.success(request, _("Deck settings saved."))
        return redirect("decks:deck", deck.pk)
    return render(request, "decks/form_page.html", {"form": form, "title": _("Deck settings"), "back": deck})


@login_required
def deck_delete(request, pk):
    deck = deck_for_owner(request.user, pk)
    if request.method == "POST":
        try:
            deck_services.delete_deck(deck, request.user)
        except DomainError as error:
            messages.error(request, error.message)
            return redirect("decks:deck", deck.pk)
        messages.success(request, _("Deck deleted."))
        return redirect("decks:decks")
    return render(request, "decks/confirm_delete.html", {"object": deck, "cancel": deck})
