"""No page of the site scrolls sideways on a phone: headless Chromium at 390 × 844 visits every
page (the lists of tests/site/test_every_page.py, which name every page the URL patterns define) as a
visitor, a player and an organiser, and checks `scrollWidth <= innerWidth` on each.

French and Italian labels are the longest, so those are the languages visited.
"""

import pytest

from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium
from tests.site.test_every_page import build_world, visits

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
PHONE = {"width": 390, "height": 844}
LANGUAGES = ("fr", "it")

# What sticks out past the right edge, to say which element to fix when the check fails.
MEASURE = """() => {
  const limit = window.innerWidth;
  const culprits = [...document.querySelectorAll("body, body *")]
    .filter((node) => node.getBoundingClientRect().right > limit + 0.5)
    .filter((node) => !node.parentElement || node.parentElement.getBoundingClientRect().right <= limit + 0.5)
    .slice(0, 5)
    .map((node) => node.tagName.toLowerCase() + (node.className ? "." + String(node.className).split(" ").join(".") : "")
      + " " + Math.round(node.getBoundingClientRect().right));
  return {scroll: document.documentElement.scrollWidth, inner: limit, culprits};
}"""


def _session_cookie(username, domain):
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "domain": domain, "path": "/"}


@pytest.mark.django_db(transaction=True)
def test_no_page_scrolls_sideways_at_390_px(live_server):
    world = build_world()
    domain = live_server.url.split("//", 1)[1].split(":", 1)[0]
    too_wide = []
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            page.set_default_timeout(15_000)
            # A cold rules check takes seconds on a busy machine; this is a layout test, not a timing one.
            page.set_default_navigation_timeout(90_000)
            for username, urls in visits(world, long_and_paged=True):
                context.clear_cookies()
                if username is not None:
                    context.add_cookies([_session_cookie(username, domain)])
                for language in LANGUAGES:
                    for url in urls:
                        response = page.goto(f"{live_server.url}/{language}/{url}")
                        assert response.status == 200, f"/{language}/{url}: {response.status}"
                        if page.locator("[data-builder]").count():
                            # The builder checks the list on load: measure with its verdict drawn,
                            # and never leave while its request is in flight.
                            page.locator("#live-verdict .verdict").wait_for()
                        size = page.evaluate(MEASURE)
                        if size["scroll"] > size["inner"]:
                            too_wide.append(
                                f"/{language}/{url}: {size['scroll']} px > {size['inner']} px {size['culprits']}"
                            )
        finally:
            browser.close()
    assert not too_wide, "pages wider than a 390 px phone:\n" + "\n".join(too_wide)


@pytest.mark.django_db(transaction=True)
def test_the_hall_screens_fit_a_projector_in_every_language(live_server):
    """The projector and the clock fill a 1280 × 720 screen without scrolling sideways, with the
    longest labels ("LE CHRONOMÈTRE N'EST PAS LANCÉ" in a quarter of the width)."""
    world = build_world()
    screens = sorted({url for _user, urls in visits(world) for url in urls if "projector" in url or "timer" in url})
    assert screens, "the page lists name the projector and the clock"
    too_wide = []
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.set_default_navigation_timeout(90_000)
            for language in ("en", *LANGUAGES):
                for url in screens:
                    assert page.goto(f"{live_server.url}/{language}/{url}").status == 200
                    size = page.evaluate(MEASURE)
                    if size["scroll"] > size["inner"]:
                        too_wide.append(f"/{language}/{url}: {size['scroll']} px {size['culprits']}")
        finally:
            browser.close()
    assert not too_wide, "hall screens wider than 1280 px:\n" + "\n".join(too_wide)
