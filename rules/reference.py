"""The publisher documents `make run` imports when the reference folder is present (never committed).
Which files belong to which game is the game registry's knowledge."""

from datetime import UTC, datetime

from django.conf import settings

import games
from core.errors import DomainError

from .parsing import find_version
from .services import import_rules_file


def import_reference_documents(report=print):
    folder = settings.RULES_REFERENCE_DIR
    if not folder.is_dir():
        report(f"rules: {folder} not found; official rules not imported (the quick reference is shown instead)")
        return 0
    imported = 0
    for definition in games.registered():
        for language, pattern in definition.reference_documents:
            for path in sorted(folder.glob(pattern)):
                try:  # the publisher's own documents: their structure is what it is (the checker shows it)
                    _document, created = import_rules_file(
                        definition.slug, language, path, version=_label(path), confirm=True
                    )
                except DomainError as error:
                    report(f"rules: {error.message}")
                    continue
                imported += created
    return imported


def _label(path):
    """A label for a sample document whose text has none: the file name's ("…-v1.5.0.txt"), else the
    file's date ("V20231009"). A label in the text wins."""
    return find_version(path.name) or "V" + datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).strftime("%Y%m%d")
