"""Deck pages. Lookups go through decks.access; writes through decks.services.

Pages a visitor reads are reached by id (your own decks, public decks) or by share key
(`shared/<token>/`, unlisted decks); both routes lead to the same views, and links inside a
page keep the route it was reached by (`base`).
"""

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from catalogue.filters import CardFilterForm, search_cards
from catalogue.models import Card
from core.errors import DomainError
from core.numbers import whole_number

from .access import (
    collection_for,
    deck_by_reference,
    deck_for_owner,
    is_owner,
    listed_decks,
    recently_deleted,
    restorable_deck,
)
from .forms import CheckForm, CloneForm, CompareForm, DeckForm, DeckListForm, DecklistForm, DeckSettingsForm
from .models import RESTORE_DAYS, Collection, Deck, Visibility
from .page_support import first_matches, refuse, replace_share_link
from .presenters import (
    builder_labels,
    card_table,
    copy_name,
    count_grid,
    deck_chart,
    deck_chart_tables,
    deck_facts,
    sample_hand,
)
from .services import building
from .services import collections as collection_services
from .services import decks as deck_services
from .services.legality import validate_request

SEARCH_RESULTS = 20
DECKS_PER_PAGE = 50
VERSIONS_PER_PAGE = 50
JUST_DELETED = "deck_just_deleted"  # the deck the decks page offers to undo the deletion of, once


def deck_list(request):
    """The player's own decks and the public ones, each list paged (`mine`, `page`) and sorted alike,
    and the player's recently deleted decks (`deleted`), which they may restore."""
    decks = listed_decks(request.user)
    mine = decks.filter(owner=request.user) if request.user.is_authenticated else Deck.objects.none()
    public = decks.exclude(owner=request.user) if request.user.is_authenticated else decks
    deleted = recently_deleted(request.user) if request.user.is_authenticated else Deck.objects.none()
    sort = DeckListForm(request.GET)
    mine_page = _deck_page(sort.order(mine), request.GET.get("mine"))
    page = _deck_page(sort.order(public), request.GET.get("page"))
    deleted_page = _deck_page(deleted, request.GET.get("deleted"))
    for deck in deleted_page.object_list:
        deck.restorable_until = deck.deleted_at + datetime.timedelta(days=RESTORE_DAYS)
    shown = [*mine_page.object_list, *page.object_list]
    legal = building.legality(shown)
    for deck in shown:
        deck.legal = legal.get(deck.pk)
    just_deleted = request.session.pop(JUST_DELETED, None) if request.user.is_authenticated else None
    context = {
        "mine": mine_page,
        "page": page,
        "deleted": deleted_page,
        "restore_days": RESTORE_DAYS,
        # The Undo of the deletion just made, while the deck can still be restored.
        "undo": deleted.filter(pk=just_deleted).first() if just_deleted else None,
        "sort": sort,
        "mine_query": _query_without(request, "mine"),
        "query": _query_without(request, "page"),
        "deleted_query": _query_without(request, "deleted"),
    }
    return render(request, "decks/deck_list.html", context)


def _deck_page(decks, number):
    page = Paginator(decks, DECKS_PER_PAGE).get_page(number)
    page.object_list = list(page.object_list)
    return page


def _query_without(request, name):
    """The page's query string without one list's page number, for that list's page links."""
    query = request.GET.copy()
    query.pop(name, None)
    return query.urlencode()


def _left_out(request, content):
    if content.sideboard:
        messages.info(
            request,
            ngettext(
                "%(count)s sideboard line was left out: these formats have no sideboard.",
                "%(count)s sideboard lines were left out: these formats have no sideboard.",
                content.sideboard,
            )
            % {"count": content.sideboard},
        )
    for note in content.notes:
        messages.warning(request, _("Line %(line)s: %(message)s") % {"line": note.line, "message": note.message})


@login_required
def deck_create(request):
    # An event's "Build a deck" link names its format (?format=), so the page starts in it.
    form = DeckForm(request.POST or None, request.FILES or None, initial={"format": request.GET.get("format")})
    rejected = []
    if request.method == "POST" and form.is_valid():
        game = form.game()
        try:
            content = deck_services.deck_content(form.cleaned_data["decklist"], game)
            deck = deck_services.create_deck(
                request.user,
                form.cleaned_data["name"],
                game,
                form.cleaned_data["format"],
                form.cleaned_data["visibility"],
                content.cards,
                content.declarations,
            )
        except DomainError as error:
            rejected = refuse(request, form, "decklist", error)
        else:
            _left_out(request, content)
            messages.success(request, _("Deck created."))
            return redirect("decks:deck", deck.pk)
    return render(request, "decks/deck_create.html", {"form": form, "rejected": rejected})


def _base(deck, token):
    """The URL the page was reached by: sub-pages are relative to it."""
    return reverse("decks:shared_deck", args=[token]) if token else reverse("decks:deck", args=[deck.pk])


def deck_detail(request, pk=None, token=None):
    deck = deck_by_reference(request.user, pk, token)
    version = deck.latest_version()
    collections = Collection.objects.filter(owner=request.user) if request.user.is_authenticated else []
    check = CheckForm(request.GET or None, collections=collections)
    verdict, collection = _verdict(request, deck, version, check)
    entries = deck_services.version_entries(version)
    owner = is_owner(request.user, deck)
    context = {
        "deck": deck,
        "base": _base(deck, token),
        "version": version,
        "table": card_table(deck.game, entries),
        "facts": deck_facts(deck.game, version.declarations, entries),
        "check": check,
        "verdict": verdict,
        "missing": [row for row in collection_services.owned_and_missing(collection, entries) if row[3]]
        if collection
        else None,
        "collection": collection,
        "chart": deck_chart(deck.game, entries),
        "chart_tables": deck_chart_tables(deck.game, entries),
        "versions": Paginator(deck.versions.all(), VERSIONS_PER_PAGE).get_page(request.GET.get("versions")),
        "versions_query": _query_without(request, "versions"),
        "is_owner": owner,
        "hand": sample_hand(deck.format_slug, entries, request.GET.get("hand")),
        "hand_query": _query_without(request, "hand"),  # a new draw keeps the check asked for
        "share_url": request.build_absolute_uri(reverse("decks:shared_deck", args=[deck.share_token]))
        if owner and deck.visibility == Visibility.UNLISTED
        else None,
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
    return verdict, collection


def deck_export(request, pk=None, token=None):
    deck = deck_by_reference(request.user, pk, token)
    response = HttpResponse(deck_services.version_text(deck.latest_version()), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(deck.name) or "deck"}.txt"'
    return response


def deck_version(request, number, pk=None, token=None):
    deck = deck_by_reference(request.user, pk, token)
    version = get_object_or_404(deck.versions, number=number)
    previous = deck.versions.filter(number__lt=number).order_by("-number").first()
    context = {
        "deck": deck,
        "base": _base(deck, token),
        "version": version,
        "previous": previous,
        "diff": deck_services.diff_versions(previous, version),
        "text": deck_services.version_text(version),
        "is_owner": is_owner(request.user, deck),
        "is_latest": version == deck.latest_version(),
    }
    return render(request, "decks/deck_version.html", context)


def deck_compare(request, pk=None, token=None):
    """Any two versions side by side: the cards whose counts differ."""
    deck = deck_by_reference(request.user, pk, token)
    numbers = list(deck.versions.order_by("number").values_list("number", flat=True))
    initial = {"older": numbers[-2] if len(numbers) > 1 else numbers[0], "newer": numbers[-1]}
    form = CompareForm(request.GET or None, numbers=numbers, initial=initial)
    older_number, newer_number = (
        (form.cleaned_data["older"], form.cleaned_data["newer"])
        if form.is_valid()
        else (initial["older"], initial["newer"])
    )
    older, newer = deck.versions.get(number=older_number), deck.versions.get(number=newer_number)
    context = {
        "deck": deck,
        "base": _base(deck, token),
        "form": form,
        "older": older,
        "newer": newer,
        "diff": deck_services.diff_versions(older, newer),
    }
    return render(request, "decks/deck_compare.html", context)


@login_required
@require_POST
def deck_restore(request, pk, number):
    """Save an old version's cards as the newest version."""
    deck = deck_for_owner(request.user, pk)
    latest = deck.latest_version()
    try:
        restored = deck_services.restore_version(deck, number)
    except DomainError as error:
        raise Http404(error.message) from None
    if restored == latest:
        messages.info(request, _("Version %(number)s already has these cards.") % {"number": latest.number})
    else:
        messages.success(
            request,
            _("Version %(old)s restored as version %(number)s.") % {"old": number, "number": restored.number},
        )
    return redirect("decks:deck", deck.pk)


@login_required
def deck_clone(request, pk=None, token=None):
    """Copy a deck you can see into a private deck of your own."""
    deck = deck_by_reference(request.user, pk, token)
    form = CloneForm(request.POST or None, initial={"name": copy_name(deck)})
    if request.method == "POST" and form.is_valid():
        copy = deck_services.clone_deck(deck, request.user, form.cleaned_data["name"])
        messages.success(request, _("Deck copied: this copy is yours and private."))
        return redirect("decks:deck", copy.pk)
    context = {
        "form": form,
        "title": _("Copy “%(name)s”") % {"name": deck.name},
        "submit": _("Make my copy"),
        "back": _base(deck, token),
    }
    return render(request, "decks/form_page.html", context)


@login_required
def deck_edit(request, pk):
    """The builder: edit the list (checked live with JavaScript, or with the Check button), then save."""
    deck = deck_for_owner(request.user, pk)
    version = deck.latest_version()
    form = DecklistForm(
        request.POST or None, request.FILES or None, initial={"decklist": deck_services.version_text(version)}
    )
    verdict, rejected = None, []
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["decklist"]
        try:
            verdict = validate_request(deck.format_slug, decklist=text)
            if "save" in request.POST:
                content = deck_services.deck_content(text, deck.game)
                saved = deck_services.save_version(deck, content.cards, content.declarations)
                _left_out(request, content)
                messages.success(request, _("Saved as version %(number)s.") % {"number": saved.number})
                return redirect("decks:deck", deck.pk)
        except DomainError as error:
            rejected = refuse(request, form, "decklist", error)
    # The search fields belong to the decklist form, so searching keeps unsaved edits.
    search = CardFilterForm(request.POST if request.method == "POST" else request.GET or None)
    filters = search.cleaned_data if search.is_valid() else {}
    searched = bool(filters.get("q") or filters.get("tribe") or filters.get("rank"))
    results, matches = (
        first_matches(search_cards({**filters, "game": deck.game.slug}), SEARCH_RESULTS) if searched else ([], 0)
    )
    context = {
        "deck": deck,
        "form": form,
        "verdict": verdict,
        "grid": count_grid(verdict["summary"], deck.game) if verdict else None,
        "builder_labels": builder_labels(deck.game),
        "rejected": rejected,
        "search": search,
        "searched": searched,  # by name, tribe or rank alike: a search that finds nothing says so
        "results": results,
        "matches": matches,
        "wheel": deck.game.wheel(),
    }
    return render(request, "decks/deck_edit.html", context)


@login_required
@require_POST
def deck_add_card(request, pk):
    """Without JavaScript, the builder's Add and Remove buttons save a version each."""
    deck = deck_for_owner(request.user, pk)
    card_id = request.POST.get("card", "")
    card = get_object_or_404(Card, pk=whole_number(card_id) or 0, card_set__game=deck.game)
    delta = -1 if request.POST.get("remove") else 1
    try:
        deck_services.change_card(deck, card.pk, delta)
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("decks:deck_edit", deck.pk)


@login_required
def deck_settings(request, pk):
    deck = deck_for_owner(request.user, pk)
    initial = {"name": deck.name, "visibility": deck.visibility, "description": deck.description}
    form = DeckSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        deck_services.edit_deck(deck, **form.cleaned_data)
        messages.success(request, _("Deck settings saved."))
        return redirect("decks:deck", deck.pk)
    context = {"form": form, "title": _("Deck settings"), "back": reverse("decks:deck", args=[pk])}
    return render(request, "decks/form_page.html", context)


@login_required
@require_POST
def deck_share(request, pk):
    """A new share link; the old one stops working."""
    return replace_share_link(request, deck_for_owner(request.user, pk), "decks:deck")


@login_required
def deck_delete(request, pk):
    """Asks first; the deck then waits RESTORE_DAYS in "Recently deleted", and the decks page offers
    to undo it at once. A second submit (a double click, a tab left open) finds it deleted already and
    says so, offering the same Undo; anyone else's deck is not found."""
    deck = restorable_deck(request.user, pk)
    if deck.deleted_at is not None:
        messages.info(request, _("“%(name)s” was deleted already.") % {"name": deck.name})
        request.session[JUST_DELETED] = deck.pk
        return redirect("decks:decks")
    if request.method == "POST":
        deck_services.delete_deck(deck, request.user)
        request.session[JUST_DELETED] = deck.pk
        return redirect("decks:decks")
    context = {
        "object": deck,
        "cancel": reverse("decks:deck", args=[pk]),
        "versions": deck.versions.count(),
        "restore_days": RESTORE_DAYS,
        "events": deck_services.registered_in(deck),
    }
    return render(request, "decks/confirm_delete.html", context)


@login_required
@require_POST
def deck_undelete(request, pk):
    """Restore a deleted deck (Undo, or Restore in "Recently deleted") exactly as it was."""
    deck = restorable_deck(request.user, pk)
    try:
        restored = deck_services.restore_deck(deck, request.user)
    except DomainError as error:
        raise Http404(error.message) from None
    if restored:
        messages.success(request, _("“%(name)s” is restored, as it was.") % {"name": deck.name})
    else:
        messages.info(request, _("“%(name)s” was restored already.") % {"name": deck.name})
    return redirect("decks:deck", deck.pk)
