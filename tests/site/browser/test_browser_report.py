"""Two players report, confirm and dispute a match result on their phones, driven through headless Chromium.

An organiser sets up "Phone Night" (Dust Collectorz, best of 3, three Swiss rounds) in Python with two
player accounts, starts it and pairs round 1: the two players meet at table 1. Each player then uses
their own phone (a separate touch-screen context of the same browser, its own session):

- confirm path: player 1 reports 2-1 on "My page"; player 2 reloads, sees "<player 1> reported: ...",
  taps "Confirm"; player 2's page shows the loss at once, player 1's live part (polled every 10 s,
  driven here with Playwright's fake clock, no waiting) shows the win, and the database has the match
  confirmed 2-1 with three match points for player 1;
- dispute path: player 2 reports 2-0 for themselves, player 1 taps "Dispute": the match is disputed,
  in the database and on both phones.

Tasks run in-process (eager_celery), also in the Redis run.
"""

from pathlib import Path

import pytest

from tests.conftest import join_event, make_user
from tests.site.browser.browser_support import require_chromium

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

playwright_api = require_chromium()
expect = playwright_api.expect
P1_SCREENSHOT = Path("/tmp/browser-report-p1.png")
P2_SCREENSHOT = Path("/tmp/browser-report-p2.png")
EVENT_NAME = "Phone Night"
ORGANISER = "rosa_organiser"
PLAYER_1 = "nell_nightshade"
PLAYER_2 = "oskar_ochre"  # no name is part of another: the form's fields are found by their label
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}
LIVE_INTERVAL_MS = 10_000  # static/js/live.js


def log_in(page, base, username):
    page.goto(f"{base}/en/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-" + username)
    page.get_by_role("main").get_by_role("button", name="Log in").tap()
    expect(page).to_have_url(f"{base}/en/")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name=username)).to_be_visible()


def open_phone(browser, base, username, me_url, fake_clock=False):
    """A logged-in phone (its own context) on the player's page; returns (context, page)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    if fake_clock:
        page.clock.install()  # live.js's setInterval then only fires when the test moves the clock
    assert page.evaluate("() => navigator.maxTouchPoints") > 0
    log_in(page, base, username)
    page.goto(me_url)
    expect(page.get_by_role("heading", level=1)).to_contain_text(username)
    expect(page.locator(".me-now .me-opponent")).to_have_text(PLAYER_2 if username == PLAYER_1 else PLAYER_1)
    return context, page


def score_line(seat_names, wins, reader):
    """A report's score as the opponent's page shows it: "<name> <games won>", the reader's own first."""
    return " – ".join(f"{name} {wins[name]}" for name in sorted(seat_names, key=lambda name: name != reader))


def fits_the_screen(page):
    """Nothing wider than the phone: no sideways scrolling."""
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


@pytest.fixture
def phone_night(transactional_db):
    """Round 1 of "Phone Night" paired: PLAYER_1 against PLAYER_2.

    Returns (event, match, {username: entrant}, [names in seat order]); the pairing decides the seat order."""
    from tournaments.services.events import create_event, start_event
    from tournaments.services.rounds import pair_next_round

    organiser = make_user(ORGANISER, organiser=True, email="rosa@example.org")
    users = [make_user(PLAYER_1, email="nell@example.org"), make_user(PLAYER_2, email="oskar@example.org")]
    event = create_event(organiser, EVENT_NAME, "dust-collectorz", top_cut=0, swiss_rounds=3)
    entrants = {user.username: join_event(event, user) for user in users}
    start_event(event, organiser)
    round_ = pair_next_round(event, organiser)
    match = round_.matches.get()
    assert not match.is_bye
    assert {seat.entrant_id for seat in match.seats.all()} == {entrant.pk for entrant in entrants.values()}
    return event, match, entrants, [seat.entrant.name for seat in match.seats.select_related("entrant")]


def report_panel(page):
    return page.locator("section.me-report")


def send_result(page, wins_1, wins_2, reporter=PLAYER_1):
    """Player 1's and player 2's wins; the reporter's own line comes first, as "Games you won"."""
    panel = report_panel(page)
    labels = ["Games you won", f"Games won by {PLAYER_2}"]
    if reporter == PLAYER_2:
        labels = [f"Games won by {PLAYER_1}", "Games you won"]
    expect(panel.locator(".report-form label").first).to_have_text("Games you won")
    panel.get_by_label(labels[0], exact=True).fill(str(wins_1))
    panel.get_by_label(labels[1], exact=True).fill(str(wins_2))
    panel.get_by_label("Drawn games").fill("0")
    panel.get_by_role("button", name="Send the result").tap()
    expect(page.locator("ul.messages")).to_contain_text("Result sent. Your opponent is asked to confirm it.")
    expect(panel.locator("p.muted").first).to_have_text("Reported, waiting for confirmation")
    expect(panel).to_contain_text("Your report is recorded.")
    expect(panel.get_by_role("button", name="Confirm")).to_have_count(0)  # nobody confirms their own report


@pytest.mark.django_db(transaction=True)
def test_players_report_and_confirm_a_result_on_their_phones(live_server, phone_night, browser_page):
    from tournaments.models import Match, Report
    from tournaments.services.standings import event_standings

    event, match, entrants, seat_names = phone_night
    base = live_server.url
    me_url = f"{base}/en/events/{event.pk}/me/"
    browser = browser_page.context.browser
    contexts = []
    try:
        context_1, phone_1 = open_phone(browser, base, PLAYER_1, me_url, fake_clock=True)
        contexts.append(context_1)
        context_2, phone_2 = open_phone(browser, base, PLAYER_2, me_url)
        contexts.append(context_2)
        for phone in (phone_1, phone_2):
            panel = report_panel(phone)
            expect(panel.get_by_role("heading", name="Report the result")).to_be_visible()
            expect(panel.locator("p.muted").first).to_have_text("Waiting for a result")
            expect(panel.locator(".report-theirs")).to_have_count(0)
            expect(phone.locator(".me-now .me-result")).to_contain_text("Result not entered yet.")

        # Player 1 reports a 2-1 win; the match waits for player 2.
        send_result(phone_1, 2, 1)
        expect(phone_1.locator(".me-now .me-result")).to_contain_text("Reported, waiting for confirmation")
        fits_the_screen(phone_1)
        phone_1.screenshot(path=str(P1_SCREENSHOT), full_page=True)
        match.refresh_from_db()
        assert match.status == Match.Status.REPORTED
        sent = Report.objects.get(match=match)
        assert sent.entrant == entrants[PLAYER_1] and sent.status == Report.Status.SCORED
        assert sent.result["wins"] == {str(entrants[PLAYER_1].pk): 2, str(entrants[PLAYER_2].pk): 1}

        # Player 2 reloads: player 1's report, with Confirm and Dispute.
        phone_2.reload()
        theirs = report_panel(phone_2).locator(".report-theirs")
        expect(theirs).to_contain_text(f"{PLAYER_1} reported:")
        expect(theirs.locator("strong")).to_have_text(score_line(seat_names, {PLAYER_1: 2, PLAYER_2: 1}, PLAYER_2))
        expect(theirs.get_by_role("button", name="Dispute")).to_be_visible()
        expect(report_panel(phone_2).locator("p.muted").first).to_have_text("Reported, waiting for confirmation")
        fits_the_screen(phone_2)
        phone_2.screenshot(path=str(P2_SCREENSHOT), full_page=True)
        theirs.get_by_role("button", name="Confirm").tap()

        # Player 2's page: confirmed, the form is gone, the loss is shown.
        expect(phone_2.locator("ul.messages")).to_contain_text("Thank you: the result is confirmed.")
        expect(report_panel(phone_2)).to_have_count(0)
        expect(phone_2.locator(".me-now .me-result")).to_have_text("Loss 1–2")
        expect(phone_2.locator("ol.me-history > li .me-outcome")).to_have_text("Loss 1–2")
        expect(phone_2.locator(".me-grid .me-big")).to_have_text("0-1-0")

        # Player 1's page, not reloaded: the live part shows the win at the next 10 s poll.
        expect(phone_1.locator(".me-now .me-result")).to_contain_text("Reported, waiting for confirmation")
        phone_1.clock.run_for(LIVE_INTERVAL_MS)
        expect(phone_1.locator(".me-now .me-result")).to_have_text("Win 2–1")
        expect(phone_1.locator(".me-grid .me-big")).to_have_text("1-0-0")
        expect(phone_1.locator(".me-grid")).to_contain_text("3 points")
        # After a reload the reporting form is gone there too.
        phone_1.reload()
        expect(report_panel(phone_1)).to_have_count(0)
        expect(phone_1.locator(".me-now .me-result")).to_have_text("Win 2–1")
        expect(phone_1.locator("ol.me-history > li .me-outcome")).to_have_text("Win 2–1")
        for phone, path in ((phone_1, P1_SCREENSHOT), (phone_2, P2_SCREENSHOT)):
            fits_the_screen(phone)
            phone.screenshot(path=str(path.with_name(path.stem + "-confirmed.png")), full_page=True)
    finally:
        for context in contexts:
            context.close()

    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert match.draws == 0
    assert {seat.entrant_id: seat.game_wins for seat in match.seats.all()} == {
        entrants[PLAYER_1].pk: 2,
        entrants[PLAYER_2].pk: 1,
    }
    event.refresh_from_db()  # a fresh results_version: the standings cached before the result are stale
    points = {row["entrant"]: row["match_points"] for row in event_standings(event)}
    assert points == {entrants[PLAYER_1].pk: 3, entrants[PLAYER_2].pk: 0}


@pytest.mark.django_db(transaction=True)
def test_a_player_disputes_the_reported_result_on_their_phone(live_server, phone_night, browser_page):
    from tournaments.models import Match
    from tournaments.services.standings import event_standings

    event, match, entrants, seat_names = phone_night
    base = live_server.url
    me_url = f"{base}/en/events/{event.pk}/me/"
    browser = browser_page.context.browser
    contexts = []
    try:
        context_2, phone_2 = open_phone(browser, base, PLAYER_2, me_url)
        contexts.append(context_2)
        context_1, phone_1 = open_phone(browser, base, PLAYER_1, me_url)
        contexts.append(context_1)

        # Player 2 claims a 2-0 win.
        send_result(phone_2, 0, 2, reporter=PLAYER_2)
        match.refresh_from_db()
        assert match.status == Match.Status.REPORTED

        # Player 1 reloads, sees the claim and disputes it.
        phone_1.reload()
        theirs = report_panel(phone_1).locator(".report-theirs")
        expect(theirs).to_contain_text(f"{PLAYER_2} reported:")
        expect(theirs.locator("strong")).to_have_text(score_line(seat_names, {PLAYER_1: 0, PLAYER_2: 2}, PLAYER_1))
        theirs.get_by_role("button", name="Dispute").tap()
        expect(phone_1.locator("ul.messages")).to_contain_text("The result is disputed: the organiser will decide.")
        expect(report_panel(phone_1).locator("p.muted").first).to_have_text("Disputed: the organiser decides")
        expect(phone_1.locator(".me-now .me-result")).to_contain_text("Disputed: the organiser decides")
        match.refresh_from_db()
        assert match.status == Match.Status.DISPUTED

        # Player 2's page shows the dispute too.
        phone_2.reload()
        expect(report_panel(phone_2).locator("p.muted").first).to_have_text("Disputed: the organiser decides")
        expect(phone_2.locator(".me-now .me-result")).to_contain_text("Disputed: the organiser decides")
        for phone, path in ((phone_1, P1_SCREENSHOT), (phone_2, P2_SCREENSHOT)):
            fits_the_screen(phone)
            phone.screenshot(path=str(path.with_name(path.stem + "-disputed.png")), full_page=True)
    finally:
        for context in contexts:
            context.close()

    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    assert all(seat.game_wins == 0 for seat in match.seats.all())
    event.refresh_from_db()  # a fresh results_version: the standings cached before the result are stale
    points = {row["entrant"]: row["match_points"] for row in event_standings(event)}
    assert points == {entrants[PLAYER_1].pk: 0, entrants[PLAYER_2].pk: 0}
