"""WCAG 2.2 AA, checked by a machine: axe-core runs in headless Chromium on every page of the site
(the lists of tests/site/test_every_page.py, plus pages only a state shows: a password-reset link,
an unknown join code, a missing page) as a visitor, a player, an organiser, a judge and the site's
administrator, in English, French and Italian, at 390 px and at 1280 px. No serious or critical
violation is allowed; a minor or moderate one must be listed, with its reason, in
docs/accessibility.md. The hall screens (projector, clock) are held to 7:1, read from afar.
"""

import re
from pathlib import Path

import pytest

from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium
from tests.site.test_every_page import (
    LANGUAGES,
    admin_pages,
    build_world,
    newcomer_pages,
    organiser_pages,
    pages,
    player_pages,
)

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
axe_package = pytest.importorskip(
    "axe_playwright_python",
    reason="axe-playwright-python (axe-core) is not installed: pip install -r requirements-dev.txt",
)
AXE_SOURCE = (Path(axe_package.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
DOC = Path(__file__).resolve().parents[3] / "docs" / "accessibility.md"
WIDTHS = ({"width": 390, "height": 844}, {"width": 1280, "height": 900})
BLOCKING = {"serious", "critical"}
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
    "resultTypes": ["violations"],
}
# The markup is the same at every width: at 390 px only the rules whose outcome the layout can
# change run (colours of the phone's pill menus, sizes and spacing of targets, boxes that scroll,
# reflow); every rule runs at 1280 px. Halves the run's time.
LAYOUT_RULES = ["color-contrast", "target-size", "scrollable-region-focusable", "meta-viewport", "css-orientation-lock"]
AXE_OPTIONS_NARROW = {"runOnly": {"type": "rule", "values": LAYOUT_RULES}, "resultTypes": ["violations"]}
# Only what a report needs: the rule, its weight and the first few elements it names.
RUN_AXE = """async (options) => {
  const results = await axe.run(document, options);
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + " | " + (n.failureSummary || "").split("\\n").slice(1, 2).join("")),
  }));
}"""


def judge_pages(world):
    """What a judge works on: the judging desk, the results console, a match, decklists."""
    event = world["event"]
    entrant = event.entrants.order_by("pk").first()
    match = event.rounds.get(number=1).matches.filter(is_bye=False).first()
    return [
        f"events/{event.pk}/",
        f"events/{event.pk}/manage/judging/",
        f"events/{event.pk}/manage/results/",
        f"events/{event.pk}/manage/matches/{match.pk}/",
        f"events/{event.pk}/manage/matches/{match.pk}/correction/",
        f"events/{event.pk}/manage/decklists/",
        f"events/{event.pk}/manage/entrants/{entrant.pk}/decklist/",
    ]


def state_pages():
    """Pages only a state shows, with the status they answer: the link of a password-reset e-mail
    (valid, and used or wrong), a join code nobody has, a page that does not exist."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    alice = get_user_model().objects.get(username="alice")
    uid = urlsafe_base64_encode(force_bytes(alice.pk))
    return [
        (f"accounts/password/reset/{uid}/{default_token_generator.make_token(alice)}/", 200),
        (f"accounts/password/reset/{uid}/wrong-token/", 200),
        ("events/join/NOSUCHCODE/", 404),
        ("events/999999/", 404),
    ]


def roles(world):
    """(username or None, [url paths], {url: status}) for each role: the pages it works on, and the
    public pages of the events as it sees them (its own links and tiles)."""
    from django.contrib.auth import get_user_model

    from tournaments.services import staff

    get_user_model().objects.get_or_create(username="judy")
    staff.add_staff(world["event"], world["event"].organiser, "judy", "judge")
    event, sealed = world["event"], world["sealed"]
    as_seen = [f"events/{event.pk}/", f"events/{event.pk}/standings/", f"events/{sealed.pk}/"]
    states = state_pages()
    return [
        (None, pages(world) + [url for url, _status in states], dict(states)),
        ("alice", as_seen + player_pages(world), {}),
        ("newcomer", newcomer_pages(world), {}),
        ("organiser", as_seen + organiser_pages(world), {}),
        ("judy", judge_pages(world), {}),
        ("admin", admin_pages(world), {}),
    ]


def documented_rules():
    """The axe rule ids docs/accessibility.md lists as known minor or moderate findings."""
    if not DOC.exists():
        return set()
    return set(re.findall(r"^\| `([a-z0-9-]+)` \|", DOC.read_text(encoding="utf-8"), flags=re.MULTILINE))


def _session_cookie(username, domain):
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "domain": domain, "path": "/"}


def _load(page, url, status=200):
    """Open `url` (answering `status`), wait for what its scripts draw after load, and add axe-core."""
    response = page.goto(url)
    assert response.status == status, f"{url}: {response.status}"
    if page.locator("[data-builder]").count():
        page.locator("#live-verdict .verdict").wait_for()
    page.evaluate(AXE_SOURCE)


def _axe(page, url, options, status=200):
    _load(page, url, status)
    return page.evaluate(RUN_AXE, options)


# Two animation frames: the resize event has fired and what site.js does on it (a scroll box that
# takes the focus, in a frame of its own) is done before axe looks.
AFTER_RESIZE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _findings(browser, base, domain, username, urls, statuses, language):
    """Every page in one language at both widths from one load (CI time): loaded at 390 px for the
    layout's rules, then widened to 1280 px, as a window is, for every rule. The CSS's media queries
    and the scripts' resize handlers follow the width; the markup is the same."""
    narrow, wide = WIDTHS
    context = browser.new_context(viewport=narrow)
    if username is not None:
        context.add_cookies([_session_cookie(username, domain)])
    page = context.new_page()
    page.set_default_navigation_timeout(90_000)
    findings = []
    for url in urls:
        page.set_viewport_size(narrow)
        _load(page, f"{base}/{language}/{url}", statuses.get(url, 200))
        for viewport, options in ((narrow, AXE_OPTIONS_NARROW), (wide, AXE_OPTIONS)):
            if viewport is wide:
                page.set_viewport_size(wide)
                page.evaluate(AFTER_RESIZE)
            for violation in page.evaluate(RUN_AXE, options):
                who = username or "visitor"
                findings.append({"who": who, "width": viewport["width"], "url": f"/{language}/{url}", **violation})
    context.close()
    return findings


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", LANGUAGES)  # one test a language: CI's two processes share them
def test_every_page_meets_wcag_22_aa_by_axe(live_server, language):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the pages' markup is the same on every database: the SQLite pass runs axe (CI time)")
    world = build_world()
    domain = live_server.url.split("//", 1)[1].split(":", 1)[0]
    findings = []
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            for username, urls, statuses in roles(world):
                findings += _findings(browser, live_server.url, domain, username, urls, statuses, language)
        finally:
            browser.close()
    blocking = [f for f in findings if f["impact"] in BLOCKING]
    undocumented = sorted({f["id"] for f in findings} - documented_rules())
    report = "\n".join(
        f"{f['impact']} {f['id']} {f['url']} ({f['who']}, {f['width']} px): {f['nodes']}"
        for f in [*blocking, *(f for f in findings if f["id"] in undocumented)][:40]
    )
    assert not blocking, f"{len(blocking)} serious or critical axe violations:\n{report}"
    assert not undocumented, f"axe findings not listed in docs/accessibility.md: {undocumented}\n{report}"


def error_pages(language):
    """{status: HTML} of the pages only a failure shows, rendered by the site's own handlers in
    `language`: a bad request, a refusal, a server error, the database away."""
    from django.core.exceptions import PermissionDenied
    from django.test import RequestFactory
    from django.utils import translation
    from django.views.defaults import permission_denied

    from config import urls
    from core.db_blips import unavailable_response

    request = RequestFactory().get(f"/{language}/events/")
    request.user = None
    with translation.override(language):
        answers = {
            400: urls.handler400(request),
            403: permission_denied(request, PermissionDenied()),
            500: urls.handler500(request),
            503: unavailable_response(request),
        }
    return {status: answer.content.decode() for status, answer in answers.items()}


def _answer(status, html):
    """A route handler that answers as the site's failure would."""

    def fulfill(route):
        route.fulfill(status=status, body=html, content_type="text/html; charset=utf-8")

    return fulfill


@pytest.mark.django_db(transaction=True)
def test_the_error_pages_meet_wcag_22_aa_by_axe(live_server):
    """Served at a URL of the site (the browser fetches the site's own CSS), as a failure would."""
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the pages' markup is the same on every database: the SQLite pass runs axe (CI time)")
    findings = []
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            for viewport in WIDTHS:
                options = AXE_OPTIONS if viewport is WIDTHS[1] else AXE_OPTIONS_NARROW
                page = browser.new_page(viewport=viewport)
                for language in LANGUAGES:
                    for status, html in error_pages(language).items():
                        assert f'<html lang="{language}"' in html, f"the {status} page is not in {language}"
                        url = f"{live_server.url}/{language}/error-page-{status}/"
                        page.route(url, _answer(status, html))
                        for violation in _axe(page, url, options, status):
                            findings.append({"who": "visitor", "width": viewport["width"], "url": url, **violation})
                page.close()
        finally:
            browser.close()
    blocking = [f for f in findings if f["impact"] in BLOCKING]
    undocumented = sorted({f["id"] for f in findings} - documented_rules())
    assert not blocking, f"serious or critical axe violations on the error pages: {blocking[:10]}"
    assert not undocumented, f"axe findings not listed in docs/accessibility.md: {undocumented}"


HALL_SCREENS = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})
ENHANCED_CONTRAST = {"runOnly": {"type": "rule", "values": ["color-contrast-enhanced"]}, "resultTypes": ["violations"]}


def clock_states(event):
    """The clock as the hall sees it: running, under 5 minutes, time up, paused, not running."""
    import datetime

    from django.utils import timezone

    from tournaments.models import Clock

    now = timezone.now()
    yield "running", {"ends_at": now + datetime.timedelta(minutes=40), "paused_seconds": None}
    yield "under 5 minutes", {"ends_at": now + datetime.timedelta(minutes=4), "paused_seconds": None}
    yield "time up", {"ends_at": now - datetime.timedelta(minutes=1), "paused_seconds": None}
    yield "paused", {"ends_at": None, "paused_seconds": 1500}
    yield "not running", {"ends_at": None, "paused_seconds": None}
    Clock.objects.filter(event=event).update(ends_at=now + datetime.timedelta(minutes=40), paused_seconds=None)


@pytest.mark.django_db(transaction=True)
def test_the_hall_screens_meet_seven_to_one_in_every_state(live_server):
    """Read from the back of a hall (issue 30, WCAG 1.4.6): every text of the projector and the clock,
    deck building included, is at least 7:1 against its background, whatever the clock's state, in
    every language, on a 1280 and a 1920 px screen."""
    from tournaments.models import Clock

    world = build_world()
    event, sealed = world["event"], world["sealed"]
    findings = []
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            for screen in HALL_SCREENS:
                page = browser.new_context(viewport=screen).new_page()
                page.set_default_navigation_timeout(90_000)
                hall = [(f"events/{sealed.pk}/{view}/", "deck building") for view in ("projector", "timer")]
                for state, clock in clock_states(event):
                    Clock.objects.filter(event=event).update(**clock)
                    hall += [(f"events/{event.pk}/{view}/", state) for view in ("projector", "timer")]
                    for language in LANGUAGES:
                        for url, shown in hall:
                            for violation in _axe(page, f"{live_server.url}/{language}/{url}", ENHANCED_CONTRAST):
                                findings.append(f"/{language}/{url} ({shown}, {screen['width']} px): {violation}")
                    hall = []
                page.context.close()
        finally:
            browser.close()
    assert not findings, "hall screen texts under 7:1:\n" + "\n".join(findings[:20])
