"""The phone page survives the hall's wifi (issue 30), in headless Chromium.

"Phone Night" (tests/site/browser/test_browser_report.py's fixture) is paired: nell meets oskar at
table 1. The site runs on a live server of this module's own that can be stopped and started again
on the same port (a phone's service worker and storage belong to that origin).

- Offline mode (Playwright's `context.set_offline`): after pairing nell's phone goes offline, she
  reports 2-1, closes the tab and opens it again (the page comes from the service worker, with the
  offline banner and her report "not sent yet"), comes back online: the report is sent once, with
  the key it was kept under. oskar confirms offline the same way; nell's page says "confirmed by
  your opponent".
- The server restarted in the middle: nell reports while the server is down, opens the tab again
  (the kept copy), the server comes back: the report is sent by itself.
- A report kept while the organiser entered the result: the refusal is shown with what to do, and
  the organiser's result stands.
- Page weight: the player's page and the public standings, cold and warm, from Chromium's own
  network log (sizes, not times; the numbers are in docs/benchmarks.md).
"""

import contextlib
import re
import socket
from pathlib import Path

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread, QuietWSGIRequestHandler

from tests.site.browser.browser_support import require_chromium
from tests.site.browser.test_browser_report import PHONE, PLAYER_1, PLAYER_2, log_in, phone_night  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

playwright_api = require_chromium()
expect = playwright_api.expect
CACHE = "player-page-v1"  # static/js/sw.js
STORED_AT = re.compile(r"^\d{4}-\d\d-\d\dT")  # when the service worker kept the page
SENT_AGAIN_MS = 25_000  # report-retry.js tries again within 10 s; a page load and a reload on top


class _DroppingServer(ThreadedWSGIServer):
    """Django's threaded test server, which can drop its open connections: a stopped server whose
    keep-alive connections still answer would not be down for the browser."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open_connections = set()

    def process_request(self, request, client_address):
        self.open_connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        self.open_connections.discard(request)
        super().shutdown_request(request)

    def drop_connections(self):
        for connection in list(self.open_connections):
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)


class _ReusablePortThread(LiveServerThread):
    """Django's live server thread, allowed to bind the port a stopped one just left."""

    server_class = _DroppingServer

    def _create_server(self, connections_override=None):
        return self.server_class(
            (self.host, self.port),
            QuietWSGIRequestHandler,
            allow_reuse_address=True,
            connections_override=connections_override,
        )

    def terminate(self):
        self.httpd.drop_connections()
        super().terminate()


class RestartableServer:
    """The site on one port, stopped and started again as a deploy or a crash would."""

    def __init__(self):
        self.port = 0
        self.start()

    def start(self):
        thread = _ReusablePortThread("localhost", StaticFilesHandler, port=self.port)
        thread.daemon = True
        thread.start()
        thread.is_ready.wait()
        if thread.error:
            raise thread.error
        self.thread, self.port = thread, thread.port

    def stop(self):
        self.thread.terminate()

    @property
    def url(self):
        return f"http://localhost:{self.port}"


@pytest.fixture
def site(transactional_db):
    server = RestartableServer()
    yield server
    server.stop()


@pytest.fixture
def browser():
    with playwright_api.sync_playwright() as playwright:
        from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS

        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        expect.set_options(timeout=15_000)
        yield chromium
        chromium.close()


def phone(browser, base, username, me_url):
    """A logged-in phone on the player's page, its service worker in control and the page kept."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, base, username)
    page.goto(me_url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    kept = f"""async () => {{
        const cache = await caches.open("{CACHE}");
        return Boolean(await cache.match(location.pathname)) && Boolean(await cache.match("/static/js/report-retry.js"));
    }}"""
    for _attempt in range(100):  # wait_for_function would take the promise itself for a yes
        if page.evaluate(kept):
            return context, page
        page.wait_for_timeout(200)
    raise AssertionError("the service worker did not keep the player's page")


def kept_with(page, text):
    """Wait until the service worker's copy of this page holds `text` (it stores after the answer)."""
    kept = f"""async () => {{
        const copy = await (await caches.open("{CACHE}")).match(location.pathname);
        return Boolean(copy) && (await copy.text()).includes({text!r});
    }}"""
    for _attempt in range(100):
        if page.evaluate(kept):
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the kept copy of {page.url} never held {text!r}")


def reopen(context, me_url):
    """The tab closed and opened again."""
    for page in context.pages:
        page.close()
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(me_url)
    return page


def report(page, mine, theirs):
    panel = page.locator("section.me-report")
    panel.get_by_label("Games you won", exact=True).fill(str(mine))
    panel.get_by_label(f"Games won by {PLAYER_2}", exact=True).fill(str(theirs))
    panel.get_by_role("button", name="Send the result").tap()


def queue_line(page):
    return page.locator("#report-queue li")


@pytest.mark.django_db(transaction=True)
def test_a_report_made_offline_survives_the_tab_and_is_sent_once(site, phone_night, browser):  # noqa: F811
    from tournaments.models import AuditAction, AuditEntry, Match, Report

    event, match, entrants, _names = phone_night
    me_url = f"{site.url}/en/events/{event.pk}/me/"
    context_1, phone_1 = phone(browser, site.url, PLAYER_1, me_url)
    context_2, phone_2 = phone(browser, site.url, PLAYER_2, me_url)
    try:
        banner = phone_1.locator("#offline-banner")
        expect(banner).to_be_hidden()
        context_1.set_offline(True)
        expect(banner).to_contain_text("You are offline. Last updated")
        report(phone_1, 2, 1)
        expect(queue_line(phone_1)).to_contain_text("Your result · Round 1 · Table 1 · 2–1")
        expect(queue_line(phone_1)).to_contain_text("Not sent yet")
        assert not Report.objects.exists()

        # Closed and opened again, still offline: the kept page, its table, and the report waiting.
        phone_1 = reopen(context_1, me_url)
        expect(phone_1.locator("html")).to_have_attribute("data-offline-copy", STORED_AT)
        expect(phone_1.locator(".me-now .me-table")).to_have_text(str(match.table))
        expect(phone_1.locator(".me-now .me-opponent")).to_have_text(PLAYER_2)
        expect(phone_1.locator(".me-now .me-result")).to_contain_text("minutes left in the round")
        expect(phone_1.locator("#offline-banner")).to_contain_text("Last updated")
        expect(queue_line(phone_1)).to_contain_text("Not sent yet")

        # Back online: sent by itself, and the page shows what the site made of it. (Its message
        # "Result sent." is not asserted: on a loaded machine the page can take longer than the
        # service worker waits, and the kept copy shows first; the list says "Sent." either way.)
        context_1.set_offline(False)
        expect(queue_line(phone_1)).to_contain_text("Sent.", timeout=SENT_AGAIN_MS)
        expect(phone_1.locator(".me-report")).to_contain_text("Your report is recorded.", timeout=SENT_AGAIN_MS)
        expect(phone_1.locator("#offline-banner")).to_be_hidden(timeout=SENT_AGAIN_MS)
        assert Report.objects.filter(match=match).count() == 1
        assert AuditEntry.objects.filter(action=AuditAction.REPORT_SUBMIT).count() == 1

        # The opponent confirms offline, the same way.
        phone_2.reload()
        context_2.set_offline(True)
        phone_2.locator(".report-theirs").get_by_role("button", name="Confirm").tap()
        expect(queue_line(phone_2)).to_contain_text("Your confirmation")
        expect(queue_line(phone_2)).to_contain_text("Not sent yet")
        context_2.set_offline(False)
        expect(queue_line(phone_2)).to_contain_text("Confirmed.", timeout=SENT_AGAIN_MS)

        phone_1.reload()
        expect(queue_line(phone_1)).to_contain_text("Confirmed by your opponent.")
        expect(phone_1.locator(".me-now .me-result")).to_have_text("Win 2–1")

        # Offline again: the kept page has the last standings line the phone saw, not the first.
        expect(phone_1.locator(".me-grid .me-big")).to_have_text("1-0-0")
        kept_with(phone_1, "Rank 1 of 2")
        context_1.set_offline(True)
        phone_1 = reopen(context_1, me_url)
        expect(phone_1.locator("html")).to_have_attribute("data-offline-copy", STORED_AT)
        expect(phone_1.locator(".me-grid .me-big")).to_have_text("1-0-0")
        expect(phone_1.locator(".me-grid")).to_contain_text("Rank 1 of 2")
        expect(phone_1.locator(".me-now .me-result")).to_have_text("Win 2–1")
    finally:
        context_1.close()
        context_2.close()

    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert AuditEntry.objects.filter(action=AuditAction.REPORT_CONFIRM).count() == 1
    assert {seat.entrant_id: seat.game_wins for seat in match.seats.all()} == {
        entrants[PLAYER_1].pk: 2,
        entrants[PLAYER_2].pk: 1,
    }


@pytest.mark.django_db(transaction=True)
def test_a_report_made_while_the_server_restarts_is_sent_when_it_is_back(site, phone_night, browser):  # noqa: F811
    from tournaments.models import Report

    event, match, entrants, _names = phone_night
    me_url = f"{site.url}/en/events/{event.pk}/me/"
    context, page = phone(browser, site.url, PLAYER_1, me_url)
    try:
        site.stop()
        report(page, 2, 0)
        expect(queue_line(page)).to_contain_text("Not sent yet")
        page = reopen(context, me_url)
        expect(page.locator("html")).to_have_attribute("data-offline-copy", STORED_AT)
        expect(page.locator("#offline-banner")).to_contain_text("You are offline. Last updated")
        expect(queue_line(page)).to_contain_text("Not sent yet")
        assert not Report.objects.exists()

        site.start()
        expect(queue_line(page)).to_contain_text("Sent.", timeout=SENT_AGAIN_MS)
        expect(page.locator(".me-report")).to_contain_text("Your report is recorded.", timeout=SENT_AGAIN_MS)
    finally:
        context.close()
    sent = Report.objects.get(match=match)
    assert sent.result["wins"] == {str(entrants[PLAYER_1].pk): 2, str(entrants[PLAYER_2].pk): 0}


@pytest.mark.django_db(transaction=True)
def test_a_kept_report_the_organiser_overtook_is_refused_plainly(site, phone_night, browser):  # noqa: F811
    from tournaments.models import Report
    from tournaments.services.results import record_result

    event, match, entrants, _names = phone_night
    me_url = f"{site.url}/en/events/{event.pk}/me/"
    context, page = phone(browser, site.url, PLAYER_1, me_url)
    try:
        context.set_offline(True)
        report(page, 2, 0)
        expect(queue_line(page)).to_contain_text("Not sent yet")
        record_result(match, event.organiser, wins={entrants[PLAYER_1].pk: 0, entrants[PLAYER_2].pk: 2})
        context.set_offline(False)
        refused = queue_line(page)
        expect(refused).to_contain_text("Not recorded: This match is closed: its result is confirmed.")
        expect(refused).to_contain_text("if it is wrong, call a judge")
        refused.get_by_role("button", name="Dismiss").tap()
        expect(queue_line(page)).to_have_count(0)
    finally:
        context.close()
    assert not Report.objects.exists()
    match.refresh_from_db()
    assert {seat.entrant_id: seat.game_wins for seat in match.seats.all()} == {
        entrants[PLAYER_1].pk: 0,
        entrants[PLAYER_2].pk: 2,
    }


COLD_BUDGET = 100_000  # bytes on the wire (headers and bodies) for a page and its files, nothing cached
WARM_BUDGET = 10_000  # the same page opened again when nothing changed
WEIGHT_REPORT = Path("/tmp/page-weight.txt")  # the numbers for docs/benchmarks.md


def bytes_on_the_wire(page, url):
    """What loading `url` costs on the wire, from the browser's own network log (Chrome DevTools
    Protocol: encodedDataLength counts headers and body as received; 0 for a cache hit)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    urls, received = {}, {}
    session.on("Network.requestWillBeSent", lambda event: urls.__setitem__(event["requestId"], event["request"]["url"]))
    session.on(
        "Network.loadingFinished", lambda event: received.__setitem__(event["requestId"], event["encodedDataLength"])
    )
    page.goto(url)
    page.wait_for_load_state("networkidle")
    session.detach()
    return sum(received.values()), {urls.get(key, key): size for key, size in received.items()}


@pytest.mark.django_db(transaction=True)
def test_the_players_page_is_light_on_a_weak_signal(site, phone_night, browser):  # noqa: F811
    """Cold ≤ 100 KB, warm ≤ 10 KB (issue 30), the public standings measured beside it. The service
    worker is blocked: these are the HTTP caches' own numbers, what a first visit pays."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    event, _match, _entrants, _names = phone_night
    client = Client()
    client.force_login(get_user_model().objects.get(username=PLAYER_1))
    lines = []
    for name, path in (("player's page", "me/"), ("standings", "standings/")):
        context = browser.new_context(**PHONE, service_workers="block")
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site.url}])
        page = context.new_page()
        try:
            url = f"{site.url}/en/events/{event.pk}/{path}"
            cold, cold_parts = bytes_on_the_wire(page, url)
            warm, warm_parts = bytes_on_the_wire(page, url)
            expect(page.locator("h1")).to_be_visible()
        finally:
            context.close()
        lines.append(f"{name}: cold {cold} B ({len(cold_parts)} requests), warm {warm} B ({len(warm_parts)} requests)")
        lines += [
            f"  cold {size:>6} B  warm {warm_parts.get(part, 0):>5} B  {part}" for part, size in cold_parts.items()
        ]
        assert cold <= COLD_BUDGET, (name, cold_parts)
        assert warm <= WARM_BUDGET, (name, warm_parts)
    WEIGHT_REPORT.write_text("\n".join(lines) + "\n")
