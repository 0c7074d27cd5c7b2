from django.core.management.base import BaseCommand, CommandError

from catalogue.services import import_catalogue_file
from core.errors import DomainError


class Command(BaseCommand):
    help = "Import or update a card set from a JSON or CSV file (see docs/catalogue-format.md)."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, files, **options):
        for path in files:
            try:
                summary = import_catalogue_file(path)
            except DomainError as error:
                raise CommandError(str(error)) from None
            self.stdout.write(
                f"{path}: {summary.game} {summary.set_code}: {summary.created} created, {summary.updated} updated"
            )
