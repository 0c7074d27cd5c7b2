"""A Young Champions free-for-all pod reported from a phone's score sheet and confirmed by the others,
who see every player's cards left and place before they confirm, through headless Chromium at 390 px.

Three players share a pod of a Dust Collectorz event that plays Young Champions. The first fills in the
cards each player has left and who made the last successful play, once with two players out of cards
(refused: the sheet comes back as it was filled in, the cards marked, nothing stored), then right. The
two others open their phones, see the cards left and the places, and confirm.
"""

import pytest

from tests.conftest import join_event, make_user
from tests.site.browser.browser_support import require_chromium
from tests.site.browser.test_browser_score_sheet import fits_the_screen, open_phone

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

playwright_api = require_chromium()
expect = playwright_api.expect
PLAYERS = ("tara_twig", "ugo_umber", "vera_vale")

# (cards left in deck, in hand) in seat order; the last successful play was the second player's.
# By hand: nobody ran out; hands 2 / 2 / 5; the second player is among the tied, so 1st; the first
# player 2nd; the third (5 in hand) 3rd.
LEFT = ((0, 2), (1, 2), (0, 5))
LAST = 1
PLACES = ("2nd", "1st", "3rd")


@pytest.fixture
def pod(transactional_db):
    from tournaments.services.events import create_event, start_event
    from tournaments.services.rounds import pair_next_round

    organiser = make_user("wes_organiser", organiser=True)
    event = create_event(
        organiser,
        "Young Champions morning",
        "dust-collectorz",
        mode="ffa",
        pod_size=3,
        top_cut=0,
        swiss_rounds=2,
        best_of=1,
        game_options={"young_champions": True},
    )
    for name in PLAYERS:
        join_event(event, make_user(name))
    start_event(event, organiser)
    match = pair_next_round(event, organiser).matches.get(is_bye=False)
    seats = [seat.entrant for seat in match.seats.select_related("entrant").order_by("pk")]
    return event, match, seats


def fill_sheet(page, seats, left, last):
    for entrant, (deck, hand) in zip(seats, left, strict=True):
        page.locator(f'[name="cards_left_{entrant.pk}_deck"]').fill(str(deck))
        page.locator(f'[name="cards_left_{entrant.pk}_hand"]').fill(str(hand))
    page.locator('[name="last_play"]').select_option(str(seats[last].pk))


@pytest.mark.django_db(transaction=True)
def test_a_young_champions_pod_is_reported_from_a_phone_and_confirmed(live_server, pod, browser_page):
    from tournaments.models import Match, Report

    event, match, seats = pod
    base = live_server.url
    me_url = f"{base}/en/events/{event.pk}/me/"
    browser = browser_page.context.browser
    contexts = []
    try:
        context, phone = open_phone(browser, base, seats[0].user.username, me_url)
        contexts.append(context)
        sheet = phone.locator("section.me-report form.score-sheet")
        expect(sheet.get_by_role("group", name=f"Cards left · {seats[2].name}")).to_be_visible()
        fits_the_screen(phone)

        fill_sheet(phone, seats, ((0, 0), (0, 0), (0, 5)), LAST)
        sheet.get_by_role("button", name="Send the result").tap()
        expect(phone.locator("[data-error-summary]")).to_contain_text(
            "Cards left: Only one player can run out of cards"
        )
        expect(phone.locator(f'[name="cards_left_{seats[1].pk}_hand"]')).to_have_attribute("aria-invalid", "true")
        expect(phone.locator(f'[name="cards_left_{seats[2].pk}_hand"]')).to_have_value("5")
        assert not Report.objects.filter(match=match).exists()
        fits_the_screen(phone)

        fill_sheet(phone, seats, LEFT, LAST)
        phone.get_by_role("button", name="Send the result").tap()
        expect(phone.locator("ul.messages")).to_contain_text("Result sent.")

        for entrant in seats[1:]:
            context, other = open_phone(browser, base, entrant.user.username, me_url)
            contexts.append(context)
            theirs = other.locator(".report-theirs")
            expect(theirs).to_contain_text("reported:")
            table = theirs.locator("table.points-table")
            expect(table.locator("caption")).to_have_text("Cards left and places as the site read them")
            expect(table.locator("thead th").nth(1)).to_have_text(entrant.name)  # the reader's own column first
            mine = seats.index(entrant)
            hand = table.locator("tbody tr", has_text="Cards left in hand")
            expect(hand.locator("td").first).to_have_text(str(LEFT[mine][1]))
            expect(table.locator("tfoot td").first).to_have_text(PLACES[mine])
            expect(table.locator("tfoot")).to_contain_text(PLACES[0])
            fits_the_screen(other)
            other.screenshot(path=f"/tmp/browser-young-champions-{entrant.pk}.png", full_page=True)
            theirs.get_by_role("button", name="Confirm").tap()
            expect(other.locator("ul.messages")).to_contain_text("Thank you: the result is confirmed.")
    finally:
        for context in contexts:
            context.close()

    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    places = {seat.entrant_id: seat.placement for seat in match.seats.all()}
    assert places == {seats[0].pk: 2, seats[1].pk: 1, seats[2].pk: 3}
