"""The import preview on a phone (390 px), without JavaScript doing anything for it: the translator
pairs a rule otherwise with its select, checks the pairing again, sees the new problems, confirms,
and the document is imported with that pairing; nothing scrolls sideways but the table."""

import pytest

from tests.conftest import REFERENCE
from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference documents not found at {REFERENCE}"),
]

playwright_api = require_chromium()
PHONE = {"width": 390, "height": 844}
VERSUS = "mode-two-player-versus"


def _session_cookie(user, domain):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "domain": domain, "path": "/"}


@pytest.mark.django_db(transaction=True)
def test_a_translator_changes_a_pairing_on_the_preview_on_a_phone(live_server, organiser, tmp_path):
    from rules.models import RulesDocument
    from rules.services import import_rules
    from tests.rules.test_rules_import import EN, broken_italian

    import_rules("dust-collectorz", "en", (REFERENCE / EN).read_bytes(), EN)
    upload = tmp_path / "it-broken.txt"
    upload.write_bytes(broken_italian())
    domain = live_server.url.split("//", 1)[1].split(":", 1)[0]
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport=PHONE, java_script_enabled=False)
            context.add_cookies([_session_cookie(organiser, domain)])
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.goto(f"{live_server.url}/en/rules/dust-collectorz/import/")
            page.fill("input[name=language]", "it")
            page.set_input_files("input[name=file]", str(upload))
            page.click("form.stacked button[type=submit]")
            page.select_option(f"#pair-{VERSUS}-gameplay-6 select", f"{VERSUS}-gameplay-5")
            page.locator(".import-pairing-form button[type=submit]").first.click()
            assert "1 rule is paired as you chose." in page.content()
            assert page.locator(f"#pair-{VERSUS}-gameplay-5 select").input_value() == f"{VERSUS}-gameplay-5"
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            page.get_by_role("button", name="Confirm this pairing and import").click()
            page.wait_for_url("**/rules/dust-collectorz/?language=it")
        finally:
            browser.close()
    document = RulesDocument.objects.get(language="it", is_current=True)
    assert list(document.pairing.values()) == [f"{VERSUS}-gameplay-5"]
