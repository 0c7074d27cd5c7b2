"""Keyboard only (WCAG 2.1.1, 2.1.2, 2.4.1, 2.4.7): in headless Chromium, with Tab, Enter and typing
and never a click, a newcomer registers, the organiser starts the event and pairs round 1, two
players report and confirm their result, the organiser enters another table's result at the
console, and a player calls a judge. Every element Tab reaches shows a focus outline, Tab never
stays on one element, a whole page is crossed and left, and the skip link (translated) reaches
<main>. A failed form focuses its error summary, whose links lead to the fields."""

import pytest

from tests.conftest import join_event, make_user
from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
ORGANISER = "kira_keys"
PLAYERS = ["tab_taylor", "enid_enter", "sam_space", "alt_alba"]
NEWCOMER = "nora_newkey"

# What has the focus: its name as a person hears it, and whether a focus outline is drawn.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const style = getComputedStyle(el);
  const label = el.labels && el.labels.length ? el.labels[0].textContent : "";
  const text = el.getAttribute("aria-label") || label || el.textContent || el.value || "";
  return {
    tag: el.tagName.toLowerCase(), id: el.id, name: text.trim().replace(/\\s+/g, " "),
    outlined: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    shown: el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().height > 0,
    html: el.outerHTML.slice(0, 160),
  };
}"""


def tab_to(page, name, tag=None, limit=120):
    """Press Tab until the focused element's name starts with `name`; each stop must show a focus
    outline and Tab must always move on. Returns the focused element's description."""
    previous = None
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None:
            previous = None
            continue  # past the page's last element: Tab goes round to the first
        assert focused["outlined"], f"no visible focus on {focused['html']}"
        assert focused["html"] != previous, f"Tab did not move on from {focused['html']}"
        previous = focused["html"]
        if focused["name"].startswith(name) and (tag is None or focused["tag"] == tag):
            return focused
    raise AssertionError(f"{name!r} is not reachable with Tab on {page.url}")


def crosses_the_whole_page(page, limit=300):
    """Tab from the top goes through every stop and back round to the skip link: nothing traps it."""
    page.keyboard.press("Tab")
    first = page.evaluate(FOCUSED)
    for presses in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused and focused["html"] == first["html"] and presses > 0:
            return presses
    raise AssertionError(f"Tab never came back round to {first['html']} on {page.url}")


def type_into(page, label, text):
    focused = tab_to(page, label, tag="input")
    page.keyboard.type(text)
    return focused


def press_button(page, name, tag="button", navigates=True):
    """Tab to the button (or link) named `name` and press Enter; wait for the page it leads to."""
    tab_to(page, name, tag=tag)
    if not navigates:
        page.keyboard.press("Enter")
        return
    with page.expect_navigation():
        page.keyboard.press("Enter")


def log_in_by_keyboard(page, base, username, password=None):
    page.goto(f"{base}/en/accounts/login/")
    type_into(page, "Username", username)
    page.keyboard.press("Tab")
    page.keyboard.type(password or "pw-" + username)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page).to_have_url(f"{base}/en/")


@pytest.fixture
def keyboard_night(transactional_db):
    from tournaments.services.events import create_event

    organiser = make_user(ORGANISER, organiser=True)
    make_user(NEWCOMER)
    event = create_event(organiser, "Keyboard night", "dust-collectorz", swiss_rounds=3, top_cut=0)
    for username in PLAYERS:
        join_event(event, make_user(username))
    return event


@pytest.fixture
def browser():
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser, width=1280):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


@pytest.mark.django_db(transaction=True)
def test_an_event_run_with_the_keyboard_only(live_server, keyboard_night, browser, eager_celery):
    from tournaments.models import Entrant, JudgeCall, Match

    event, base = keyboard_night, live_server.url
    event_url = f"{base}/en/events/{event.pk}/"

    # A newcomer registers from the event page.
    newcomer = new_page(browser, width=390)
    log_in_by_keyboard(newcomer, base, NEWCOMER)
    newcomer.goto(event_url)
    press_button(newcomer, "Register for this event", tag="a")
    press_button(newcomer, "Register")
    expect(newcomer.locator(".messages")).to_be_visible()
    assert Entrant.objects.filter(event=event, user__username=NEWCOMER).exists()

    # The organiser starts the event and pairs round 1 from the dashboard.
    organiser = new_page(browser)
    log_in_by_keyboard(organiser, base, ORGANISER)
    organiser.goto(f"{event_url}manage/")
    press_button(organiser, "Start the event")
    press_button(organiser, "Pair round 1 of 3")
    expect(organiser.get_by_text("Round 1 is paired.")).to_be_visible()
    matches = Match.objects.filter(round__event=event, round__number=1, is_bye=False).order_by("table")
    reported, at_console = matches[0], matches[1]
    reporter, confirmer = (seat.entrant for seat in reported.seats.order_by("pk").select_related("entrant"))

    # One player reports 2–1 on their phone; the other confirms it.
    phone = new_page(browser, width=390)
    log_in_by_keyboard(phone, base, reporter.user.username)
    phone.goto(f"{event_url}me/")
    type_into(phone, "Games you won", "2")  # the reporting player's own line comes first
    type_into(phone, f"Games won by {confirmer.name}", "1")
    press_button(phone, "Send the result")
    expect(phone.locator(".report-status, .messages").first).to_be_visible()
    other = new_page(browser, width=390)
    log_in_by_keyboard(other, base, confirmer.user.username)
    other.goto(f"{event_url}me/")
    press_button(other, "Confirm")
    reported.refresh_from_db()
    assert reported.status == Match.Status.CONFIRMED
    assert dict(reported.seats.values_list("entrant_id", "game_wins")) == {reporter.pk: 2, confirmer.pk: 1}

    # The organiser opens another table at the console and enters its result.
    first, second = (seat.entrant.name for seat in at_console.seats.order_by("pk").select_related("entrant"))
    organiser.goto(f"{event_url}manage/")
    press_button(organiser, "Enter result…", tag="a", navigates=False)
    # The form opens in place with the focus on its first field.
    expect(organiser.locator(f"#panel-{at_console.pk} input:not([type=hidden])").first).to_be_focused()
    organiser.keyboard.type("2")
    organiser.keyboard.press("Tab")
    organiser.keyboard.type("0")
    assert organiser.evaluate(FOCUSED)["name"].startswith(second)
    press_button(organiser, "Save result")
    expect(organiser.get_by_text(f"Table {at_console.table}: result saved.")).to_be_visible()
    at_console.refresh_from_db()
    assert dict(at_console.seats.values_list("entrant__name", "game_wins")) == {first: 2, second: 0}

    # A player calls a judge.
    press_button(phone, "Call a judge")
    assert JudgeCall.objects.filter(event=event, entrant=reporter).exists()
    assert crosses_the_whole_page(phone) > 5


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("language", "skip"), [("en", "Skip to main content"), ("fr", "Aller au contenu"), ("it", "Vai al contenuto")]
)
def test_the_skip_link_reaches_the_main_content(live_server, browser, sample, language, skip):
    page = new_page(browser)
    page.goto(f"{live_server.url}/{language}/catalogue/")
    page.keyboard.press("Tab")
    focused = page.evaluate(FOCUSED)
    assert focused["name"].startswith(skip) and focused["shown"] and focused["outlined"], focused
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.querySelector('main').contains(document.activeElement)"), page.evaluate(
        FOCUSED
    )
    assert crosses_the_whole_page(page) > 5


@pytest.mark.django_db(transaction=True)
def test_a_failed_form_focuses_its_error_summary_which_leads_to_the_field(live_server, browser):
    make_user("pat_player")
    page = new_page(browser, width=390)
    page.goto(f"{live_server.url}/en/accounts/signup/")
    # Everything the browser itself checks is there; the server refuses the username (taken) and
    # the confirmation (another password).
    type_into(page, "Username", "pat_player")
    type_into(page, "Email", "pat@example.org")
    type_into(page, "Password", "a-long-keyboard-pass-2026")
    type_into(page, "Password confirmation", "another-keyboard-pass-2026")
    press_button(page, "Sign up")
    # The summary has the focus and is read first; each problem links to its field.
    summary = page.locator("[data-error-summary]")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("Username")
    expect(summary).to_contain_text("Password confirmation")
    username = page.locator("#id_username")
    expect(username).to_have_attribute("aria-invalid", "true")
    described_by = username.get_attribute("aria-describedby").split()
    assert any(page.locator(f"#{ident}").count() for ident in described_by if ident.endswith("_error"))
    tab_to(page, "Username:", tag="a")
    page.keyboard.press("Enter")
    expect(username).to_be_focused()


def axe_findings(page):
    """axe-core's findings on the page as it is now (the run of test_browser_accessibility)."""
    from tests.site.browser.test_browser_accessibility import AXE_OPTIONS, AXE_SOURCE, RUN_AXE

    page.evaluate(AXE_SOURCE)
    return page.evaluate(RUN_AXE, AXE_OPTIONS)


def follows_the_summary_to(page, problem, field):
    """The summary has the focus after the failed submit; its link, reached with Tab, puts the focus
    in the field; and axe finds nothing on the refused page."""
    summary = page.locator("[data-error-summary]")
    expect(summary).to_be_focused()
    assert page.evaluate("() => document.activeElement.hasAttribute('data-error-summary')")
    expect(summary).to_contain_text(problem)
    expect(page.locator(f"#{field}")).to_have_attribute("aria-invalid", "true")
    assert axe_findings(page) == []
    tab_to(page, problem, tag="a")
    page.keyboard.press("Enter")
    expect(page.locator(f"#{field}")).to_be_focused()


@pytest.mark.django_db(transaction=True)
def test_a_bad_result_at_the_console_and_on_the_phone_focuses_the_summary(
    live_server, keyboard_night, browser, eager_celery
):
    from tournaments.models import Match
    from tournaments.services import events, rounds

    event, base = keyboard_night, live_server.url
    events.start_event(event, event.organiser)
    rounds.pair_next_round(event, event.organiser)
    at_console, on_phone = Match.objects.filter(round__event=event, is_bye=False).order_by("table")[:2]
    both_win = "Both players cannot win the match."

    # The organiser types 2–2 at a table's page (best of 3): refused, the entry kept.
    first, second = (seat.entrant for seat in at_console.seats.order_by("pk").select_related("entrant"))
    organiser = new_page(browser)
    log_in_by_keyboard(organiser, base, ORGANISER)
    organiser.goto(f"{base}/en/events/{event.pk}/manage/matches/{at_console.pk}/")
    type_into(organiser, first.name, "2")
    type_into(organiser, second.name, "2")
    press_button(organiser, "Save result")
    follows_the_summary_to(organiser, both_win, f"id_m{at_console.pk}_wins_{first.pk}")

    # A player sends 2–2 from the phone's report form (through its queue): the same.
    reporter = on_phone.seats.order_by("pk").select_related("entrant__user").first().entrant
    phone = new_page(browser, width=390)
    log_in_by_keyboard(phone, base, reporter.user.username)
    phone.goto(f"{base}/en/events/{event.pk}/me/")
    type_into(phone, "Games you won", "2")
    type_into(phone, "Games won by", "2")
    press_button(phone, "Send the result")
    follows_the_summary_to(phone, both_win, f"r-{reporter.pk}")
    expect(phone.locator(f"#r-{reporter.pk}")).to_have_value("2")
    assert not on_phone.reports.exists() and Match.objects.get(pk=at_console.pk).status == Match.Status.PENDING
