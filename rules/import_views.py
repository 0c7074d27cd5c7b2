"""Importing a translation from the site: upload, then a preview of how its rules pair with the
reference's (problems first), where the translator may pair a rule otherwise and check again, then
confirm. Nothing is saved before the confirmation; the upload waits in the cache meanwhile, and the
choices travel with the form, sealed by the preview's token. Organisers and staff only."""

import hashlib
import json

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import Truncator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from catalogue.models import Game
from core.errors import DomainError

from .services import import_rules, preview_import
from .views import _can_review

UPLOAD_SECONDS = 3600
MAX_UPLOAD = 2 * 1024 * 1024
OPTION_WORDS = 8  # of the reference rule, in a pairing choice
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
    return _show(request, game, preview, digest, label, upload.name)


def _show(request, game, preview, digest, label, file_name):
    context = {
        "game": game,
        "preview": preview,
        "rows": _table(preview),
        "problems": [(p, PROBLEM_LABELS[p.kind]) for p in preview.problems],
        "digest": digest,
        "language": preview.language,
        "label": label,
        "file_name": file_name,
        "pairing": json.dumps(preview.pairing, sort_keys=True),
    }
    return render(request, "rules/import_preview.html", context)


def _table(preview):
    """The pairing it would use: each anchor with the reference text, this text, its problem and, for
    a rule of this text, the reference rules of its section it may be paired with instead."""
    problems = {}
    for problem in preview.problems:
        problems.setdefault(problem.anchor, []).append(PROBLEM_LABELS[problem.kind])
    keys = preview.alignment.item_keys(preview.language) if preview.alignment else {}
    options = {}
    for row in preview.rows:
        if row.kind != "heading" and row.texts.get(preview.reference):
            label = Truncator(row.texts[preview.reference]).words(OPTION_WORDS)
            options.setdefault(row.section_key, []).append((row.anchor, f"{row.anchor} · {label}"))
    return [
        {
            "anchor": row.anchor,
            "heading": row.kind == "heading",
            "reference": row.texts.get(preview.reference),
            "text": row.texts.get(preview.language),
            "problems": problems.get(row.anchor, []),
            "key": keys.get(row.anchor) if row.kind != "heading" else None,
            "paired": row.anchor if row.texts.get(preview.reference) else "",
            "options": options.get(row.section_key, []),
        }
        for row in preview.rows
    ]


def _posted_pairing(request):
    """The choices the preview carried, as sent back; None when they are not a pairing at all."""
    try:
        pairing = json.loads(request.POST.get("pairing") or "{}")
    except ValueError:
        return None
    if not isinstance(pairing, dict) or not all(isinstance(v, str) for v in pairing.values()):
        return None
    return {str(key)[:20]: value[:200] for key, value in pairing.items()}


def _upload(request):
    """(raw, name, digest) of the upload being previewed, or None once it is no longer kept."""
    digest = request.POST.get("digest", "")[:64]
    stored = cache.get(_upload_key(request, digest))
    return (*stored, digest) if stored else None


@require_POST
def adjust_pairing(request, slug):
    """The preview again, with the rules whose pairing the translator changed paired as chosen."""
    game = _reviewer(request, slug)
    upload, pairing = _upload(request), _posted_pairing(request)
    if upload is None or pairing is None:
        messages.error(request, _("The uploaded file is no longer kept; upload it again."))
        return redirect("rules:import", game.slug)
    raw, name, digest = upload
    language, label = request.POST.get("language", "")[:10], request.POST.get("label", "")[:40]
    try:
        shown = preview_import(game.slug, language, raw, name, version=label, pairing=pairing)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("rules:import", game.slug)
    chosen = dict(pairing)
    for row in _table(shown):
        wanted = request.POST.get(f"pair-{row['key']}") if row["key"] else None
        if wanted is not None and wanted != row["paired"]:
            chosen[row["key"]] = wanted[:200]
    try:
        preview = preview_import(game.slug, language, raw, name, version=label, pairing=chosen)
    except DomainError as error:
        messages.error(request, error.message)
        preview = shown  # the pairing shown before stays, nothing changed
    return _show(request, game, preview, digest, label, name)


@require_POST
def confirm_import(request, slug):
    """Import the previewed file with the pairing that was shown (refused if it would differ now)."""
    game = _reviewer(request, slug)
    upload = _upload(request)
    if upload is None:
        messages.error(request, _("The uploaded file is no longer kept; upload it again."))
        return redirect("rules:import", game.slug)
    raw, name, digest = upload
    language = request.POST.get("language", "")[:10]
    pairing = _posted_pairing(request)
    if pairing is None:
        messages.error(request, _("This pairing is not the one the preview showed; check the pairing again."))
        return redirect("rules:import", game.slug)
    try:
        document, created = import_rules(
            game.slug,
            language,
            raw,
            name,
            actor=request.user,
            version=request.POST.get("label", "")[:40],
            confirm=request.POST.get("token", "")[:64] or None,
            pairing=pairing,
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
