"""Importing rules documents: parse, align with the game's other languages, store; all or nothing."""

import hashlib
import logging
from pathlib import Path

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game
from core.errors import DomainError, define_messages

from .alignment import align
from .models import RulesDocument
from .parsing import parse_rules

logger = logging.getLogger(__name__)
REFERENCE_LANGUAGE = "en"


define_messages(
    {
        "rules.unreadable": _("%(file)s: cannot read the file (%(reason)s)."),
        "rules.unknown_game": _("Unknown game “%(game)s”."),
        "rules.file_problem": _("%(file)s: %(problem)s"),
    }
)


def import_rules_file(game_slug, language, path, actor=None):
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise DomainError("rules.unreadable", "file", file=path.name, reason=error.strerror) from None
    return import_rules(game_slug, language, raw, path.name, actor)


def import_rules(game_slug, language, raw, source_name, actor=None):
    """Returns (document, created). Importing the same text again changes nothing."""
    game = Game.objects.filter(slug=game_slug).first()
    if game is None:
        raise DomainError("rules.unknown_game", "game", game=game_slug)
    try:
        parsed = parse_rules(raw, language)
    except DomainError as error:
        raise DomainError("rules.file_problem", "file", file=source_name, problem=error) from None
    digest = hashlib.sha256(raw if isinstance(raw, bytes) else raw.encode()).hexdigest()
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        existing = RulesDocument.objects.filter(game=game, language=language, content_hash=digest).first()
        if existing is not None:
            return existing, False
        RulesDocument.objects.filter(game=game, language=language, is_current=True).update(is_current=False)
        document = RulesDocument.objects.create(
            game=game,
            language=language,
            version=parsed.version or "",
            title=parsed.title[:200],
            credit=_credit(parsed)[:300],
            source_name=source_name[:200],
            source_text=_text(raw),
            content_hash=digest,
            imported_by=actor if actor and actor.is_authenticated else None,
        )
        reanchor(game)
    logger.info(
        "rules %s/%s imported from %s by %s", game_slug, language, source_name, actor.username if actor else "system"
    )
    return RulesDocument.objects.get(pk=document.pk), True


def _text(raw):
    return raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw


def _credit(parsed):
    """The translator's by-line, when the document has one (kept as the preamble's last paragraph)."""
    preamble = next((s for s in parsed.sections if s.slug == "preamble"), None)
    lines = [item.text for item in preamble.items if item.kind == "paragraph"] if preamble else []
    return lines[-1] if lines and len(lines[-1].split()) <= 12 else ""


def reanchor(game):
    """Align every current document of the game and store each one's structure with shared anchors."""
    current = {doc.language: doc for doc in RulesDocument.objects.filter(game=game, is_current=True)}
    parsed = {language: parse_rules(doc.source_text, language) for language, doc in current.items()}
    reference = REFERENCE_LANGUAGE if REFERENCE_LANGUAGE in parsed else sorted(parsed)[0]
    alignment = align(parsed, reference=reference)
    for language, doc in current.items():
        doc.structure = structure_of(parsed[language], alignment, language)
        doc.save(update_fields=["structure"])
    return alignment


def structure_of(document, alignment, language):
    sections = []
    for s_index, section in enumerate(document.sections):
        key = alignment.section_key_of(language, s_index) or f"{language}-{section.slug}"
        items = [
            {
                "kind": item.kind,
                "number": item.number,
                "text": item.text,
                "anchor": alignment.anchor_of(language, s_index, i_index) or f"{key}-{language}-{i_index + 1}",
            }
            for i_index, item in enumerate(section.items)
        ]
        sections.append({"key": key, "heading": section.heading, "level": section.level, "items": items})
    glossary_key = sections[document.glossary_section]["key"] if document.glossary_section is not None else None
    return {
        "title": document.title,
        "version": document.version,
        "sections": sections,
        "glossary_section": glossary_key,
        "glossary": [{"term": e.term, "definition": e.definition} for e in document.glossary],
    }


def current_documents(game):
    return {doc.language: doc for doc in RulesDocument.objects.filter(game=game, is_current=True)}
