"""Phones for the browser tests of whole nights (test_browser_pod_night.py, test_browser_pod_rounds.py):
one touch-screen context of the same headless Chromium per player, each with its own session; tables
seated as the test says; every page checked for sideways scrolling at 390 px."""

from tests.site.browser.browser_support import require_chromium
from tests.site.browser.test_browser_phone import MEASURE

expect = require_chromium().expect
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}


def open_phones(browser, base, usernames):
    """{username: page}: a phone per player, logged in (a session of their own, as after the login
    form, which tests/site/browser/test_browser_report.py drives), on no page yet."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    domain = base.split("//", 1)[1].split(":", 1)[0]
    phones = {}
    for username in usernames:
        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        context = browser.new_context(**PHONE)
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "domain": domain, "path": "/"}]
        )
        page = context.new_page()
        page.set_default_timeout(15_000)
        phones[username] = page
    return phones


def fits_the_phone(page):
    """No sideways scrolling at 390 px; else the elements sticking out, to say what to fix."""
    size = page.evaluate(MEASURE)
    width = PHONE["viewport"]["width"]
    assert size["scroll"] <= width, f"{page.url}: {size['scroll']} px wide > {width} px {size['culprits']}"


def seat_round(event, organiser, number, tables):
    """Seat round `number` as `tables` (lists of entrants, best table first) says, through the service
    that seats an imported round: the hand counts need known tables, and the pairing engine has tests
    of its own (tests/tournaments/engine/)."""
    from django.db import transaction

    from tournaments.engine.pairing.model import Pairing
    from tournaments.services.common import locked
    from tournaments.services.rounds import create_round

    with transaction.atomic():
        locked_event = locked(event)
        return create_round(locked_event, organiser, Pairing(number, [[e.pk for e in table] for table in tables], []))


def confirm_on_phone(page, me_url, own_column, totals_text):
    """The player opens their page, reads the points the site computed (their own column first: one
    value per line, then their total), checks the others' totals are shown, and confirms."""
    page.goto(me_url)
    theirs = page.locator(".report-theirs")
    expect(theirs).to_contain_text("reported:")  # the reporter, or a player who confirmed before
    points = theirs.locator("table.points-table")
    expect(points.locator("tbody tr td:first-of-type")).to_have_text([str(value) for value in own_column])
    expect(points.locator("tfoot td").first).to_have_text(str(sum(own_column)))
    expect(points.locator("tfoot td")).to_have_text(totals_text)
    fits_the_phone(page)
    theirs.get_by_role("button", name="Confirm").tap()
    expect(page.locator("ul.messages")).to_contain_text("Thank you: the result is confirmed.")
    fits_the_phone(page)
