"""The API answers in the language of the page that called it (its /fr/ or /it/ prefix, from the
Referer), else as LocaleMiddleware chose (cookie, then Accept-Language)."""

from urllib.parse import urlsplit

from django.conf import settings
from django.utils import translation

API_PREFIX = "/api/"


def page_language(request):
    """The language prefix of the referring page on this site, or None."""
    referer = urlsplit(request.headers.get("Referer", ""))
    if referer.netloc and referer.netloc != request.get_host():
        return None
    first = referer.path.lstrip("/").split("/", 1)[0]
    return first if first in dict(settings.LANGUAGES) else None


class ApiLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = page_language(request) if request.path.startswith(API_PREFIX) else None
        if language is None:
            return self.get_response(request)
        with translation.override(language):
            request.LANGUAGE_CODE = language
            response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response
