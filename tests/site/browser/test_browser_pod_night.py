"""A Dust: Reclamation night run from phones (issue 32, "Done when"), through headless Chromium at 390 px.

Nine players, tables of 3 to 5 allowed, two rounds of a table of five and a table of four (the
places table 4/2/1/0, a fifth place 0). At each table one player fills in the score sheet on their
phone (per game round: the Dust Value card, tricks, Dust cards won, who met the Work Order); the
night's first sheet is sent with a round of seven tricks, refused with the sheet shown again, and
corrected. The others open their phones, read the points the site computed round by round (their
own column first) and confirm; at one table a player disputes and the organiser, on her phone,
accepts the reporter's sheet. The standings after the night are checked against a hand count, on
the standings page as well. Every page visited fits 390 px.

The tables are seated as the test says (phone_support.seat_round): the hand count needs them known.
"""

from fractions import Fraction
from typing import NamedTuple

import pytest

from tests.conftest import join_event, make_user
from tests.site.browser.phone_support import confirm_on_phone, expect, fits_the_phone, open_phones, seat_round

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

ORGANISER = "nora_night"
PLAYERS = ("ada", "ben", "cleo", "dov", "eli", "fay", "gus", "hana", "ivo")
# The new-event form's 4 / 2 / 1 / 0; a fifth place at a table of five scores 0.
POD_POINTS = {"win": 4, "2": 2, "3": 1, "4": 0, "5": 0, "other": 0}


class Table(NamedTuple):
    """One table of the night. `sheet`: per game round, the Dust Value card and each player's (tricks
    won, Dust cards won, met the Work Order quota), as the reporter fills it in. `points`: each
    player's points per game round, by hand from the rules: +1 a trick, +1 or -1 a Dust card (the
    Dust Value card), and the Work Order's 2 points shared between the players who met it, rounded
    half up (one: 2; two to four: 1 each; all five: 0.4, so 0). `match_points`: from the places table,
    tied players sharing the places their tie spans (the mean, half up)."""

    sheet: tuple
    points: dict
    match_points: dict

    @property
    def players(self):
        return list(self.points)

    def total(self, player):
        return sum(self.points[player])


ROUND_1 = (
    # Totals ada 8, ben 11, cleo 10, dov 3, eli 8: ben 1st (4), cleo 2nd (2), ada and eli share 3rd
    # and 4th ((1 + 0) / 2 = 0.5, half up: 1 each), dov 5th (0).
    Table(
        sheet=(
            ("+", {"ada": (3, 1, 1), "ben": (2, 1, 1), "cleo": (1, 0, 0), "dov": (1, 0, 0), "eli": (1, 0, 0)}),
            ("-", {"ada": (1, 0, 1), "ben": (2, 1, 1), "cleo": (2, 0, 1), "dov": (2, 1, 1), "eli": (1, 0, 1)}),
            ("+", {"ada": (1, 0, 0), "ben": (2, 0, 0), "cleo": (3, 2, 1), "dov": (0, 0, 0), "eli": (2, 1, 0)}),
            ("-", {"ada": (1, 0, 0), "ben": (3, 0, 1), "cleo": (1, 1, 0), "dov": (1, 0, 0), "eli": (2, 0, 1)}),
        ),
        # ada 3+1+1 | 1+0 (all five met it) | 1 | 1; ben 2+1+1 | 2-1 | 2 | 3+1; cleo 1 | 2 | 3+2+2 | 1-1;
        # dov 1 | 2-1 | 0 | 1; eli 1 | 1 | 2+1 | 2+1.
        points={
            "ada": (5, 1, 1, 1),
            "ben": (4, 1, 2, 4),
            "cleo": (1, 2, 7, 0),
            "dov": (1, 1, 0, 1),
            "eli": (1, 1, 3, 3),
        },
        match_points={"ada": 1, "ben": 4, "cleo": 2, "dov": 0, "eli": 1},
    ),
    # Totals fay 13, gus 10, hana 10, ivo 8: fay 1st (4), gus and hana share 2nd and 3rd ((2 + 1) / 2 =
    # 1.5: 2 each), ivo 4th (0).
    Table(
        sheet=(
            ("-", {"fay": (2, 1, 1), "gus": (2, 0, 1), "hana": (2, 1, 0), "ivo": (2, 0, 0)}),
            ("+", {"fay": (4, 2, 1), "gus": (1, 0, 0), "hana": (2, 0, 0), "ivo": (1, 1, 0)}),
            ("-", {"fay": (1, 0, 0), "gus": (3, 1, 1), "hana": (2, 0, 1), "ivo": (2, 0, 1)}),
            ("+", {"fay": (2, 0, 0), "gus": (2, 1, 0), "hana": (3, 1, 0), "ivo": (1, 0, 0)}),
        ),
        # fay 2-1+1 | 4+2+2 | 1 | 2; gus 2+1 | 1 | 3-1+1 | 2+1; hana 2-1 | 2 | 2+1 | 3+1; ivo 2 | 1+1 | 2+1 | 1.
        points={"fay": (2, 8, 1, 2), "gus": (3, 1, 3, 3), "hana": (1, 2, 3, 4), "ivo": (2, 2, 3, 1)},
        match_points={"fay": 4, "gus": 2, "hana": 2, "ivo": 0},
    ),
)
ROUND_2 = (
    # Totals ben 10, cleo 12, fay 7, gus 6, hana 6: cleo 1st (4), ben 2nd (2), fay 3rd (1), gus and
    # hana share 4th and 5th (0 each).
    Table(
        sheet=(
            ("+", {"ben": (2, 1, 1), "cleo": (2, 0, 1), "fay": (2, 1, 1), "gus": (1, 0, 0), "hana": (1, 0, 0)}),
            ("-", {"ben": (1, 0, 0), "cleo": (3, 1, 1), "fay": (1, 0, 0), "gus": (2, 1, 0), "hana": (1, 0, 0)}),
            ("+", {"ben": (2, 0, 0), "cleo": (1, 1, 0), "fay": (1, 0, 0), "gus": (2, 0, 1), "hana": (2, 0, 1)}),
            ("-", {"ben": (2, 0, 1), "cleo": (2, 0, 1), "fay": (2, 1, 0), "gus": (1, 0, 0), "hana": (1, 0, 0)}),
        ),
        # Three met the Work Order in game round 1: 2/3 = 0.67, so 1 each. ben 2+1+1 | 1 | 2 | 2+1;
        # cleo 2+1 | 3-1+2 | 1+1 | 2+1; fay 2+1+1 | 1 | 1 | 2-1; gus 1 | 2-1 | 2+1 | 1; hana 1 | 1 | 2+1 | 1.
        points={
            "ben": (4, 1, 2, 3),
            "cleo": (3, 4, 2, 3),
            "fay": (4, 1, 1, 1),
            "gus": (1, 1, 3, 1),
            "hana": (1, 1, 3, 1),
        },
        match_points={"ben": 2, "cleo": 4, "fay": 1, "gus": 0, "hana": 0},
    ),
    # Totals ada 12, dov 14, eli 9, ivo 7: dov 1st (4), ada 2nd (2), eli 3rd (1), ivo 4th (0).
    Table(
        sheet=(
            ("-", {"ada": (2, 0, 0), "dov": (3, 1, 1), "eli": (2, 1, 0), "ivo": (1, 0, 0)}),
            ("+", {"ada": (2, 1, 1), "dov": (2, 0, 0), "eli": (3, 1, 1), "ivo": (1, 1, 0)}),
            ("-", {"ada": (3, 0, 1), "dov": (2, 0, 0), "eli": (1, 1, 0), "ivo": (2, 0, 0)}),
            ("+", {"ada": (1, 0, 0), "dov": (3, 2, 1), "eli": (3, 0, 0), "ivo": (1, 0, 1)}),
        ),
        # ada 2 | 2+1+1 | 3+2 | 1; dov 3-1+2 | 2 | 2 | 3+2+1; eli 2-1 | 3+1+1 | 1-1 | 3; ivo 1 | 1+1 | 2 | 1+1.
        points={"ada": (2, 4, 5, 1), "dov": (4, 2, 2, 6), "eli": (1, 5, 0, 3), "ivo": (1, 2, 2, 2)},
        match_points={"ada": 2, "dov": 4, "eli": 1, "ivo": 0},
    ),
)
# The standings after the night, by hand (docs/scoring.md, pods on one scale): match points, then
# OMP%, each player's opponents' share of the 8 points a player could earn (4 a round), one entry per
# opponent per table; then the Reclamation totals over the night. Final match points: ada 3, ben 6,
# cleo 6, dov 4, eli 2, fay 5, gus 2, hana 2, ivo 0.
# - ben and cleo sat together both rounds: each met the other twice and ada, dov, eli, fay, gus and
#   hana once: (3+6+4+2 + 6+5+2+2) / 8 opponents / 8 = 30/64; game totals 11+10 = 21 against 10+12 = 22.
# - eli (ada 3, ben 6, cleo 6, dov 4; ada 3, dov 4, ivo 0: 26/56), gus (fay 5, hana 2, ivo 0; ben 6,
#   cleo 6, fay 5, hana 2: 26/56) and hana (26/56 likewise) are equal on points and OMP%: the totals
#   split eli (8+9 = 17) from gus and hana (10+6 = 16 each), who share 7th, listed by name.
STANDINGS = (
    # rank, player, match points, places, OMP%, game total
    (1, "cleo", 6, {"1": 1, "2": 1}, Fraction(30, 64), 22),
    (2, "ben", 6, {"1": 1, "2": 1}, Fraction(30, 64), 21),
    (3, "fay", 5, {"1": 1, "3": 1}, Fraction(4 + 16, 56), 20),  # gus 2, hana 2, ivo 0; ben, cleo, gus, hana
    (4, "dov", 4, {"1": 1, "5": 1}, Fraction(17 + 5, 56), 17),  # ada, ben, cleo, eli; ada, eli, ivo
    (5, "ada", 3, {"2": 1, "3": 1}, Fraction(18 + 6, 56), 20),  # ben, cleo, dov, eli; dov, eli, ivo
    (6, "eli", 2, {"3": 2}, Fraction(26, 56), 17),
    (7, "gus", 2, {"2": 1, "4": 1}, Fraction(26, 56), 16),
    (7, "hana", 2, {"2": 1, "4": 1}, Fraction(26, 56), 16),
    (9, "ivo", 0, {"4": 2}, Fraction(9 + 9, 48), 15),  # fay, gus, hana; ada, dov, eli
)


@pytest.fixture
def night(transactional_db):
    from tournaments.services.events import create_event, start_event

    organiser = make_user(ORGANISER, organiser=True)
    event = create_event(
        organiser,
        "Reclamation night",
        "dust-reclamation",
        mode="ffa",
        best_of=1,
        top_cut=0,
        swiss_rounds=2,
        pods_of_five=True,
        pod_points=POD_POINTS,
    )
    entrants = {name: join_event(event, make_user(name)) for name in PLAYERS}
    start_event(event, organiser)
    return event, organiser, entrants


def fill_sheet(phone, table, entrants, changed=None):
    """The reporter types the table's sheet; `changed`: {(game round, player): tricks} typed instead."""
    for number, (sign, rows) in enumerate(table.sheet, start=1):
        phone.locator(f'[name="rounds_{number}_dust_value"]').select_option(sign)
        for player, (tricks, dust, met) in rows.items():
            pk = entrants[player].pk
            typed = (changed or {}).get((number, player), tricks)
            phone.locator(f'[name="rounds_{number}_tricks_{pk}"]').fill(str(typed))
            phone.locator(f'[name="rounds_{number}_dust_{pk}"]').fill(str(dust))
            phone.locator(f'[name="rounds_{number}_work_order_{pk}"]').set_checked(bool(met))


def send_sheet(phone, me_url, table, entrants, reporter):
    phone.goto(me_url)
    expect(phone.locator("section.me-report form.score-sheet").get_by_role("group", name="Round 4")).to_be_visible()
    fits_the_phone(phone)
    fill_sheet(phone, table, entrants)
    phone.get_by_role("button", name="Send the result").tap()
    sent(phone, table, reporter)


def sent(phone, table, reporter):
    """The reporter's page: the report recorded, with the points the site computed, theirs first."""
    expect(phone.locator("ul.messages")).to_contain_text("Result sent.")
    expect(phone.locator(".me-report")).to_contain_text("Your report is recorded.")
    expect(phone.locator(".me-report table.points-table tfoot td").first).to_have_text(str(table.total(reporter)))
    fits_the_phone(phone)


def totals_seen_by(table, reader):
    """The totals row as `reader` sees it: their own first, then the table in seat order."""
    return [str(table.total(player)) for player in [reader, *(p for p in table.players if p != reader)]]


def confirm_all(phones, me_url, table, reporter, skip=()):
    for player in table.players:
        if player != reporter and player not in skip:
            confirm_on_phone(phones[player], me_url, table.points[player], totals_seen_by(table, player))


def standings_now(event):
    """The standings as the site has them now (a fresh read of the event's results version)."""
    from tournaments.models import Event
    from tournaments.services.standings import event_standings

    return event_standings(Event.objects.get(pk=event.pk))


def check_round(event, round_, tables, entrants, before=None):
    """Every table confirmed, each seat with its game total; the standings' match points those of
    the hand count, added to `before` (the points after the earlier rounds)."""
    from tournaments.models import Match

    points = dict(before or {})
    for number, table in enumerate(tables, start=1):
        match = round_.matches.get(table=number)
        assert match.status == Match.Status.CONFIRMED
        totals = {seat.entrant_id: seat.game_total for seat in match.seats.all()}
        assert totals == {entrants[p].pk: table.total(p) for p in table.players}
        for player in table.players:
            points[player] = points.get(player, 0) + table.match_points[player]
    names = {entrant.pk: name for name, entrant in entrants.items()}
    assert {names[row["entrant"]]: row["match_points"] for row in standings_now(event)} == points
    return points


@pytest.mark.django_db(transaction=True)
def test_a_reclamation_night_with_a_table_of_five_is_run_from_phones(live_server, night, browser_page):
    from tournaments.models import Report

    event, organiser, entrants = night
    base = live_server.url
    me_url = f"{base}/en/events/{event.pk}/me/"
    phones = open_phones(browser_page.context.browser, base, [*PLAYERS, ORGANISER])
    try:
        # The event page says how the Work Order is read and that a table may seat five.
        phones["ivo"].goto(f"{base}/en/events/{event.pk}/")
        about = phones["ivo"].get_by_role("main")
        expect(about).to_contain_text("tables of five when the player count calls for one")
        expect(about).to_contain_text("Work Order: the 2 points are shared among the players who meet the quota")
        fits_the_phone(phones["ivo"])

        # Round 1: a table of five and a table of four.
        round_1 = seat_round(event, organiser, 1, [[entrants[p] for p in table.players] for table in ROUND_1])
        five, four = ROUND_1
        ada = phones["ada"]
        ada.goto(me_url)
        sheet = ada.locator("section.me-report form.score-sheet")
        expect(sheet.get_by_role("group", name="Round 1").locator("tbody tr")).to_have_count(5)
        fill_sheet(ada, five, entrants, changed={(1, "ada"): 2})
        expect(sheet.get_by_role("group", name="Round 1").locator("output.sheet-sum").first).to_have_text("7 / 8")
        sheet.get_by_role("button", name="Send the result").tap()
        expect(ada.locator("[data-error-summary]")).to_contain_text(
            "Round 1 · Tricks won: 7 tricks in one round, but a round is exactly 8 tricks"
        )
        assert not Report.objects.filter(match__round=round_1).exists()
        fits_the_phone(ada)
        ada.locator(f'[name="rounds_1_tricks_{entrants["ada"].pk}"]').fill("3")
        ada.get_by_role("button", name="Send the result").tap()
        sent(ada, five, "ada")
        confirm_all(phones, me_url, five, "ada")
        send_sheet(phones["fay"], me_url, four, entrants, "fay")
        confirm_all(phones, me_url, four, "fay")
        after_1 = check_round(event, round_1, ROUND_1, entrants)

        # Round 2: at the table of four eli disputes dov's sheet; the organiser, on her phone, reads
        # each side's claim with its points and accepts dov's.
        round_2 = seat_round(event, organiser, 2, [[entrants[p] for p in table.players] for table in ROUND_2])
        five, four = ROUND_2
        send_sheet(phones["cleo"], me_url, five, entrants, "cleo")
        confirm_all(phones, me_url, five, "cleo")
        send_sheet(phones["dov"], me_url, four, entrants, "dov")
        confirm_all(phones, me_url, four, "dov", skip={"eli"})
        eli = phones["eli"]
        eli.goto(me_url)
        expect(eli.locator(".report-theirs tfoot td").first).to_have_text(str(four.total("eli")))
        eli.get_by_role("button", name="Dispute").tap()
        expect(eli.locator("ul.messages")).to_contain_text("The result is disputed: the organiser will decide.")
        fits_the_phone(eli)
        desk = phones[ORGANISER]
        desk.goto(f"{base}/en/events/{event.pk}/manage/matches/{round_2.matches.get(table=2).pk}/")
        expect(desk.locator(".table-panel .badge.status-disputed")).to_have_text("Disputed: the organiser decides")
        claim = desk.locator("ul.claims li").filter(has_text="reported for dov by dov")
        expect(claim.locator("tfoot td")).to_have_text([str(four.total(p)) for p in four.players])  # seat order
        fits_the_phone(desk)
        claim.get_by_role("button", name="Accept this result").tap()
        expect(desk.locator("ul.messages")).to_contain_text("Table 2: result saved.")
        fits_the_phone(desk)
        check_round(event, round_2, ROUND_2, entrants, before=after_1)

        # The standings match the hand count, in the data and on a phone.
        names = {entrant.pk: name for name, entrant in entrants.items()}
        rows = standings_now(event)
        assert [
            (row["rank"], names[row["entrant"]], row["match_points"], row["places"], row["game_total"]) for row in rows
        ] == [(rank, name, points, places, total) for rank, name, points, places, _omp, total in STANDINGS]
        assert [row["omw"] for row in rows] == [round(float(omp), 4) for *_, omp, _total in STANDINGS]
        ivo = phones["ivo"]
        ivo.goto(f"{base}/en/events/{event.pk}/standings/")
        shown = ivo.locator("table.standings-table tbody tr")
        expect(shown).to_have_count(len(PLAYERS))
        for index, (rank, name, points, _places, _omp, total) in enumerate(STANDINGS):
            cells = shown.nth(index).locator("td")
            expect(cells.nth(0)).to_have_text(str(rank))
            expect(cells.nth(1)).to_have_text(name)
            expect(cells.nth(2)).to_have_text(str(points))
            expect(cells.nth(5)).to_have_text(str(total))
        expect(ivo.get_by_role("main")).to_contain_text("Players equal on points and on every tie-breaker share a rank")
        fits_the_phone(ivo)
    finally:
        for phone in phones.values():
            phone.context.close()
