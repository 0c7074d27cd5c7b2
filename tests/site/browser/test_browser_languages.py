"""The header's language switcher in a real browser: for each pair of languages, a visitor and a
signed-in player whose own language is the third one open a link in the first and pick the second.
The page, its query and its #anchor are kept, and the choice is stored (cookie, profile)."""

import itertools

import pytest
from django.contrib.auth import get_user_model

from tests.site.browser.browser_support import require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
LANGUAGES = ("en", "fr", "it")
PAIRS = list(itertools.permutations(LANGUAGES, 2))
PAGE = "catalogue/?q=tide#content"


def _third(page, chosen):
    return next(code for code in LANGUAGES if code not in (page, chosen))


def _session_cookie(user, domain):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "domain": domain, "path": "/"}


def _switch(browser, base, page_language, chosen, own, session=None):
    """Open the link in `page_language` with `own` as the browser's and cookie's language, pick `chosen`."""
    domain = base.split("//", 1)[1].split(":", 1)[0]
    context = browser.new_context(locale=own)
    try:
        cookies = [{"name": "django_language", "value": own, "domain": domain, "path": "/"}]
        context.add_cookies(cookies + ([session] if session else []))
        page = context.new_page()
        page.goto(f"{base}/{page_language}/{PAGE}")
        expect(page.locator("html")).to_have_attribute("lang", page_language)
        page.locator("#language-select").select_option(chosen)
        page.wait_for_url(f"{base}/{chosen}/{PAGE}")
        expect(page.locator("html")).to_have_attribute("lang", chosen)
        expect(page.locator("#language-select")).to_have_value(chosen)
        stored = {cookie["name"]: cookie["value"] for cookie in context.cookies()}
        assert stored["django_language"] == chosen
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_a_visitor_switches_between_every_pair_of_languages(live_server, browser_page):
    browser = browser_page.context.browser
    for page_language, chosen in PAIRS:
        _switch(browser, live_server.url, page_language, chosen, own=_third(page_language, chosen))


@pytest.mark.django_db(transaction=True)
def test_a_player_switches_between_every_pair_of_languages(live_server, browser_page):
    browser = browser_page.context.browser
    domain = live_server.url.split("//", 1)[1].split(":", 1)[0]
    user = get_user_model().objects.create_user(username="tessa", password="pw-tessa")
    for page_language, chosen in PAIRS:
        own = _third(page_language, chosen)
        get_user_model().objects.filter(pk=user.pk).update(preferred_language=own)
        _switch(browser, live_server.url, page_language, chosen, own, session=_session_cookie(user, domain))
        assert get_user_model().objects.get(pk=user.pk).preferred_language == chosen
