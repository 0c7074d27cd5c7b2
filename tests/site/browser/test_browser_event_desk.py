"""The desk in a browser: the organiser pastes a walk-in's list and sees the deck builder's live
check before registering it in one step (headless Chromium)."""

import pytest

from tests.site.browser.browser_support import require_chromium

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect


@pytest.mark.django_db(transaction=True)
def test_organiser_pastes_a_walk_ins_list_with_the_live_check(live_server, sample, browser_page):
    from tests.conftest import make_user
    from tests.decks.test_deck_validation_api import legal_sample_deck
    from tournaments.models import Entrant
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events as event_services

    organiser = make_user("desk_olivia", organiser=True)
    event = event_services.create_event(organiser, "Desk", "dust-collectorz", format_slug="dc-prerelease")
    walk_in = entrant_services.add_entrant(event, organiser, name="Walk In")
    listing = legal_sample_deck()
    page, base = browser_page, live_server.url

    page.goto(f"{base}/en/accounts/login/")
    page.get_by_label("Username").fill("desk_olivia")
    page.get_by_label("Password").fill("pw-desk_olivia")
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}/en/")

    page.goto(f"{base}/en/events/{event.pk}/manage/players/")
    page.get_by_role("link", name="Paste list…").click()
    verdict = page.locator("#live-verdict")
    first_lines = "\n".join(listing.splitlines()[:-1])
    page.get_by_label("Decklist").fill(first_lines)
    expect(verdict.locator(".verdict-head strong")).to_have_text("Not legal")
    page.get_by_label("Decklist").fill(listing)
    expect(verdict.locator(".verdict-head strong")).to_have_text("Legal")
    page.get_by_role("button", name="Register this list").click()
    expect(page.get_by_text("Deck registered for Walk In.")).to_be_visible()
    walk_in = Entrant.objects.get(pk=walk_in.pk)
    assert walk_in.deck_legal is True
