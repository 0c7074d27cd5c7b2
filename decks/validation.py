"""One entry point for validating a deck from text or card ids, used by the API, pages and CLI."""

import datetime

from django.utils import timezone

from .services import check_deck, deck_from_card_ids, deck_from_lines, format_for, resolve_decklist, verdict_payload


def validate_request(format_slug, decklist=None, cards=None, as_of=None, owned=None):
    """Returns the verdict payload (see docs/formats.md); raises ValidationInputError."""
    as_of = as_of or timezone.localdate()
    row, _compiled = format_for(format_slug, as_of)
    if decklist is not None:
        parsed = resolve_decklist(decklist, row.game)
        deck = deck_from_lines(parsed.lines, parsed.declarations)
        unknown = [line.name or line.text for line in parsed.lines if line.status != "ok"]
        row, verdict = check_deck(format_slug, as_of, deck, unknown=unknown, owned=owned)
        return verdict_payload(row, verdict, parsed.lines)
    deck, unknown = deck_from_card_ids(row.game, cards or [], {})
    row, verdict = check_deck(format_slug, as_of, deck, unknown=unknown, owned=owned)
    return verdict_payload(row, verdict)


def parse_as_of(value):
    return datetime.date.fromisoformat(value) if value else None
