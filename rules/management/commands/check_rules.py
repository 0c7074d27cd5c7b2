import json
import sys

from django.core.management.base import BaseCommand, CommandError

from catalogue.models import Game
from rules.consistency import check_game


class Command(BaseCommand):
    help = "Check a game's rules documents for cross-language differences. Exit 1 when there are findings."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True)
        parser.add_argument("--json", action="store_true")

    def handle(self, game, **options):
        found = Game.objects.filter(slug=game).first()
        if found is None:
            raise CommandError(f"Unknown game {game!r}.")
        findings, languages = check_game(found)
        if options["json"]:
            self.stdout.write(_dumps([finding.as_dict() for finding in findings]))
        else:
            for finding in findings:
                self.stdout.write(f"[{finding.kind}] {finding.anchor} ({finding.language}): {finding.detail}")
            self.stdout.write(f"{len(findings)} finding(s) across {', '.join(languages) or 'no documents'}")
        sys.exit(1 if findings else 0)


def _dumps(value):
    return json.dumps(value, ensure_ascii=False, indent=2)
