"""The site's own pages pass its Content-Security-Policy: no inline script, handler or style is
refused by the browser, and the behaviours moved to files (print, language switcher) still work."""

import io

import pytest
from django.core.management import call_command

from tests.site.browser.browser_support import require_chromium
from tournaments.models import Event

pytestmark = pytest.mark.browser

playwright_api = require_chromium()


@pytest.fixture
def sample_site(transactional_db):
    call_command("load_sample_data", stdout=io.StringIO())
    return Event.objects.get(name__startswith="Sample prerelease")


def test_pages_pass_the_content_security_policy(live_server, browser_page, sample_site):
    page, event = browser_page, sample_site
    refused = []
    page.on(
        "console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None
    )
    page.on("pageerror", lambda error: refused.append(str(error)))
    page.goto(f"{live_server.url}/en/accounts/login/")
    page.fill("input[name=username]", "organiser")
    page.fill("input[name=password]", "demo-pass-2026")
    page.click("form.form button[type=submit]")
    page.wait_for_load_state()
    pages = [
        "/en/",
        "/en/catalogue/dust-collectorz/",
        "/en/decks/",
        f"/en/events/{event.pk}/",
        f"/en/events/{event.pk}/manage/",
        f"/en/events/{event.pk}/standings/",
        f"/en/events/{event.pk}/rounds/1/pairings/",
        f"/en/events/{event.pk}/bracket/",
        f"/en/events/{event.pk}/timer/",
        f"/en/events/{event.pk}/projector/",
        "/en/rules/",
        "/en/rules/dust-collectorz/",
        "/en/rules/dust-collectorz/clash/",
        "/api/v1/docs/",
    ]
    for path in pages:
        response = page.goto(f"{live_server.url}{path}")
        assert response.status == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"], path
        page.wait_for_load_state("networkidle")
        assert refused == [], path
    page.goto(f"{live_server.url}/en/events/{event.pk}/")
    page.select_option("#language-select", "fr")
    page.wait_for_url(f"**/fr/events/{event.pk}/")
    assert refused == []
