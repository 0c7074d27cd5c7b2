"""An event night, driven through headless Chromium: the organiser at a desktop, a player on a phone.

Six checked-in players (two accounts, four walk-ins) in a format-less Dust Collectorz event.
The organiser logs in, starts the event from the dashboard, pairs round 1 (three tables without a
result) and enters one table's result with the dashboard's form: that table moves to "Reported"
and two tables are left. Meanwhile a player logs in on a phone (a separate touch-screen context),
opens the public event page, taps "My page" and finds their table and opponent, as the database
paired them.
"""

import re
from pathlib import Path

import pytest

from tests.conftest import join_event, make_user
from tests.site.browser.browser_support import require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
DASHBOARD_SCREENSHOT = Path("/tmp/browser-dashboard.png")
PHONE_SCREENSHOT = Path("/tmp/browser-player-phone.png")
EVENT_NAME = "Friday Night Dust"
ORGANISER = "odile_organiser"
PLAYER = "mira_mothwing"  # the player on the phone
OTHER_PLAYER = "tobias_rustclaw"
# No name is part of another: the result form's fields are found by their label (the entrant's name).
WALK_INS = ["Hazel Dustpan", "Ivo Cobweb", "Juno Lint", "Kasimir Soot"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}


def log_in(page, base, username):
    page.goto(f"{base}/en/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-" + username)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}/en/")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name=username)).to_be_visible()


def round_one(event):
    """{table number: [entrant names in seat order]} of round 1's played tables, from the database."""
    from tournaments.models import Seat

    seats = (
        Seat.objects.filter(match__round__event=event, match__round__number=1, match__is_bye=False)
        .select_related("match", "entrant")
        .order_by("match__table", "pk")
    )
    tables = {}
    for seat in seats:
        tables.setdefault(seat.match.table, []).append(seat.entrant.name)
    return tables


@pytest.fixture
def friday_event(transactional_db):
    from tournaments.services.entrants import add_entrant
    from tournaments.services.events import create_event

    organiser = make_user(ORGANISER, organiser=True, email="odile@example.org")
    players = [make_user(PLAYER, email="mira@example.org"), make_user(OTHER_PLAYER, email="tobias@example.org")]
    event = create_event(organiser, EVENT_NAME, "dust-collectorz", top_cut=0)
    for player in players:
        join_event(event, player)
    for name in WALK_INS:
        add_entrant(event, organiser, name=name)
    # Added by the organiser to an event without a format: everyone is at the desk, checked in.
    assert event.entrants.filter(checked_in=True).count() == 6
    return event


@pytest.mark.django_db(transaction=True)
def test_organiser_pairs_and_reports_while_player_reads_table_on_phone(live_server, friday_event, browser_page):
    from tournaments.models import Event, Match

    event = friday_event
    page = browser_page
    base = live_server.url
    manage_url = f"{base}/en/events/{event.pk}/manage/"

    # The organiser logs in and opens the dashboard: registration is open, six players checked in.
    log_in(page, base, ORGANISER)
    page.goto(manage_url)
    expect(page.get_by_role("heading", level=1)).to_contain_text(EVENT_NAME)
    next_step = page.locator("section.next-step")
    expect(next_step).to_contain_text("Registration is open: 6 players, 6 checked in.")

    # Start: six players, three Swiss rounds by default.
    next_step.get_by_role("button", name="Start the event").click()
    expect(page.get_by_text("The event has started: 6 players, 3 Swiss rounds.")).to_be_visible()
    pair_button = next_step.get_by_role("button", name="Pair round 1 of 3")
    expect(pair_button).to_be_visible()
    event.refresh_from_db()
    assert event.status == Event.Status.SWISS
    assert event.swiss_rounds == 3

    # Pair round 1: three tables (no bye with six players), all still missing a result.
    pair_button.click()
    expect(page).to_have_url(f"{manage_url}#round")
    expect(page.get_by_text("Round 1 is paired.")).to_be_visible()
    round_section = page.locator("#round")
    expect(round_section.get_by_role("heading", level=2)).to_have_text("Round 1")
    expect(next_step).to_contain_text("Round 1: 3 tables still have no result.")
    expect(round_section.locator("#missing")).to_contain_text("Missing a result: 3 tables")
    rows = round_section.locator("table.round-tables tbody tr")
    expect(rows).to_have_count(3)
    # No result form until a table is opened: the console builds one form, for the table asked for.
    expect(round_section.locator("form.result-form")).to_have_count(0)

    tables = round_one(event)
    assert sorted(tables) == [1, 2, 3]
    assert sorted(name for names in tables.values() for name in names) == sorted([PLAYER, OTHER_PLAYER, *WALK_INS])
    assert all(len(names) == 2 for names in tables.values())
    page.screenshot(path=str(DASHBOARD_SCREENSHOT), full_page=True)

    # Open one table (the first without the phone player): its form appears in place, with its two
    # players' names as the field labels, and takes a 2-1 win for its first seat.
    reported = min(number for number, names in tables.items() if PLAYER not in names)
    winner, loser = tables[reported]
    round_section.locator(f"#table-{reported}").get_by_role("link", name="Enter result…").click()
    form = round_section.get_by_role("group", name=re.compile(rf"^Table {reported}\b"))
    expect(form).to_be_visible()
    expect(round_section.locator("form.result-form")).to_have_count(1)
    form.get_by_label(winner).fill("2")
    form.get_by_label(loser).fill("1")
    form.get_by_role("button", name="Save result").click()
    expect(page.get_by_text(f"Table {reported}: result saved.")).to_be_visible()
    expect(next_step).to_contain_text("Round 1: 2 tables still have no result.")
    expect(round_section.locator("#missing")).to_contain_text("Missing a result: 2 tables")
    # Tables still waiting come first; the settled one is last, with its score and an Edit link.
    expect(rows).to_have_count(3)
    settled = rows.last
    expect(settled.locator("td:nth-child(-n+3)")).to_have_text(
        [str(reported), f"{winner} vs {loser}", f"{winner} 2–1 {loser}"]
    )
    expect(settled.get_by_role("link", name="Edit…")).to_be_visible()
    match = Match.objects.get(round__event=event, round__number=1, table=reported)
    assert match.status == Match.Status.CONFIRMED
    assert {seat.entrant.name: seat.game_wins for seat in match.seats.all()} == {winner: 2, loser: 1}
    assert Match.objects.filter(round__event=event, status=Match.Status.PENDING).count() == 2

    # The player, on a phone: a separate touch-screen context of the same browser, its own session.
    my_table = next(number for number, names in tables.items() if PLAYER in names)
    opponent = next(name for name in tables[my_table] if name != PLAYER)
    phone_context = page.context.browser.new_context(**PHONE)
    try:
        phone = phone_context.new_page()
        phone.set_default_timeout(15_000)
        assert phone.evaluate("() => navigator.maxTouchPoints") > 0
        log_in(phone, base, PLAYER)

        phone.goto(f"{base}/en/events/{event.pk}/")
        expect(phone.get_by_role("heading", level=1)).to_have_text(EVENT_NAME)
        expect(phone.get_by_text(f"You play in this event as {PLAYER}.")).to_be_visible()
        expect(phone.locator("#event-live")).to_contain_text("Swiss round 1 of 3")
        expect(phone.locator("#event-live table.pairings-table tbody tr")).to_have_count(3)
        phone.get_by_role("navigation", name="Event pages").get_by_role("link", name="My page").tap()

        expect(phone).to_have_url(f"{base}/en/events/{event.pk}/me/")
        expect(phone.get_by_role("heading", level=1)).to_contain_text(PLAYER)
        card = phone.locator(".me-now .me-card")
        expect(card.locator(".me-label").first).to_have_text("Round 1")
        expect(card.locator(".me-table")).to_have_text(str(my_table))
        expect(card).to_contain_text("Your opponent")
        expect(card.locator(".me-opponent")).to_have_text(opponent)
        expect(card.locator(".me-result")).to_contain_text("Result not entered yet.")
        expect(phone.locator("ol.me-history > li")).to_have_count(1)
        expect(phone.locator("ol.me-history > li")).to_contain_text(f"Table {my_table} · vs {opponent}")
        # Nothing wider than the phone's screen: no sideways scrolling.
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        phone.screenshot(path=str(PHONE_SCREENSHOT), full_page=True)
    finally:
        phone_context.close()
