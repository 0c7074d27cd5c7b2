"""Importing rules documents and accepting checker findings: each one transaction, all or nothing."""

import hashlib
import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game
from core.errors import DomainError, define_messages
from core.languages import is_iso_639_1

from .alignment import NEEDS_CONFIRMATION, align
from .models import FindingReview, RulesDocument
from .parsing import parse_rules
from .staleness import rule_hashes, stale_anchors

logger = logging.getLogger(__name__)
REFERENCE_LANGUAGE = "en"
MIN_ALIGNED_SHARE = 0.5  # a translation must pair at least half of the reference's rules
MAX_NOTE = 2000


define_messages(
    {
        "rules.unreadable": _("%(file)s: cannot read the file (%(reason)s)."),
        "rules.unknown_game": _("Unknown game “%(game)s”."),
        "rules.file_problem": _("%(file)s: %(problem)s"),
        "rules.unknown_language": _("“%(language)s” is not an ISO 639-1 language code (such as en, fr, it, es)."),
        "rules.older_version": _(
            "%(file)s: version %(version)s is older than the current %(language)s document (%(current)s), which "
            "stays current: the newest label is the current version. Nothing was imported."
        ),
        "rules.no_version": _(
            "%(file)s: the document has no version label; nothing was imported. Give it the label the publisher "
            "uses (such as V2024.01), in the text or with --label."
        ),
        "rules.version_used": _(
            "%(file)s: version %(version)s of the %(language)s document was already imported with another text; "
            "a label names one text. Nothing was imported."
        ),
        "rules.does_not_align": _(
            "%(file)s: only %(paired)s of the %(total)s rules of the %(reference)s document have a counterpart; "
            "it does not look like a translation of the same rules, so nothing was imported."
        ),
        "rules.needs_confirmation": _(
            "%(file)s: its structure differs from the %(reference)s document (%(problems)s): a rule dropped, "
            "merged, split, added or in another place. Nothing was imported. Check the pairing shown and "
            "confirm it, or fix the file."
        ),
        "rules.pairing_changed": _(
            "%(file)s: the pairing confirmed is no longer the one this import would use (another document was "
            "imported meanwhile). Nothing was imported; check the new preview."
        ),
        "rules.pairing_not_shown": _(
            "%(file)s: this pairing is not the one the preview showed (or another document was imported "
            "meanwhile). Nothing was imported; check the pairing again."
        ),
        "rules.pairing_unknown_rule": _(
            "%(file)s: “%(rule)s” is not a rule of the %(reference)s section this section pairs with. Nothing "
            "was imported."
        ),
        "rules.pairing_twice": _(
            "%(file)s: two rules of this translation are paired with “%(rule)s”; pair one of them with another "
            "rule or with none. Nothing was imported."
        ),
        "rules.note_required": _("Say why the finding is accepted."),
        "rules.note_too_long": _("The note is too long (at most %(limit)s characters)."),
    }
)


def read_rules_file(path):
    """(bytes, file name) of a document on disk."""
    path = Path(path)
    try:
        return path.read_bytes(), path.name
    except OSError as error:
        raise DomainError("rules.unreadable", "file", file=path.name, reason=error.strerror) from None


def import_rules_file(game_slug, language, path, actor=None, version=None, confirm=None):
    raw, name = read_rules_file(path)
    return import_rules(game_slug, language, raw, name, actor, version, confirm)


@dataclass
class ImportPreview:
    """What importing a document would do, before anything is saved: the pairing with the reference
    (`rows`: anchor, kind, reference text, this text), the structure problems and the token that
    confirms exactly this pairing."""

    game: object
    language: str
    parsed: object
    digest: str
    rows: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    reference: str = REFERENCE_LANGUAGE
    pairing: dict = field(default_factory=dict)  # the translator's choices: {item key: anchor or ""}
    alignment: object = None

    @property
    def needs_confirmation(self):
        return any(problem.kind in NEEDS_CONFIRMATION for problem in self.problems)

    @property
    def partial(self):
        """Whole sections untranslated: the pages show the reference's text for them."""
        return any(problem.kind == "untranslated" for problem in self.problems)

    @property
    def token(self):
        """Names this text and this pairing: a confirmation is for what was shown."""
        pairing = [(row.anchor, row.texts.get(self.language)) for row in self.rows]
        chosen = sorted(self.pairing.items())
        payload = json.dumps([self.digest, self.language, pairing, chosen], ensure_ascii=False)
        return hashlib.sha256(payload.encode()).hexdigest()[:32]


def preview_import(game_slug, language, raw, source_name, version=None, pairing=None):
    """The ImportPreview of a document, with the translator's `pairing` choices if any (see
    `alignment.align`); refuses what `import_rules` refuses, and saves nothing."""
    game, parsed, digest = _read(game_slug, language, raw, source_name, version)
    return _preview(game, language, parsed, digest, source_name, pairing)


def _read(game_slug, language, raw, source_name, version):
    if not is_iso_639_1(language):
        raise DomainError("rules.unknown_language", "language", language=str(language)[:20])
    game = Game.objects.filter(slug=game_slug).first()
    if game is None:
        raise DomainError("rules.unknown_game", "game", game=game_slug)
    try:
        parsed = parse_rules(raw, language)
    except DomainError as error:
        raise DomainError("rules.file_problem", "file", file=source_name, problem=error) from None
    parsed.version = parsed.version or (version or "").strip()[:40] or None
    digest = hashlib.sha256(raw if isinstance(raw, bytes) else raw.encode()).hexdigest()
    return game, parsed, digest


def _preview(game, language, parsed, digest, source_name, pairing=None):
    preview = ImportPreview(game, language, parsed, digest, pairing=dict(pairing or {}))
    reference_document = RulesDocument.objects.filter(game=game, language=REFERENCE_LANGUAGE, is_current=True).first()
    if language == REFERENCE_LANGUAGE or reference_document is None:
        preview.pairing = {}
        return preview
    documents = {REFERENCE_LANGUAGE: parse_rules(reference_document.source_text, REFERENCE_LANGUAGE), language: parsed}
    alignment = align(documents, reference=REFERENCE_LANGUAGE)
    if preview.pairing:
        _check_pairing(alignment, language, preview.pairing, source_name)
        alignment = align(documents, reference=REFERENCE_LANGUAGE, pairings={language: preview.pairing})
    preview.alignment = alignment
    preview.rows = list(alignment.rows())
    preview.problems = alignment.problems(language)
    _check_alignment(preview, source_name)
    return preview


def _check_pairing(alignment, language, pairing, source_name):
    """Each choice names a rule of this translation and a rule of the reference section its section
    pairs with (or none), and no reference rule twice."""
    sections = {section.indexes.get(language): section for section in alignment.sections}
    document = alignment.documents[language]
    chosen = [anchor for anchor in pairing.values() if anchor]
    for key, anchor in pairing.items():
        section_index, _, item_index = str(key).partition(".")
        section = sections.get(int(section_index)) if section_index.isdigit() else None
        if (
            section is None
            or not item_index.isdigit()
            or int(item_index) >= len(document.sections[int(section_index)].items)
        ):
            raise DomainError(
                "rules.pairing_unknown_rule",
                "pairing",
                file=source_name,
                rule=str(key)[:40],
                reference=REFERENCE_LANGUAGE,
            )
        anchors = [item.anchor for item in section.items if REFERENCE_LANGUAGE in item.indexes]
        if anchor and anchor not in anchors:
            raise DomainError(
                "rules.pairing_unknown_rule",
                "pairing",
                file=source_name,
                rule=str(anchor)[:80],
                reference=REFERENCE_LANGUAGE,
            )
        if anchor and chosen.count(anchor) > 1:
            raise DomainError("rules.pairing_twice", "pairing", file=source_name, rule=anchor)


def import_rules(game_slug, language, raw, source_name, actor=None, version=None, confirm=None, pairing=None):
    """Returns (document, created). Importing the same text again changes nothing; an unknown language,
    a document without a version label (`version` labels a text that has none; a label in the text
    wins), an older version or a text that does not align with the reference is refused. A translation
    whose structure differs from the reference's (a rule dropped, merged, split, added or moved) is
    refused unless `confirm` is the token of its preview (the pairing the translator saw) or True (a
    caller that shows no preview: the sample data, the command's --confirm-structure). `pairing`: the
    translator's choices made on the preview, kept with the document and used by every alignment; they
    need the preview's token."""
    game, parsed, digest = _read(game_slug, language, raw, source_name, version)
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        existing = RulesDocument.objects.filter(game=game, language=language, content_hash=digest).first()
        if existing is not None:
            return existing, False
        _check_version(game, parsed, language, source_name)
        preview = _preview(game, language, parsed, digest, source_name, pairing)
        _check_confirmed(preview, confirm, source_name)
        RulesDocument.objects.filter(game=game, language=language, is_current=True).update(is_current=False)
        document = RulesDocument.objects.create(
            game=game,
            language=language,
            version=parsed.version or "",
            title=parsed.title[:200],
            credit=(parsed.credit or "")[:300],
            source_name=source_name[:200],
            source_text=_text(raw),
            content_hash=digest,
            pairing=preview.pairing,
            imported_by=actor if actor and actor.is_authenticated else None,
        )
        reanchor(game)
        _keep_reference(game, document)
    logger.info(
        "rules %s/%s imported from %s by %s (%s structure problems confirmed)",
        game_slug,
        language,
        source_name,
        actor.username if actor else "system",
        len(preview.problems),
    )
    return RulesDocument.objects.get(pk=document.pk), True


def _check_confirmed(preview, confirm, source_name):
    if confirm is True or confirm == preview.token:
        return
    if preview.pairing:
        raise DomainError("rules.pairing_not_shown", "pairing", file=source_name)
    if not preview.needs_confirmation:
        return
    if confirm:
        raise DomainError("rules.pairing_changed", "file", file=source_name)
    counted = sorted({problem.kind for problem in preview.problems if problem.kind in NEEDS_CONFIRMATION})
    problems = ", ".join(f"{sum(1 for p in preview.problems if p.kind == kind)} {kind}" for kind in counted)
    raise DomainError(
        "rules.needs_confirmation", "file", file=source_name, reference=REFERENCE_LANGUAGE, problems=problems
    )


def version_key(label):
    """ "V202310.09" -> (202310, 9): labels compare number by number."""
    return tuple(int(part) for part in re.findall(r"\d+", label or ""))


def _check_version(game, parsed, language, source_name):
    """The current version is the newest label: a label names one text, and an older or unlabelled
    document never replaces a labelled one (refused, nothing changes)."""
    labels = list(
        RulesDocument.objects.filter(game=game, language=language).exclude(version="").values_list("version", flat=True)
    )
    newest = max(labels, key=version_key, default=None)
    if not parsed.version:
        raise DomainError("rules.no_version", "file", file=source_name)
    if parsed.version in labels or (newest and version_key(parsed.version) == version_key(newest)):
        raise DomainError("rules.version_used", "file", file=source_name, version=parsed.version, language=language)
    if newest and version_key(parsed.version) < version_key(newest):
        raise DomainError(
            "rules.older_version", "file", file=source_name, version=parsed.version, current=newest, language=language
        )


def _keep_reference(game, document):
    """A translation keeps the reference's rule hashes it was made from; translations imported before
    any reference are taken to translate the first reference imported."""
    reference = RulesDocument.objects.filter(game=game, language=REFERENCE_LANGUAGE, is_current=True).first()
    if reference is None:
        return
    translations = RulesDocument.objects.filter(game=game, is_current=True).exclude(language=REFERENCE_LANGUAGE)
    if document.language != REFERENCE_LANGUAGE:
        translations = translations.filter(pk=document.pk)
    hashes = rule_hashes(reference.structure)
    for translation in translations:
        if document.language != REFERENCE_LANGUAGE or not translation.reference_hashes:
            translation.reference_hashes = hashes
            translation.reference_version = reference.version
            translation.save(update_fields=["reference_hashes", "reference_version"])


def stale_rules(documents):
    """{language: {"anchors", "version", "since"}} for each current translation with rules whose
    reference text changed since it was made (`version`: the reference's now, `since`: its then)."""
    reference = documents.get(REFERENCE_LANGUAGE)
    stale = {}
    for language, document in documents.items():
        if reference is None or language == REFERENCE_LANGUAGE:
            continue
        anchors = stale_anchors(reference.structure, document.structure, document.reference_hashes)
        if anchors:
            stale[language] = {"anchors": anchors, "version": reference.version, "since": document.reference_version}
    return stale


def _check_alignment(preview, source_name):
    """A translation must pair most of the reference's rules in the sections it translates (a partial
    translation, some sections only, is fine), and at least one of them."""
    language = preview.language
    untranslated = {p.anchor for p in preview.problems if p.kind == "untranslated"}
    rules = [
        row
        for row in preview.rows
        if row.kind != "heading" and row.texts.get(REFERENCE_LANGUAGE) and row.section_key not in untranslated
    ]
    total = sum(1 for row in preview.rows if row.kind != "heading" and row.texts.get(REFERENCE_LANGUAGE))
    paired = sum(1 for row in rules if row.texts.get(language))
    if total and (not paired or paired < MIN_ALIGNED_SHARE * len(rules)):
        raise DomainError(
            "rules.does_not_align",
            "file",
            file=source_name,
            paired=paired,
            total=total,
            reference=REFERENCE_LANGUAGE,
        )


def _text(raw):
    return raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw


def reference_language(documents):
    return REFERENCE_LANGUAGE if REFERENCE_LANGUAGE in documents else sorted(documents)[0]


def reanchor(game):
    """Align every current document of the game and store each one's structure with shared anchors."""
    current = {doc.language: doc for doc in RulesDocument.objects.filter(game=game, is_current=True)}
    parsed = {language: parse_rules(doc.source_text, language) for language, doc in current.items()}
    alignment = align(parsed, reference=reference_language(parsed), pairings=pairings_of(current))
    for language, doc in current.items():
        doc.structure = {**structure_of(parsed[language], alignment, language), "version": doc.version}
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


def pairings_of(documents):
    """{language: the translator's pairing choices} of the documents (see `alignment.align`)."""
    return {language: doc.pairing for language, doc in documents.items() if doc.pairing}


def current_documents(game):
    return {doc.language: doc for doc in RulesDocument.objects.filter(game=game, is_current=True)}


def accept_finding(game, key, note, actor):
    """Mark a checker finding accepted with a note (again: the note is replaced)."""
    note = (note or "").strip()
    if not note:
        raise DomainError("rules.note_required", "note")
    if len(note) > MAX_NOTE:
        raise DomainError("rules.note_too_long", "note", limit=MAX_NOTE)
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        review, _created = FindingReview.objects.update_or_create(
            game=game, key=key[:200], defaults={"note": note, "accepted_by": actor}
        )
    logger.info("rules finding %s of %s accepted by %s", key, game.slug, actor)
    return review


def reopen_finding(game, key, actor):
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        FindingReview.objects.filter(game=game, key=key).delete()
    logger.info("rules finding %s of %s reopened by %s", key, game.slug, actor)
