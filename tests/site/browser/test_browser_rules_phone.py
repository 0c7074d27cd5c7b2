"""A long rules page on a phone (390 px): the contents and the top stay one tap away (a fixed
"Contents" / "Back to top" bar), the quick reference is in the contents, and nothing scrolls sideways."""

import pytest

from tests.conftest import REFERENCE
from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference documents not found at {REFERENCE}"),
]

playwright_api = require_chromium()
PHONE = {"width": 390, "height": 844}


def wait_until(page, expression, seconds=15):
    """Poll `expression` until true: the site's CSP forbids the eval that wait_for_function uses."""
    for _attempt in range(seconds * 10):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {expression}")


@pytest.mark.django_db(transaction=True)
def test_contents_and_back_to_top_on_a_phone(live_server, sample):
    from rules.services import import_rules

    name = "dust-collectorz-rules-fr-V202310.21.txt"
    english = "dust-collectorz-rules-en-V202310.09.txt"
    import_rules("dust-collectorz", "en", (REFERENCE / english).read_bytes(), english)
    import_rules("dust-collectorz", "fr", (REFERENCE / name).read_bytes(), name)
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_context(viewport=PHONE).new_page()
            page.set_default_timeout(15_000)
            page.goto(f"{live_server.url}/fr/rules/dust-collectorz/")
            assert page.locator("#rules-contents a[href='#quick-reference']").count() == 1
            page.mouse.wheel(0, 6000)  # far down the page, in the middle of the rules
            wait_until(page, "window.scrollY > 3000")
            contents, top = page.locator(".rules-jump .jump-contents"), page.locator(".rules-jump .jump-top")
            assert contents.is_visible() and top.is_visible()
            box = top.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]  # on screen
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            contents.click()
            wait_until(page, "document.getElementById('rules-contents').getBoundingClientRect().top < 100")
            page.mouse.wheel(0, 6000)
            wait_until(page, "window.scrollY > 3000")
            top.click()
            wait_until(page, "window.scrollY < 400")
        finally:
            browser.close()
