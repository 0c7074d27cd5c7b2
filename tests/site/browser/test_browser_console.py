"""The organiser's console in headless Chromium (issue 13): a 9-player evening where the organiser
removes a mistaken entry, re-pairs round 1, loses nothing to a stale second tab, accepts a disputed
player's claim from the round's list, and a player drops from their phone."""

import pytest

from tests.conftest import join_event, make_user
from tests.site.browser.browser_support import require_chromium
from tests.site.browser.test_browser_event import PHONE, log_in

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
ORGANISER = "olga_organiser"
PLAYER = "mira_mothwing"
OTHER = "tobias_rustclaw"
WALK_INS = ["Hazel Dustpan", "Ivo Cobweb", "Juno Lint", "Kasimir Soot", "Lena Fluff", "Milo Grime", "Nora Ash"]


@pytest.fixture
def evening(transactional_db):
    from tournaments.services.entrants import add_entrant
    from tournaments.services.events import create_event

    organiser = make_user(ORGANISER, organiser=True)
    players = [make_user(PLAYER), make_user(OTHER)]
    event = create_event(organiser, "Console night", "dust-collectorz", swiss_rounds=3, top_cut=0)
    for player in players:
        join_event(event, player)
    for name in [*WALK_INS, "Typo Walkin"]:
        add_entrant(event, organiser, name=name)
    return event


def table_of(event, username):
    from tournaments.models import Match

    return Match.objects.get(round__event=event, round__number=1, seats__entrant__user__username=username)


@pytest.mark.django_db(transaction=True)
def test_an_evening_at_the_console(live_server, evening, browser_page, eager_celery):
    from tournaments.models import Entrant, Match
    from tournaments.services import results_reports

    event, page, base = evening, browser_page, live_server.url
    manage = f"{base}/en/events/{event.pk}/manage/"
    log_in(page, base, ORGANISER)

    # A mistaken entry goes before round 1, after a confirmation.
    page.goto(f"{manage}players/?q=typo")
    page.get_by_role("link", name="Remove…").click()
    page.get_by_role("button", name="Yes, remove Typo Walkin").click()
    expect(page.get_by_text("Typo Walkin is removed from the event.")).to_be_visible()
    assert not Entrant.objects.filter(event=event, name="Typo Walkin").exists()

    # Start, pair round 1, and pair it again.
    page.goto(manage)
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("button", name="Pair round 1 of 3").click()
    expect(page.get_by_text("Round 1 is paired.")).to_be_visible()
    page.get_by_role("link", name="Pair round 1 again…").click()
    page.get_by_role("button", name="Yes, pair round 1 again").click()
    expect(page.get_by_text("Round 1 is paired again.")).to_be_visible()
    assert Match.objects.filter(round__event=event, round__number=1).count() == 5  # 9 players: 4 tables, a bye

    # Two tabs on one table: the second save, from a form opened before the first, is refused.
    target = Match.objects.filter(round__event=event, round__number=1, is_bye=False).exclude(
        seats__entrant__user__isnull=False
    )[0]
    names = list(target.seats.order_by("pk").values_list("entrant__name", flat=True))
    table_url = f"{manage}matches/{target.pk}/"
    other_tab = page.context.new_page()
    page.goto(table_url)
    other_tab.goto(table_url)
    other_tab.get_by_label(names[0]).fill("2")
    other_tab.get_by_label(names[1]).fill("0")
    other_tab.get_by_role("button", name="Save result").click()
    expect(other_tab.get_by_text(f"Table {target.table}: result saved.")).to_be_visible()
    page.get_by_label(names[0]).fill("0")
    page.get_by_label(names[1]).fill("2")
    page.get_by_role("button", name="Save result").click()
    expect(page.get_by_role("alert")).to_contain_text("changed after you opened it")
    expect(page.locator(".current-result")).to_have_text(f"{names[0]} 2–0 {names[1]}")
    assert sorted(target.seats.values_list("game_wins", flat=True)) == [0, 2]
    page.get_by_role("button", name="Overwrite with this result").click()
    expect(page.get_by_text(f"Table {target.table}: result saved.")).to_be_visible()
    assert list(target.seats.order_by("pk").values_list("game_wins", flat=True)) == [0, 2]
    other_tab.close()

    # A player reports, the other side disputes: the organiser accepts the claim from the list.
    player = PLAYER if not table_of(event, PLAYER).is_bye else OTHER  # whoever of the two plays a table
    disputed = table_of(event, player)
    mine = disputed.seats.get(entrant__user__username=player).entrant_id
    theirs = disputed.seats.exclude(entrant_id=mine).get().entrant_id
    reporter = Entrant.objects.get(pk=mine).user
    results_reports.submit_report(disputed, reporter, {"wins": {str(mine): 2, str(theirs): 1}})
    results_reports.dispute(disputed, reporter)
    page.goto(f"{manage}?status=disputed")
    row = page.locator(f"#table-{disputed.table}")
    expect(row).to_contain_text("Disputed")
    row.get_by_role("link", name="Enter result…").click()
    page.get_by_role("button", name="Accept this result").click()
    expect(page.get_by_text(f"Table {disputed.table}: result saved.")).to_be_visible()
    disputed.refresh_from_db()
    assert disputed.status == Match.Status.CONFIRMED

    # The player's match has its result: they drop from their phone.
    phone_context = page.context.browser.new_context(**PHONE)
    try:
        phone = phone_context.new_page()
        log_in(phone, base, player)
        phone.goto(f"{base}/en/events/{event.pk}/me/")
        phone.get_by_role("link", name="Drop from the event…").tap()
        phone.get_by_role("button", name="Yes, drop").tap()
        expect(phone.get_by_text("You have dropped from Console night.")).to_be_visible()
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    finally:
        phone_context.close()
    assert Entrant.objects.get(pk=mine).dropped_after == 1
