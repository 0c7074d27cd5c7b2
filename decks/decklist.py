"""Decklist text: parsing (plain Python) and the line statuses shown to players.

Format: optional `Key: value` header lines, then one card per line: `2 Name`, `2x Name`,
`Name x2` or a bare `Name` (one copy), optionally followed by `(SET) number`. `Deck`,
`Main` and `Sideboard` lines (also `// Sideboard`, `SB: 2 Name`) start sections; `#` and
`//` start comments; blank lines are ignored. No line is ever dropped silently.
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
MAIN, SIDEBOARD = "main", "sideboard"

CARD_LINE = re.compile(
    r"^(?:(?P<qty>-?\d+)\s*[xX×]?\s+)?(?P<name>.+?)"
    r"(?:\s+\((?P<set>[^()\s]+)\)\s*(?P<number>[^\s()]+))?"
    r"(?:\s+[xX×]\s?(?P<qty_after>-?\d+))?"
    r"(?:\s+\*[A-Za-z]{1,8}\*)*$"  # Moxfield's foil and etched marks (*F*, *E*)
)
HEADER_LINE = re.compile(r"^(?P<key>[A-Za-z][A-Za-z \-]{0,39}):\s*(?P<value>.*)$")
SECTION_LINE = re.compile(
    r"^(?:(?P<main>deck|main|main\s?deck|main\s?board)|(?P<side>side|sideboard|side\s?board))"
    r"\s*:?\s*(?:\(\d+\))?$",
    re.IGNORECASE,
)
SIDEBOARD_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
TRAILING_COMMENT = re.compile(r"(?:#|\s//|^//).*$")


define_messages(
    {
        "decklist.too_large": _("The list is larger than %(kb)s KB."),
        "decklist.not_text": _("The decklist contains characters that are not text (NUL or lone surrogates)."),
        "decklist.too_many_lines": _("The list has %(count)s lines; the limit is %(max)s."),
        "decklist.not_a_card_line": _("This is not a card line."),
        "decklist.quantity_range": _("The quantity %(qty)s is not between 1 and %(max)s."),
        "decklist.two_quantities": _("This line gives two quantities; keep one."),
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
    status: str = "ok"  # ok, unknown, ambiguous, wrong_printing, malformed
    qty: int = 0
    name: str = ""
    set_code: str = ""
    number: str = ""
    card: object = None
    suggestions: list = field(default_factory=list)
    error: DomainError | None = None
    section: str = MAIN
    game: str = ""  # a CSV's game column: look the card up in that game only

    def as_dict(self):
        return {
            "line": self.line,
            "text": self.text,
            "status": self.status,
            "suggestions": self.suggestions,
            "error": self.error.message if self.error else None,
        }

    def refuse(self, status, code, **params):
        self.status, self.card, self.error = status, None, DomainError(code, "decklist", **params)
        return self


@dataclass
class Decklist:
    declarations: dict
    lines: list  # the main deck's card lines
    sideboard: list = field(default_factory=list)  # card lines under a Sideboard section
    layout: str = "text"  # text, csv, or a known export's CSV layout (see decks/importing.py)
    delimiter: str = ""
    ignored_columns: list = field(default_factory=list)

    @property
    def all_lines(self):
        return self.lines + self.sideboard


def check_size(text, max_bytes=MAX_BYTES, max_lines=MAX_LINES, field="decklist"):
    """The list's lines; raises DomainError past the stated limits."""
    if UNSTORABLE.search(text):
        raise DomainError("decklist.not_text", field)
    if len(text) > max_bytes or len(text.encode("utf-8")) > max_bytes:
        raise DomainError("decklist.too_large", field, kb=max_bytes // 1024)
    raw_lines = text.splitlines()
    if len(raw_lines) > max_lines:
        raise DomainError("decklist.too_many_lines", field, count=len(raw_lines), max=max_lines)
    return raw_lines


def parse_decklist(text, max_qty=MAX_QTY, max_bytes=MAX_BYTES, max_lines=MAX_LINES, field="decklist"):
    """Split text into declarations and card lines; raises DomainError past the limits."""
    raw_lines = check_size(text.removeprefix("\ufeff"), max_bytes, max_lines, field)
    declarations, lines, sideboard = {}, [], []
    in_header, section = True, MAIN
    for number, raw in enumerate(raw_lines, start=1):
        stripped = raw.strip()
        content = TRAILING_COMMENT.sub("", stripped).strip()
        # "// Sideboard" is a comment that is also a section line.
        heading = SECTION_LINE.match(stripped[2:].strip() if stripped.startswith("//") else content)
        if heading:
            section, in_header = (SIDEBOARD if heading["side"] else MAIN), False
            continue
        if not content:
            continue
        header = HEADER_LINE.match(content) if in_header else None
        if header and not content[0].isdigit() and not SIDEBOARD_PREFIX.match(content):
            declarations[_declaration_key(header["key"])] = header["value"].strip()
            continue
        in_header = False
        line_section = section
        if SIDEBOARD_PREFIX.match(content):
            content, line_section = SIDEBOARD_PREFIX.sub("", content), SIDEBOARD
        line = parse_card_line(number, content, max_qty)
        line.section = line_section
        (sideboard if line_section == SIDEBOARD else lines).append(line)
    return Decklist(declarations, lines, sideboard)


def _declaration_key(key):
    return re.sub(r"[\s_]+", "-", key.strip().casefold())


def parse_card_line(number, content, max_qty=MAX_QTY):
    status, qty, name, set_code, card_number, error = _parse_content(content, max_qty)
    problem = DomainError(error[0], "decklist", **error[1]) if error else None
    return DecklistLine(number, content, status, qty, name, set_code, card_number, error=problem)


@functools.lru_cache(maxsize=8192)
def _parse_content(content, max_qty):
    """(status, qty, name, set, number, (error code, params)) of one card line; the same lines recur
    in every list."""
    match = CARD_LINE.match(content)
    if not match or not match["name"].strip():
        return "malformed", 0, "", "", "", ("decklist.not_a_card_line", {})
    if match["qty"] is not None and match["qty_after"] is not None:
        return "malformed", 0, "", "", "", ("decklist.two_quantities", {})
    written = match["qty"] if match["qty"] is not None else match["qty_after"]
    qty = int(written) if written is not None else 1
    if qty < 1 or qty > max_qty:
        return "malformed", 0, "", "", "", ("decklist.quantity_range", {"qty": qty, "max": max_qty})
    return "ok", qty, match["name"].strip(), match["set"] or "", match["number"] or "", None


def format_decklist(declarations, entries):
    """Text export: headers, then `qty name (SET) number` lines; parses back to the same deck."""
    lines = [f"{key.replace('-', ' ').title()}: {value}" for key, value in declarations.items() if value]
    if lines:
        lines.append("")
    lines += [f"{qty} {name} ({set_code}) {number}" for qty, name, set_code, number in entries]
    return "\n".join(lines) + "\n" if lines else ""
