"""Parse a publisher's plain-text rules document into structure (standard library only).

``parse_rules(text, language)`` returns a :class:`RulesDocument`: title, version label,
sections (heading, slug, level, items) and the glossary. Nothing here knows English: headings,
rules, bullets and the glossary are found by the *shape* of the lines, so the French and Italian
translations parse the same way as the English original. The only word list is the short list of
note labels ("Note", "Nota", "Remarque", ...), because a note differs from a paragraph by its label
alone.

Choices
-------
Lines
    No-break and other Unicode spaces count as spaces; a line of spaces is blank. Leading
    indentation is kept, because it tells a rule's continuation from a new paragraph.
Page chrome (web-page copies of a document)
    "top of page", "bottom of page", "Download 367.79 Kb.", "Page1/7", "Date30.06.2017",
    "Size367.79 Kb.", "#22052" and lines made only of page numbers ("1 2 3 4 5 6 7") are dropped.
    "bottom of page" or a "Download … Kb." line *after* the body has started is the site footer:
    it and everything after it are dropped ("Share with your friends:", copyright, "Main page").
Title and version
    The first non-blank block is the title block: its first line is the title, the other lines a
    subtitle. A later line equal to the title (the DBZ page repeats it in capitals) is dropped.
    The version is the first "V202310.09" / "v1.5.0" style label in the title block, else in the
    whole text, else None.
Headings (a "short" line has at most 10 words and does not end a sentence with . ! ? , ;)
    * a line of at most 8 words ending with ":" ("Setup:", "Composition du Deck:", "Déroulement
      du jeu ::"); a longer one is a sentence introducing a list (so a list introduction of 8
      words or fewer ending with ":" is taken for a heading: a known limit);
    * a short line standing alone and followed by content ("Pre-release Ruleset",
      "Mode: Team Quattro Giocatori", "Tokui-Waza", "End of Game");
    * a short line glued under a finished sentence (the DBZ copy lost the blank line before some
      headings, e.g. "Card Eligibility" directly under the last sentence of the previous ruling);
    * a run of short stand-alone lines separated by single blank lines is a plain-line list (the
      DBZ banned and restricted card lists, the publisher's address): its lines are "bullet"
      items, and only the line that introduces content is a heading. A short line of the run set
      off by other spacing (glued to the next line, or followed by two or more blank lines), and
      the first of just two short lines, is a heading too ("General Guidelines", "Combat");
    * two or more neighbouring "Label: value" lines are fields, not headings (the credits of
      Dust: Reclamation: designer, publisher, illustration);
    * a short line right after the title that is followed, one blank line below, by a heading is
      a by-line (the Italian translator credit). A preamble line of at most eight words that is not a
      sentence and ends with a capitalised name ("Translation by Giada Gubert", "Traducción de María
      López") is the translator's credit, in any language: it is taken out of the text into ``credit``.
Levels
    1 for group headings: a heading directly followed by another heading ("SETUP", "General
    Guidelines"), a heading in capitals ("PLAYING THE GAME") and a "Label: value" heading (the game
    modes: "Mode: Four Player Team", "Game Mode: Young Champions; Age 4+"); 2 for the others. Text
    before the first heading forms a level-0 section with an empty heading and slug "preamble".
Items
    "rule": "1. text" (continued by the following indented lines); "bullet": "•", "-", "–", "*"
    items (continued likewise) and the lines of a plain-line list; "note": a line starting with a
    note label, kept as its own item right after the rule it follows (the label is removed from
    the text, like the number of a rule and the mark of a bullet); "paragraph": any other text,
    whose lines are joined. Item texts are plain text with single spaces: no HTML is produced and
    nothing is escaped (escaping is the template's job). ``position`` is the 1-based line number
    where the item starts in the source text.
    A section whose numbered rules are all printed "1." (the DBZ "Battle Sequence": the web copy
    lost the list numbering) is renumbered 1, 2, 3 …; other numbers are kept as printed, so a
    section may restart its numbering (DBZ "Named Cards": 1-3 then 1-2).
Glossary
    The section with the most "Term: definition" bullets, if they number at least 8 and make up at
    least 80% of its items (a scoring list of "rank: points" bullets is too short and mixed).
    Its bullets stay items of the section; ``glossary`` repeats them as (term, definition) pairs
    and ``glossary_section`` is the section's index. Dust: Reclamation and the DBZ rulings have
    no glossary.
Per document
    Dust Collectorz (en/fr/it): a preamble, the pre-release note, "Deck Composition", then four
    level-1 game modes, each with its Setup / Gameplay / End / Scoring level-2 sections; the
    glossary sits in the first mode. DBZ Expanded rulings: the web-page chrome and footer are
    dropped, the repeated title and the publisher's address stay in the preamble (the address as
    plain-line bullets), the title-line headings ("Deck Size", "Tokui-Waza", "Banned", …) are
    level 2 under the few group headings ("General Guidelines", "Reverse Rulings", "Combat"), card
    lists are bullets, "Example:" lines are paragraphs, "NOTE:"/"Note:" lines are notes. Dust:
    Reclamation: capitals and label headings give SETUP / PLAYING THE GAME / CREDITS groups;
    "- " items (also the indented sub-item) are bullets; it has no numbered rules, no version
    label and no glossary (its "Label: text" bullets are too few).
Errors
    DomainError (rules.*) for bytes that are not UTF-8, binary text (a NUL, or more than 10%
    control / unassigned characters), empty text, more than 2 MB of UTF-8, and text in which no
    heading and no numbered rule is found.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages

MAX_BYTES = 2 * 1024 * 1024
MAX_UNPRINTABLE_SHARE = 0.1
MAX_HEADING_WORDS = 10
MAX_HEADING_CHARS = 90
MAX_LABEL_WORDS = 8  # a longer line ending with ':' is a sentence introducing a list
MAX_TERM_WORDS = 5
MIN_GLOSSARY_ENTRIES = 8
MIN_GLOSSARY_SHARE = 0.8
ITEM_KINDS = ("rule", "bullet", "note", "paragraph")
MAX_BY_LINE_WORDS = 8
MIN_NAME_WORDS = 2

_SPACES = re.compile(r"[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_INVISIBLE = re.compile(r"[\u200b-\u200d\u2060\ufeff]")
_CHROME = [
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"(?:top|bottom) of page",
        r"download\s*[\d.,]+\s*[kmg]?b\.?",
        r"page\s*\d+\s*/\s*\d+",
        r"date\s*\d{1,2}[./-]\d{1,2}[./-]\d{2,4}",
        r"size\s*[\d.,]+\s*[kmg]?b\.?",
        r"#\d+",
        r"\d+(?:\s+\d+)*",
    )
]
_FOOTER = [_CHROME[0], _CHROME[1]]
_VERSION = re.compile(r"(?<![\w.])(?:[Vv]|[Vv]ersion\s+)\d+(?:\.\d+)+(?![\w])")
_RULE = re.compile(r"^\s*(\d{1,3})[.)]\s+(\S.*)$")
_BULLET = re.compile(r"^\s*[•●▪◦‣∙·*\-–—]\s+(\S.*)$")
_NOTE = re.compile(
    r"^\s*(?:notes?|nota(?: bene)?|remarques?|nb|n\.b\.|hinweis|anmerkung)\s*:\s*(.*)$",
    re.IGNORECASE,
)
_FIELD = re.compile(r"^[^:]{1,40}\S\s*:\s+\S")
_TERM = re.compile(r"^(?P<term>[^:]{1,60}?)\s*:\s*(?P<definition>\S.*)$")
_WORD = re.compile(r"\w[\w'’./-]*")
_SENTENCE_END = ".!?;,…"
_CLOSING = "\"'”’»)]"


define_messages(
    {
        "rules.no_structure": _("No structure found: the text has no headings and no numbered rules."),
        "rules.too_large": _("The document is too large: %(size)s bytes; the limit is %(limit)s bytes (2 MB)."),
        "rules.empty": _("The document is empty."),
        "rules.binary": _("The document looks binary (NUL bytes or mostly non-printable characters), not plain text."),
        "rules.not_utf8": _("The document is not UTF-8 text (byte %(byte)s)."),
        "rules.empty_after_chrome": _("The document is empty once page chrome is removed."),
    }
)


@dataclass(frozen=True)
class Item:
    kind: str  # one of ITEM_KINDS
    number: int | None
    text: str
    position: int  # 1-based source line


@dataclass
class Section:
    heading: str
    slug: str
    items: list[Item]
    level: int


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    definition: str


@dataclass
class RulesDocument:
    title: str
    version: str | None
    language: str
    sections: list[Section]
    glossary: list[GlossaryEntry]
    glossary_section: int | None = None
    credit: str | None = None  # the translator's by-line, taken out of the preamble

    def rules(self) -> list[Item]:
        """Every numbered rule, in document order."""
        return [item for section in self.sections for item in section.items if item.kind == "rule"]


@dataclass(frozen=True)
class _Line:
    number: int
    text: str


@dataclass
class _Block:
    lines: list[_Line]
    gap_after: int = 1  # blank lines after the block


@dataclass
class _Draft:
    kind: str
    number: int | None
    parts: list[str]
    position: int


# --- public helpers ---------------------------------------------------------------------------


def slugify(text: str) -> str:
    """Lowercase ASCII words joined by '-': accents stripped, apostrophes dropped."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    ascii_text = re.sub(r"['`]", "", ascii_text.replace("’", "'")).lower()
    return "-".join(re.findall(r"[a-z0-9]+", ascii_text))


def split_term(text: str) -> tuple[str, str] | None:
    """('Term', 'definition') for a 'Term: definition' text whose term is short, else None."""
    match = _TERM.match(text)
    if not match or len(_words(match["term"])) > MAX_TERM_WORDS:
        return None
    return match["term"].strip(), match["definition"].strip()


def find_version(text: str) -> str | None:
    """The first version label such as 'V202310.09' or 'v1.5.0' in the text."""
    match = _VERSION.search(text)
    return match.group(0) if match else None


def parse_rules(text: str | bytes, language: str) -> RulesDocument:
    """Parse a plain-text rules document; raise DomainError when it is not one."""
    text = _checked_text(text)
    lines = _clean_lines(text)
    title_block, body = _split_title(lines)
    title = title_block[0].text.strip()
    version = find_version("\n".join(line.text for line in title_block)) or find_version(text)
    sections = _build_sections(_blocks(body, title))
    if not any(section.level for section in sections) and not any(_rule_items(sections)):
        raise DomainError("rules.no_structure", "file")
    credit = _take_credit(sections)
    glossary_index = _find_glossary(sections)
    glossary = _glossary_entries(sections[glossary_index]) if glossary_index is not None else []
    return RulesDocument(title, version, language, sections, glossary, glossary_index, credit)


def _take_credit(sections: list[Section]) -> str | None:
    """Remove and return the preamble's translator by-line: a short line that is not a sentence and
    ends with a person's name ("Translation by Giada Gubert", "Traducción de María López")."""
    first = sections[0] if sections else None
    if first is not None and first.level and _is_by_line(first.heading):
        # The by-line stood alone above the preamble's text: read as a heading, it is the credit.
        sections[0] = Section(heading="", slug="preamble", items=first.items, level=0)
        return first.heading
    preamble = next((section for section in sections if section.slug == "preamble"), None)
    if preamble is None:
        return None
    for item in preamble.items:
        if item.kind == "paragraph" and _is_by_line(item.text):
            preamble.items.remove(item)
            return item.text
    return None


def _is_by_line(text: str) -> bool:
    words = text.split()
    name = words[-MIN_NAME_WORDS:]
    return (
        len(words) <= MAX_BY_LINE_WORDS
        and len(words) > MIN_NAME_WORDS
        and not _ends_sentence(text)
        and all(word[:1].isupper() and word[1:].islower() and word.isalpha() for word in name)
    )


# --- input checks ---------------------------------------------------------------------------


def _checked_text(text: str | bytes) -> str:
    """The text, or DomainError when it is undecodable, too large, empty or binary."""
    if isinstance(text, bytes):
        text = _decoded(text)
    if not isinstance(text, str):
        raise TypeError(f"rules text must be str, not {type(text).__name__}")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise DomainError("rules.too_large", "file", size=size, limit=MAX_BYTES)
    if not text.strip():
        raise DomainError("rules.empty", "file")
    if "\x00" in text or _unprintable_share(text) > MAX_UNPRINTABLE_SHARE:
        raise DomainError("rules.binary", "file")
    return text


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DomainError("rules.not_utf8", "file", byte=error.start) from error


def _unprintable_share(text: str) -> float:
    """Share of control, private, unassigned and replacement characters (tab and newlines allowed)."""
    bad = sum(
        1
        for char in text
        if char not in "\t\n\r\f\v" and (unicodedata.category(char) in ("Cc", "Co", "Cn", "Cs") or char == "\ufffd")
    )
    return bad / len(text)


# --- lines, chrome, title -------------------------------------------------------------------


def _normalised(line: str) -> str:
    return _SPACES.sub(" ", _INVISIBLE.sub("", line.expandtabs(4))).rstrip()


def _is_chrome(stripped: str) -> bool:
    return any(pattern.fullmatch(stripped) for pattern in _CHROME)


def _clean_lines(text: str) -> list[_Line]:
    """Normalised lines; chrome becomes blank, and the site footer ends the document."""
    lines: list[_Line] = []
    content_lines = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _normalised(raw)
        stripped = line.strip()
        if content_lines >= 2 and any(pattern.fullmatch(stripped) for pattern in _FOOTER):
            break
        if _is_chrome(stripped):
            line = ""
        content_lines += bool(line)
        lines.append(_Line(number, line))
    return lines


def _split_title(lines: list[_Line]) -> tuple[list[_Line], list[_Line]]:
    """(title block, the lines after it)."""
    start = next((index for index, line in enumerate(lines) if line.text), None)
    if start is None:
        raise DomainError("rules.empty_after_chrome", "file")
    end = start
    while end < len(lines) and lines[end].text:
        end += 1
    return lines[start:end], lines[end:]


# --- blocks and line shapes -----------------------------------------------------------------


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _ends_sentence(text: str) -> bool:
    stripped = text.rstrip().rstrip(_CLOSING).rstrip()
    return bool(stripped) and stripped[-1] in _SENTENCE_END


def _is_marker(text: str) -> bool:
    return bool(_RULE.match(text) or _BULLET.match(text) or _NOTE.match(text))


def _is_short(text: str) -> bool:
    return len(text) <= MAX_HEADING_CHARS and 0 < len(_words(text)) <= MAX_HEADING_WORDS


def _is_bare(text: str) -> bool:
    """A short stand-alone line that is not a list item, not a label ("…:") and not a sentence."""
    stripped = text.strip()
    return (
        _is_short(stripped) and not _is_marker(stripped) and not stripped.endswith(":") and not _ends_sentence(stripped)
    )


def _blocks(lines: list[_Line], title: str) -> list[_Block]:
    """Runs of non-blank lines, with the number of blank lines after each; glued headings split off."""
    blocks: list[_Block] = []
    for line in lines:
        if line.text and line.text.strip().casefold() != title.casefold():
            if blocks and blocks[-1].gap_after == 0:
                blocks[-1].lines.append(line)
            else:
                blocks.append(_Block([line], gap_after=0))
        elif blocks:
            blocks[-1].gap_after += 1
    return [piece for block in blocks for piece in _split_glued(block)]


def _split_glued(block: _Block) -> list[_Block]:
    """Split short unindented lines glued under a finished sentence into blocks of their own."""
    lines = block.lines
    cut = len(lines)
    while cut > 1 and _is_glued_heading(lines[cut - 1].text, lines[cut - 2].text):
        cut -= 1
    if cut == len(lines) or all(_is_bare(line.text) for line in lines[:cut]):
        return [block]
    pieces = [_Block(lines[:cut], 0)] + [_Block([line], 0) for line in lines[cut:]]
    pieces[-1].gap_after = block.gap_after
    return pieces


def _is_glued_heading(line: str, previous: str) -> bool:
    unindented = line[:1] not in (" ", "")
    return unindented and _is_bare(line) and (_ends_sentence(previous) or _is_bare(previous))


def _shape(block: _Block) -> str:
    """'explicit' (short line ending with ':'), 'bare' (short stand-alone line) or 'content'."""
    if len(block.lines) != 1:
        return "content"
    text = block.lines[0].text.strip()
    if _is_marker(text) or not _is_short(text):
        return "content"
    if text.endswith(":"):
        return "explicit" if len(_words(text)) <= MAX_LABEL_WORDS else "content"
    return "bare" if _is_bare(text) else "content"


def _is_field(block: _Block) -> bool:
    """A single 'Label: value' line that is not a list item."""
    text = block.lines[0].text.strip()
    return len(block.lines) == 1 and not _is_marker(text) and bool(_FIELD.match(text))


# --- roles: heading, group, entry, content ----------------------------------------------------


def _roles(blocks: list[_Block]) -> list[str]:
    """The role of each block: 'heading', 'group' (level-1 heading), 'entry' or 'content'."""
    shapes = _demote_byline(blocks, _demote_fields(blocks, [_shape(block) for block in blocks]))
    roles = ["heading" if shape == "explicit" else shape for shape in shapes]
    for run in _bare_runs(shapes):
        following = shapes[run[-1] + 1] if run[-1] + 1 < len(shapes) else None
        for index, role in zip(run, _run_roles(run, blocks, following), strict=True):
            roles[index] = role
    return _promote_groups(blocks, roles)


def _demote_fields(blocks: list[_Block], shapes: list[str]) -> list[str]:
    """Neighbouring 'Label: value' lines are fields (credits), not headings."""
    fields = [_is_field(block) for block in blocks]
    neighbours = [False, *fields, False]  # neighbours[index] is the block before, [index + 2] the one after
    return [
        "content" if fields[index] and (neighbours[index] or neighbours[index + 2]) else shape
        for index, shape in enumerate(shapes)
    ]


def _demote_byline(blocks: list[_Block], shapes: list[str]) -> list[str]:
    """A short first line followed, one blank line below, by a heading is a by-line, not an empty heading."""
    if len(shapes) > 1 and shapes[0] == "bare" and shapes[1] in ("bare", "explicit") and blocks[0].gap_after == 1:
        return ["content", *shapes[1:]]
    return shapes


def _bare_runs(shapes: list[str]) -> list[list[int]]:
    runs: list[list[int]] = []
    for index, shape in enumerate(shapes):
        if shape != "bare":
            continue
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    return runs


def _run_roles(run: list[int], blocks: list[_Block], following: str | None) -> list[str]:
    """Roles in a run of short stand-alone lines followed by a block of shape `following`."""
    size = len(run)
    roles = []
    for position, index in enumerate(run):
        if position == size - 1:
            introduces = following == "content" or (size == 1 and following == "explicit")
            roles.append("heading" if introduces else ("entry" if size > 1 else "content"))
        else:
            set_off = blocks[index].gap_after != 1 or (size == 2 and following == "content")
            roles.append("heading" if set_off else "entry")
    return roles


def _promote_groups(blocks: list[_Block], roles: list[str]) -> list[str]:
    """Headings directly followed by a heading, in capitals, or of the 'Label: value' form group others."""
    promoted = list(roles)
    for index, role in enumerate(roles):
        if role != "heading":
            continue
        text = blocks[index].lines[0].text.strip()
        followed = index + 1 < len(roles) and roles[index + 1] in ("heading", "group")
        capitals = text.isupper() and len(_words(text)) > 0
        if followed or capitals or _is_field(blocks[index]):
            promoted[index] = "group"
    return promoted


# --- sections and items -----------------------------------------------------------------------


def _build_sections(blocks: list[_Block]) -> list[Section]:
    sections: list[Section] = []
    for block, role in zip(blocks, _roles(blocks), strict=True):
        if role in ("heading", "group"):
            sections.append(_new_section(block.lines[0].text, 1 if role == "group" else 2))
            continue
        if not sections:
            sections.append(Section(heading="", slug="preamble", items=[], level=0))
        items = [_entry_item(block)] if role == "entry" else _block_items(block)
        sections[-1].items.extend(items)
    return [_renumbered(section) for section in sections]


def _new_section(line: str, level: int) -> Section:
    heading = re.sub(r"\s*:+\s*$", "", " ".join(line.split()))
    return Section(heading=heading, slug=slugify(heading) or "section", items=[], level=level)


def _entry_item(block: _Block) -> Item:
    line = block.lines[0]
    return Item("bullet", None, " ".join(line.text.split()), line.number)


def _block_items(block: _Block) -> list[Item]:
    """Items of a content block: rules, bullets, notes and paragraphs, with continuation lines."""
    if len(block.lines) > 1 and all(_is_bare(line.text) and line.text[0] != " " for line in block.lines):
        return [_entry_item(_Block([line])) for line in block.lines]
    drafts: list[_Draft] = []
    for line in block.lines:
        draft = _line_draft(line)
        if draft is None and drafts and _continues(drafts[-1], line.text):
            drafts[-1].parts.append(line.text.strip())
        else:
            drafts.append(draft or _Draft("paragraph", None, [line.text.strip()], line.number))
    return [_item(draft) for draft in drafts if "".join(draft.parts).strip()]


def _line_draft(line: _Line) -> _Draft | None:
    """A new rule, bullet or note starting on this line, else None."""
    if match := _RULE.match(line.text):
        return _Draft("rule", int(match[1]), [match[2]], line.number)
    if match := _BULLET.match(line.text):
        return _Draft("bullet", None, [match[1]], line.number)
    if match := _NOTE.match(line.text):
        return _Draft("note", None, [match[1]], line.number)
    return None


def _continues(draft: _Draft, line: str) -> bool:
    """Paragraphs take any following line; rules, bullets and notes only indented ones."""
    return draft.kind == "paragraph" or line[:1] == " "


def _item(draft: _Draft) -> Item:
    return Item(draft.kind, draft.number, " ".join(" ".join(draft.parts).split()), draft.position)


def _renumbered(section: Section) -> Section:
    """Number 1, 2, 3 … a section whose rules are all printed '1.' (a flattened numbered list)."""
    numbers = [item.number for item in section.items if item.kind == "rule"]
    if len(numbers) < 2 or set(numbers) != {1}:
        return section
    counter = iter(range(1, len(numbers) + 1))
    section.items = [
        Item(item.kind, next(counter), item.text, item.position) if item.kind == "rule" else item
        for item in section.items
    ]
    return section


def _rule_items(sections: list[Section]) -> list[Item]:
    return [item for section in sections for item in section.items if item.kind == "rule"]


# --- glossary -----------------------------------------------------------------------------------


def _term_bullets(section: Section) -> list[Item]:
    return [item for item in section.items if item.kind == "bullet" and split_term(item.text)]


def _find_glossary(sections: list[Section]) -> int | None:
    """Index of the section made mostly of many 'Term: definition' bullets, or None."""
    best, best_count = None, 0
    for index, section in enumerate(sections):
        count = len(_term_bullets(section))
        mostly = count >= MIN_GLOSSARY_SHARE * len(section.items)
        if count >= MIN_GLOSSARY_ENTRIES and mostly and count > best_count:
            best, best_count = index, count
    return best


def _glossary_entries(section: Section) -> list[GlossaryEntry]:
    return [GlossaryEntry(*split_term(item.text)) for item in _term_bullets(section)]


__all__ = [
    "ITEM_KINDS",
    "GlossaryEntry",
    "Item",
    "RulesDocument",
    "Section",
    "find_version",
    "parse_rules",
    "slugify",
    "split_term",
]
