"""Collection pages. Lookups go through decks.access; writes through decks.services."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Sum
from django.db.models.functions import Coalesce
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from catalogue.filters import CardFilterForm, search_cards
from catalogue.models import Card
from core.errors import DomainError, local_number

from .access import collection_for, listed_decks, shared_collection
from .forms import (
    CardCountForm,
    CollectionFilterForm,
    CollectionForm,
    CollectionSettingsForm,
    EntryForm,
    ImportForm,
)
from .importing import read_as
from .models import Collection, CollectionVisibility
from .page_support import back_to, export_response, first_matches, refuse, replace_share_link
from .presenters import change_message
from .services import building
from .services import collections as collection_services
from .variants import CONDITIONS, FINISHES, LANGUAGES, ROW_ORDER, variant_label

SEARCH_RESULTS = 20
CHANGES_SHOWN = 200
LAST_IMPORT = "collection_last_import"
LAST_CARD_CHANGE = "collection_last_card_change"


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
    collections = Collection.objects.filter(owner=request.user).annotate(
        copies=Coalesce(Sum("items__qty"), 0), distinct=Count("items__card", distinct=True)
    )
    return render(request, "decks/collection_list.html", {"collections": collections, "form": form})


def _items_page(request, collection, filters=None):
    items = collection.items.select_related("card__card_set__game", "card__tribe")
    items = (
        filters.apply(items)
        if filters is not None
        else items.order_by("card__card_set__game__name", "card__name", *ROW_ORDER)
    )
    return Paginator(items, 100).get_page(request.GET.get("page"))


def _filters(request, collection):
    return CollectionFilterForm(request.GET or None, items=collection.items.all(), prefix="f")


@login_required
def collection_detail(request, pk):
    collection = collection_for(request.user, pk)
    search = CardFilterForm(request.GET or None)
    results, matches = (
        first_matches(search_cards(search.cleaned_data), SEARCH_RESULTS)
        if search.is_valid() and search.cleaned_data.get("q")
        else ([], 0)
    )
    last_import = request.session.pop(LAST_IMPORT, None)
    last_card = request.session.pop(LAST_CARD_CHANGE, None)
    owned = collection.owned()
    filters = _filters(request, collection)
    page = _items_page(request, collection, filters)
    context = {
        "collection": collection,
        "page": page,
        "groups": filters.groups(page.object_list),
        "variant_choices": {"finish": FINISHES.items(), "condition": CONDITIONS.items(), "language": LANGUAGES.items()},
        "filters": filters,
        "group": filters.grouping(),
        "search": search,
        "results": results,
        "matches": matches,
        "owned": owned,
        "query": _query_without_page(request),
        "total": sum(owned.values()),
        "distinct": len(owned),
        "last_import": last_import if last_import and last_import["collection"] == collection.pk else None,
        "last_card_change": last_card["change_id"] if last_card and last_card["collection"] == collection.pk else None,
        "share_url": _share_url(request, collection),
    }
    return render(request, "decks/collection_detail.html", context)


def _query_without_page(request):
    query = request.GET.copy()
    query.pop("page", None)
    return query.urlencode()


@login_required
def collection_decks(request, pk):
    """Decks I can build: each of the player's decks with what this collection lacks for it."""
    collection = collection_for(request.user, pk)
    rows = building.buildable_decks(collection, listed_decks(request.user).filter(owner=request.user))
    context = {"collection": collection, "rows": rows, "buildable": sum(1 for row in rows if row["buildable"])}
    return render(request, "decks/collection_decks.html", context)


def _share_url(request, collection):
    if collection.visibility != CollectionVisibility.UNLISTED:
        return None
    return request.build_absolute_uri(reverse("decks:shared_collection", args=[collection.share_token]))


def shared_collection_detail(request, token):
    """An unlisted collection, read-only, for anyone with its link."""
    collection = shared_collection(token)
    owned = collection.owned()
    page = _items_page(request, collection)
    for item in page.object_list:
        item.variant_label = variant_label(item.finish, item.condition, item.language)
    context = {
        "collection": collection,
        "page": page,
        "total": sum(owned.values()),
        "distinct": len(owned),
    }
    return render(request, "decks/collection_shared.html", context)


@login_required
@require_POST
def collection_count(request, pk):
    """Add copies, remove copies or set the count of one card; the message shows before and after."""
    collection = collection_for(request.user, pk)
    form = CardCountForm(request.POST)
    if not form.is_valid():
        limit = {"max": local_number(collection_services.MAX_COPIES)}
        messages.error(request, _("The number of copies must be a whole number from 0 to %(max)s.") % limit)
        return redirect(back_to(request, reverse("decks:collection", args=[pk])))
    card = get_object_or_404(Card.objects.select_related("card_set"), pk=form.cleaned_data["card"])
    qty, action, variant = form.cleaned_data["qty"], form.cleaned_data["action"], form.variant()
    try:
        if action == CardCountForm.SET:
            written = collection_services.set_copies(collection, card, qty, variant, request.user)
        else:
            delta = -qty if action == CardCountForm.REMOVE else qty
            written = collection_services.add_copies(collection, card, delta, variant, request.user)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, change_message(written.change))
        _remember_card_change(request, collection, written)
    return redirect(back_to(request, reverse("decks:collection", args=[pk])))


def _remember_card_change(request, collection, written):
    """The last single-card write, for the collection page's Undo button (it is in the history too)."""
    if written.record is not None:
        request.session[LAST_CARD_CHANGE] = {"collection": collection.pk, "change_id": written.record.pk}


@login_required
@require_POST
def collection_entry(request, pk):
    """Change a row's finish, condition, language or tags (copies move to the row they now match)."""
    collection = collection_for(request.user, pk)
    form = EntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a finish, condition and language from the lists; at most 10 tags."))
        return redirect(back_to(request, reverse("decks:collection", args=[pk])))
    card = get_object_or_404(Card.objects.select_related("card_set"), pk=form.cleaned_data["card"])
    try:
        written = collection_services.edit_entry(
            collection, card, form.variant(), form.variant("new_"), form.new_tags(), request.user
        )
    except DomainError as error:
        if error.status == 404:
            raise Http404(error.message) from None
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(card)s: now %(variant)s.") % {"card": card.name, "variant": written.change.variant},
        )
        _remember_card_change(request, collection, written)
    return redirect(back_to(request, reverse("decks:collection", args=[pk])))


@login_required
def collection_import(request, pk):
    """Paste or upload a list (text, CSV, Moxfield, Archidekt, Deckbox): first a preview of every
    change, then the import on confirmation, all or nothing, undoable from the history."""
    collection = collection_for(request.user, pk)
    form = ImportForm(request.POST or None, request.FILES or None)
    rejected, preview = [], None
    if request.method == "POST" and form.is_valid():
        mode = form.cleaned_data["mode"]
        try:
            parsed = collection_services.read_collection_list(form.cleaned_data["text"])
            parsed.encoding = form.encoding
            if request.POST.get("confirm"):
                result = collection_services.import_into_collection(
                    collection, parsed, mode, expected=request.POST.get("digest", ""), actor=request.user
                )
                _remember_import(request, collection, result)
                return redirect("decks:collection", collection.pk)
            preview = collection_services.preview_import(collection, parsed, mode)
        except DomainError as error:
            if error.code != "collections.preview_stale":
                rejected = refuse(request, form, "text", error)
            else:
                messages.error(request, error.message)
                preview = collection_services.preview_import(collection, parsed, mode)
    context = {
        "collection": collection,
        "form": form,
        "rejected": rejected,
        "limits": _import_limits(),
        "preview": _preview_context(preview, form) if preview else None,
    }
    return render(request, "decks/collection_import.html", context)


def _preview_context(preview, form):
    return {
        "changes": preview.changes[:CHANGES_SHOWN],
        "changed": len(preview.changes),
        "totals": preview.totals,
        "digest": preview.digest,
        "mode": form.cleaned_data["mode"],
        "text": form.cleaned_data["text"],
        "read_as": read_as(preview.decklist),
        "notes": [note.as_dict() for note in preview.decklist.notes],
        "left_out": len(preview.decklist.left_out),
    }


def _import_limits():
    return {
        "kb": collection_services.MAX_IMPORT_BYTES // 1024,
        "lines": collection_services.MAX_IMPORT_LINES,
        "copies": collection_services.MAX_COPIES,
    }


def _remember_import(request, collection, result):
    """The write's before/after table, shown once on the collection page after the redirect, with
    its Undo button."""
    if result.lines:
        messages.success(
            request,
            ngettext("%(count)s line imported.", "%(count)s lines imported.", result.lines) % {"count": result.lines},
        )
    request.session[LAST_IMPORT] = {
        "collection": collection.pk,
        "changes": [change.as_dict() for change in result.changes[:CHANGES_SHOWN]],
        "changed": len(result.changes),
        "read_as": read_as(result.decklist) if result.decklist is not None else None,
        "change_id": result.record.pk if result.record is not None else None,
    }


@login_required
def collection_clear(request, pk):
    """Empty the collection: a preview of every card removed, then the write on confirmation."""
    collection = collection_for(request.user, pk)
    if request.method == "POST":
        try:
            result = collection_services.clear_collection(collection, request.POST.get("digest", ""), request.user)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The collection is empty. Undo it from the history if this was a mistake."))
            _remember_import(request, collection, result)
            return redirect("decks:collection", collection.pk)
    preview = collection_services.preview_clear(collection)
    context = {
        "collection": collection,
        "changes": preview.changes[:CHANGES_SHOWN],
        "changed": len(preview.changes),
        "totals": preview.totals,
        "digest": preview.digest,
    }
    return render(request, "decks/collection_clear.html", context)


@login_required
def collection_history(request, pk):
    collection = collection_for(request.user, pk)
    page = collection_services.history(collection, request.GET.get("page"))
    context = {"collection": collection, "page": page, "records": page.object_list}
    return render(request, "decks/collection_history.html", context)


@login_required
@require_POST
def collection_undo(request, pk, change_id):
    """Undo one change of the history (itself recorded, so it can be undone in turn)."""
    collection = collection_for(request.user, pk)
    try:
        result = collection_services.undo_change(collection, change_id, request.user)
    except DomainError as error:
        if error.status == 404:
            raise Http404(error.message) from None
        messages.error(request, error.message)
        return redirect("decks:collection_history", collection.pk)
    messages.success(
        request,
        ngettext(
            "Undone: %(count)s card is back as it was.",
            "Undone: %(count)s cards are back as they were.",
            len(result.changes),
        )
        % {"count": len(result.changes)},
    )
    return redirect("decks:collection_history", collection.pk)


@login_required
def collection_settings(request, pk):
    collection = collection_for(request.user, pk)
    initial = {"name": collection.name, "visibility": collection.visibility}
    form = CollectionSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            collection_services.edit_collection(collection, **form.cleaned_data)
        except DomainError as error:
            form.add_error("name", error.message)
        else:
            messages.success(request, _("Collection settings saved."))
            return redirect("decks:collection", collection.pk)
    context = {"form": form, "title": _("Collection settings"), "back": reverse("decks:collection", args=[pk])}
    return render(request, "decks/form_page.html", context)


@login_required
@require_POST
def collection_share(request, pk):
    """A new share link; the old one stops working."""
    return replace_share_link(request, collection_for(request.user, pk), "decks:collection")


@login_required
def collection_export(request, pk):
    return export_response(collection_for(request.user, pk), request.GET.get("as"))


def shared_collection_export(request, token):
    return export_response(shared_collection(token), request.GET.get("as"))


@login_required
def collection_delete(request, pk):
    collection = collection_for(request.user, pk)
    if request.method == "POST":
        collection_services.delete_collection(collection, request.user)
        messages.success(request, _("Collection deleted."))
        return redirect("decks:collections")
    owned = collection.owned()
    context = {
        "object": collection,
        "cancel": reverse("decks:collection", args=[pk]),
        "copies": sum(owned.values()),
        "distinct": len(owned),
    }
    return render(request, "decks/confirm_delete.html", context)
