"""Text a database can store (PostgreSQL refuses NUL characters and lone surrogates), text that may be
shown to others (no invisible control characters) and names compared as readers see them."""

import functools
import re
import unicodedata

from confusable_homoglyphs.confusables import confusables_data
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def has_unstorable_text(value):
    """True when a string anywhere in a JSON-like value holds NUL or a lone surrogate."""
    if isinstance(value, str):
        return bool(UNSTORABLE.search(value))
    if isinstance(value, dict):
        return any(has_unstorable_text(key) or has_unstorable_text(item) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return any(has_unstorable_text(item) for item in value)
    return False


# Text shown to other people: control and format characters (Unicode Cc, Cf: line breaks in a name,
# the bidi override U+202E, zero-width joiners...) could reorder or hide what a reader sees.
# Multi-line text (notes, reasons) may keep its line breaks and tabs.
LINE_BREAKS = frozenset("\n\r\t")
HIDDEN_CATEGORIES = ("Cc", "Cf")


def has_hidden_characters(value, multiline=False):
    """True when `value` holds a character of category Cc or Cf (line breaks allowed if multiline)."""
    return any(
        unicodedata.category(char) in HIDDEN_CATEGORIES and not (multiline and char in LINE_BREAKS) for char in value
    )


def shown_text(value):
    """Validator for one-line text shown to others (names, venues, reasons)."""
    if isinstance(value, str) and has_hidden_characters(value):
        raise ValidationError(HIDDEN_CHARACTERS_MESSAGE, code="control_characters")


def shown_multiline_text(value):
    """Validator for text of several lines shown to others (notes): line breaks and tabs are kept."""
    if isinstance(value, str) and has_hidden_characters(value, multiline=True):
        raise ValidationError(HIDDEN_CHARACTERS_MESSAGE, code="control_characters")


HIDDEN_CHARACTERS_MESSAGE = _(
    "This text contains invisible control characters (such as a text-direction override); remove them."
)


def name_key(value):
    """A name as a reader sees it, for comparing two names: NFKC, case-folded, spaces collapsed,
    invisible characters dropped and look-alike letters (Unicode confusables: Cyrillic “о”, “0”
    and “o”...) made one."""
    folded = username_key(value)
    for _pass in range(2):  # a look-alike may be a capital (Cyrillic “І” → “I”): fold it too
        folded = "".join(_prototype(char) for char in folded if unicodedata.category(char) not in ("Cc", "Cf"))
        folded = folded.casefold()
    return " ".join(folded.split())[:255]


def username_key(value):
    """A username as the login limits count it: NFKC and case-folded (full-width “ａｌｉｃｅ” is alice)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", value).casefold()).strip()


@functools.cache
def _prototype(char):
    """One representative of the look-alikes of `char`: the smallest ASCII one, followed to the end of
    its chain (“I” → “1”), or `char` itself when it has no ASCII look-alike."""
    for _step in range(8):  # each step goes to a smaller ASCII character, so chains are short
        alikes = [item["c"] for item in confusables_data.get(char, ()) if len(item["c"]) == 1 and item["c"].isascii()]
        best = min([char, *alikes]) if char.isascii() else min(alikes, default=char)
        if best == char:
            break
        char = best
    return char
