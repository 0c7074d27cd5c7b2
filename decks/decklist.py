"""Decklist text: parsing (plain Python) and the line statuses shown to players.

Format: optional `Key: value` header lines, then one card per line: `2 Name`, `2x Name`,
`Name x2` or a bare `Name` (one copy), optionally followed by `(SET) number` and marks such as
`*F*` (foil), `*LP*` (a condition) and `*FR*` (a language). `Deck`,
`Main` and `Sideboard` lines (also `// Sideboard`, `SB: 2 Name`) start sections; `#` and
`//` start comments; blank lines are ignored. What the sites players use write is read too:
Moxfield's foil marks (`*F*`), Archidekt's `[Category]` and `^Tag,#colour^`, MTGA's `About` /
`Name` block and other section headings (`Champions:`, `Maybeboard`). No line is ever dropped
silently: what is not a card is a line with a status, or a note the player is shown.
"""

import functools
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.errors import DomainError, define_messages
from core.text import UNSTORABLE

from .variants import CONDITION_MARKS, FINISH_MARKS, LANGUAGE_MARKS

MAX_LINES = 500
MAX_BYTES = 100 * 1024
MAX_QTY = 99
MAIN, SIDEBOARD, LEFT_OUT = "main", "sideboard", "left_out"

CARD_LINE = re.compile(
    r"^(?:(?P<qty>-?\d+)\s*[xX×]?\s+)?(?P<name>.+?)"
    r"(?:\s+\((?P<set>[^()\s]+)\)\s*(?P<number>[^\s()]+))?"
    r"(?:\s+[xX×]\s?(?P<qty_after>-?\d+))?$"
)
HEADER_LINE = re.compile(r"^(?P<key>[A-Za-z][A-Za-z \-]{0,39}):\s*(?P<value>.*)$")
SECTION_LINE = re.compile(
    r"^(?:(?P<main>deck|main|main\s?deck|main\s?board)|(?P<side>side|sideboard|side\s?board)"
    r"|(?P<out>maybe|maybe\s?board|considering|tokens?|about))"
    r"\s*:?\s*(?:\(\d+\))?$",
    re.IGNORECASE,
)
# Another heading: `Champions:` or `Champions (24)`, never a card (no quantity, nothing after the colon).
HEADING_LINE = re.compile(r"^(?P<title>[^\d\s][^:()]{0,59}?)\s*(?::|\(\d+\))$")
# Archidekt: `[Category]` (flags such as `{noDeck}` inside) and `^Tag,#37d67a^` tags, both after the card.
ARCHIDEKT_CATEGORY = re.compile(r"\s*\[(?P<category>[^\[\]]*)\]\s*$")
ARCHIDEKT_TAGS = re.compile(r"[\s,]*\^(?P<tags>[^\^]*)\^")
FINISH_MARK = re.compile(r"\s+\*(?P<mark>[A-Za-z]{1,8})\*(?=\s|$)")
LEFT_OUT_CATEGORIES = {"maybeboard", "maybe", "considering", "tokens", "token"}
MTGA_NAME = re.compile(r"^name\s+(?P<value>.+)$", re.IGNORECASE)
SIDEBOARD_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
TRAILING_COMMENT = re.compile(r"(?:#|\s//|^//).*$")


define_messages(
    {
        "decklist.too_large": _("The list is larger than %(kb)s KB."),
        "decklist.not_text": _("The decklist contains characters that are not text (NUL or lone surrogates)."),
        "decklist.too_many_lines": ngettext_lazy(
            "The list has %(count)s line; the limit is %(max)s.",
            "The list has %(count)s lines; the limit is %(max)s.",
            "count",
        ),
        "decklist.not_a_card_line": _("This is not a card line."),
        "decklist.quantity_range": _("The quantity %(qty)s is not between 1 and %(max)s."),
        "decklist.two_quantities": _("This line gives two quantities; keep one."),
        "decklist.heading": _("“%(text)s” was read as a heading, not a card: the lines under it are read as before."),
        "decklist.left_out": _("“%(text)s” lists cards outside the deck: the lines under it are left out."),
        "decklist.unknown_header": _("“%(text)s” was not read: the headers this format reads are %(known)s."),
        "decklist.no_headers": _("“%(text)s” was not read: this format reads no header lines."),
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
    finish: str = ""  # foil, etched (Moxfield's *F*, a CSV's Foil or Finish column)
    condition: str = ""  # near_mint... (a *LP* mark, a CSV's Condition column); see decks/variants.py
    language: str = ""  # en, fr... (a *FR* mark, a CSV's Language column)
    category: str = ""  # Archidekt's [Category]
    tags: list = field(default_factory=list)  # Archidekt's ^Tag,#colour^

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
class Note:
    """A line that is not a card and not an error, shown to the player (a heading, a header not read)."""

    line: int
    text: str
    code: str
    params: dict = field(default_factory=dict)

    @property
    def message(self):
        return DomainError(self.code, "decklist", text=self.text, **self.params).message

    def as_dict(self):
        return {"line": self.line, "text": self.text, "code": self.code, "message": self.message}


@dataclass
class Decklist:
    declarations: dict
    lines: list  # the main deck's card lines
    sideboard: list = field(default_factory=list)  # card lines under a Sideboard section
    layout: str = "text"  # text, csv, or a known export's CSV layout (see decks/importing.py)
    delimiter: str = ""
    ignored_columns: list = field(default_factory=list)
    notes: list = field(default_factory=list)  # Note: headings and headers shown, never dropped
    left_out: list = field(default_factory=list)  # card lines under Maybeboard and the like
    title: str = ""  # a name the list gives itself (MTGA's About / Name, a Name: header)
    encoding: str = ""  # what an uploaded file was decoded from, when not UTF-8
    header_lines: dict = field(default_factory=dict)  # declaration key -> (line number, text)

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
    decklist = Decklist({}, [], [])
    in_header, about, section = True, False, MAIN
    for number, raw in enumerate(raw_lines, start=1):
        stripped, category, tags = _archidekt_extras(raw.strip())
        content = TRAILING_COMMENT.sub("", stripped).strip()
        # "// Sideboard" is a comment that is also a section line.
        heading = SECTION_LINE.match(stripped[2:].strip() if stripped.startswith("//") else content)
        if heading:
            about = bool(heading["out"]) and heading["out"].casefold() == "about"
            section, in_header = _section(heading), about
            if heading["out"] and not about:
                decklist.notes.append(Note(number, content, "decklist.left_out"))
            continue
        if not content:
            continue
        if in_header and _header(decklist, number, content, about):
            continue
        in_header = False
        if HEADING_LINE.match(content) and not SIDEBOARD_PREFIX.match(content):
            decklist.notes.append(Note(number, content, "decklist.heading"))
            continue
        line_section = _category_section(category) if category else section
        if SIDEBOARD_PREFIX.match(content):
            content, line_section = SIDEBOARD_PREFIX.sub("", content), SIDEBOARD
        line = parse_card_line(number, content, max_qty)
        line.section, line.category, line.tags = line_section, category, tags
        {MAIN: decklist.lines, SIDEBOARD: decklist.sideboard}.get(line_section, decklist.left_out).append(line)
    return decklist


def _section(heading):
    if heading["side"]:
        return SIDEBOARD
    return LEFT_OUT if heading["out"] else MAIN


def _header(decklist, number, content, about):
    """A `Key: value` line (or MTGA's `Name value` under About) at the top: True when it is one."""
    mtga_name = MTGA_NAME.match(content) if about else None
    if mtga_name:
        decklist.title = decklist.title or mtga_name["value"].strip()
        return True
    header = HEADER_LINE.match(content)
    if not header or not header["value"].strip() or SIDEBOARD_PREFIX.match(content):
        return False
    decklist.declarations[_declaration_key(header["key"])] = header["value"].strip()
    decklist.header_lines[_declaration_key(header["key"])] = (number, content)
    return True


def _archidekt_extras(text):
    """The line without Archidekt's `^tags^` and `[Category]`, and what they said. Tags go first:
    their colour (`#37d67a`) would otherwise read as a comment."""
    tags = []
    for match in ARCHIDEKT_TAGS.finditer(text):
        tags += [tag.strip() for tag in match["tags"].split(",") if tag.strip() and not tag.strip().startswith("#")]
    text = ARCHIDEKT_TAGS.sub("", text)
    category = ARCHIDEKT_CATEGORY.search(text)
    if category is None:
        return text, "", tags
    return text[: category.start()], category["category"].strip(), tags


def _category_section(category):
    """Archidekt's categories outside the deck: Sideboard, and Maybeboard or any flagged `{noDeck}`."""
    first = re.sub(r"\{[^}]*\}", "", category).split(",")[0].strip().casefold()
    if first == "sideboard":
        return SIDEBOARD
    if first in LEFT_OUT_CATEGORIES or "{nodeck}" in category.casefold():
        return LEFT_OUT
    return MAIN


def _declaration_key(key):
    return re.sub(r"[\s_]+", "-", key.strip().casefold())


def parse_card_line(number, content, max_qty=MAX_QTY):
    marks = [match["mark"].casefold() for match in FINISH_MARK.finditer(content)]
    status, qty, name, set_code, card_number, error = _parse_content(FINISH_MARK.sub("", content), max_qty)
    problem = DomainError(error[0], "decklist", **error[1]) if error else None
    line = DecklistLine(number, content, status, qty, name, set_code, card_number, error=problem)
    line.finish = next((FINISH_MARKS[mark] for mark in marks if mark in FINISH_MARKS), "")
    line.condition = next((CONDITION_MARKS[mark] for mark in marks if mark in CONDITION_MARKS), "")
    line.language = next((LANGUAGE_MARKS[mark] for mark in marks if mark in LANGUAGE_MARKS), "")
    return line


def check_headers(decklist, known):
    """Headers the format does not read are taken out of the declarations and shown as notes.
    `known` are the declaration keys of the game's formats; a `Name:` header names the list."""
    for key in list(decklist.declarations):
        if key in known:
            continue
        value = decklist.declarations.pop(key)
        number, text = decklist.header_lines.get(key, (0, f"{key}: {value}"))
        if key in ("name", "deck", "title"):
            decklist.title = decklist.title or value
        elif known:
            labels = ", ".join(name.replace("-", " ").title() for name in sorted(known))
            decklist.notes.append(Note(number, text, "decklist.unknown_header", {"known": labels}))
        else:
            decklist.notes.append(Note(number, text, "decklist.no_headers"))
    decklist.notes.sort(key=lambda note: note.line)
    return decklist


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
