"""Content negotiation for endpoints that only ever answer JSON: no Accept-header parsing."""

from rest_framework.negotiation import BaseContentNegotiation


class JSONOnly(BaseContentNegotiation):
    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type
