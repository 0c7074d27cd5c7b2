"""JSON bodies the database cannot store are refused as they arrive: text with NUL or lone
surrogates, integers beyond 64 bits, and nesting deeper than any request of the API (which would
otherwise exhaust Python's recursion while the body is read)."""

import re

from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding
from rest_framework.utils import json

from core.errors import DomainError, define_messages
from core.numbers import ID_MAX, has_unstorable_number
from core.text import has_unstorable_text

# The deepest request body of the API is a report: games > game > captures > side > pile (5 levels).
MAX_JSON_DEPTH = 32

define_messages(
    {
        "api.json_too_deep": _("The request body is nested more than %(max)s levels deep."),
        "api.number_out_of_range": _("A number in the request is too large: at most %(max)s."),
    }
)

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text, limit=MAX_JSON_DEPTH):
    """True when brackets outside strings nest deeper than `limit` (stops at the first too deep)."""
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > limit:
            return True
    return False


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            text = stream.read().decode(get_encoding(parser_context or {}))
        except UnicodeDecodeError as error:
            raise ParseError(f"JSON parse error - {error}") from None
        if too_deep(text):
            raise DomainError("api.json_too_deep", max=MAX_JSON_DEPTH)
        try:
            data = json.loads(text, parse_constant=json.strict_constant if self.strict else None)
        except ValueError as error:
            raise ParseError(f"JSON parse error - {error}") from None
        if has_unstorable_text(data):
            raise ParseError(_("The request contains characters that are not text (NUL or lone surrogates)."))
        if has_unstorable_number(data):
            raise DomainError("api.number_out_of_range", max=f"{ID_MAX}")
        return data
