"""Live polling in a real browser (issue 18): the standings page polls its fragment with the ETag it
was served with; while nothing changes the answer is a bodiless 304, and a confirmed result comes
back as new rows. The projector page turns its screens by itself."""

import re

import pytest

from tests.event_builder import build_event
from tests.site.browser.browser_support import require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect


def poll(page):
    """Run live.js's poll now (it polls when the tab becomes visible) and return the exchange."""
    with page.expect_response(lambda response: "fragment=1" in response.url) as exchange:
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    return exchange.value


@pytest.mark.django_db(transaction=True)
def test_polling_sends_the_etag_and_gets_304_until_a_result(live_server, browser_page, organiser):
    from tournaments.models import Match
    from tournaments.services.results import record_result

    event = build_event(organiser, 12, 2)
    page = browser_page
    page.goto(f"{live_server.url}/en/events/{event.pk}/standings/")
    served_with = page.locator("#standings-live").get_attribute("data-live-etag")
    assert served_with
    unchanged = poll(page)
    assert unchanged.request.headers.get("if-none-match") == served_with
    assert unchanged.status == 304
    match = Match.objects.filter(round__event=event, round__number=3, is_bye=False).order_by("table").first()
    first, second = match.seats.order_by("pk").values_list("entrant_id", flat=True)
    points = page.locator(f"#standing-{first} .points")
    before = int(points.inner_text())
    record_result(match, organiser, wins={first: 2, second: 0})
    changed = poll(page)
    assert changed.status == 200 and changed.headers["etag"] != served_with
    expect(points).to_have_text(str(before + 3))  # the new rows are swapped in
    again = poll(page)
    assert again.request.headers.get("if-none-match") == changed.headers["etag"] and again.status == 304


@pytest.mark.django_db(transaction=True)
def test_the_projector_shows_one_screen_at_a_time(live_server, browser_page, organiser):
    event = build_event(organiser, 45, 1)
    page = browser_page
    page.goto(f"{live_server.url}/en/events/{event.pk}/projector/")
    expect(page.locator(".projector-screen:visible")).to_have_count(1)
    expect(page.locator(".projector-screen").first).to_be_visible()
    expect(page.locator(".timer-clock")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_new_judge_call_appears_on_the_judging_page_without_a_reload(live_server, browser_page, organiser):
    from tests.site.browser.test_browser_event import log_in
    from tournaments.models import JudgeCall
    from tournaments.services import judging as judging_services

    event = build_event(organiser, 8, 1)
    player = event.entrants.filter(user__isnull=False).first() or event.entrants.first()
    page = browser_page
    log_in(page, live_server.url, organiser.username)
    page.goto(f"{live_server.url}/en/events/{event.pk}/manage/judging/")
    queue = page.locator("#judge-calls-live")
    expect(queue).to_contain_text("No player is waiting for a judge.")
    with page.expect_response(lambda response: "/judging/calls/" in response.url) as exchange:
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert exchange.value.status == 304
    call = JudgeCall.objects.create(event=event, entrant=player, round_number=1, table=1)
    with page.expect_response(lambda response: "/judging/calls/" in response.url) as exchange:
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert exchange.value.status == 200
    expect(queue).to_contain_text(player.name)
    queue.get_by_role("button", name="On my way").click()  # the swapped-in form still works
    expect(page.locator("#judge-calls-live")).to_contain_text("Done")
    assert JudgeCall.objects.get(pk=call.pk).status == JudgeCall.Status.CLAIMED
    assert judging_services.queue(event).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_live_update_is_announced_and_keeps_the_keyboards_focus(live_server, browser_page, organiser):
    """The swapped-in part is announced in a few words by one polite status line, and the link that
    had the focus has it again in the new markup (WCAG 4.1.3, 2.4.3)."""
    from tournaments.models import Match
    from tournaments.services.results import record_result

    event = build_event(organiser, 12, 2)
    page = browser_page
    page.goto(f"{live_server.url}/en/events/{event.pk}/")
    link = page.locator("#event-live a[href$='/pairings/']").first
    link.focus()
    href = link.get_attribute("href")
    match = Match.objects.filter(round__event=event, round__number=3, is_bye=False).order_by("table").first()
    first, second = match.seats.order_by("pk").values_list("entrant_id", flat=True)
    record_result(match, organiser, wins={first: 2, second: 0})
    assert poll(page).status == 200
    status = page.locator("p[role=status][aria-live=polite]").last
    expect(status).to_have_text("The pairings and results were updated.")
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == href
    assert page.evaluate("() => document.getElementById('event-live').contains(document.activeElement)")


@pytest.mark.django_db(transaction=True)
def test_the_clocks_state_is_announced_without_taking_the_focus(live_server, browser_page, organiser):
    """The round clock's state is a polite live region and its ticking digits are not announced; a
    change (here the organiser pausing the clock) is read out while the keyboard's focus stays where
    it was (issue 30, WCAG 4.1.3)."""
    from tournaments.services.rounds_clock import control_timer, start_round_clock

    event = build_event(organiser, 8, 1)
    start_round_clock(event)
    page = browser_page
    page.goto(f"{live_server.url}/en/events/{event.pk}/timer/")
    state = page.locator(".timer-state")
    expect(state).to_have_attribute("aria-live", "polite")
    expect(page.locator(".timer-clock")).to_have_attribute("aria-live", "off")
    expect(state).to_have_text("")
    back = page.get_by_role("link", name="Back to the event")
    back.focus()
    control_timer(event, organiser, "pause")
    expect(state).to_have_text("Paused", timeout=20_000)  # the page asks the server every 5 s
    expect(page.locator(".timer-clock")).to_have_class(re.compile(r"\bis-paused\b"))
    expect(back).to_be_focused()
