"""JSON bodies with text PostgreSQL cannot store (NUL, lone surrogates) are refused as they arrive."""

from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core.text import has_unstorable_text


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        if has_unstorable_text(data):
            raise ParseError(_("The request contains characters that are not text (NUL or lone surrogates)."))
        return data
