"""The one CSV writer of every export, written so that a spreadsheet opens it in the reader's language.

- A UTF-8 byte-order mark first: without it Excel reads UTF-8 as the Windows code page ("Ã©").
- The locale's list separator: French and Italian Excel split on ";" (their decimal mark is the
  comma), English Excel on ",".
- Headers and values (yes/no, statuses) in the active language; decimals with the locale's mark;
  dates as the locale writes them short (27/11/2026 18:15), in the site's time zone; no digit
  grouping, which a spreadsheet would read as text.
- User text that a spreadsheet would run as a formula (= + - @, a tab or carriage return first)
  gets a leading apostrophe.
- So does text it would turn into a number or a date and so change: a name "007" (read as 7), a
  number of 12 digits or more (shown as 1,23457E+11, its digits past the 15th lost), "1E5" (read
  as 100000), "1/10" or "3.1" (read as dates). Not a `PlainText` cell: the collection export's
  collector numbers stay as printed for other sites' importers (docs/formats.md).
- A record (wins-losses-draws) is written with en dashes ("3–1–0", as the site writes a score):
  a spreadsheet reads "3-1-0" as a date (3 January 2000) and "2-1" as the 2nd of January.

Callers hand over the active language's header and rows of Python values; nothing else writes CSV
(tests/site/test_exports.py reads every export back)."""

import csv
import datetime
import decimal
import io
import re

from django.http import HttpResponse
from django.utils import dateformat, formats, timezone
from django.utils.functional import Promise
from django.utils.translation import get_language, pgettext

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Excel's list separator where the decimal mark is a comma; "," everywhere else.
LIST_SEPARATORS = {"fr": ";", "it": ";"}
DECIMAL_PLACES = 2


def list_separator(language=None):
    return LIST_SEPARATORS.get((language or get_language() or "en").split("-")[0], ",")


# Text a spreadsheet reads as a number or a date, losing what was written (see the module's docstring).
READ_AS_NUMBER = re.compile(r"^(?:0\d+|\d{12,}|\d+(?:[.,]\d+)?[eE][+-]?\d+|\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?)$")


def neutralised(value):
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class PlainText(str):
    """Text another program reads back as written (a collector number "001"): only the formula guard
    applies to it, never the apostrophe that keeps a number as text (docs/formats.md)."""


def kept_as_text(value):
    """User text as the spreadsheet must show it: never run as a formula, never turned into a number."""
    if isinstance(value, str) and not isinstance(value, PlainText) and READ_AS_NUMBER.match(value):
        return "'" + value
    return neutralised(value)


def record(text):
    """Wins-losses-draws ("3-1-0") as a spreadsheet keeps it: "3–1–0", never a date."""
    return text.replace("-", "\u2013") if isinstance(text, str) else text


def _decimal(value):
    text = f"{value:.{DECIMAL_PLACES}f}"
    return text.replace(".", formats.get_format("DECIMAL_SEPARATOR"))


def _moment(value):
    """A date and time the locale's short way with a 24-hour clock, which every spreadsheet reads."""
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    return f"{formats.date_format(local, 'SHORT_DATE_FORMAT')} {dateformat.time_format(local, 'H:i')}"


def cell(value):
    """One value as the reader's spreadsheet wants it (see the module's docstring)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return pgettext("spreadsheet cell", "yes") if value else pgettext("spreadsheet cell", "no")
    if isinstance(value, datetime.datetime):
        return _moment(value)
    if isinstance(value, datetime.date):
        return formats.date_format(value, "SHORT_DATE_FORMAT")
    if isinstance(value, float | decimal.Decimal):
        return _decimal(value)
    if isinstance(value, Promise):
        value = str(value)
    return kept_as_text(value)


def csv_text(header, rows):
    """The whole file as text, byte-order mark first, in the active language."""
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer, delimiter=list_separator())
    writer.writerow([cell(label) for label in header])
    for row in rows:
        writer.writerow([cell(value) for value in row])
    return buffer.getvalue()


def csv_response(file_name, header=None, rows=(), text=None):
    """A download of `header` and `rows` (or of `text` already made by `csv_text`, as a cache holds it)."""
    body = text if text is not None else csv_text(header, rows)
    response = HttpResponse(body.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{file_name}"'
    response["Content-Language"] = get_language() or "en"
    return response
