"""An event day to its end in headless Chromium (issue 13): once play has started a judge changes a
frozen decklist with a reason, the organiser runs the top 4 from the dashboard, and the public
standings place the winner, the finalist and the semi-finalists first. (The console's own evening,
with re-pairing, a stale tab, a disputed claim and a self-drop, is tests/site/browser/test_browser_console.py.)"""

import pytest

from tests.conftest import make_user
from tests.site.browser.browser_support import require_chromium
from tests.site.browser.test_browser_event import log_in

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
NAMES = ["Ada Ash", "Bo Broom", "Cy Cinder", "Di Dust", "Ed Ember", "Fay Fluff", "Gus Grime", "Hal Husk", "Ivy Ink"]


@pytest.fixture
def day(transactional_db, sample):
    from tests.decks.test_deck_validation_api import legal_sample_deck
    from tournaments.services import decklists as decklist_services
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events as event_services
    from tournaments.services import staff

    organiser = make_user("day_olga", organiser=True)
    make_user("day_judge")
    event = event_services.create_event(
        organiser, "Day", "dust-collectorz", format_slug="dc-prerelease", swiss_rounds=2, top_cut=4
    )
    staff.add_staff(event, organiser, "day_judge", "judge")
    for name in NAMES:
        entrant = entrant_services.add_entrant(event, organiser, name=name)
        decklist_services.register_decklist_text(entrant, organiser, legal_sample_deck())
    entrant_services.check_in_many(event, organiser)
    event_services.start_event(event, organiser)
    return event, organiser


def play_round(event, organiser, pair=True):
    """Pair the next Swiss round and give every table to its first seat, 2-0."""
    from tournaments.services import results, rounds

    round_ = rounds.pair_next_round(event, organiser) if pair else rounds.current_round(event)
    for match in round_.matches.filter(is_bye=False).order_by("table"):
        first, second = (seat.entrant_id for seat in match.seats.order_by("pk"))
        results.record_result(match, organiser, wins={first: 2, second: 0})


@pytest.mark.django_db(transaction=True)
def test_a_judge_changes_a_frozen_list_and_the_top_4_places_first(live_server, day, browser_page, eager_celery):
    from tests.decks.test_deck_validation_api import legal_sample_deck
    from tournaments.models import AuditEntry, Entrant

    event, organiser = day
    page, base = browser_page, live_server.url
    entrant = Entrant.objects.get(event=event, name="Ada Ash")
    before = entrant.deck_id

    # Play has started: the list is frozen, and a judge changes it with a reason.
    log_in(page, base, "day_judge")
    page.goto(f"{base}/en/events/{event.pk}/manage/entrants/{entrant.pk}/decklist/")
    expect(page.get_by_text("This list is frozen")).to_be_visible()
    page.get_by_label("Decklist").fill(legal_sample_deck())
    page.get_by_label("Reason for the change").fill("Sleeves swapped a card at the deck check")
    page.get_by_role("button", name="Register this list").click()
    expect(page.get_by_text("Deck registered for Ada Ash.")).to_be_visible()
    logged = AuditEntry.objects.filter(event=event, entrant=entrant, action="deck.change").get()
    assert logged.after["reason"] == "Sleeves swapped a card at the deck check"
    assert (
        logged.before["deck"] == before and Entrant.objects.get(pk=entrant.pk).deck_id == logged.after["deck"] != before
    )

    # Two Swiss rounds, then the organiser runs the top 4 from the dashboard.
    play_round(event, organiser)
    play_round(event, organiser)
    page.context.clear_cookies()
    log_in(page, base, "day_olga")
    manage = f"{base}/en/events/{event.pk}/manage/"
    page.goto(manage)
    page.get_by_role("button", name="Start the top 4").click()
    play_round(event, organiser, pair=False)
    page.goto(manage)
    page.get_by_role("button", name="Pair the next top-cut round").click()
    play_round(event, organiser, pair=False)
    page.goto(manage)
    page.get_by_role("button", name="Crown the winner and finish").click()
    event.refresh_from_db()
    assert event.status == "finished"

    # The public standings: the final's winner 1st, its loser 2nd, the semi-finalists 3rd and 4th.
    final = event.rounds.order_by("-number").first().matches.get()
    winner, finalist = (seat.entrant.name for seat in final.seats.order_by("-game_wins"))
    semi_finalists = {
        seat.entrant.name
        for match in event.rounds.order_by("-number")[1].matches.all()
        for seat in match.seats.all()
        if seat.game_wins == 0
    }
    page.context.clear_cookies()
    page.goto(f"{base}/en/events/{event.pk}/standings/")
    rows = page.locator(".standings-table tbody tr")
    expect(rows.nth(0)).to_contain_text(winner)
    expect(rows.nth(1)).to_contain_text(finalist)
    placed = " ".join([rows.nth(2).inner_text(), rows.nth(3).inner_text()])
    assert all(name in placed for name in semi_finalists)
