"""Decklist text: parsing (plain Python) and the line statuses shown to players.

Format: optional `Key: value` header lines, then one card per line,
`<qty>[x] <card name> [(<SET>) <number>]`; `#` starts a comment; blank lines are ignored;
a bare name means one copy. No line is ever dropped silently.
"""

import functools
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages
from core.text import UNSTORABLE

MAX_LINES = 500
MAX_BYTES = 100 * 1024
MAX_QTY = 99

CARD_LINE = re.compile(
    r"^(?:(?P<qty>-?\d+)\s*[xX]?\s+)?(?P<name>.+?)(?:\s+\((?P<set>[^()\s]+)\)\s*(?P<number>[^\s()]+))?$"
)
HEADER_LINE = re.compile(r"^(?P<key>[A-Za-z][A-Za-z \-]{0,39}):\s*(?P<value>.*)$")


define_messages(
    {
        "decklist.too_large": _("The decklist is larger than %(kb)s KB."),
        "decklist.not_text": _("The decklist contains characters that are not text (NUL or lone surrogates)."),
        "decklist.too_many_lines": _("The decklist has %(count)s lines; the limit is %(max)s."),
        "decklist.not_a_card_line": _("This is not a card line."),
        "decklist.quantity_range": _("The quantity %(qty)s is not between 1 and %(max)s."),
        "decklist.lines_rejected": ngettext_lazy(
            "Nothing was saved: %(count)s line needs fixing.",
            "Nothing was saved: %(count)s lines need fixing.",
            "count",
        ),
    }
)


def lines_rejected(lines, field="decklist", code="decklist.lines_rejected"):
    """Lines that are not cards; nothing was saved. The API answers 400 with each line's status,
    and pages list them from `details["lines"]`."""
    return DomainError(code, field, count=len(lines), details={"lines": [line.as_dict() for line in lines]})


@dataclass
class DecklistLine:
    line: int
    text: str
    status: str = "ok"  # ok, unknown, ambiguous, malformed (resolution fills in the first three)
    qty: int = 0
    name: str = ""
    set_code: str = ""
    number: str = ""
    card: object = None
    suggestions: list = field(default_factory=list)
    error: DomainError | None = None

    def as_dict(self):
        return {
            "line": self.line,
            "text": self.text,
            "status": self.status,
            "suggestions": self.suggestions,
            "error": self.error.message if self.error else None,
        }


@dataclass
class Decklist:
    declarations: dict
    lines: list


def parse_decklist(text):
    """Split text into declarations and card lines; raises DomainError past the limits."""
    if UNSTORABLE.search(text):
        raise DomainError("decklist.not_text", "decklist")
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise DomainError("decklist.too_large", "decklist", kb=MAX_BYTES // 1024)
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_LINES:
        raise DomainError("decklist.too_many_lines", "decklist", count=len(raw_lines), max=MAX_LINES)
    declarations, lines, in_header = {}, [], True
    for number, raw in enumerate(raw_lines, start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        header = HEADER_LINE.match(content) if in_header else None
        if header and not content[0].isdigit():
            declarations[_declaration_key(header["key"])] = header["value"].strip()
            continue
        in_header = False
        lines.append(parse_card_line(number, content))
    return Decklist(declarations, lines)


def _declaration_key(key):
    return re.sub(r"[\s_]+", "-", key.strip().casefold())


def parse_card_line(number, content):
    status, qty, name, set_code, card_number, error = _parse_content(content)
    problem = DomainError(error[0], "decklist", **error[1]) if error else None
    return DecklistLine(number, content, status, qty, name, set_code, card_number, error=problem)


@functools.lru_cache(maxsize=8192)
def _parse_content(content):
    """(status, qty, name, set, number, (error code, params)) of one card line; the same lines recur
    in every list."""
    match = CARD_LINE.match(content)
    if not match or not match["name"].strip():
        return "malformed", 0, "", "", "", ("decklist.not_a_card_line", {})
    qty = int(match["qty"]) if match["qty"] is not None else 1
    if qty < 1 or qty > MAX_QTY:
        return "malformed", 0, "", "", "", ("decklist.quantity_range", {"qty": qty, "max": MAX_QTY})
    return "ok", qty, match["name"].strip(), match["set"] or "", match["number"] or "", None


def format_decklist(declarations, entries):
    """Text export: headers, then `qty name (SET) number` lines; parses back to the same deck."""
    lines = [f"{key.replace('-', ' ').title()}: {value}" for key, value in declarations.items() if value]
    if lines:
        lines.append("")
    lines += [f"{qty} {name} ({set_code}) {number}" for qty, name, set_code, number in entries]
    return "\n".join(lines) + "\n" if lines else ""
