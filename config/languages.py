"""A page asked for under a language prefix the site does not have (/de/events/, /fr-ca/rules/) is
the same page in the nearest UI language: French for fr-CA, else English. One redirect, to a prefix
the site has, so it can never loop. A cookie or Accept-Language naming another language is already
read as English by Django's LocaleMiddleware."""

import re

from django.conf import settings
from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme

from core.languages import ui_language

LANGUAGE_PREFIX = re.compile(r"^/([A-Za-z]{2}(?:[-_][A-Za-z0-9]{2,8})?)(/.*)?$")


def page_for_unknown_prefix(path):
    """`/de/events/` -> `/en/events/`; None when the path's prefix is a UI language or no language."""
    found = LANGUAGE_PREFIX.match(path)
    if not found or found.group(1) in dict(settings.LANGUAGES):
        return None
    return f"/{ui_language(found.group(1).replace('_', '-'))}{found.group(2) or '/'}"


class UnknownLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 404 or request.method not in ("GET", "HEAD"):
            return response
        target = page_for_unknown_prefix(request.path)
        if target is None:
            return response
        query = request.META.get("QUERY_STRING", "")
        target = f"{target}?{query}" if query else target
        if not url_has_allowed_host_and_scheme(target, allowed_hosts=None):
            return response
        return HttpResponseRedirect(target)
