"""The metagame charts are read at their own size on a phone (390 px): neither the page nor the
charts scroll sideways, and the charts are not shrunk below nine tenths of their drawn size (their
13 px text stays about 12 px), in Italian, whose labels are long."""

import io

import pytest

from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()


@pytest.mark.django_db(transaction=True)
def test_the_metagame_charts_fit_a_phone_at_their_own_size(live_server, tmp_path):
    from django.core.management import call_command

    from sample.events import SAMPLE_NAME
    from tournaments.models import Event, EventSettings
    from tournaments.services import events

    call_command("load_sample_data", stdout=io.StringIO())
    event = Event.objects.get(name=SAMPLE_NAME)
    events.set_publication(event, event.organiser, EventSettings.Publication.ALL)
    events.finish_event(event, event.organiser)
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.goto(f"{live_server.url}/it/events/{event.pk}/metagame/")
            charts = page.locator("svg.metagame-chart")
            assert charts.count() == 2
            for index in range(2):
                box = charts.nth(index).bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= 390
                assert box["width"] >= 0.9 * 360, box
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            page.screenshot(path=str(tmp_path / "metagame-390.png"), full_page=True)
        finally:
            browser.close()
