"""Feeds the checker: the current documents of a game, its terminology and the engine's values."""

from .alignment import align
from .checker import check
from .models import Terminology
from .parsing import parse_rules
from .quick_reference import rules_expectations
from .services import REFERENCE_LANGUAGE, current_documents


def check_game(game):
    """(findings, languages) for the game's current rules documents."""
    documents = current_documents(game)
    if not documents:
        return [], []
    parsed = {language: parse_rules(doc.source_text, language) for language, doc in documents.items()}
    reference = REFERENCE_LANGUAGE if REFERENCE_LANGUAGE in parsed else sorted(parsed)[0]
    alignment = align(parsed, reference=reference)
    rows = [(row.anchor, row.section_key, row.kind, row.texts) for row in alignment.rows()]
    findings = check(rows, reference, terminology_of(game), alignment.missing, rules_expectations(game))
    return findings, alignment.languages


def terminology_of(game):
    table = {}
    for entry in Terminology.objects.filter(game=game):
        table.setdefault(entry.concept, {})[entry.language] = entry.families()
    return table
