from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from rules.models import RulesDocument
from rules.services import import_rules, preview_import, read_rules_file


class Command(BaseCommand):
    help = (
        "Import a publisher's plain-text rules document (a new version keeps the old ones). A translation "
        "whose structure differs from the reference's is shown and refused unless --confirm-structure."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--game", required=True)
        parser.add_argument("--language", required=True, help="ISO 639-1 code of the document's language (en, fr, es…)")
        parser.add_argument("--label", help="the publisher's version label, for a text that has none (its own wins)")
        parser.add_argument(
            "--confirm-structure",
            action="store_true",
            help="import although a rule is dropped, merged, split, added or moved (after reading the pairing shown)",
        )

    def handle(self, file, game, language, label=None, confirm_structure=False, **options):
        try:
            raw, name = read_rules_file(file)
            preview = preview_import(game, language, raw, name, version=label)
            self._show(preview)
            document, created = import_rules(
                game, language, raw, name, version=label, confirm=confirm_structure or None
            )
        except DomainError as error:
            raise CommandError(error.message) from None
        state = "imported" if created else "already imported, nothing changed"
        if not document.is_current:
            current = RulesDocument.objects.filter(game=document.game, language=language, is_current=True).first()
            state += f"; the current document stays {current.version if current else '-'} (the newest label)"
        if preview.partial:
            state += "; partial: untranslated sections show the reference text"
        sections = len(document.structure.get("sections", []))
        self.stdout.write(
            f"{file}: {game} [{language}] {document.version or '(no version label)'}: {state} ({sections} sections)"
        )

    def _show(self, preview):
        """The pairing around each problem: the anchor, the reference text and the text it would get."""
        texts = {row.anchor: row.texts for row in preview.rows}
        for problem in preview.problems:
            row = texts.get(problem.anchor, {})
            other = f" (into {problem.other})" if problem.other else ""
            self.stdout.write(f"{problem.kind}{other}: {problem.anchor}")
            self.stdout.write(f"  {preview.reference}: {(row.get(preview.reference) or '-')[:100]}")
            self.stdout.write(f"  {preview.language}: {(row.get(preview.language) or '-')[:100]}")
