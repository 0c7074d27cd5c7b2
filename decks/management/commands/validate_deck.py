import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages
from decks.models import Collection
from decks.services.legality import parse_as_of, validate_request

define_messages({"decks.no_collection": _("There is no collection %(collection)s.")})

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


class Command(BaseCommand):
    help = "Validate a decklist file against a format. Exit 0 legal, 1 illegal, 2 unreadable input."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="decklist text file, or - for standard input")
        parser.add_argument("--format", required=True, dest="format_slug")
        parser.add_argument("--as-of", help="YYYY-MM-DD (default: today)")
        parser.add_argument("--collection", type=int, help="check ownership against this collection id")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")

    def handle(self, file, format_slug, as_of, collection, json, **options):
        try:
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
            payload = validate_request(
                format_slug, decklist=text, as_of=parse_as_of(as_of), owned=self._owned(collection)
            )
        except (OSError, UnicodeDecodeError, ValueError) as error:
            self.stderr.write(f"{file}: {getattr(error, 'message', None) or error}")
            sys.exit(EXIT_UNREADABLE)
        self.stdout.write(self._render(payload, json))
        sys.exit(EXIT_LEGAL if payload["legal"] else EXIT_ILLEGAL)

    def _owned(self, collection_id):
        if collection_id is None:
            return None
        collection = Collection.objects.filter(pk=collection_id).first()
        if collection is None:
            raise DomainError("decks.no_collection", "collection", collection=collection_id)
        return collection.owned()

    def _render(self, payload, as_json):
        if as_json:
            return json.dumps(payload, indent=2, ensure_ascii=False)
        verdict = "LEGAL" if payload["legal"] else "ILLEGAL"
        lines = [
            f"{verdict}: {payload['format']} {payload['ruleset']['version']} as of {payload['as_of']}, "
            f"{payload['card_count']} cards"
        ]
        lines += [
            f"  [{v['code']}] {v['message']}" + (f" ({v['rule']})" if v["rule"] else "") for v in payload["violations"]
        ]
        lines += [
            f"  line {line['line']}: {line['status']}: {line['text']}"
            + (f" (did you mean: {', '.join(line['suggestions'])}?)" if line["suggestions"] else "")
            for line in payload.get("lines", [])
            if line["status"] != "ok"
        ]
        lines += [f"  line {note['line']}: {note['message']}" for note in payload.get("notes", [])]
        if payload.get("buildable") is not None:
            lines.append(
                "BUILDABLE from the collection" if payload["buildable"] else "NOT BUILDABLE from the collection:"
            )
            lines += [f"  [not_owned] {missing['message']}" for missing in payload["missing"]]
        return "\n".join(lines)
