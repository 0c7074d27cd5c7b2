"""The whole sealed night as the store owner ran it (issue 27), on phones and the desk in headless
Chromium, with the hall's projector on a 1920 px screen: 9 players checked in at the door before any
deck, deck building on the projector's clock with the join code in view, pools pasted on phones (one with a
mistaken line, named and fixed), decks built from the pools by tapping (a player on her phone; the
organiser at the desk for a walk-in), a late arrival who joins from round 2 and builds at the desk, a
deck check with a game loss before the result, a result reported on a phone, a drop after round 2
from the player's phone, three rounds with the bye to the lowest-ranked player without one, prizes,
and the exports read back as a French Excel reads them. Every phone page fits 390 px.
Results the store owner typed at the desk go in through the services (the console's own forms are
covered by tests/site/browser/test_browser_console.py)."""

import csv
import io

import pytest

from tests.conftest import make_user
from tests.site.browser.browser_support import require_chromium
from tests.site.browser.test_browser_event import log_in
from tests.tournaments.sealed.test_sealed_events import dc_cards, legal_deck_ids, pool_text

pytestmark = pytest.mark.browser

playwright_api = require_chromium()
expect = playwright_api.expect
PHONE = {"width": 390, "height": 844}
WALK_INS = ["Bo Broom", "Cy Cinder", "Di Dust", "Ed Ember", "Fay Fluff", "Gus Grime", "Hal Husk"]


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def tap_deck(page, cards):
    """Tap + once for each card of one legal deck in the pool picker, then register it."""
    for card in legal_deck_ids(cards):
        page.locator(f'li[data-card="{card}"] button[data-step="1"]').click()
    expect(page.locator("#picked-count")).to_have_text("32 cards")
    expect(page.locator("#picker-verdict")).to_contain_text("Legal")
    expect(page.locator("#buildable")).to_have_text("Buildable from the pool")
    assert fits_the_phone(page)
    page.get_by_role("button", name="Register this deck").click()


def enter_round(event, organiser, skip=(), loser=None):
    """The desk enters every table not in `skip`: `loser` loses 0-2, else the first seat wins 2-0."""
    from tournaments.services import results, rounds

    for match in rounds.current_round(event).matches.filter(is_bye=False).order_by("table"):
        if match.pk in skip:
            continue
        first, second = (seat.entrant_id for seat in match.seats.order_by("pk"))
        if loser == first:
            first, second = second, first
        # Only the games played are entered: a game loss given before the result is a game already won.
        conceded = match.seats.get(entrant_id=second).games_conceded
        results.record_result(match, organiser, wins={first: 2 - conceded, second: 0})


def hand_tally(event, before_round=99):
    """Each player's W-L-D counted from the tables as a person would: a bye is a win, a late entry
    loses the rounds it missed, and the player with more games wins the table."""
    from tournaments.models import Match

    records = {entrant.name: [0, 0, 0] for entrant in event.entrants.all()}
    for entrant in event.entrants.filter(joined_round__gt=1):
        missed = min(entrant.joined_round, before_round) - 1
        records[entrant.name][1] += missed if event.settings.late_entry_losses else 0
    matches = Match.objects.filter(round__event=event, round__number__lt=before_round)
    for match in matches.prefetch_related("seats__entrant"):
        seats = list(match.seats.all())
        if match.is_bye:
            records[seats[0].entrant.name][0] += 1
            continue
        first, second = seats
        if first.game_wins == second.game_wins:
            records[first.entrant.name][2] += 1
            records[second.entrant.name][2] += 1
            continue
        winner, loser = (first, second) if first.game_wins > second.game_wins else (second, first)
        records[winner.entrant.name][0] += 1
        records[loser.entrant.name][1] += 1
    return {name: "-".join(map(str, record)) for name, record in records.items()}


def projector_clock_on_one_line(page):
    """The projector's clock is one line inside its column, not "44:" over "58"."""
    clock = page.evaluate("""() => {
      const clock = document.querySelector('.projector-clock .timer-clock');
      const box = clock.getBoundingClientRect();
      return {height: box.height, line: parseFloat(getComputedStyle(clock).lineHeight), text: clock.textContent,
              overflows: clock.scrollWidth > clock.clientWidth + 1, right: box.right,
              column: clock.parentElement.getBoundingClientRect().right};
    }""")
    assert clock["height"] < 1.5 * clock["line"] and not clock["overflows"], clock
    assert clock["right"] <= clock["column"] + 1, clock
    return clock["text"]


def read_csv(page, url):
    """A CSV as a French Excel opens it: a byte-order mark, then ';'-separated rows."""
    response = page.request.get(url)
    assert response.status == 200
    body = response.body()
    assert body.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=";"))


@pytest.fixture
def store(transactional_db, sample):
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events

    organiser = make_user("sn_olga", organiser=True)
    pia, max_ = make_user("sn_pia"), make_user("sn_max")
    event = events.create_event(
        organiser, "Sealed night", "dust-collectorz", format_slug="dc-prerelease", sealed=True, swiss_rounds=3
    )
    walk_ins = {name: entrant_services.add_entrant(event, organiser, name=name) for name in WALK_INS}
    return event, organiser, pia, max_, walk_ins


@pytest.mark.django_db(transaction=True)
def test_the_whole_sealed_night_on_phones_and_at_the_desk(live_server, store, browser_page, eager_celery):
    from tournaments.models import Penalty
    from tournaments.services import decklists, rounds, rounds_clock, sealed
    from tournaments.services import entrants as entrant_services
    from tournaments.services import prizes as prize_services
    from tournaments.services.standings import event_standings

    event, organiser, pia, max_, walk_ins = store
    base, cards = live_server.url, dc_cards()
    browser = browser_page.context.browser
    phones = {}
    for username in ("sn_pia", "sn_max", "sn_olga"):
        context = browser.new_context(viewport=PHONE, locale="en-GB")
        phones[username] = context.new_page()
        phones[username].set_default_timeout(15_000)
        log_in(phones[username], base, username)
    pia_phone, max_phone, desk = phones["sn_pia"], phones["sn_max"], phones["sn_olga"]

    # Pia and Max register themselves on their phones; no deck yet (it comes from the pool).
    for phone in (pia_phone, max_phone):
        phone.goto(f"{base}/en/events/{event.pk}/register/")
        phone.get_by_role("button", name="Register", exact=True).click()
        expect(phone.get_by_text("You are registered for Sealed night.")).to_be_visible()
        assert fits_the_phone(phone)

    # At the door, before any pool or deck: the organiser checks Pia in from the players page on
    # her own phone, and the walk-ins and Max as they come in.
    desk.goto(f"{base}/en/events/{event.pk}/manage/players/")
    expect(desk.get_by_text("checks in once you register a legal deck")).to_have_count(0)
    desk.locator("tr").filter(has_text="sn_pia").get_by_role("button", name="Check in").click()
    expect(desk.locator("tr").filter(has_text="sn_pia")).to_contain_text("Undo check-in")
    assert fits_the_phone(desk)
    entrant_services.check_in_many(event, organiser)
    assert event.entrants.filter(checked_in=True).count() == 9

    # Deck building starts: seats drawn, 45 minutes on the hall's projector, the join code in view.
    sealed.assign_build_seats(event, organiser, seed=27)
    rounds_clock.start_build_clock(event, organiser, 45)
    hall = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB").new_page()
    hall.goto(f"{base}/en/events/{event.pk}/projector/")
    expect(hall.locator(".projector-title")).to_have_text("Deck building")
    expect(hall.locator(".projector-table tbody tr")).to_have_count(9)
    assert projector_clock_on_one_line(hall).startswith("4")  # 45:00 counting down
    expect(hall.locator(".projector-join .join-code-value")).to_have_text(event.join_code)
    expect(hall.locator(".projector-join .join-code-value")).to_be_in_viewport(ratio=1)
    expect(hall.locator(".projector-join .join-qr svg")).to_be_in_viewport(ratio=1)

    # Pools pasted on the phones: Pia's has a mistaken line, which is named with the right card.
    lines = pool_text(cards).split("\n")
    lines[4] = "1 " + cards[4].name[:-1] + ("x" if cards[4].name[-1] != "x" else "y")
    pia_phone.goto(f"{base}/en/events/{event.pk}/pool/")
    pia_phone.get_by_label("Your pool").fill("\n".join(lines))
    pia_phone.get_by_role("button", name="Check and register the pool").click()
    expect(pia_phone.locator(".line-list li")).to_contain_text("Line 5")
    expect(pia_phone.locator(".line-list li")).to_contain_text(f"Did you mean: {cards[4].name}")
    assert fits_the_phone(pia_phone)
    pia_phone.get_by_label("Your pool").fill(pool_text(cards))
    pia_phone.get_by_role("button", name="Check and register the pool").click()
    expect(pia_phone.get_by_text("The pool of sn_pia is registered.")).to_be_visible()
    max_phone.goto(f"{base}/en/events/{event.pk}/pool/")
    max_phone.get_by_label("Your pool").fill(pool_text(cards))
    max_phone.get_by_role("button", name="Check and register the pool").click()
    expect(max_phone.get_by_text("The pool of sn_max is registered.")).to_be_visible()

    # Decks built from the pools by tapping: Pia on her phone; the walk-ins' lists typed at the desk.
    pia_phone.get_by_role("link", name="Build from my pool").click()
    tap_deck(pia_phone, cards)
    expect(pia_phone.get_by_text("The deck of sn_pia is registered and legal.")).to_be_visible()
    for entrant in walk_ins.values():
        sealed.register_pool(entrant, organiser, pool_text(cards))
        decklists.register_decklist_text(
            entrant, organiser, pool_text([c for c in cards if c.pk in legal_deck_ids(cards)])
        )

    # Max has no deck yet: the start waits and the dashboard names him.
    desk.goto(f"{base}/en/events/{event.pk}/manage/")
    expect(desk.locator("#waiting-for-decks")).to_contain_text("sn_max")
    desk.get_by_role("button", name="Start the event").click()
    expect(desk.get_by_text("1 checked-in player has no legal registered deck yet: sn_max.")).to_be_visible()
    assert fits_the_phone(desk)
    max_phone.goto(f"{base}/en/events/{event.pk}/pool/build/")
    tap_deck(max_phone, cards)
    expect(max_phone.get_by_text("The deck of sn_max is registered and legal.")).to_be_visible()

    # Deck building ends; the event starts and round 1 is paired: 9 players, so one bye.
    desk.goto(f"{base}/en/events/{event.pk}/manage/deck-building/")
    desk.get_by_role("link", name="Deck building ends…").click()
    desk.get_by_role("button", name="Yes, deck building ends").click()
    expect(desk.get_by_text("Deck building has ended: the pools are frozen.")).to_be_visible()
    desk.goto(f"{base}/en/events/{event.pk}/manage/")
    desk.get_by_role("button", name="Start the event").click()
    desk.get_by_role("button", name="Pair round 1 of 3").click()
    round_1 = rounds.current_round(event)
    assert round_1.matches.filter(is_bye=True).count() == 1
    # The projector turns to round 1's tables by itself; the join code stays beside the clock, as
    # late entries still join with it during the Swiss rounds.
    pia_table = round_1.matches.get(seats__entrant__user=pia)
    expect(hall.locator(".projector-title")).to_contain_text("Round 1", timeout=30_000)
    pia_line = hall.locator(".projector-table tbody tr:has(td.player:text-is('sn_pia'))")
    expect(pia_line.locator(".table-no")).to_have_text("—" if pia_table.is_bye else str(pia_table.table))
    expect(hall.locator(".projector-join .join-code-value")).to_have_text(event.join_code)
    expect(hall.locator(".projector-join .join-code-value")).to_be_in_viewport(ratio=1)
    projector_clock_on_one_line(hall)

    # A late arrival during round 1: added at the desk, pool pasted and deck tapped there; he
    # plays from round 2.
    desk.goto(f"{base}/en/events/{event.pk}/manage/players/")
    desk.get_by_label("Walk-in name").fill("Lou Late")
    desk.get_by_role("button", name="Add walk-in").click()
    lou = event.entrants.get(name="Lou Late")
    assert lou.joined_round == 2
    desk.goto(f"{base}/en/events/{event.pk}/manage/entrants/{lou.pk}/pool/")
    desk.get_by_label("Your pool").fill(pool_text(cards))
    desk.get_by_role("button", name="Check and register the pool").click()
    expect(desk.get_by_text("The pool of Lou Late is registered.")).to_be_visible()
    desk.goto(f"{base}/en/events/{event.pk}/manage/entrants/{lou.pk}/pool/build/")
    tap_deck(desk, cards)
    expect(desk.get_by_text("The deck of Lou Late is registered and legal.")).to_be_visible()

    # A deck check before the result: the problem becomes a game loss at that table at once.
    desk.goto(f"{base}/en/events/{event.pk}/manage/judging/")
    checks = desk.locator("#deck-checks")
    checks.locator("[name=count]").fill("1")
    checks.locator("[name=seed]").fill("sealed-night")
    checks.get_by_role("button", name="Draw tables").click()
    checked = desk.locator("#deck-checks li").first
    checked.locator("[name=outcome]").select_option("problem")
    checked.locator("[name=note]").fill("Two copies of one Gold")
    checked.locator("[name=penalty]").select_option("game_loss")
    checked.get_by_role("button", name="Record").click()
    expect(desk.locator("#deck-checks li").first).to_contain_text("Problem — Two copies of one Gold")
    penalty = Penalty.objects.get(event=event)
    assert penalty.kind == "game_loss" and penalty.round_number == 1
    enter_round(event, organiser, loser=penalty.entrant_id)
    penalised_match = round_1.matches.get(seats__entrant=penalty.entrant)
    assert penalised_match.seats.exclude(entrant=penalty.entrant).get().game_wins == 2

    # Round 2: ten players, no bye. Pia reports her table on her phone; her opponent confirms on
    # his phone if it is Max, else the organiser accepts the claim at the desk.
    desk.goto(f"{base}/en/events/{event.pk}/manage/")
    desk.get_by_role("button", name="Pair round 2 of 3").click()
    round_2 = rounds.current_round(event)
    assert round_2.number == 2 and not round_2.matches.filter(is_bye=True).exists()
    pia_match = round_2.matches.get(seats__entrant__user=pia)
    pia_phone.goto(f"{base}/en/events/{event.pk}/me/")
    panel = pia_phone.locator("section.me-report")
    panel.get_by_label("Games you won").fill("2")
    panel.locator("input[name^=wins_]").nth(1).fill("1")
    panel.get_by_role("button", name="Send the result").click()
    expect(pia_phone.locator("ul.messages")).to_contain_text("Result sent.")
    assert fits_the_phone(pia_phone)
    if pia_match.seats.filter(entrant__user=max_).exists():
        max_phone.goto(f"{base}/en/events/{event.pk}/me/")
        max_phone.locator("section.me-report").get_by_role("button", name="Confirm").click()
        expect(max_phone.locator("ul.messages")).to_contain_text("the result is confirmed")
    else:
        desk.goto(f"{base}/en/events/{event.pk}/manage/matches/{pia_match.pk}/")
        desk.get_by_role("button", name="Accept this result").click()
    pia_match.refresh_from_db()
    assert pia_match.status == "confirmed"
    assert pia_match.seats.get(entrant__user=pia).game_wins == 2
    enter_round(event, organiser, skip={pia_match.pk})

    # Max drops after round 2 from his phone (with a confirmation).
    max_phone.goto(f"{base}/en/events/{event.pk}/me/")
    max_phone.get_by_role("link", name="Drop from the event…").click()
    max_phone.get_by_role("button", name="Yes, drop").click()
    max_entrant = event.entrants.get(user=max_)
    assert max_entrant.dropped and max_entrant.dropped_after == 2
    assert fits_the_phone(max_phone)

    # Round 3: nine players in, so one bye, to the lowest-ranked player still in without a bye.
    standings = event_standings(event)
    dropped = set(event.entrants.filter(dropped_after__isnull=False).values_list("pk", flat=True))
    lowest_without_bye = [row["entrant"] for row in standings if row["entrant"] not in dropped and not row["byes"]][-1]
    desk.goto(f"{base}/en/events/{event.pk}/manage/")
    desk.get_by_role("button", name="Pair round 3 of 3").click()
    round_3 = rounds.current_round(event)
    bye = round_3.matches.get(is_bye=True)
    assert list(bye.seats.values_list("entrant_id", flat=True)) == [lowest_without_bye]
    assert not round_3.matches.filter(seats__entrant=max_entrant).exists()
    enter_round(event, organiser)

    # Prizes by record; the event finishes; the prize sheet shows each player's record.
    prize_services.set_prize_plan(event, organiser, {"scheme": "record", "per_entrant": 2, "fixed": 0,
                                                     "by_record": {"3-0": 6, "2-1": 2}, "participation": 0})  # fmt: skip
    desk.goto(f"{base}/en/events/{event.pk}/manage/finish/")
    desk.get_by_role("button", name="Yes, finish the event").click()
    event.refresh_from_db()
    assert event.status == "finished"
    desk.goto(f"{base}/en/events/{event.pk}/prizes/")
    assert fits_the_phone(desk)
    unbeaten = [row for row in event_standings(event) if (row["wins"], row["losses"]) == (3, 0)]
    assert unbeaten
    sheet_row = desk.locator("tr").filter(has_text=unbeaten[0]["name"]).first
    expect(sheet_row).to_contain_text("3-0")

    # The exports, read back as a French Excel opens them.
    final = event_standings(event)
    rows = read_csv(desk, f"{base}/fr/events/{event.pk}/standings.csv")
    assert rows[0][0] == "Rang" and len(rows) == 1 + 10
    assert [row[2] for row in rows[1:]] == [row["name"] for row in final]
    pairings = read_csv(desk, f"{base}/fr/events/{event.pk}/rounds/3/pairings.csv")
    before = hand_tally(event, before_round=3)
    games = {seat.entrant.name: seat.game_wins for seat in round_3.matches.get(is_bye=False, table=1).seats.all()}
    for row in pairings[1:]:  # a record is written 3–1–0 in a spreadsheet, so that Excel never reads a date
        assert row[3] == before[row[1]].replace("-", "–")
        assert row[2] == str(3 * int(before[row[1]].split("-")[0]))
        if row[1] in games:
            assert row[5] == str(games[row[1]])
    assert [row[6:8] for row in pairings[1:] if row[1] == bye.seats.get().entrant.name] == [["Exempt", "oui"]]
    prize_rows = read_csv(desk, f"{base}/fr/events/{event.pk}/prizes.csv")
    tally = {name: record.replace("-", "–") for name, record in hand_tally(event).items()}
    assert {row[2]: row[3] for row in prize_rows[1:] if row[0]} == tally
    penalties = read_csv(desk, f"{base}/fr/events/{event.pk}/manage/judging/penalties.csv")
    assert len(penalties) == 2 and "partie" in " ".join(penalties[1]).lower()
    for page in (*phones.values(), hall):
        page.context.close()
