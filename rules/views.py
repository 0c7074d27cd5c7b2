"""Rules pages: games, a game's rules in any document language, history with diffs, side by side,
the consistency check (organisers accept findings there)."""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, translate_url
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from catalogue.models import Game
from core.errors import DomainError
from core.numbers import whole_number

from .checking.findings import SEVERITIES
from .consistency import check_game
from .models import RulesDocument
from .presentation import (
    diff,
    glossary_links,
    linked_text,
    reference_glossary_terms,
    search,
    side_by_side,
    with_fallback,
)
from .quick_reference import quick_reference
from .services import REFERENCE_LANGUAGE, accept_finding, current_documents, reopen_finding, stale_rules


def rules_index(request):
    games = Game.objects.annotate(documents=Count("rules_documents")).order_by("name")
    by_game = {}
    for game_id, language in RulesDocument.objects.filter(is_current=True).values_list("game_id", "language"):
        by_game.setdefault(game_id, []).append(language)
    rows = [(game, sorted(by_game.get(game.pk, []))) for game in games]
    return render(request, "rules/index.html", {"rows": rows})


def _ui_languages():
    return dict(settings.LANGUAGES)


def _chosen_document(request, documents):
    """The document asked for (?language=), else the reader's language, else the reference."""
    wanted = request.GET.get("language")
    if wanted and wanted in documents:
        return documents[wanted]
    ui = translation.get_language()
    return documents.get(ui) or documents.get(REFERENCE_LANGUAGE) or next(iter(documents.values()), None)


def _language_links(request, documents, document):
    """(code, url) for the game's other documents: a UI language by its prefix, another by ?language=."""
    links = []
    for code in sorted(documents):
        if document is None or code == document.language:
            continue
        url = translate_url(request.path, code) if code in _ui_languages() else f"{request.path}?language={code}"
        links.append((code, url))
    return links


def game_rules(request, slug):
    game = get_object_or_404(Game, slug=slug)
    documents = current_documents(game)
    document = _chosen_document(request, documents)
    context = {
        "game": game,
        "document": document,
        "document_links": _language_links(request, documents, document),
        "quick": quick_reference(game),
        "can_import": _can_review(request.user),
    }
    if document is not None:
        reference = documents.get(REFERENCE_LANGUAGE) or document
        stale = stale_rules(documents).get(document.language)
        context.update(_document_context(request, document, reference, stale))
    return render(request, "rules/game.html", context)


def _document_context(request, document, reference, stale):
    links = glossary_links(document.structure)
    names = reference_glossary_terms(reference.structure)
    stale_anchors = stale["anchors"] if stale else set()
    own = document.structure.get("sections", [])
    if document.pk != reference.pk:
        own = with_fallback(document.structure, reference.structure)
    sections = [
        {
            **section,
            "items": [
                {
                    **item,
                    "html": linked_text(item["text"], {} if item.get("fallback") else links, item["anchor"], names),
                    "stale": item["anchor"] in stale_anchors,
                }
                for item in section["items"]
            ],
        }
        for section in own
    ]
    query = request.GET.get("q", "").strip()[:100]
    return {
        "sections": sections,
        "query": query,
        "hits": search(document.structure, query) if query else None,
        "fallback": document.language != translation.get_language(),
        "stale": stale,
        "reference": reference,
        "untranslated": sum(1 for section in sections for item in section["items"] if item.get("fallback")),
    }


def history(request, slug):
    game = get_object_or_404(Game, slug=slug)
    document_languages = sorted(set(RulesDocument.objects.filter(game=game).values_list("language", flat=True)))
    language = request.GET.get("language") or translation.get_language()
    versions = list(RulesDocument.objects.filter(game=game, language=language).order_by("-imported_at", "-pk"))
    changes = None
    if len(versions) >= 2:
        newer = _pick(versions, request.GET.get("to"), 0)
        older = _pick(versions, request.GET.get("from"), 1)
        changes = {"older": older, "newer": newer, "rows": diff(older.structure, newer.structure)}
    context = {
        "game": game,
        "versions": versions,
        "language": language,
        "document_languages": document_languages,
        "changes": changes,
    }
    return render(request, "rules/history.html", context)


def _pick(versions, wanted, default_index):
    number = whole_number(wanted or "")
    if number is not None:
        for version in versions:
            if version.pk == number:
                return version
        raise Http404(_("No such version."))
    return versions[default_index]


def compare(request, slug):
    """Every language side by side, one row per shared anchor, with section headings and versions."""
    game = get_object_or_404(Game, slug=slug)
    documents = current_documents(game)
    order = [REFERENCE_LANGUAGE, *(code for code, _name in settings.LANGUAGES)]
    columns = [code for code in dict.fromkeys(order) if code in documents] + sorted(set(documents) - set(order))
    context = {
        "game": game,
        "columns": [documents[code] for code in columns],
        "rows": side_by_side(documents, columns, stale_rules(documents)),
        "reference_language": REFERENCE_LANGUAGE,
    }
    return render(request, "rules/compare.html", context)


def consistency(request, slug):
    """The checker's findings for the game's current documents, most serious first."""
    game = get_object_or_404(Game, slug=slug)
    findings, checked_languages = check_game(game)
    groups = [
        (severity, label, [f for f in findings if f.severity == severity]) for severity, label in SEVERITIES.items()
    ]
    context = {
        "game": game,
        "groups": [group for group in groups if group[2]],
        "checked_languages": checked_languages,
        "total": len(findings),
        "open": sum(1 for f in findings if f.accepted is None),
        "can_review": _can_review(request.user),
    }
    return render(request, "rules/check.html", context)


def _can_review(user):
    return user.is_authenticated and (user.is_staff or getattr(user, "is_organiser", False))


@require_POST
def review_finding(request, slug):
    """Accept a finding with a note (or reopen it): organisers and staff only."""
    game = get_object_or_404(Game, slug=slug)
    if not _can_review(request.user):
        raise PermissionDenied
    key = request.POST.get("key", "")[:200]
    try:
        if request.POST.get("reopen"):
            reopen_finding(game, key, request.user)
        else:
            accept_finding(game, key, request.POST.get("note", ""), request.user)
    except DomainError as error:
        messages.error(request, error.message)
    return redirect(reverse("rules:check", args=[game.slug]) + f"#finding-{key}")
