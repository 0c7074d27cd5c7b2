"""A sealed Dust Collectorz prerelease of 8 players in headless Chromium (issue 14): the organiser
creates the sealed event with the form, draws deck-building seats (printed and projected) and
starts the build clock; a player registers pool and deck on her phone; the organiser pastes a
walk-in's pool; deck building ends; in round 1 a deck check ends in a game loss, a player calls a
judge who claims and closes the call, a table gets more time; three rounds are played and the
prize sheet is shown at the end. Results go in through the services (tests/site/browser/test_browser_console.py
covers the console's own result forms)."""

import pytest

from tests.conftest import make_user
from tests.site.browser.browser_support import require_chromium
from tests.site.browser.test_browser_event import log_in
from tests.tournaments.sealed.test_sealed_events import dc_cards, legal_deck_ids, pool_text

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
WALK_INS = ["Bo Broom", "Cy Cinder", "Di Dust", "Ed Ember", "Fay Fluff", "Gus Grime", "Hal Husk"]
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def people(transactional_db, sample):
    from decks.services.decks import create_deck

    organiser = make_user("pr_olga", organiser=True)
    make_user("pr_judy")
    pia = make_user("pr_pia")
    cards = dc_cards()
    deck = create_deck(pia, "Pia's sealed deck", cards[0].card_set.game, "dc-prerelease", "private",
                       cards=dict.fromkeys(legal_deck_ids(cards), 1))  # fmt: skip
    return organiser, pia, deck


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def play_round(event, organiser, loser=None):
    """Pair the next round (from the second on) and enter every table: `loser` loses 0-2, else the first seat wins."""
    from tournaments.services import results, rounds

    round_ = rounds.current_round(event) if loser else rounds.pair_next_round(event, organiser)
    for match in round_.matches.filter(is_bye=False).order_by("table"):
        first, second = (seat.entrant_id for seat in match.seats.order_by("pk"))
        if loser in (first, second):
            first, second = (second, first) if first == loser else (first, second)
        # Only the games played are entered: a game loss given before the result is a game already won.
        conceded = match.seats.get(entrant_id=second).games_conceded
        results.record_result(match, organiser, wins={first: 2 - conceded, second: 0})


@pytest.mark.django_db(transaction=True)
def test_a_sealed_prerelease_from_seats_to_prizes(live_server, people, browser_page, eager_celery):
    from tournaments.models import AuditEntry, Event, JudgeCall, Penalty, SealedPool
    from tournaments.services import decklists, prizes, rounds, sealed, staff
    from tournaments.services import entrants as entrant_services

    organiser, pia, deck = people
    page, base = browser_page, live_server.url
    full_pool, deck_text = (
        pool_text(dc_cards()),
        pool_text([c for c in dc_cards() if c.pk in legal_deck_ids(dc_cards())]),
    )

    # The organiser creates the sealed event with the form.
    log_in(page, base, "pr_olga")
    page.goto(f"{base}/en/events/new/")
    page.get_by_label("Name").fill("Dust Collectorz prerelease")
    page.get_by_label("Game").select_option("dust-collectorz")
    page.get_by_label("Format").select_option("dc-prerelease")
    page.get_by_label("Swiss rounds").fill("3")
    expect(page.get_by_text("Players build their deck from a pool")).to_be_visible()
    page.get_by_label("Sealed").check()
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_text("Event created.")).to_be_visible()
    event = Event.objects.get(name="Dust Collectorz prerelease")
    assert event.is_sealed and event.format_slug == "dc-prerelease"
    staff.add_staff(event, organiser, "pr_judy", "judge")
    walk_ins = {name: entrant_services.add_entrant(event, organiser, name=name) for name in WALK_INS}

    # Pia registers herself on her phone (no deck yet: a sealed deck needs the pool first).
    phone_context = page.context.browser.new_context(viewport=PHONE, locale="en-GB")
    phone = phone_context.new_page()
    log_in(phone, base, "pr_pia")
    phone.goto(f"{base}/en/events/{event.pk}/register/")
    phone.get_by_role("button", name="Register", exact=True).click()
    expect(phone.get_by_text("You are registered for Dust Collectorz prerelease.")).to_be_visible()

    # Seats for deck building, drawn from a seed, printed and on the projector; then the build clock.
    page.goto(f"{base}/en/events/{event.pk}/manage/")
    page.get_by_role("link", name="Deck building").click()
    page.get_by_label("Seed (optional)").fill("2026")
    page.get_by_role("button", name="Draw the seats").click()
    expect(page.get_by_text("8 players seated (seed 2026).")).to_be_visible()
    rows = page.locator(".seats-table tbody tr")
    expect(rows).to_have_count(8)
    expect(rows.first).to_contain_text("Bo Broom")
    expect(rows.last).to_contain_text("pr_pia")
    assert AuditEntry.objects.get(event=event, action="seats.draw").after["seed"] == 2026
    page.goto(f"{base}/en/events/{event.pk}/manage/deck-building/")
    page.get_by_label("Deck-building time (minutes)").fill("30")
    page.get_by_role("button", name="Start the deck-building clock").click()
    expect(page.get_by_text("30 minutes on the clock")).to_be_visible()
    page.goto(f"{base}/en/events/{event.pk}/projector/")
    expect(page.locator(".projector-title")).to_have_text("Deck building")
    expect(page.locator(".projector-table tbody tr")).to_have_count(8)
    expect(page.locator(".timer-clock")).to_contain_text("29:")

    # On her phone Pia sees her seat, registers her pool (a wrong one first) and her deck.
    seat = event.entrants.get(user=pia).build_seat
    phone.goto(f"{base}/en/events/{event.pk}/me/")
    expect(phone.locator("#my-build-seat")).to_have_text(str(seat))
    assert no_sideways_scroll(phone)
    phone.get_by_role("link", name="Register my pool").click()
    phone.get_by_label("Your pool").fill(pool_text(dc_cards()[:20]))
    phone.get_by_role("button", name="Check and register the pool").click()
    expect(phone.locator("#pool-problems")).to_contain_text("this one has 20 (60 missing)")
    assert no_sideways_scroll(phone)
    phone.get_by_label("Your pool").fill(full_pool)
    phone.get_by_role("button", name="Check and register the pool").click()
    expect(phone.get_by_text("The pool of pr_pia is registered.")).to_be_visible()
    expect(phone.locator("#pool-registered")).to_contain_text("80 cards")
    assert no_sideways_scroll(phone)
    phone.get_by_role("link", name="Register my deck").click()
    phone.locator("#id_deck").select_option(label="Pia's sealed deck (dc-prerelease)")
    phone.get_by_role("button", name="Register this deck").click()
    expect(phone.get_by_text("Your deck is registered.")).to_be_visible()
    assert event.entrants.get(user=pia).deck_legal is True

    # The organiser pastes a walk-in's pool from the pools overview; the others come in at the desk.
    page.goto(f"{base}/en/events/{event.pk}/manage/deck-building/")
    page.locator(f"#pool-{walk_ins['Bo Broom'].pk}").get_by_role("link", name="Paste…").click()
    page.get_by_label("Your pool").fill(full_pool)
    page.get_by_role("button", name="Check and register the pool").click()
    expect(page.get_by_text("The pool of Bo Broom is registered.")).to_be_visible()
    for name, entrant in walk_ins.items():
        if name != "Bo Broom":
            sealed.register_pool(entrant, organiser, full_pool)
        decklists.register_decklist_text(entrant, organiser, deck_text)
    page.goto(f"{base}/en/events/{event.pk}/manage/deck-building/")
    expect(page.locator("#pool-counts")).to_contain_text("Pools registered: 8 of 8 · decks registered: 8 of 8")

    # Deck building ends (after a confirmation): the pools are frozen.
    page.get_by_role("link", name="Deck building ends…").click()
    page.get_by_role("button", name="Yes, deck building ends").click()
    expect(page.get_by_text("Deck building has ended: the pools are frozen.")).to_be_visible()
    phone.goto(f"{base}/en/events/{event.pk}/pool/")
    expect(phone.locator("#pool-closed")).to_be_visible()
    expect(phone.locator("#pool-form")).to_have_count(0)
    assert SealedPool.objects.filter(entrant__event=event).count() == 8

    # Round 1 from the dashboard: the round clock takes over from deck building.
    entrant_services.check_in_many(event, organiser)
    page.goto(f"{base}/en/events/{event.pk}/manage/")
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("button", name="Pair round 1 of 3").click()
    page.goto(f"{base}/en/events/{event.pk}/timer/")
    expect(page.locator(".timer-round")).to_have_text("Round 1")

    # A judge draws a deck check; a problem becomes a game loss, applied to the table at once.
    page.context.clear_cookies()
    log_in(page, base, "pr_judy")
    page.goto(f"{base}/en/events/{event.pk}/manage/judging/")
    checks = page.locator("#deck-checks")
    checks.locator("[name=count]").fill("1")
    checks.locator("[name=seed]").fill("prerelease")
    checks.get_by_role("button", name="Draw tables").click()
    checked = page.locator("#deck-checks li").first
    expect(checked).to_contain_text("Deck-check sheet")
    checked.locator("[name=outcome]").select_option("problem")
    checked.locator("[name=note]").fill("31 cards in the deck box")
    checked.locator("[name=penalty]").select_option("game_loss")
    checked.get_by_role("button", name="Record").click()
    penalty = Penalty.objects.get(event=event)
    assert penalty.kind == "game_loss" and penalty.round_number == 1
    match = rounds.current_round(event).matches.get(seats__entrant=penalty.entrant)
    opponent = match.seats.exclude(entrant=penalty.entrant).get()
    assert opponent.game_wins == 1  # the opponent starts a game up

    # Pia calls a judge from her phone; the judge claims the call, then closes it.
    phone.goto(f"{base}/en/events/{event.pk}/me/")
    phone.get_by_role("button", name="Call a judge").click()
    expect(phone.get_by_text("A judge has been called to table")).to_be_visible()
    page.goto(f"{base}/en/events/{event.pk}/manage/judging/")
    call = page.locator("#judge-calls li").first
    expect(call).to_contain_text("pr_pia")
    call.get_by_role("button", name="On my way").click()
    phone.goto(f"{base}/en/events/{event.pk}/me/")
    expect(phone.get_by_text("A judge is on the way (pr_judy)")).to_be_visible()
    assert no_sideways_scroll(phone)
    page.locator("#judge-calls li").first.get_by_role("button", name="Done").click()
    assert JudgeCall.objects.get(event=event).status == "closed"

    # A time extension for Pia's table, shown on the judging page and on her phone.
    pia_match = rounds.current_round(event).matches.get(seats__entrant__user=pia)
    table_row = page.locator("#extensions tbody tr").filter(has_text="pr_pia")
    table_row.locator("[name=minutes]").fill("5")
    table_row.get_by_role("button", name="Give time").click()
    expect(page.locator("#extensions tbody tr").filter(has_text="pr_pia")).to_contain_text("ends")
    pia_match.refresh_from_db()
    assert pia_match.extra_minutes == 5
    phone.goto(f"{base}/en/events/{event.pk}/me/")
    expect(phone.get_by_text("Your table has 5 extra minutes.")).to_be_visible()

    # Three rounds, prizes by record, and the prize sheet at the end.
    play_round(event, organiser, loser=penalty.entrant_id)
    play_round(event, organiser)
    play_round(event, organiser)
    prizes.set_prize_plan(event, organiser, {"scheme": "record", "per_entrant": 2, "fixed": 0,
                                             "by_record": {"3-0": 6, "2-1": 2}, "participation": 0})  # fmt: skip
    page.context.clear_cookies()
    log_in(page, base, "pr_olga")
    page.goto(f"{base}/en/events/{event.pk}/manage/finish/")
    page.get_by_role("button", name="Yes, finish the event").click()
    event.refresh_from_db()
    assert event.status == "finished" and event.prizes.sheet
    page.goto(f"{base}/en/events/{event.pk}/prizes/")
    expect(page.get_by_role("heading", name="Prize sheet — Dust Collectorz prerelease")).to_be_visible()
    winners = [line for line in event.prizes.sheet["lines"] if line["prize"]]
    assert winners and sum(line["prize"] for line in event.prizes.sheet["lines"]) <= event.prizes.sheet["pool"] == 16
    expect(page.get_by_text(winners[0]["name"]).first).to_be_visible()
    phone_context.close()
