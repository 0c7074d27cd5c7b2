import json
import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from catalogue.models import Game
from rules.consistency import check_game


class Command(BaseCommand):
    help = "Check a game's rules documents across languages. Exit 1 when findings are not accepted yet."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True)
        parser.add_argument("--json", action="store_true")

    def handle(self, game, **options):
        found = Game.objects.filter(slug=game).first()
        if found is None:
            raise CommandError(f"Unknown game {game!r}.")
        findings, languages = check_game(found)
        if options["json"]:
            self.stdout.write(json.dumps([f.as_dict() for f in findings], ensure_ascii=False, indent=2))
        else:
            for f in findings:
                accepted = " [accepted]" if f.accepted is not None else ""
                self.stdout.write(f"[{f.severity}/{f.kind}] {f.anchor} ({f.language}): {f.message}{accepted}")
            summary = ngettext(
                "%(count)s finding across %(languages)s", "%(count)s findings across %(languages)s", len(findings)
            )
            self.stdout.write(summary % {"count": len(findings), "languages": ", ".join(languages) or "-"})
        sys.exit(1 if any(f.accepted is None for f in findings) else 0)
