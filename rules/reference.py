"""The publisher documents `make run` imports when the reference folder is present (never committed)."""

from django.conf import settings

from .services import RulesImportError, import_rules_file

REFERENCE_FILES = [
    ("dust-collectorz", "en", "dust-collectorz-rules-en-*.txt"),
    ("dust-collectorz", "fr", "dust-collectorz-rules-fr-*.txt"),
    ("dust-collectorz", "it", "dust-collectorz-rules-it-*.txt"),
    ("dust-reclamation", "en", "dust-reclamation-rules-en*.txt"),
    ("dbz-ccg", "en", "dbz-ccg-expanded-current-rulings-*.txt"),
]


def import_reference_documents(report=print):
    folder = settings.RULES_REFERENCE_DIR
    if not folder.is_dir():
        report(f"rules: {folder} not found; official rules not imported (the quick reference is shown instead)")
        return 0
    imported = 0
    for game, language, pattern in REFERENCE_FILES:
        for path in sorted(folder.glob(pattern)):
            try:
                _document, created = import_rules_file(game, language, path)
            except RulesImportError as error:
                report(f"rules: {error.message}")
                continue
            imported += created
    return imported
