"""Importing a translation from the site: upload, then a preview of how its rules pair with the
reference's (problems first), then confirm. Nothing is saved before the confirmation; the upload
waits in the cache meanwhile. Organisers and staff only."""

import hashlib

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from catalogue.models import Game
from core.errors import DomainError

from .services import import_rules, preview_import
from .views import _can_review

UPLOAD_SECONDS = 3600
MAX_UPLOAD = 2 * 1024 * 1024
PROBLEM_LABELS = {
    "reordered": gettext_lazy("in another place"),
    "merged": gettext_lazy("merged into another rule"),
    "split": gettext_lazy("split in two"),
    "dropped": gettext_lazy("no counterpart: dropped"),
    "added": gettext_lazy("only in this translation"),
    "untranslated": gettext_lazy("section not translated: the English text is shown"),
}


def _reviewer(request, slug):
    game = get_object_or_404(Game, slug=slug)
    if not _can_review(request.user):
        raise PermissionDenied
    return game


def _upload_key(request, digest):
    return f"rules-upload:{request.user.pk}:{digest}"


def import_document(request, slug):
    """GET: the upload form. POST: the preview of the uploaded file (nothing saved)."""
    game = _reviewer(request, slug)
    if request.method != "POST":
        return render(request, "rules/import.html", {"game": game})
    upload = request.FILES.get("file")
    language = request.POST.get("language", "").strip().lower()[:10]
    label = request.POST.get("label", "").strip()[:40]
    if upload is None or upload.size > MAX_UPLOAD:
        messages.error(request, _("Choose a plain-text file of at most 2 MB."))
        return render(request, "rules/import.html", {"game": game, "language": language, "label": label})
    raw = upload.read()
    try:
        preview = preview_import(game.slug, language, raw, upload.name, version=label)
    except DomainError as error:
        messages.error(request, error.message)
        return render(request, "rules/import.html", {"game": game, "language": language, "label": label})
    digest = hashlib.sha256(raw).hexdigest()
    cache.set(_upload_key(request, digest), (raw, upload.name), UPLOAD_SECONDS)
    context = {
        "game": game,
        "preview": preview,
        "rows": _table(preview),
        "problems": [(p, PROBLEM_LABELS[p.kind]) for p in preview.problems],
        "digest": digest,
        "language": language,
        "label": label,
        "file_name": upload.name,
    }
    return render(request, "rules/import_preview.html", context)


def _table(preview):
    """The pairing it would use: each anchor with the reference text, this text and its problem."""
    problems = {}
    for problem in preview.problems:
        problems.setdefault(problem.anchor, []).append(PROBLEM_LABELS[problem.kind])
    return [
        {
            "anchor": row.anchor,
            "heading": row.kind == "heading",
            "reference": row.texts.get(preview.reference),
            "text": row.texts.get(preview.language),
            "problems": problems.get(row.anchor, []),
        }
        for row in preview.rows
    ]


@require_POST
def confirm_import(request, slug):
    """Import the previewed file with the pairing that was shown (refused if it would differ now)."""
    game = _reviewer(request, slug)
    digest = request.POST.get("digest", "")[:64]
    stored = cache.get(_upload_key(request, digest))
    if stored is None:
        messages.error(request, _("The uploaded file is no longer kept; upload it again."))
        return redirect("rules:import", game.slug)
    raw, name = stored
    language = request.POST.get("language", "")[:10]
    try:
        document, created = import_rules(
            game.slug,
            language,
            raw,
            name,
            actor=request.user,
            version=request.POST.get("label", "")[:40],
            confirm=request.POST.get("token", "")[:64] or None,
        )
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("rules:import", game.slug)
    cache.delete(_upload_key(request, digest))
    if created:
        messages.success(request, _("Imported version %(version)s.") % {"version": document.version})
    else:
        messages.info(request, _("This text was already imported; nothing changed."))
    return redirect(reverse("rules:game", args=[game.slug]) + f"?language={document.language}")
