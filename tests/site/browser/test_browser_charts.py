"""Deck charts readable on a phone: headless Chromium at 390 × 844 opens a Dust Collectorz and a
DBZ deck page and measures every chart text as drawn (its font size times the SVG's scale on
screen). Each is at least 11 CSS px, and the page does not scroll sideways."""

import pytest

from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
PHONE = {"width": 390, "height": 844}
SMALLEST_PX = 11

# The drawn size of each visible chart text: computed font size × (rendered width / viewBox width).
MEASURE = """() => {
  const sizes = [];
  for (const svg of document.querySelectorAll("figure.chart svg")) {
    const box = svg.getBoundingClientRect();
    if (!box.width) continue;  // the drawing this width does not show
    const scale = box.width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll("text")) {
      sizes.push({text: text.textContent, px: parseFloat(getComputedStyle(text).fontSize) * scale});
    }
  }
  return {sizes, scroll: document.documentElement.scrollWidth, inner: window.innerWidth};
}"""


def _decks():
    from django.contrib.auth import get_user_model

    from catalogue.models import Card, Game
    from decks.services import decks as deck_services

    owner = get_user_model().objects.create_user("chartist", password="Charts-at-390")
    game = Game.objects.get(slug="dust-collectorz")
    cards = list(Card.objects.filter(card_set__game=game).order_by("number")[:12])
    collectorz = deck_services.create_deck(owner, "Phone chart", game, "dc-prerelease", "public", {cards[0].pk: 1})
    deck_services.save_version(collectorz, {card.pk: 2 for card in cards}, {})
    dbz = Game.objects.get(slug="dbz-ccg")
    text = "Main Personality: Goku\nTokui-Waza: Saiyan\n1 Goku (Level 1)\n1 Goku (Level 2)\n2 Saiyan Final Push"
    dbz_deck = deck_services.create_deck(
        owner, "Saiyan phone", dbz, "dbz-expanded", "public", *deck_services.cards_from_decklist(text, dbz)
    )
    return [f"decks/{collectorz.pk}/", f"decks/{dbz_deck.pk}/"]


@pytest.mark.django_db(transaction=True)
def test_chart_text_is_at_least_11_px_at_390_px(live_server, sample):
    urls = _decks()
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_context(viewport=PHONE).new_page()
            page.set_default_timeout(15_000)
            for language in ("en", "fr"):
                for url in urls:
                    assert page.goto(f"{live_server.url}/{language}/{url}").status == 200
                    drawn = page.evaluate(MEASURE)
                    assert len(drawn["sizes"]) > 5, f"/{language}/{url}: no chart drawn"
                    small = [size for size in drawn["sizes"] if size["px"] < SMALLEST_PX - 0.05]
                    assert not small, f"/{language}/{url}: chart text under {SMALLEST_PX} px: {small[:5]}"
                    assert drawn["scroll"] <= drawn["inner"], f"/{language}/{url} scrolls sideways"
            # On a wide screen the wide drawing is the one shown.
            page.set_viewport_size({"width": 1280, "height": 900})
            page.goto(f"{live_server.url}/en/{urls[0]}")
            assert page.locator(".chart-wide svg").is_visible() and not page.locator(".chart-narrow svg").is_visible()
        finally:
            browser.close()
