"""The API answers in the language of the page that called it (its /fr/ or /it/ prefix, from the
Referer), else as LocaleMiddleware chose (cookie, then Accept-Language)."""

from urllib.parse import urlsplit

from django.conf import settings
from django.utils import translation

from .errors import api_too_large

API_PREFIX = "/api/"


def page_language(request):
    """The language prefix of the referring page on this site, or None."""
    referer = urlsplit(request.headers.get("Referer", ""))
    if referer.netloc and referer.netloc != request.get_host():
        return None
    first = referer.path.lstrip("/").split("/", 1)[0]
    return first if first in dict(settings.LANGUAGES) else None


class ApiBodyLimitMiddleware:
    """An API body larger than DATA_UPLOAD_MAX_MEMORY_SIZE is refused (413) before it is read."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith(API_PREFIX) and _content_length(request) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            return api_too_large()
        return self.get_response(request)


def _content_length(request):
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


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
