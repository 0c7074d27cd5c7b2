"""HEAD is answered wherever GET is, with GET's status and headers and no body, and it never runs a
write: monitoring tools and link checkers send it (DRF's function views answered 405)."""

import re

import pytest
from django.urls import URLResolver, get_resolver
from rest_framework.test import APIClient

from tests.event_builder import build_event
from tournaments.models import AuditEntry, Match

pytestmark = pytest.mark.django_db


def _routes(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern)


def api_urls(event, entrant, match):
    ids = {"pk": event.pk, "entrant_id": entrant.pk, "number": 1, "match_id": match.pk}
    urls = set()
    for route in _routes(get_resolver().url_patterns):
        if not route.startswith("api/v1/") or "(?P" in route or "^" in route:
            continue
        url = re.sub(r"<(?:int:)?(\w+)>", lambda found: str(ids.get(found[1], "x")), route)
        urls.add("/" + url)
    return sorted(urls)


def test_head_answers_as_get_without_a_body_or_a_write(organiser, alice):
    event = build_event(organiser, 8, 1)
    entrant, match = event.entrants.order_by("pk").first(), Match.objects.filter(round__event=event).first()
    urls = api_urls(event, entrant, match)
    assert len(urls) > 25  # the walk found the API
    for user in (organiser, alice, None):
        api = APIClient()
        if user:
            api.force_authenticate(user)
        for url in urls:
            logged = AuditEntry.objects.count()
            got, head = api.get(url), api.head(url)
            if got.status_code == 405:
                assert head.status_code == 405, url  # a write-only URL: HEAD is not a way in either
                continue
            assert head.status_code == got.status_code, (url, user)
            assert head.content == b"", url
            assert AuditEntry.objects.count() == logged, url
