"""A sealed night from the player's seat, on a 390 px phone in headless Chromium (issue 27): a pool
pasted with one mistaken line (the line is named, with a suggestion), fixed; a deck built from the
pool by tapping, through a lost connection and a reload that keep the picks; registered in one tap.
At the door, a player checked in without a deck blocks the start and is named on the dashboard."""

import pytest

from tests.conftest import make_user
from tests.site.browser.browser_support import require_chromium
from tests.site.browser.test_browser_event import log_in
from tests.tournaments.sealed.test_sealed_events import dc_cards, legal_deck_ids, pool_text

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
PHONE = {"width": 390, "height": 844}


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.fixture
def night(transactional_db, sample):
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events

    organiser = make_user("sp_olga", organiser=True)
    pia = make_user("sp_pia")
    event = events.create_event(organiser, "Picker night", "dust-collectorz", format_slug="dc-prerelease", sealed=True)
    entrant_services.add_entrant(event, pia, user=pia)
    door = entrant_services.add_entrant(event, organiser, name="Door Dan")
    return event, organiser, pia, door


@pytest.mark.django_db(transaction=True)
def test_a_pool_fixed_and_a_deck_tapped_together_on_a_phone(live_server, night, browser_page):
    from tournaments.services import entrants as entrant_services

    event, organiser, pia, door = night
    base, cards = live_server.url, dc_cards()
    phone_context = browser_page.context.browser.new_context(viewport=PHONE, locale="en-GB")
    phone = phone_context.new_page()
    phone.set_default_timeout(15_000)
    log_in(phone, base, "sp_pia")

    # The pool, pasted with one mistaken line: the line is named, with the card it should be.
    lines = pool_text(cards).split("\n")
    typo = cards[2].name[:-1] + ("x" if cards[2].name[-1] != "x" else "y")
    lines[2] = f"1 {typo}"
    phone.goto(f"{base}/en/events/{event.pk}/pool/")
    phone.get_by_label("Your pool").fill("\n".join(lines))
    phone.get_by_role("button", name="Check and register the pool").click()
    wrong = phone.locator(".line-list li")
    expect(wrong).to_have_count(1)
    expect(wrong).to_contain_text("Line 3")
    expect(wrong).to_contain_text(f"Did you mean: {cards[2].name}")
    assert no_sideways_scroll(phone)
    phone.get_by_label("Your pool").fill(pool_text(cards))
    phone.get_by_role("button", name="Check and register the pool").click()
    expect(phone.get_by_text("The pool of sp_pia is registered.")).to_be_visible()

    # Build from the pool by tapping +: the count and the checks follow each tap.
    phone.get_by_role("link", name="Build from my pool").click()
    expect(phone.get_by_role("heading", name="Build from my pool")).to_be_visible()
    deck = legal_deck_ids(cards)
    first_half, second_half = deck[:16], deck[16:]
    for card in first_half:
        phone.locator(f'li[data-card="{card}"] button[data-step="1"]').click()
    expect(phone.locator("#picked-count")).to_have_text("16 cards")
    expect(phone.locator("#picker-verdict")).to_contain_text("Not legal")
    left = phone.locator(f'li[data-card="{first_half[0]}"] [data-left]')
    expect(left).to_have_text("0 of 1 left")
    # A tap on − takes a copy back: it is left in the pool again.
    phone.locator(f'li[data-card="{first_half[0]}"] button[data-step="-1"]').click()
    expect(phone.locator("#picked-count")).to_have_text("15 cards")
    expect(left).to_have_text("1 of 1 left")
    phone.locator(f'li[data-card="{first_half[0]}"] button[data-step="1"]').click()
    expect(phone.locator("#picked-count")).to_have_text("16 cards")
    assert no_sideways_scroll(phone)

    # The connection drops: taps still count and are kept on the phone; a reload loses nothing.
    phone_context.set_offline(True)
    for card in second_half:
        phone.locator(f'li[data-card="{card}"] button[data-step="1"]').click()
    expect(phone.locator("#picked-count")).to_have_text("32 cards")
    expect(phone.locator("#picker-note")).to_contain_text("No connection: your picks are kept on this device")
    phone_context.set_offline(False)
    phone.reload()
    expect(phone.locator("#picker-note")).to_contain_text("were restored on this device")
    expect(phone.locator("#picked-count")).to_have_text("32 cards")
    expect(phone.locator("#picker-verdict")).to_contain_text("Legal")
    expect(phone.locator("#buildable")).to_have_text("Buildable from the pool")

    # One tap registers it.
    phone.get_by_role("button", name="Register this deck").click()
    expect(phone.get_by_text("The deck of sp_pia is registered and legal.")).to_be_visible()
    entrant = event.entrants.get(user=pia)
    assert entrant.deck_legal is True and sum(entrant.deck.cards.values_list("qty", flat=True)) == 32
    # Registered: the picks kept on the phone are let go.
    assert phone.evaluate(f"localStorage.getItem('pool-picks:{event.pk}:{entrant.pk}')") is None
    assert no_sideways_scroll(phone)

    # At the door: both are checked in; Door Dan has no deck, so the start waits and names him.
    entrant_services.check_in(entrant, organiser)
    entrant_services.check_in(door, organiser)
    page = browser_page
    log_in(page, base, "sp_olga")
    page.goto(f"{base}/en/events/{event.pk}/manage/")
    expect(page.locator("#waiting-for-decks")).to_contain_text("Door Dan")
    expect(page.locator("#waiting-for-decks")).not_to_contain_text("sp_pia")
    page.get_by_role("button", name="Start the event").click()
    expect(page.get_by_text("1 checked-in player has no legal registered deck yet: Door Dan.")).to_be_visible()
    event.refresh_from_db()
    assert event.status == "registration"
    phone_context.close()
