"""A player's first visit, driven through headless Chromium (Playwright's sync API).

Signs up, switches the interface to French, then browses the Dust Collectorz catalogue:
filters by tribe and by a name typed with other accents and case, and opens a card.
"""

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from tests.site.browser.browser_support import require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
SCREENSHOT = Path("/tmp/browser-catalogue.png")

# Our own invented cards; the dust-collectorz game row is created after every migrate and flush.
CATALOGUE = {
    "game": "dust-collectorz",
    "set": {"code": "BRT", "name": "Brittle Tides", "released_on": "2025-03-14"},
    "tribes": [
        {"name": "Gloomfang", "beats": "Rustclaw"},
        {"name": "Rustclaw", "beats": "Mothwing"},
        {"name": "Mothwing", "beats": "Cinderhusk"},
        {"name": "Cinderhusk", "beats": "Brambleback"},
        {"name": "Brambleback", "beats": "Gloomfang"},
    ],
    "cards": [
        {
            "number": "001",
            "name": "Ébène la Rôdeuse",
            "type": "champion",
            "tribe": "Gloomfang",
            "rank": "gold",
            "ability": "Ambush",
            "stats": {"power": 7, "speed": 5, "health": 6, "cunning": 8},
            "text": "Strikes first when the lanterns go out.",
        },
        {
            "number": "002",
            "name": "Rôdeur des Cendres",
            "type": "champion",
            "tribe": "Cinderhusk",
            "rank": "bronze",
            "ability": "Ember Trail",
            "stats": {"power": 3, "speed": 6, "health": 4, "cunning": 5},
        },
        {
            "number": "003",
            "name": "Gloomfang Whelp",
            "type": "champion",
            "tribe": "Gloomfang",
            "rank": "bronze",
            "ability": "Ambush",
            "stats": {"power": 2, "speed": 4, "health": 3, "cunning": 2},
        },
        {
            "number": "004",
            "name": "Mothwing Courier",
            "type": "champion",
            "tribe": "Mothwing",
            "rank": "silver",
            "ability": "Relay",
            "stats": {"power": 3, "speed": 9, "health": 2, "cunning": 4},
        },
        {"number": "005", "name": "Bramble Snare", "type": "counter", "ability": "Trap", "text": "Stop one attack."},
    ],
}


def french(message):
    """What the French interface shows for `message` (English until it has a translation)."""
    with translation.override("fr"):
        return translation.gettext(message)


@pytest.fixture
def dust_catalogue(tmp_path):
    from catalogue.services import import_catalogue_file

    path = tmp_path / "brittle-tides.json"
    path.write_text(json.dumps(CATALOGUE, ensure_ascii=False), encoding="utf-8")
    import_catalogue_file(path)


@pytest.mark.django_db(transaction=True)
def test_sign_up_switch_to_french_and_browse_catalogue(live_server, dust_catalogue, browser_page):
    from django.contrib.auth import get_user_model

    page = browser_page
    base = live_server.url
    username = "tessa_tidewalker"

    # Home page in English, then the sign-up form from the header.
    page.goto(f"{base}/en/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    main_nav = page.get_by_role("navigation", name="Main")
    main_nav.get_by_role("link", name="Sign up").click()
    expect(page).to_have_url(f"{base}/en/accounts/signup/")

    page.get_by_label("Username").fill(username)
    page.get_by_label("Email").fill("tessa@example.org")
    page.get_by_label("Preferred language").select_option(label="English")
    page.get_by_label(re.compile(r"^Password\W*$")).fill("Brittle-Tides-7731")
    page.get_by_label("Password confirmation").fill("Brittle-Tides-7731")
    page.get_by_role("main").get_by_role("button", name="Sign up").click()

    # Signed in: back home, welcomed, username in the header.
    expect(page).to_have_url(f"{base}/en/")
    expect(page.get_by_text("Welcome! Your account has been created.")).to_be_visible()
    expect(main_nav.get_by_role("link", name=username)).to_be_visible()
    expect(main_nav.get_by_role("button", name="Log out")).to_be_visible()

    # The header's language menu switches to French and stays on the same page.
    page.get_by_label("Language", exact=True).select_option("fr")
    page.wait_for_url(f"{base}/fr/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_label(french("Language"), exact=True)).to_have_value("fr")
    main_nav = page.get_by_role("navigation", name=french("Main"))
    expect(main_nav.get_by_role("link", name=username)).to_be_visible()
    # One French word, from the same catalogue the server renders with ("Se déconnecter").
    log_out = french("Log out")
    assert log_out != "Log out", "expected a French translation for the header's log-out button"
    expect(main_nav.get_by_role("button", name=log_out)).to_be_visible()
    assert get_user_model().objects.get(username=username).preferred_language == "fr"

    # Catalogue -> Dust Collectorz, still in French.
    main_nav.get_by_role("link", name=french("Catalogue")).click()
    expect(page).to_have_url(f"{base}/fr/catalogue/")
    page.get_by_role("link", name="Dust Collectorz: Champions Unleashed").click()
    expect(page).to_have_url(f"{base}/fr/catalogue/dust-collectorz/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Dust Collectorz")

    filters = page.get_by_role("search")
    tribe = filters.get_by_role("combobox", name=french("Tribe"))
    name = filters.get_by_role("searchbox", name=french("Name"))
    apply_filters = filters.get_by_role("button", name=french("Filter"))
    card_links = page.get_by_role("table").get_by_role("link")
    expect(card_links).to_have_count(5)

    # By tribe: both Gloomfang champions, nobody else.
    tribe.select_option("Gloomfang")
    apply_filters.click()
    expect(page).to_have_url(re.compile(r"/fr/catalogue/dust-collectorz/\?.*\btribe=Gloomfang\b"))
    expect(card_links).to_have_text(["Ébène la Rôdeuse", "Gloomfang Whelp"])

    # Add a name typed with other accents and case: "rÖdEU" finds "Rôdeuse" within Gloomfang.
    name.fill("rÖdEU")
    apply_filters.click()
    expect(card_links).to_have_text(["Ébène la Rôdeuse"])
    expect(name).to_have_value("rÖdEU")
    expect(tribe).to_have_value("Gloomfang")

    # The name alone also finds the Cinderhusk "Rôdeur".
    tribe.select_option("")
    apply_filters.click()
    expect(card_links).to_have_text(["Ébène la Rôdeuse", "Rôdeur des Cendres"])

    # The card page shows its facts and its four stats.
    card_links.filter(has_text="Ébène la Rôdeuse").click()
    expect(page).to_have_url(f"{base}/fr/catalogue/dust-collectorz/BRT/001/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_text("Ébène la Rôdeuse")
    facts = page.locator("dl.facts")
    expect(facts).to_contain_text("Brittle Tides (BRT) · 001")
    expect(facts).to_contain_text("Gloomfang")
    expect(facts).to_contain_text("Rustclaw")  # beats
    expect(facts).to_contain_text("Brambleback")  # beaten by
    expect(facts).to_contain_text("Ambush")
    stats = page.get_by_role("table")
    expect(stats.get_by_role("columnheader")).to_have_text(
        [french("Power"), french("Speed"), french("Health"), french("Cunning")]
    )
    expect(stats.get_by_role("cell")).to_have_text(["7", "5", "6", "8"])
    # Another card with the same ability is linked.
    expect(page.get_by_role("link", name="Gloomfang Whelp")).to_be_visible()

    page.screenshot(path=str(SCREENSHOT), full_page=True)
