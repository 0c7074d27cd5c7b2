"""A player builds a legal pre-release deck from their sealed pool, driven through headless Chromium.

Logs in, registers the pool as a collection by pasting a list, creates an empty Dust Collectorz
pre-release deck, types 31 cards into the builder (the live check says "Not legal · 31 cards"),
adds the 32nd with the builder's card search and "+" button (the live check turns "Legal" without
a page load), saves a version, then checks the deck against the collection.
"""

import re
from pathlib import Path

import pytest

from tests.site.browser.browser_support import require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
SAMPLE_SET = Path(__file__).resolve().parents[3] / "sample" / "catalogue" / "dust-collectorz-pr1.json"
BUILDER_SCREENSHOT = Path("/tmp/browser-builder.png")
DECK_SCREENSHOT = Path("/tmp/browser-deck.png")
USERNAME = "pia_poolplayer"
PASSWORD = "Dusty-Pool-2110"
COLLECTION = "Prerelease pool 21 Oct"
DECK = "Lint and rust sealed"
# The champion added with the builder's search, not typed: the last line of the legal list.
SEARCHED_CARD = "The Grand Hoarder"
EXTRA_CARD = "Open Window"  # in the pool, not in the deck

# dc-prerelease, Deck Composition 1-2: per tribe 2 Bronze, 2 Silver, 1 Gold, 1 Platinum or Epic.
SLOTS = [("bronze",), ("bronze",), ("silver",), ("silver",), ("gold",), ("platinum", "epic")]
MAX_SHARING = 2  # Deck Composition 3: at most 2 Bronze/Silver cards with the same ability


def legal_deck(last):
    """32 card names that make a legal dc-prerelease deck from the imported sample set, `last` last.

    Bronze and Silver cards are chosen with backtracking so no ability is shared by more than two
    of them across the whole deck; Platinum (never Epic) fills the top slot; two counters.
    `last` must be a champion the search can pick (it is preferred for its slot).
    """
    from catalogue.models import Card

    cards = list(Card.objects.filter(card_set__code="PR1").select_related("tribe").order_by("number"))
    tribes = sorted({card.tribe.name for card in cards if card.tribe})
    assert len(tribes) == 5

    picks = []  # one card per (tribe, slot), in order
    wanted = [(tribe, slot) for tribe in tribes for slot in SLOTS]

    def fits(card, chosen):
        if card in chosen:
            return False
        if card.rank in ("bronze", "silver"):
            sharing = sum(1 for other in chosen if other.rank in ("bronze", "silver") and other.ability == card.ability)
            return sharing < MAX_SHARING
        return True

    def search(index):
        if index == len(wanted):
            return True
        tribe, ranks = wanted[index]
        options = [c for c in cards if c.tribe and c.tribe.name == tribe and c.rank == ranks[0]]
        options.sort(key=lambda c: c.name != last)  # prefer `last` for its slot
        for card in options:
            if fits(card, picks):
                picks.append(card)
                if search(index + 1):
                    return True
                picks.pop()
        return False

    assert search(0), "no legal deck in the sample set"
    counters = [c for c in cards if c.type == "counter"][:2]
    names = [card.name for card in picks + counters]
    names.remove(last)
    names.append(last)
    assert len(names) == len(set(names)) == 32
    return names


@pytest.fixture
def sample_set():
    from catalogue.services import import_catalogue_file

    import_catalogue_file(SAMPLE_SET)


@pytest.fixture
def player():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=USERNAME, email="pia@example.org", password=PASSWORD)


@pytest.mark.django_db(transaction=True)
def test_build_legal_prerelease_deck_from_collection(live_server, sample_set, player, browser_page):
    from decks.models import Collection, Deck
    from decks.services.legality import validate_request

    page = browser_page
    base = live_server.url
    deck_names = legal_deck(SEARCHED_CARD)
    # The list really is legal (the server's own engine says so) before the browser is involved.
    assert validate_request("dc-prerelease", decklist="\n".join(f"1 {name}" for name in deck_names))["legal"]

    # Log in.
    page.goto(f"{base}/en/accounts/login/")
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}/en/")
    main_nav = page.get_by_role("navigation", name="Main")
    expect(main_nav.get_by_role("link", name=USERNAME)).to_be_visible()

    # My collections -> a new collection for the sealed pool.
    main_nav.get_by_role("link", name="My collections").click()
    expect(page).to_have_url(f"{base}/en/collections/")
    expect(page.get_by_text("You have no collections yet.")).to_be_visible()
    page.get_by_label("Name").fill(COLLECTION)
    page.get_by_role("main").get_by_role("button", name="Create").click()
    expect(page).to_have_url(re.compile(rf"{re.escape(base)}/en/collections/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text(COLLECTION)
    expect(page.get_by_text("Collection created.")).to_be_visible()
    collection_url = page.url

    # Import a list: the 32 deck cards plus one more.
    page.get_by_role("link", name="Import a list").click()
    expect(page).to_have_url(f"{collection_url}import/")
    pool_text = "\n".join(f"1 {name}" for name in [*deck_names, EXTRA_CARD])
    page.get_by_label("Paste a list").fill(pool_text)
    page.get_by_role("main").get_by_role("button", name="Preview the import").click()
    expect(page.locator("#import-preview .totals")).to_contain_text("33 copies added")
    page.get_by_role("button", name="Confirm the import").click()
    expect(page).to_have_url(collection_url)
    expect(page.get_by_text("33 lines imported.")).to_be_visible()
    expect(page.get_by_role("main").locator(".counts")).to_have_text("33 copies · 33 distinct cards")
    card_links = page.locator("table.table tbody tr td:first-child a")
    expect(card_links).to_have_count(33)
    expect(card_links).to_have_text(sorted([*deck_names, EXTRA_CARD]))
    collection = Collection.objects.get(owner=player, name=COLLECTION)
    assert sum(collection.owned().values()) == 33

    # Decks -> New deck: the pre-release format, no cards yet.
    main_nav.get_by_role("link", name="Decks").click()
    expect(page).to_have_url(f"{base}/en/decks/")
    page.get_by_role("link", name="New deck").click()
    expect(page).to_have_url(f"{base}/en/decks/new/")
    page.get_by_label("Name").fill(DECK)
    page.get_by_label("Format").select_option(
        label="Dust Collectorz pre-release (Dust Collectorz: Champions Unleashed)"
    )
    expect(page.get_by_label("Decklist (optional)")).to_have_value("")
    page.get_by_role("main").get_by_role("button", name="Create").click()
    expect(page).to_have_url(re.compile(rf"{re.escape(base)}/en/decks/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text(DECK)
    expect(page.get_by_text("This deck has no cards yet.")).to_be_visible()
    deck_url = page.url
    deck = Deck.objects.get(owner=player, name=DECK)
    assert deck.format_slug == "dc-prerelease"

    # The builder: type 31 cards; the live check (no page load) says why it is not legal yet.
    page.get_by_role("link", name="Edit cards").click()
    expect(page).to_have_url(f"{deck_url}edit/")
    live_verdict = page.locator("#live-verdict")
    live_counts = page.locator("#live-counts")
    decklist = page.get_by_label(re.compile(r"^Decklist\W*$"))
    expect(decklist).to_have_value("")
    expect(live_verdict).to_contain_text("0 cards")  # the check the page runs on load

    decklist.fill("\n".join(f"1 {name}" for name in deck_names[:31]))
    expect(live_verdict.locator(".verdict-head strong")).to_have_text("Not legal")
    expect(live_verdict).to_contain_text("31 cards")
    expect(live_verdict.locator('li[data-code="deck_size"]')).to_contain_text("The deck has 31 cards; it must have 32.")

    # Searching the catalogue keeps the unsaved list (the search fields belong to the decklist form).
    search = page.get_by_role("search")
    search.get_by_role("searchbox", name="Name").fill("grand hoard")
    search.get_by_role("button", name="Search").click()
    add_button = page.locator(f'[data-add-card="{SEARCHED_CARD}"]')
    expect(add_button).to_be_visible()
    expect(page.locator("ul.search-results li")).to_have_count(1)
    expect(decklist).to_have_value("\n".join(f"1 {name}" for name in deck_names[:31]))
    expect(live_verdict).to_contain_text("31 cards")
    assert Deck.objects.get(pk=deck.pk).latest_version().number == 1, "searching saved a version"

    # "+" adds the card to the textarea and re-checks without leaving the page.
    marker = page.evaluate("() => (window.__builderMarker = Math.random())")
    add_button.click()
    expect(decklist).to_have_value(re.compile(rf"\n1 {re.escape(SEARCHED_CARD)}$"))
    expect(live_verdict.locator(".verdict-head strong")).to_have_text("Legal")
    expect(live_verdict).to_contain_text("32 cards")
    expect(live_verdict.locator(".verdict")).to_have_class(re.compile(r"\blegal\b"))
    expect(live_verdict.locator(".violations")).to_have_count(0)
    assert page.evaluate("() => window.__builderMarker") == marker, "the + button reloaded the page"
    assert Deck.objects.get(pk=deck.pk).latest_version().number == 1, "the + button saved a version"

    # Counts: every tribe has its 6 champions (last column of each row).
    count_rows = live_counts.locator("table.counts-table tbody tr")
    expect(count_rows).to_have_count(5)
    expect(count_rows.locator("td:last-child")).to_have_text(["6"] * 5)
    expect(live_counts.locator("ul.type-counts")).to_contain_text("Counter: 2")
    page.screenshot(path=str(BUILDER_SCREENSHOT), full_page=True)

    page.get_by_role("button", name="Save as a new version").click()
    expect(page).to_have_url(deck_url)
    expect(page.get_by_text("Saved as version 2.")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text("version 2")
    expect(page.locator("section.two-columns table.deck-cards tbody tr")).to_have_count(32)

    # Check the saved deck against the pool.
    page.get_by_label("Against collection").select_option(label=COLLECTION)
    page.get_by_role("main").get_by_role("button", name="Check", exact=True).click()
    expect(page).to_have_url(re.compile(rf"^{re.escape(deck_url)}\?.*\bcollection={collection.pk}\b"))
    verdict = page.locator("#verdict")
    expect(verdict.locator(".verdict-head strong")).to_have_text("Legal")
    expect(verdict).to_contain_text("32 cards")
    expect(verdict.locator(".badge.ok")).to_have_text("Buildable from the collection")
    expect(verdict.locator(".badge.bad")).to_have_count(0)
    expect(page.get_by_label("Against collection")).to_have_value(str(collection.pk))
    page.screenshot(path=str(DECK_SCREENSHOT), full_page=True)

    # The same English account opens the builder under /fr/: the live check answers in French.
    page.goto(f"{base}/fr/decks/{deck.pk}/edit/")
    live_verdict = page.locator("#live-verdict")
    expect(live_verdict).to_contain_text("32 cartes")
    page.get_by_label(re.compile(r"^Liste de deck\W*$")).fill("1 " + SEARCHED_CARD)
    expect(live_verdict.locator('li[data-code="deck_size"]')).to_contain_text("Le deck contient 1 carte\u202f;")
    expect(live_verdict.locator(".verdict-head")).to_contain_text("· 1 carte")
    expect(live_verdict.locator('li[data-code="deck_size"] a')).to_have_text("Composition du Deck 1")
