"""A Reclamation pod reported from a phone's score sheet and confirmed by the others, who see the
points the site computed round by round, through headless Chromium at 390 px.

Three players share a pod. The first fills in the four rounds on their phone, once with a round of
seven tricks (refused: the sheet comes back as it was filled in, the round's tricks marked, nothing
stored), then right. The two others open their phones, see every player's points per round and the
totals, and confirm; the table is confirmed with the places the totals give.
"""

import pytest

from tests.conftest import join_event, make_user
from tests.site.browser.browser_support import require_chromium

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

playwright_api = require_chromium()
expect = playwright_api.expect
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}
PLAYERS = ("petra_plume", "quinn_quartz", "rhea_rust")

# Rounds as (Dust Value, tricks, Dust cards, who met the Work Order), players in seat order. By hand,
# the Work Order shared: A 3+1+1 | 2 | 1 | 4-1+2 = 13, B 3+1 | 4-2+2 | 1 | 2 = 11, C 2+1 | 2 | 6+3+2 | 2-1 = 17.
PLAYED = (
    ("+", (3, 3, 2), (1, 0, 0), (0, 1, 2)),
    ("-", (2, 4, 2), (0, 2, 0), (1,)),
    ("+", (1, 1, 6), (0, 0, 3), (2,)),
    ("-", (4, 2, 2), (1, 0, 1), (0,)),
)
TOTALS = (13, 11, 17)


@pytest.fixture
def pod(transactional_db):
    from tournaments.services.events import create_event, start_event
    from tournaments.services.rounds import pair_next_round

    organiser = make_user("sol_organiser", organiser=True)
    event = create_event(
        organiser, "Reclamation night", "dust-reclamation", mode="ffa", pod_size=3, top_cut=0, swiss_rounds=3, best_of=1
    )
    users = [make_user(name) for name in PLAYERS]
    entrants = {user.username: join_event(event, user) for user in users}
    start_event(event, organiser)
    match = pair_next_round(event, organiser).matches.get(is_bye=False)
    seats = [seat.entrant for seat in match.seats.select_related("entrant").order_by("pk")]
    return event, match, entrants, seats


def open_phone(browser, base, username, me_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{base}/en/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-" + username)
    page.get_by_role("main").get_by_role("button", name="Log in").tap()
    expect(page).to_have_url(f"{base}/en/")
    page.goto(me_url)
    return context, page


def fill_sheet(page, seats, played):
    for number, (sign, tricks, dust, met) in enumerate(played, start=1):
        page.locator(f'[name="rounds_{number}_dust_value"]').select_option(sign)
        for index, entrant in enumerate(seats):
            page.locator(f'[name="rounds_{number}_tricks_{entrant.pk}"]').fill(str(tricks[index]))
            page.locator(f'[name="rounds_{number}_dust_{entrant.pk}"]').fill(str(dust[index]))
            page.locator(f'[name="rounds_{number}_work_order_{entrant.pk}"]').set_checked(index in met)


def fits_the_screen(page):
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


@pytest.mark.django_db(transaction=True)
def test_a_reclamation_pod_is_reported_from_a_phone_sheet_and_confirmed(live_server, pod, browser_page):
    from tournaments.models import Match, Report

    event, match, entrants, seats = pod
    base = live_server.url
    me_url = f"{base}/en/events/{event.pk}/me/"
    browser = browser_page.context.browser
    contexts = []
    try:
        reporter = seats[0].user.username
        context, phone = open_phone(browser, base, reporter, me_url)
        contexts.append(context)
        sheet = phone.locator("section.me-report form.score-sheet")
        expect(sheet.get_by_role("group", name="Round 4")).to_be_visible()
        fits_the_screen(phone)

        seven_tricks = ((PLAYED[0][0], (2, 3, 2), *PLAYED[0][2:]), *PLAYED[1:])
        fill_sheet(phone, seats, seven_tricks)
        # The sums show as the boxes are filled in: round 1 is one trick short.
        round_1 = sheet.get_by_role("group", name="Round 1")
        expect(round_1.locator("output.sheet-sum").first).to_have_text("7 / 8")
        expect(round_1.locator("output.sheet-sum").first).to_have_class("sheet-sum wrong")
        expect(sheet.get_by_role("group", name="Round 2").locator("output.sheet-sum").first).to_have_text("8 / 8")
        sheet.get_by_role("button", name="Send the result").tap()
        # The error summary takes the focus and says what is wrong (docs/accessibility.md).
        summary = phone.locator("[data-error-summary]")
        expect(summary).to_be_focused()
        expect(summary).to_contain_text("Round 1 · Tricks won: 7 tricks in one round, but a round is exactly 8 tricks")
        expect(phone.locator(f'[name="rounds_1_tricks_{seats[0].pk}"]')).to_have_attribute("aria-invalid", "true")
        expect(phone.locator(f'[name="rounds_3_tricks_{seats[2].pk}"]')).to_have_value("6")
        assert not Report.objects.filter(match=match).exists()
        fits_the_screen(phone)
        phone.screenshot(path="/tmp/browser-score-sheet-refused.png", full_page=True)

        phone.locator(f'[name="rounds_1_tricks_{seats[0].pk}"]').fill("3")
        phone.get_by_role("button", name="Send the result").tap()
        expect(phone.locator("ul.messages")).to_contain_text("Result sent.")

        for entrant in seats[1:]:
            context, other = open_phone(browser, base, entrant.user.username, me_url)
            contexts.append(context)
            theirs = other.locator(".report-theirs")
            expect(theirs).to_contain_text("reported:")  # the reporter, or a player who confirmed before
            points = theirs.locator("table.points-table")
            expect(points.locator("thead th").nth(1)).to_have_text(entrant.name)  # the reader's own column first
            expect(points.locator("tbody tr")).to_have_count(4)
            mine = seats.index(entrant)
            expect(points.locator("tfoot td").first).to_have_text(str(TOTALS[mine]))
            expect(points.locator("tfoot")).to_contain_text(str(TOTALS[0]))
            fits_the_screen(other)
            other.screenshot(path=f"/tmp/browser-score-sheet-{entrant.pk}.png", full_page=True)
            theirs.get_by_role("button", name="Confirm").tap()
            expect(other.locator("ul.messages")).to_contain_text("Thank you: the result is confirmed.")
    finally:
        for context in contexts:
            context.close()

    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    places = {seat.entrant_id: seat.placement for seat in match.seats.all()}
    assert places == {seats[0].pk: 2, seats[1].pk: 3, seats[2].pk: 1}
