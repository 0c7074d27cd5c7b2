"""Reading the site's CSV exports back as a spreadsheet in that language would (core.exports)."""

import codecs
import csv
import io

SEPARATORS = {"en": ",", "fr": ";", "it": ";"}


def read_rows(response, language="en"):
    """[header, *rows] of a CSV download; it must start with the UTF-8 byte-order mark."""
    data = response.content if hasattr(response, "content") else response
    data = data.encode() if isinstance(data, str) else data
    assert data.startswith(codecs.BOM_UTF8), data[:20]
    return list(csv.reader(io.StringIO(data[len(codecs.BOM_UTF8) :].decode()), delimiter=SEPARATORS[language]))


def read_dicts(response, language="en"):
    header, *rows = read_rows(response, language)
    return [dict(zip(header, row, strict=True)) for row in rows]
