from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from rules.models import RulesDocument
from rules.services import import_rules_file


class Command(BaseCommand):
    help = "Import a publisher's plain-text rules document (a new version keeps the old ones)."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--game", required=True)
        parser.add_argument("--language", required=True, help="ISO 639-1 code of the document's language (en, fr, es…)")
        parser.add_argument("--label", help="the publisher's version label, for a text that has none (its own wins)")

    def handle(self, file, game, language, label=None, **options):
        try:
            document, created = import_rules_file(game, language, file, version=label)
        except DomainError as error:
            raise CommandError(error.message) from None
        state = "imported" if created else "already imported, nothing changed"
        if not document.is_current:
            current = RulesDocument.objects.filter(game=document.game, language=language, is_current=True).first()
            state += f"; the current document stays {current.version if current else '-'} (the newest label)"
        sections = len(document.structure.get("sections", []))
        self.stdout.write(
            f"{file}: {game} [{language}] {document.version or '(no version label)'}: {state} ({sections} sections)"
        )
