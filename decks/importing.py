"""Card lists from what players already have (plain Python): decklist text or a CSV file, pasted
or uploaded, including the exports of Moxfield, Archidekt and Deckbox (see docs/formats.md).

Uploads are checked before they are read: empty, binary and unreadable files are refused with a
message that says what to do. UTF-8, the Western encodings Excel writes, and UTF-16 (Excel's
"Unicode Text", tab-separated) are read. A CSV may use commas, semicolons (Excel in French and
Italian) or tabs, start with a byte-order mark, and name its columns in several ways; columns we
do not use are ignored and reported, never guessed at.
"""

import csv
import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, define_messages
from games.cards import bare_number, search_key

from .decklist import MAX_BYTES, MAX_LINES, MAX_QTY, Decklist, DecklistLine, check_size, parse_decklist
from .variants import read_condition, read_finish, read_language, read_tags

DELIMITERS = (",", ";", "\t")
EXCEL_SEPARATOR = re.compile(r"^sep=([,;\t|])\r?\n", re.IGNORECASE)
# A quantity as a spreadsheet may write it: 3, 3.0, or 3,00 with a decimal comma (French, Italian).
WHOLE_NUMBER = re.compile(r"^(?P<whole>\d+)(?:[.,]0+)?$")
# Header names, folded (lower case, no accents); French and Italian spreadsheets name them too.
COLUMN_ALIASES = {
    "qty": ("qty", "quantity", "count", "amount", "copies", "quantite", "qte", "exemplaires", "quantita", "copie"),
    "name": ("name", "card", "card name", "cardname", "nom", "carte", "nome", "carta"),
    "set": ("set", "set code", "setcode", "edition code", "code", "extension", "espansione"),
    "set_name": ("set name", "edition name"),
    "edition": ("edition",),  # Moxfield writes the set code here, Deckbox the set's name
    "number": ("number", "collector number", "collectors number", "card number", "no", "#", "numero", "n°"),
    "game": ("game", "jeu", "gioco"),
    "section": ("board", "section"),
    "finish": ("foil", "finish", "finition", "finitura"),
    "condition": ("condition", "etat", "condizione", "stato"),
    "language": ("language", "lang", "langue", "lingua"),
    "tags": ("tags", "tag", "etiquettes", "etichette"),
}
COLUMN_OF = {alias: column for column, aliases in COLUMN_ALIASES.items() for alias in aliases}


@dataclass(frozen=True)
class Layout:
    """A known export, told apart by columns only it writes."""

    key: str
    label: str
    marks: frozenset


# Most specific first: Deckbox and Moxfield both write "Tradelist Count".
LAYOUTS = (
    Layout("deckbox", "Deckbox", frozenset({"tradelist count", "card number"})),
    Layout("moxfield", "Moxfield", frozenset({"tradelist count", "collector number"})),
    Layout("archidekt", "Archidekt", frozenset({"edition code", "edition name"})),
)
LAYOUT_LABELS = {"text": _("a decklist"), "csv": _("a CSV file"), **{lay.key: lay.label for lay in LAYOUTS}}
DELIMITER_LABELS = {",": _("comma-separated"), ";": _("semicolon-separated"), "\t": _("tab-separated")}
SIDEBOARD_WORDS = {"sideboard", "side", "sb", "maybeboard"}
# The apostrophe every export (core.exports) puts before text a spreadsheet would run as a formula.
NEUTRALISED = re.compile(r"^'(?=[=+\-@\t\r])")

define_messages(
    {
        "import.empty_file": _("%(file)s is empty."),
        "import.file_too_large": _("%(file)s is larger than %(kb)s KB, the most one import may hold."),
        "import.utf16": _(
            "%(file)s looks like UTF-16 but cannot be read as UTF-16. Save it as UTF-8 (in Excel: “CSV UTF-8”) "
            "and upload it again."
        ),
        "import.binary": _("%(file)s is not a text or CSV file."),
        "import.workbook": _(
            "%(file)s is a spreadsheet workbook, not a CSV file. Save it as CSV (in Excel: “CSV UTF-8”) "
            "and upload that file."
        ),
        "import.not_utf8": _(
            "%(file)s is in an encoding this site cannot read. Save it as UTF-8 (in Excel: “CSV UTF-8”) "
            "and upload it again."
        ),
        "import.csv_needs_card": _("A CSV needs a name column, or set and number columns."),
        "import.csv_row_needs_card": _("Give a name, or a set and a number."),
        "import.csv_broken": _("This CSV cannot be read at line %(line)s: check its quotation marks."),
        "import.unknown_finish": _("“%(value)s” is not a finish this site knows: Normal, Foil or Etched foil."),
        "import.unknown_condition": _(
            "“%(value)s” is not a condition this site knows: Mint, Near Mint, Lightly Played, Moderately Played, "
            "Heavily Played or Damaged."
        ),
        "import.unknown_language": _("“%(value)s” is not a card language this site knows."),
        "decklist.no_such_printing": _("There is no card %(set)s %(number)s."),
        "decklist.printing_mismatch": _("%(set)s %(number)s is %(printed)s, not %(name)s."),
        "decklist.not_in_set": _("%(name)s is not printed in set %(set)s."),
        "decklist.number_ambiguous": _(
            "%(set)s %(number)s could be any of %(cards)s: write the number as printed, with its leading zeros."
        ),
    }
)


def decode_upload(data, file_name, max_bytes=MAX_BYTES):
    """The text of an uploaded file; refuses empty, oversized, binary and unreadable files."""
    return decode_with_encoding(data, file_name, max_bytes)[0]


# Bytes where ISO-8859-15 differs from ISO-8859-1 (€, Š, š, Ž, ž, Œ, œ, Ÿ): French text has œ.
LATIN9_ONLY = frozenset(b"\xa4\xa6\xa8\xb4\xb8\xbc\xbd\xbe")
ENCODING_LABELS = {
    "utf-8": "UTF-8",
    "utf-16": "UTF-16",
    "cp1252": "Windows-1252",
    "iso-8859-15": "ISO-8859-15",
    "iso-8859-1": "ISO-8859-1",
}


def decode_with_encoding(data, file_name, max_bytes=MAX_BYTES):
    """(text, encoding) of an uploaded file. UTF-16 when it has its byte-order mark or reads as
    UTF-16 text; else UTF-8 (with or without a byte-order mark); else what Excel writes in Western
    Europe: Windows-1252 when it uses 0x80-0x9F (€, œ, ’), ISO-8859-15 when it uses a byte only
    that one gives a letter (œ), else ISO-8859-1."""
    if len(data) > max_bytes:
        raise DomainError("import.file_too_large", "file", file=file_name, kb=max_bytes // 1024)
    if _is_workbook(data):
        raise DomainError("import.workbook", "file", file=file_name)
    utf16 = _utf16_codec(data)
    if utf16 is not None:
        text, encoding = _decode_utf16(data, utf16, file_name), "utf-16"
    elif b"\x00" in data:
        raise DomainError("import.binary", "file", file=file_name)
    else:
        try:
            text, encoding = data.decode("utf-8-sig"), "utf-8"
        except UnicodeDecodeError:
            text, encoding = _decode_western(data, file_name)
    if not text.strip():
        raise DomainError("import.empty_file", "file", file=file_name)
    if _control_characters(text):
        raise DomainError("import.binary", "file", file=file_name)
    return text, encoding


def _decode_western(data, file_name):
    high = {byte for byte in data if byte >= 0x80}
    if any(0x80 <= byte <= 0x9F for byte in high):
        try:
            return data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:  # 0x81, 0x8D, 0x8F, 0x90, 0x9D: not Windows-1252 either
            raise DomainError("import.not_utf8", "file", file=file_name) from None
    if high & LATIN9_ONLY:
        return data.decode("iso-8859-15"), "iso-8859-15"
    return data.decode("iso-8859-1"), "iso-8859-1"


def read_upload(upload, max_bytes=MAX_BYTES):
    """(text, encoding) of an uploaded file (Django's UploadedFile), read no further than needed to
    know it is too large."""
    return decode_with_encoding(upload.read(max_bytes + 1), upload.name, max_bytes)


# An .xls (OLE2 compound file); an .xlsx or .ods (a zip whose first entries name a workbook's parts).
OLE2_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
WORKBOOK_PARTS = (b"[Content_Types].xml", b"xl/", b"application/vnd.oasis.opendocument.spreadsheet")


def _is_workbook(data):
    """A workbook saved as .xls, .xlsx or .ods rather than as CSV (its zeros once read as UTF-16)."""
    if data.startswith(OLE2_SIGNATURE):
        return True
    return data.startswith(b"PK\x03\x04") and any(part in data[:4096] for part in WORKBOOK_PARTS)


UTF16_MARKS = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}


def _utf16_codec(data):
    """The codec of a UTF-16 file, or None. With no byte-order mark, Western text in UTF-16 has a
    zero byte in nearly every other place and almost none in the others; a binary file's zeros fall
    anywhere (it is then refused as binary)."""
    for mark, codec in UTF16_MARKS.items():
        if data.startswith(mark):
            return codec
    sample = data[: 400 - 400 % 2]
    if len(sample) < 4:
        return None
    half = len(sample) // 2
    odd, even = sample[1::2].count(0), sample[0::2].count(0)
    if odd >= 0.9 * half and even <= 0.1 * half:
        return "utf-16-le"
    if even >= 0.9 * half and odd <= 0.1 * half:
        return "utf-16-be"
    return None


def _decode_utf16(data, codec, file_name):
    body = data[2:] if data[:2] in UTF16_MARKS else data
    try:
        return body.decode(codec)
    except UnicodeDecodeError:  # an odd length or a lone surrogate: damaged, or not UTF-16 at all
        raise DomainError("import.utf16", "file", file=file_name) from None


def _control_characters(text):
    sample = text[:4096]
    return sum(1 for char in sample if ord(char) < 32 and char not in "\r\n\t\f") > len(sample) // 100


def read_card_list(text, max_qty=MAX_QTY, max_bytes=MAX_BYTES, max_lines=MAX_LINES, field="decklist"):
    """A Decklist from decklist text or CSV (told apart by a header row naming our columns)."""
    text = text.removeprefix("\ufeff")
    hint = EXCEL_SEPARATOR.match(text)
    if hint:  # Excel's "sep=;" first line names the separator
        text = text[hint.end() :]
    header_index, delimiter = _find_csv_header(text, hint[1] if hint else None)
    if delimiter is None:
        return parse_decklist(text, max_qty, max_bytes, max_lines, field)
    raw_lines = check_size(text, max_bytes, max_lines, field)
    # Rows are named by their line in the file, the "sep=" line counted.
    return _read_csv(raw_lines, header_index, delimiter, max_qty, field, skipped=header_index + bool(hint))


def _find_csv_header(text, delimiters=None):
    """(index, delimiter) of the header row, after any leading comments; (None, None) for text."""
    for index, raw in enumerate(text.splitlines()[:20]):
        line = raw.strip()
        if not line or line.startswith(("//", "#")) and not line.startswith("#,"):
            continue
        best, found = 0, None
        for delimiter in delimiters or DELIMITERS:
            columns = {COLUMN_OF.get(_column_key(cell)) for cell in _cells(line, delimiter)} - {None}
            if len(columns) > best and ("name" in columns or {"set", "number"} <= columns or "qty" in columns):
                best, found = len(columns), delimiter
        return (index, found) if best >= 2 else (None, None)
    return None, None


def _cells(line, delimiter):
    try:
        return next(csv.reader([line], delimiter=delimiter))
    except (csv.Error, StopIteration):
        return []


def _column_key(cell):
    return search_key(re.sub(r"[\s_\-]+", " ", cell.strip().strip("\"'").replace("'", "")))


def _read_csv(raw_lines, header_index, delimiter, max_qty, field, skipped=0):
    """Rows numbered by the file line they start on: a quoted cell may hold a line break."""
    reader = csv.reader(raw_lines[header_index:], delimiter=delimiter, strict=True)
    rows, starts, consumed = [], [], 0
    try:
        for row in reader:
            rows.append(row)
            starts.append(skipped + consumed + 1)
            consumed = reader.line_num
    except csv.Error:
        raise DomainError("import.csv_broken", field, line=skipped + reader.line_num) from None
    header = rows[0]
    roles, ignored = _column_roles(header)
    if "name" not in roles and not {"set", "number"} <= roles.keys():
        raise DomainError("import.csv_needs_card", field)
    lines, sideboard = [], []
    for number, row in zip(starts[1:], rows[1:], strict=True):
        if not any(cell.strip() for cell in row):
            continue
        line = _csv_line(number, row, roles, delimiter, max_qty)
        (sideboard if line.section == "sideboard" else lines).append(line)
    layout = _layout(header)
    return Decklist({}, lines, sideboard, layout=layout, delimiter=delimiter, ignored_columns=ignored)


def _column_roles(header):
    """{role: column index} for the columns we read, and the names of those we ignore."""
    roles, ignored = {}, []
    for index, cell in enumerate(header):
        role = COLUMN_OF.get(_column_key(cell))
        if role is None or role in roles:
            if cell.strip():
                ignored.append(cell.strip())
            continue
        roles[role] = index
    if "edition" in roles:
        # A set code column wins; an "Edition" column then holds the set's name (Deckbox).
        roles.setdefault("set_name" if "set" in roles else "set", roles.pop("edition"))
    return roles, ignored


def _layout(header):
    keys = {_column_key(cell) for cell in header}
    return next((layout.key for layout in LAYOUTS if layout.marks <= keys), "csv")


def _csv_line(number, row, roles, delimiter, max_qty):
    def cell(role):
        index = roles.get(role)
        return NEUTRALISED.sub("", row[index].strip()) if index is not None and index < len(row) else ""

    line = DecklistLine(number, delimiter.join(row).strip())
    line.name, line.number, line.game = cell("name"), cell("number"), cell("game")
    line.set_code = cell("set") or cell("set_name")
    if cell("section").casefold() in SIDEBOARD_WORDS:
        line.section = "sideboard"
    qty = cell("qty") or ("1" if "qty" not in roles else "")
    whole = WHOLE_NUMBER.match(qty.replace("\u00a0", "").replace(" ", ""))
    if whole is None or not 1 <= int(whole["whole"]) <= max_qty:
        return line.refuse("malformed", "decklist.quantity_range", qty=qty or "—", max=max_qty)
    if not line.name and not (line.set_code and line.number):
        return line.refuse("malformed", "import.csv_row_needs_card")
    line.qty = int(whole["whole"])
    return _read_variant(line, cell)


def _read_variant(line, cell):
    """Finish, condition, language and tags as Moxfield ("foil", "Near Mint", "English"), Archidekt
    ("Foil", "NM", "EN") and Deckbox ("Good (Lightly Played)") write them, and as our own CSV export
    does in any of the site's languages; a value we do not know refuses the line, never guessed at."""
    for role, read in (("finish", read_finish), ("condition", read_condition), ("language", read_language)):
        code = read(cell(role))
        if code is None:
            return line.refuse("malformed", f"import.unknown_{role}", value=cell(role))
        setattr(line, role, code)
    line.tags = read_tags(cell("tags"))
    return line


def read_as(decklist):
    """What the list was read as, for the player: ("Moxfield", "semicolon-separated", [ignored])."""
    return {
        "layout": decklist.layout,
        "label": str(LAYOUT_LABELS.get(decklist.layout, decklist.layout)),
        "delimiter": str(DELIMITER_LABELS.get(decklist.delimiter, "")),
        "ignored_columns": decklist.ignored_columns,
        "encoding": ENCODING_LABELS.get(decklist.encoding, decklist.encoding),
    }


def normalise_sets(lines, set_codes):
    """Write set names (Deckbox's "Edition") as the set's code; `set_codes` maps folded codes and
    names to codes."""
    for line in lines:
        if line.set_code:
            line.set_code = set_codes.get(search_key(line.set_code), line.set_code)
    return lines


def check_printing(line, index):
    """A line that names a set (and a number) must match a printing of that card: a wrong
    collector number is reported, never silently ignored. Numbers match without leading zeros
    (Deckbox and spreadsheets write 1 for 001) when that leaves one card of the set. `index` is
    the game's CardIndex."""
    if not line.set_code or line.status not in ("ok", "unknown") or (line.status == "unknown" and line.name):
        return line
    printings = index.by_key.get(search_key(line.name), []) if line.name else []
    if line.number:
        _check_number(line, index, printings)
    else:
        in_set = [card for card in printings if card.set_code.casefold() == line.set_code.casefold()]
        if in_set:
            line.card = in_set[0]
        else:
            line.refuse("wrong_printing", "decklist.not_in_set", name=line.name, set=line.set_code)
    if line.status == "wrong_printing":
        line.suggestions = [f"{card.name} ({card.set_code}) {card.number}" for card in printings[:3]]
    return line


def _check_number(line, index, printings):
    found = _printings(index, line.set_code, line.number, line.name)
    if len(found) == 1 and (not line.name or found[0].key == search_key(line.name)):
        line.status, line.card, line.suggestions = "ok", found[0], []
    elif len(found) > 1:
        line.refuse(
            "ambiguous",
            "decklist.number_ambiguous",
            set=line.set_code,
            number=line.number,
            cards=", ".join(f"{card.number} {card.name}" for card in found),
        )
        line.suggestions = [f"{card.name} ({card.set_code}) {card.number}" for card in found[:3]]
    elif found:
        line.refuse(
            "wrong_printing",
            "decklist.printing_mismatch",
            set=line.set_code,
            number=line.number,
            printed=found[0].name,
            name=line.name,
        )
    else:
        line.refuse("wrong_printing", "decklist.no_such_printing", set=line.set_code, number=line.number)


def _printings(index, set_code, number, name=""):
    """The cards a line's SET and number can mean. A spreadsheet writes 001 as 1, so a number
    without its leading zeros means the one card of the set it leaves (never a guess among
    several: 1 may be 001 or 01). With a name, only printings of that name count; a single card of
    another name is returned so that the mismatch is reported."""
    folded_set = set_code.casefold()
    exact = index.by_print.get((folded_set, number.casefold()))
    bare = index.by_bare_print.get((folded_set, bare_number(number)), [])
    candidates = [exact] if exact is not None else []
    candidates += sorted((card for card in bare if card is not exact), key=lambda card: (len(card.number), card.number))
    if name:
        named = [card for card in candidates if card.key == search_key(name)]
        if named:
            # A number written as printed wins over one it only resembles.
            return [exact] if exact in named else named
    elif exact is not None:
        return [exact]
    return candidates[:1] if name else candidates
