"""Nothing lost by one click, in a real browser on a phone (390 px): a player pastes one line with
"Replace the whole collection", sees the preview say which cards would leave, confirms, then undoes
the replace from the collection's history and gets every card back. No page scrolls sideways."""

import re
from pathlib import Path

import pytest

from tests.site.browser.browser_support import CHROMIUM, CHROMIUM_ARGS, require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
SAMPLE_SET = Path(__file__).resolve().parents[3] / "sample" / "catalogue" / "dust-collectorz-pr1.json"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "en-GB"}
USERNAME = "remy_replacer"
PASSWORD = "Binder-Safe-2026"
SCREENSHOT = Path("/tmp/browser-collection-preview.png")


@pytest.fixture
def binder():
    """Ten cards, 39 copies, in a collection of the player's."""
    from django.contrib.auth import get_user_model

    from catalogue.models import Card
    from catalogue.services import import_catalogue_file
    from decks.models import Collection

    import_catalogue_file(SAMPLE_SET)
    player = get_user_model().objects.create_user(username=USERNAME, email="remy@example.org", password=PASSWORD)
    collection = Collection.objects.create(owner=player, name="Trade binder")
    for index, card in enumerate(Card.objects.filter(card_set__code="PR1").order_by("number")[:10]):
        collection.items.create(card=card, qty=index % 3 + 3)
    return collection


def fits(page):
    return page.evaluate("() => document.documentElement.scrollWidth") <= 390


@pytest.mark.django_db(transaction=True)
def test_replace_asks_first_and_undo_brings_every_card_back(live_server, binder):
    before = binder.owned()
    base = live_server.url
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.set_default_timeout(15_000)
        expect.set_options(timeout=15_000)
        try:
            page.goto(f"{base}/en/accounts/login/")
            page.get_by_label("Username").fill(USERNAME)
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("main").get_by_role("button", name="Log in").click()
            expect(page).to_have_url(f"{base}/en/")

            collection_url = f"{base}/en/collections/{binder.pk}/"
            page.goto(collection_url)
            expect(page.get_by_role("main").locator(".counts")).to_have_text("39 copies · 10 distinct cards")
            assert fits(page)

            # One pasted line, "Replace the whole collection": a preview, nothing written yet.
            page.get_by_role("link", name="Import a list").click()
            page.get_by_label("Paste a list").fill("2 Fluffnip")
            page.get_by_label("Replace the whole collection with this list").check()
            page.get_by_role("main").get_by_role("button", name="Preview the import").click()
            preview = page.locator("#import-preview")
            expect(preview.get_by_role("heading")).to_have_text("Preview: nothing is saved yet")
            expect(preview.locator(".totals")).to_contain_text("9 cards leave the collection")
            expect(preview.locator("table.changes tbody tr")).to_have_count(10)
            expect(preview.locator("table.changes tbody tr.removed")).to_have_count(9)
            page.screenshot(path=str(SCREENSHOT), full_page=True)
            assert fits(page), "the preview scrolls sideways on a phone"
            assert binder.owned() == before, "the preview wrote to the collection"

            # Confirm: the collection holds the one line; the page offers to undo it.
            preview.get_by_role("button", name="Confirm the import").click()
            expect(page).to_have_url(collection_url)
            expect(page.get_by_role("main").locator(".counts")).to_have_text("2 copies · 1 distinct card")
            expect(page.get_by_role("button", name="Undo this change")).to_be_visible()

            # Undo from the history: every card is back.
            page.get_by_role("link", name="History and undo").click()
            expect(page).to_have_url(f"{collection_url}history/")
            entry = page.locator("li.history-entry").first
            expect(entry).to_contain_text("Import: collection replaced")
            assert fits(page)
            entry.get_by_role("button", name="Undo this change").click()
            expect(page.get_by_text("Undone: 10 cards are back as they were.")).to_be_visible()
            expect(page.locator("li.history-entry").first).to_contain_text("Undo")
            expect(page.locator("li.history-entry").nth(1).locator(".badge")).to_have_text("undone")
            page.goto(collection_url)
            expect(page.get_by_role("main").locator(".counts")).to_have_text("39 copies · 10 distinct cards")
            assert binder.owned() == before

            # Empty asks first too.
            page.get_by_role("link", name=re.compile(r"^Empty$")).click()
            expect(page.get_by_role("heading", level=1)).to_have_text("Empty Trade binder?")
            assert binder.owned() == before and fits(page)
        finally:
            context.close()
            browser.close()


@pytest.mark.django_db(transaction=True)
def test_a_row_made_foil_on_a_phone_is_filtered_and_undone(live_server, binder):
    """390 px: a row's Edit makes its copies foil, the Finish filter finds them, and the page's Undo
    button (a single card's change is in the history) puts them back."""
    before = binder.owned()
    base = live_server.url
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.set_default_timeout(15_000)
        expect.set_options(timeout=15_000)
        try:
            page.goto(f"{base}/en/accounts/login/")
            page.get_by_label("Username").fill(USERNAME)
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("main").get_by_role("button", name="Log in").click()
            expect(page).to_have_url(f"{base}/en/")

            collection_url = f"{base}/en/collections/{binder.pk}/"
            page.goto(collection_url)
            row = page.locator(".collection-table tbody tr", has_text="Fluffnip")
            expect(row.locator("td.variant")).to_have_text("Normal · Near Mint")
            row.locator("summary", has_text="Edit").click()
            row.get_by_label("Finish").select_option(label="Foil")
            row.get_by_label("Tags").fill("trade")
            assert fits(page), "the open Edit form scrolls sideways on a phone"
            row.get_by_role("button", name="Save").click()
            expect(page.get_by_text("Fluffnip: now Foil · Near Mint.")).to_be_visible()
            assert fits(page)

            page.get_by_label("Finish").first.select_option(label="Foil")
            page.get_by_role("button", name="Filter").click()
            rows = page.locator(".collection-table tbody tr")
            expect(rows).to_have_count(1)
            expect(rows.first.locator("td.variant")).to_contain_text("Foil · Near Mint")
            expect(rows.first.locator(".tag")).to_have_text("trade")
            assert fits(page)

            page.goto(collection_url)
            page.get_by_label("Finish").first.select_option(label="Foil")
            page.get_by_role("button", name="Filter").click()
            page.locator(".collection-table tbody tr").first.get_by_role("button", name="Add").click()
            page.get_by_role("button", name="Undo this change").click()
            expect(page.get_by_text("Undone: 1 card is back as it was.")).to_be_visible()
            assert binder.owned() == before
            assert binder.items.get(card__name="Fluffnip").finish == "foil"
        finally:
            context.close()
            browser.close()
