"""The hall projector at 1280 and 1920 px in every language (issue 27 item 4): the clock is one line
however long the words around it, at deck building and during a round (a long one: more than an
hour on the clock, paused), and the join code and its QR code stay on the screen while players can
still join, deck building included, whatever the length of the seat list; a round's tables take
the whole screen once the event has started."""

import pytest

from tests.site.browser.browser_support import require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect

SCREENS = [{"width": 1280, "height": 720}, {"width": 1920, "height": 1080}]
LANGUAGES = ["en", "fr", "it"]

CLOCK_BOX = """() => {
  const clock = document.querySelector('.projector-clock .timer-clock');
  const box = clock.getBoundingClientRect();
  return {height: box.height, line: parseFloat(getComputedStyle(clock).lineHeight),
          text: clock.textContent, overflows: clock.scrollWidth > clock.clientWidth + 1,
          column: clock.parentElement.getBoundingClientRect().right, right: box.right};
}"""


@pytest.fixture
def deck_building(transactional_db, sample, organiser):
    """A sealed prerelease of 30 walk-ins, seated, with 45 minutes of deck building on the clock."""
    from tournaments.services import entrants, events, rounds_clock, sealed

    event = events.create_event(
        organiser, "Prerelease night", "dust-collectorz", format_slug="dc-prerelease", swiss_rounds=3, sealed=True
    )
    for number in range(30):
        entrants.add_entrant(event, organiser, name=f"Player {number:02d} Longname-Doubleside")
    sealed.assign_build_seats(event, organiser, seed=7)
    rounds_clock.start_build_clock(event, organiser, minutes=45)
    return event


def assert_clock_on_one_line(page):
    clock = page.evaluate(CLOCK_BOX)
    assert clock["text"].startswith("44:"), clock
    assert clock["height"] < 1.5 * clock["line"], clock  # one line, not "44:" over "58"
    assert not clock["overflows"] and clock["right"] <= clock["column"] + 1, clock


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: str(screen["width"]))
def test_the_clock_is_one_line_and_the_join_code_on_screen(live_server, browser_page, deck_building, screen):
    event = deck_building
    browser = browser_page.context.browser
    for language in LANGUAGES:
        context = browser.new_context(viewport=screen, locale=language)
        try:
            page = context.new_page()
            page.goto(f"{live_server.url}/{language}/events/{event.pk}/projector/")
            expect(page.locator(".projector-table tbody tr:visible")).to_have_count(20)  # the first screen of seats
            assert_clock_on_one_line(page)
            expect(page.locator(".projector-join .join-code-value")).to_have_text(event.join_code)
            expect(page.locator(".projector-join .join-code-value")).to_be_in_viewport(ratio=1)
            expect(page.locator(".projector-join .join-qr svg")).to_be_in_viewport(ratio=1)
        finally:
            context.close()


@pytest.fixture
def long_round(transactional_db, sample, organiser):
    """30 walk-ins in round 1 of 3 with 75 minutes on the clock, paused (its state in words too)."""
    from tournaments.services import entrants, events, rounds, rounds_clock

    event = events.create_event(organiser, "Championship", "dust-collectorz", swiss_rounds=3, round_minutes=75)
    for number in range(30):
        entrants.add_entrant(event, organiser, name=f"Player {number:02d} Longname-Doubleside")
    event.entrants.update(checked_in=True)
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    rounds_clock.control_timer(event, organiser, "pause")
    return event


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: str(screen["width"]))
def test_a_rounds_clock_is_one_line_and_its_tables_fill_the_screen(live_server, browser_page, long_round, screen):
    event = long_round
    browser = browser_page.context.browser
    for language in LANGUAGES:
        context = browser.new_context(viewport=screen, locale=language)
        try:
            page = context.new_page()
            page.goto(f"{live_server.url}/{language}/events/{event.pk}/projector/")
            expect(page.locator(".projector-table tbody tr:visible")).to_have_count(20)
            clock = page.evaluate(CLOCK_BOX)
            assert clock["text"].startswith("7"), clock  # 75:00, paused
            assert clock["height"] < 1.5 * clock["line"], clock
            assert not clock["overflows"] and clock["right"] <= clock["column"] + 1, clock
            expect(page.locator(".timer-state")).not_to_be_empty()
            # Late entries still join with the code during the Swiss rounds: it stays beside the clock
            expect(page.locator(".projector-join .join-code-value")).to_have_text(event.join_code)
            expect(page.locator(".projector-join .join-code-value")).to_be_in_viewport(ratio=1)
        finally:
            context.close()
