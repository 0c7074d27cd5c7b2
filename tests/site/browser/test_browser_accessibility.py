"""WCAG 2.2 AA, checked by a machine: axe-core runs in headless Chromium on every page of the site
(the lists of tests/site/test_every_page.py) as a visitor, a player, an organiser and a judge, at
390 px and at 1280 px. No serious or critical violation is allowed; a minor or moderate one must be
listed, with its reason, in docs/accessibility.md.

English is visited in full at both widths; French and Italian visit a representative page of each
template family (their markup is the same, only the words change: contrast and names are what a
language can break). docs/accessibility.md says so.
"""

import re
from pathlib import Path

import pytest

from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium
from tests.site.test_every_page import build_world, newcomer_pages, organiser_pages, pages, player_pages

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


def roles(world):
    """(username or None, [url paths]) for each role, English in full."""
    from django.contrib.auth import get_user_model

    from tournaments.services import staff

    get_user_model().objects.get_or_create(username="judy")
    staff.add_staff(world["event"], world["event"].organiser, "judy", "judge")
    return [
        (None, pages(world)),
        ("alice", player_pages(world)),
        ("newcomer", newcomer_pages(world)),
        ("organiser", organiser_pages(world)),
        ("judy", judge_pages(world)),
    ]


# French and Italian visit one page of each kind a person meets most (the first of each view in
# a role's list): French, the longest labels, on the phone; Italian on the desktop.
REPRESENTATIVE = {
    "home", "catalogue:card", "catalogue:game", "accounts:login", "accounts:signup", "accounts:profile",
    "decks:deck", "decks:deck_create", "decks:deck_edit", "decks:collection", "decks:bulk",
    "tournaments:events", "tournaments:event", "tournaments:standings", "tournaments:pairings",
    "tournaments:projector", "tournaments:timer", "tournaments:me", "tournaments:my_pool", "tournaments:register",
    "tournaments:event_create", "tournaments:manage", "tournaments:manage_players", "tournaments:manage_round",
    "tournaments:correction", "tournaments:judging", "tournaments:results_desk", "tournaments:decklists",
    "rules:game", "rules:compare", "rules:clash",
}  # fmt: skip
OTHER_LANGUAGES = (("fr", WIDTHS[0]), ("it", WIDTHS[1]))


def representative(urls):
    """The first page of each REPRESENTATIVE view in `urls`."""
    from django.urls import resolve

    seen, picked = set(), []
    for url in urls:
        view = resolve("/en/" + url.split("?")[0]).view_name
        if view in REPRESENTATIVE and view not in seen:
            seen.add(view)
            picked.append(url)
    return picked


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


def _axe(page, url, options):
    response = page.goto(url)
    assert response.status == 200, f"{url}: {response.status}"
    if page.locator("[data-builder]").count():
        page.locator("#live-verdict .verdict").wait_for()
    page.evaluate(AXE_SOURCE)
    return page.evaluate(RUN_AXE, options)


def _visits(urls, viewport):
    """(language, url, axe options) at this width: English in full, then the other language's sample."""
    english = AXE_OPTIONS if viewport is WIDTHS[1] else AXE_OPTIONS_NARROW
    visits = [("en", url, english) for url in urls]
    others = [language for language, width in OTHER_LANGUAGES if width is viewport]
    return visits + [(language, url, AXE_OPTIONS) for language in others for url in representative(urls)]


def _findings(browser, base, domain, username, urls):
    findings = []
    for viewport in WIDTHS:
        context = browser.new_context(viewport=viewport)
        if username is not None:
            context.add_cookies([_session_cookie(username, domain)])
        page = context.new_page()
        page.set_default_navigation_timeout(90_000)
        for language, url, options in _visits(urls, viewport):
            for violation in _axe(page, f"{base}/{language}/{url}", options):
                findings.append({"who": username, "width": viewport["width"], "url": f"/{language}/{url}", **violation})
        context.close()
    return findings


@pytest.mark.django_db(transaction=True)
def test_every_page_meets_wcag_22_aa_by_axe(live_server):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the pages' markup is the same on every database: the SQLite pass runs axe (CI time)")
    world = build_world()
    domain = live_server.url.split("//", 1)[1].split(":", 1)[0]
    findings = []
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            for username, urls in roles(world):
                findings += _findings(browser, live_server.url, domain, username, urls)
        finally:
            browser.close()
    blocking = [f for f in findings if f["impact"] in BLOCKING]
    undocumented = sorted({f["id"] for f in findings} - documented_rules())
    report = "\n".join(
        f"{f['impact']} {f['id']} {f['url']} ({f['who'] or 'visitor'}, {f['width']} px): {f['nodes']}"
        for f in [*blocking, *(f for f in findings if f["id"] in undocumented)][:40]
    )
    assert not blocking, f"{len(blocking)} serious or critical axe violations:\n{report}"
    assert not undocumented, f"axe findings not listed in docs/accessibility.md: {undocumented}\n{report}"
