"""Collection pages. Lookups go through decks.access; writes through decks.services."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from catalogue.filters import CardFilterForm, search_cards
from catalogue.models import Card
from core.errors import DomainError

from .access import collection_for, shared_collection
from .forms import CardCountForm, CollectionForm, CollectionSettingsForm, ImportForm
from .importing import read_as
from .models import Collection, CollectionVisibility
from .page_support import back_to, export_response, refuse, replace_share_link
from .presenters import change_message
from .services import collections as collection_services

SEARCH_RESULTS = 20
CHANGES_SHOWN = 200
LAST_IMPORT = "collection_last_import"


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


def _items_page(request, collection):
    items = collection.items.select_related("card__card_set__game").order_by("card__card_set__game__name", "card__name")
    return Paginator(items, 100).get_page(request.GET.get("page"))


@login_required
def collection_detail(request, pk):
    collection = collection_for(request.user, pk)
    search = CardFilterForm(request.GET or None)
    results = (
        search_cards(search.cleaned_data)[:SEARCH_RESULTS] if search.is_valid() and search.cleaned_data.get("q") else []
    )
    last_import = request.session.pop(LAST_IMPORT, None)
    context = {
        "collection": collection,
        "page": _items_page(request, collection),
        "search": search,
        "results": results,
        "owned": collection.owned(),
        "total": sum(collection.owned().values()),
        "last_import": last_import if last_import and last_import["collection"] == collection.pk else None,
        "share_url": _share_url(request, collection),
    }
    return render(request, "decks/collection_detail.html", context)


def _share_url(request, collection):
    if collection.visibility != CollectionVisibility.UNLISTED:
        return None
    return request.build_absolute_uri(reverse("decks:shared_collection", args=[collection.share_token]))


def shared_collection_detail(request, token):
    """An unlisted collection, read-only, for anyone with its link."""
    collection = shared_collection(token)
    context = {
        "collection": collection,
        "page": _items_page(request, collection),
        "total": sum(collection.owned().values()),
    }
    return render(request, "decks/collection_shared.html", context)


@login_required
@require_POST
def collection_count(request, pk):
    """Add copies, remove copies or set the count of one card; the message shows before and after."""
    collection = collection_for(request.user, pk)
    form = CardCountForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The number of copies must be a whole number from 0 to 9999."))
        return redirect(back_to(request, reverse("decks:collection", args=[pk])))
    card = get_object_or_404(Card.objects.select_related("card_set"), pk=form.cleaned_data["card"])
    qty, action = form.cleaned_data["qty"], form.cleaned_data["action"]
    try:
        if action == CardCountForm.SET:
            change = collection_services.set_copies(collection, card, qty)
        else:
            change = collection_services.add_copies(collection, card, -qty if action == CardCountForm.REMOVE else qty)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, change_message(change))
    return redirect(back_to(request, reverse("decks:collection", args=[pk])))


@login_required
def collection_import(request, pk):
    """Paste or upload a list (text, CSV, Moxfield, Archidekt, Deckbox); all or nothing."""
    collection = collection_for(request.user, pk)
    form = ImportForm(request.POST or None, request.FILES or None)
    rejected = []
    if request.method == "POST" and form.is_valid():
        try:
            parsed = collection_services.read_collection_list(form.cleaned_data["text"])
            result = collection_services.import_into_collection(collection, parsed, form.cleaned_data["mode"])
        except DomainError as error:
            rejected = refuse(request, form, "text", error)
        else:
            _remember_import(request, collection, result)
            return redirect("decks:collection", collection.pk)
    context = {"collection": collection, "form": form, "rejected": rejected, "limits": _import_limits()}
    return render(request, "decks/collection_import.html", context)


def _import_limits():
    return {
        "kb": collection_services.MAX_IMPORT_BYTES // 1024,
        "lines": collection_services.MAX_IMPORT_LINES,
        "copies": collection_services.MAX_COPIES,
    }


def _remember_import(request, collection, result):
    """The import's before/after table, shown once on the collection page after the redirect."""
    messages.success(
        request,
        ngettext("%(count)s line imported.", "%(count)s lines imported.", result.lines) % {"count": result.lines},
    )
    request.session[LAST_IMPORT] = {
        "collection": collection.pk,
        "changes": [change.as_dict() for change in result.changes[:CHANGES_SHOWN]],
        "changed": len(result.changes),
        "read_as": read_as(result.decklist),
    }


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
        collection.delete()
        messages.success(request, _("Collection deleted."))
        return redirect("decks:collections")
    cancel = reverse("decks:collection", args=[pk])
    return render(request, "decks/confirm_delete.html", {"object": collection, "cancel": cancel})
