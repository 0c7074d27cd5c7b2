"""Decklist text: parsing (plain Python) and the line statuses shown to players.

Format: optional `Key: value` header lines, then one card per line,
`<qty>[x] <card name> [(<SET>) <number>]`; `#` starts a comment; blank lines are ignored;
a bare name means one copy. No line is ever dropped silently.
"""

import functools
import re
from dataclasses import dataclass, field

MAX_LINES = 500
MAX_BYTES = 100 * 1024
MAX_QTY = 99

CARD_LINE = re.compile(
    r"^(?:(?P<qty>-?\d+)\s*[xX]?\s+)?(?P<name>.+?)(?:\s+\((?P<set>[^()\s]+)\)\s*(?P<number>[^\s()]+))?$"
)
HEADER_LINE = re.compile(r"^(?P<key>[A-Za-z][A-Za-z \-]{0,39}):\s*(?P<value>.*)$")


class DecklistTooLarge(ValueError):
    pass


class LinesRejected(ValueError):
    """Lines that are not cards; nothing was saved. The API answers 400 with each line's status."""

    def __init__(self, message, lines):
        super().__init__(message)
        self.lines = lines

    def as_json(self):
        rejected = [
            {
                "line": line.line,
                "text": line.text,
                "status": line.status,
                "suggestions": line.suggestions,
                "error": line.error or None,
            }
            for line in self.lines
        ]
        return {"message": str(self), "lines": rejected}


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
    error: str = ""


@dataclass
class Decklist:
    declarations: dict
    lines: list


def parse_decklist(text):
    """Split text into declarations and card lines; raises DecklistTooLarge past the limits."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise DecklistTooLarge(f"the decklist is larger than {MAX_BYTES // 1024} KB")
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_LINES:
        raise DecklistTooLarge(f"the decklist has {len(raw_lines)} lines; the limit is {MAX_LINES}")
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
    return DecklistLine(number, content, status, qty, name, set_code, card_number, error=error)


@functools.lru_cache(maxsize=8192)
def _parse_content(content):
    """(status, qty, name, set, number, error) of one card line; the same lines recur in every list."""
    match = CARD_LINE.match(content)
    if not match or not match["name"].strip():
        return "malformed", 0, "", "", "", "not a card line"
    qty = int(match["qty"]) if match["qty"] is not None else 1
    if qty < 1 or qty > MAX_QTY:
        return "malformed", 0, "", "", "", f"quantity {qty} is not between 1 and {MAX_QTY}"
    return "ok", qty, match["name"].strip(), match["set"] or "", match["number"] or "", ""


def format_decklist(declarations, entries):
    """Text export: headers, then `qty name (SET) number` lines; parses back to the same deck."""
    lines = [f"{key.replace('-', ' ').title()}: {value}" for key, value in declarations.items() if value]
    if lines:
        lines.append("")
    lines += [f"{qty} {name} ({set_code}) {number}" for qty, name, set_code, number in entries]
    return "\n".join(lines) + "\n" if lines else ""
