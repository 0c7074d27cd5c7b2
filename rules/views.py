"""Rules pages: games, a game's rules in your language, history with diffs, side by side."""

from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import translate_url
from django.utils import translation
from django.utils.translation import gettext as _

from catalogue.models import Game

from .consistency import check_game
from .models import RulesDocument
from .presentation import diff, glossary_links, linked_text, search
from .quick_reference import quick_reference
from .services import current_documents


def rules_index(request):
    games = Game.objects.annotate(documents=Count("rules_documents")).order_by("name")
    languages = {}
    for game_id, language in RulesDocument.objects.filter(is_current=True).values_list("game_id", "language"):
        languages.setdefault(game_id, []).append(language)
    rows = [(game, sorted(languages.get(game.pk, []))) for game in games]
    return render(request, "rules/index.html", {"rows": rows})


def game_rules(request, slug):
    game = get_object_or_404(Game, slug=slug)
    documents = current_documents(game)
    language = translation.get_language()
    document = documents.get(language) or documents.get("en") or next(iter(documents.values()), None)
    others = [
        (code, translate_url(request.path, code))
        for code in sorted(documents)
        if document and code != document.language
    ]
    context = {"game": game, "document": document, "other_languages": others, "quick": quick_reference(game)}
    if document is not None:
        context.update(_document_context(request, document, fallback=document.language != language))
    return render(request, "rules/game.html", context)


def _document_context(request, document, fallback):
    links = glossary_links(document.structure)
    sections = [
        {
            **section,
            "items": [{**item, "html": linked_text(item["text"], links, item["anchor"])} for item in section["items"]],
        }
        for section in document.structure.get("sections", [])
    ]
    query = request.GET.get("q", "").strip()[:100]
    return {
        "sections": sections,
        "query": query,
        "hits": search(document.structure, query) if query else None,
        "fallback": fallback,
    }


def history(request, slug):
    game = get_object_or_404(Game, slug=slug)
    language = request.GET.get("language") or translation.get_language()
    versions = list(RulesDocument.objects.filter(game=game, language=language).order_by("-imported_at", "-pk"))
    changes = None
    if len(versions) >= 2:
        newer = _pick(versions, request.GET.get("to"), 0)
        older = _pick(versions, request.GET.get("from"), 1)
        changes = {"older": older, "newer": newer, "rows": diff(older.structure, newer.structure)}
    languages = RulesDocument.objects.filter(game=game).values_list("language", flat=True).distinct()
    context = {
        "game": game,
        "versions": versions,
        "language": language,
        "languages": sorted(set(languages)),
        "changes": changes,
    }
    return render(request, "rules/history.html", context)


def _pick(versions, wanted, default_index):
    if wanted and wanted.isdigit():
        for version in versions:
            if version.pk == int(wanted):
                return version
        raise Http404(_("No such version."))
    return versions[default_index]


def compare(request, slug):
    """EN | FR | IT side by side, one row per shared anchor."""
    game = get_object_or_404(Game, slug=slug)
    documents = current_documents(game)
    languages = [code for code in ("en", "fr", "it") if code in documents] + sorted(set(documents) - {"en", "fr", "it"})
    by_anchor, order = {}, []
    for language in languages:
        for section in documents[language].structure.get("sections", []):
            for item in section["items"]:
                if item["anchor"] not in by_anchor:
                    by_anchor[item["anchor"]] = {
                        "section": section["heading"] if language == languages[0] else "",
                        "texts": {},
                    }
                    order.append(item["anchor"])
                by_anchor[item["anchor"]]["texts"][language] = item["text"]
    rows = [
        {"anchor": anchor, **by_anchor[anchor], "cells": [by_anchor[anchor]["texts"].get(lang) for lang in languages]}
        for anchor in order
    ]
    return render(
        request, "rules/compare.html", {"game": game, "languages": languages, "rows": rows, "documents": documents}
    )


def consistency(request, slug):
    """The cross-language checker's findings for the game's current documents."""
    game = get_object_or_404(Game, slug=slug)
    findings, languages = check_game(game)
    groups = {}
    for finding in findings:
        groups.setdefault(finding.kind, []).append(finding)
    return render(
        request, "rules/check.html", {"game": game, "groups": groups, "languages": languages, "total": len(findings)}
    )
