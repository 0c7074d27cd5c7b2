"""Dust Collectorz rounds run from phones (issue 32, "Done when"), through headless Chromium at 390 px:
a 2-against-2 team round of four teams and a free-for-all round of a pod of four and a pod of three.

At each table one player fills in the score sheet on their phone (each side's capture pile by rank and
the last round's winner; the first sheet is sent once without the winner, refused with the piles kept
and the reporter's own team still first); a player of every other side opens their phone, reads the points the site
computed (captured cards, the last round, the total; their own column first) and confirms. The
standings are checked against a hand count, in the data and on the standings page. Every page
visited fits 390 px.

The tables are seated as the test says (phone_support.seat_round): the hand count needs them known.
"""

from fractions import Fraction

import pytest

from tests.conftest import join_event, make_user
from tests.site.browser.phone_support import confirm_on_phone, expect, fits_the_phone, open_phones, seat_round

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("eager_celery")]

ORGANISER = "otto_rounds"
RANKS = ("bronze", "silver", "gold", "platinum", "epic", "counter")
POD_POINTS = {"win": 4, "2": 2, "3": 1, "4": 0, "5": 0, "other": 0}  # the new-event form's 4 / 2 / 1 / 0

# Scoring (rules V202310.09): Bronze and Silver 1, Gold 0, Platinum and Epic 3, Counter type 0; the
# last round won 6 in the four-player team mode, 3 in free-for-all. Piles by rank in RANKS' order.
TEAMS = {"Red": ("rod", "rae"), "Blue": ("bea", "bo"), "Green": ("gil", "gwen"), "Gold": ("gary", "gio")}
TEAM_TABLES = (
    # Red 8+6+0+6+0+0 = 20; Blue 6+6+0+0+3+0 = 15 and 6 for the last round, 21: Blue wins 21-20 (a
    # versus game's 3 would not have been enough). Blue's bea reports, Red's rod confirms.
    {
        "piles": {"Red": (8, 6, 2, 2, 0, 1), "Blue": (6, 6, 3, 0, 1, 2)},
        "last": "Blue",
        "points": {"Red": (20, 0), "Blue": (15, 6)},
        "reporter": "bea",
        "confirmers": ("rod",),
    },
    # Gold 9+6+0+6+0+0 = 21; Green 5+4+0+3+3+0 = 15 and 6, 21: equal, and the last round's winner wins
    # the tie (Tie Game): Green. The losers report (gary), Green's gwen confirms.
    {
        "piles": {"Green": (5, 4, 1, 1, 1, 0), "Gold": (9, 6, 2, 2, 0, 2)},
        "last": "Green",
        "points": {"Green": (15, 6), "Gold": (21, 0)},
        "reporter": "gary",
        "confirmers": ("gwen",),
    },
)
# One round, best of one: a win is 3 match points. Both winners have the same tie-breakers (OMW% 1/3,
# the floor, as their opponents lost; GW% 100 %; OGW% 1/3), and so have both losers: each pair shares
# a rank, listed by name.
TEAM_STANDINGS = ((1, "Blue", 3, "1-0-0"), (1, "Green", 3, "1-0-0"), (3, "Gold", 0, "0-1-0"), (3, "Red", 0, "0-1-0"))

FFA_TABLES = (
    # kai 3+2+0+3 = 8 and 3 for the last round, 11; lea 5+3+3 = 11; mo 2+3+0+3 = 8; nia 1+1+0 = 2.
    # kai and lea are equal: the last round's winner takes the better place. kai 1st (4), lea 2nd (2),
    # mo 3rd (1), nia 4th (0).
    {
        "piles": {
            "kai": (3, 2, 1, 1, 0, 0),
            "lea": (5, 3, 0, 0, 1, 1),
            "mo": (2, 3, 2, 1, 0, 0),
            "nia": (1, 1, 1, 0, 0, 0),
        },
        "last": "kai",
        "points": {"kai": (8, 3), "lea": (11, 0), "mo": (8, 0), "nia": (2, 0)},
        "match_points": {"kai": 4, "lea": 2, "mo": 1, "nia": 0},
        "reporter": "nia",
        "confirmers": ("kai", "lea", "mo"),
    },
    # oda 4+3+3 = 10 and 3, 13; pim 3+3+3 = 9; quin 5+4+0+0 = 9. pim and quin are equal and neither won
    # the last round: they share 2nd and 3rd ((2 + 1) / 2 = 1.5, half up: 2 each); oda 1st (4).
    {
        "piles": {"oda": (4, 3, 0, 1, 0, 0), "pim": (3, 3, 0, 0, 1, 0), "quin": (5, 4, 2, 0, 0, 1)},
        "last": "oda",
        "points": {"oda": (10, 3), "pim": (9, 0), "quin": (9, 0)},
        "match_points": {"oda": 4, "pim": 2, "quin": 2},
        "reporter": "pim",
        "confirmers": ("oda", "quin"),
    },
)
# Pods on one scale: match points, then OMP%, the opponents' shares of the 4 points a round offers
# (Dust Collectorz totals break no ties). kai: lea 2/4, mo 1/4, nia 0 -> 1/4; oda: pim and quin 2/4
# each -> 1/2; pim and quin: oda 4/4 and each other 2/4 -> 3/4, equal on everything, sharing 3rd;
# lea: kai 4/4, mo 1/4, nia 0 -> 5/12; mo: 4/4, 2/4, 0 -> 1/2; nia: 4/4, 2/4, 1/4 -> 7/12.
FFA_STANDINGS = (
    (1, "oda", 4, Fraction(1, 2)),
    (2, "kai", 4, Fraction(1, 4)),
    (3, "pim", 2, Fraction(3, 4)),
    (3, "quin", 2, Fraction(3, 4)),
    (5, "lea", 2, Fraction(5, 12)),
    (6, "mo", 1, Fraction(1, 2)),
    (7, "nia", 0, Fraction(7, 12)),
)
FFA_PLAYERS = [player for table in FFA_TABLES for player in table["piles"]]
TEAM_MEMBERS = [member for members in TEAMS.values() for member in members]


@pytest.fixture
def rounds_night(transactional_db):
    from tournaments.services.entrants_teams import add_team, join_team
    from tournaments.services.events import create_event, start_event

    organiser = make_user(ORGANISER, organiser=True)
    shape = {"best_of": 1, "top_cut": 0, "swiss_rounds": 1}
    teams_event = create_event(organiser, "Two against two", "dust-collectorz", mode="team", **shape)
    teams = {}
    for name, members in TEAMS.items():
        teams[name] = add_team(teams_event, organiser, name, members)
        for member in members:
            join_team(teams[name], make_user(member))
    start_event(teams_event, organiser)
    ffa_event = create_event(
        organiser, "Free-for-all", "dust-collectorz", mode="ffa", pod_size=4, pod_points=POD_POINTS, **shape
    )
    players = {name: join_event(ffa_event, make_user(name)) for name in FFA_PLAYERS}
    start_event(ffa_event, organiser)
    return organiser, (teams_event, teams), (ffa_event, players)


def fill_piles(phone, table, sides):
    for side, pile in table["piles"].items():
        for rank, count in zip(RANKS, pile, strict=True):
            phone.locator(f'[name="captures_{sides[side].pk}_{rank}"]').fill(str(count))
    phone.locator('[name="last_round_winner"]').select_option(str(sides[table["last"]].pk))


def play_table(phones, me_url, table, sides, side_of, forget_the_last_round=False):
    """The reporter sends the sheet (when `forget_the_last_round`, first without the last round's
    winner: refused, the piles kept); one player of every other side reads the points and confirms."""
    reporter = phones[table["reporter"]]
    reporter.goto(me_url)
    own_pile_first = f"Capture pile · {side_of[table['reporter']]}"
    legends = reporter.locator("form.score-sheet fieldset.sheet-pile > legend")
    expect(legends).to_have_count(len(table["piles"]))
    expect(legends.first).to_have_text(own_pile_first)
    fits_the_phone(reporter)
    fill_piles(reporter, table, sides)
    winner = reporter.locator('[name="last_round_winner"]')
    if forget_the_last_round:
        winner.select_option("")
        reporter.get_by_role("button", name="Send the result").tap()
        expect(reporter.locator("[data-error-summary]")).to_contain_text(
            "Winner of the last round: Choose a player (or team) of this match."
        )
        expect(legends.first).to_have_text(own_pile_first)
        side, pile = next(iter(table["piles"].items()))
        expect(reporter.locator(f'[name="captures_{sides[side].pk}_bronze"]')).to_have_value(str(pile[0]))
        fits_the_phone(reporter)
        winner.select_option(str(sides[table["last"]].pk))
    reporter.get_by_role("button", name="Send the result").tap()
    expect(reporter.locator("ul.messages")).to_contain_text("Result sent.")
    fits_the_phone(reporter)
    order = list(table["piles"])
    for player in table["confirmers"]:
        mine = side_of[player]
        seen = [mine, *(side for side in order if side != mine)]
        totals = [str(sum(table["points"][side])) for side in seen]
        confirm_on_phone(phones[player], me_url, table["points"][mine], totals)


def seat(event, organiser, tables, sides):
    return seat_round(event, organiser, 1, [[sides[side] for side in table["piles"]] for table in tables])


@pytest.mark.django_db(transaction=True)
def test_a_team_round_and_a_free_for_all_round_are_run_from_phones(live_server, rounds_night, browser_page):
    from tournaments.models import Event, Match
    from tournaments.services.standings import event_standings

    organiser, (teams_event, teams), (ffa_event, players) = rounds_night
    base = live_server.url
    phones = open_phones(browser_page.context.browser, base, [*TEAM_MEMBERS, *FFA_PLAYERS])
    try:
        # Two against two: each team's pile and the 6-point last round.
        round_ = seat(teams_event, organiser, TEAM_TABLES, teams)
        team_of = {member: name for name, members in TEAMS.items() for member in members}
        me_url = f"{base}/en/events/{teams_event.pk}/me/"
        for number, table in enumerate(TEAM_TABLES):
            play_table(phones, me_url, table, teams, team_of, forget_the_last_round=number == 0)
        assert not round_.matches.exclude(status=Match.Status.CONFIRMED).exists()
        names = {team.pk: name for name, team in teams.items()}
        rows = event_standings(Event.objects.get(pk=teams_event.pk))
        assert [
            (row["rank"], names[row["entrant"]], row["match_points"], f"{row['wins']}-{row['losses']}-{row['draws']}")
            for row in rows
        ] == list(TEAM_STANDINGS)
        phone = phones["rae"]  # a member who neither reported nor confirmed
        phone.goto(f"{base}/en/events/{teams_event.pk}/standings/")
        shown = phone.locator("table.standings-table tbody tr")
        for index, (rank, name, points, record) in enumerate(TEAM_STANDINGS):
            cells = shown.nth(index).locator("td")
            expect(cells.nth(0)).to_have_text(str(rank))
            expect(cells.nth(1)).to_contain_text(name)
            expect(cells.nth(2)).to_have_text(str(points))
            expect(cells.nth(3)).to_have_text(record)
        expect(shown.nth(3).locator("td").nth(1)).to_contain_text("rod, rae")  # the members, on the team's row
        fits_the_phone(phone)

        # Free-for-all: a pod of four and a pod of three, places by score.
        round_ = seat(ffa_event, organiser, FFA_TABLES, players)
        me_url = f"{base}/en/events/{ffa_event.pk}/me/"
        for table in FFA_TABLES:
            play_table(phones, me_url, table, players, {player: player for player in players})
        assert not round_.matches.exclude(status=Match.Status.CONFIRMED).exists()
        names = {entrant.pk: name for name, entrant in players.items()}
        rows = event_standings(Event.objects.get(pk=ffa_event.pk))
        assert [(row["rank"], names[row["entrant"]], row["match_points"]) for row in rows] == [
            standing[:3] for standing in FFA_STANDINGS
        ]
        assert [row["omw"] for row in rows] == [round(float(omp), 4) for *_, omp in FFA_STANDINGS]
        match_points = {player: points for table in FFA_TABLES for player, points in table["match_points"].items()}
        assert {names[row["entrant"]]: row["match_points"] for row in rows} == match_points
        phone = phones["nia"]
        phone.goto(f"{base}/en/events/{ffa_event.pk}/standings/")
        shown = phone.locator("table.standings-table tbody tr")
        expect(shown).to_have_count(len(FFA_STANDINGS))
        for index, (rank, name, points, _omp) in enumerate(FFA_STANDINGS):
            cells = shown.nth(index).locator("td")
            expect(cells.nth(0)).to_have_text(str(rank))
            expect(cells.nth(1)).to_have_text(name)
            expect(cells.nth(2)).to_have_text(str(points))
        fits_the_phone(phone)
    finally:
        for phone in phones.values():
            phone.context.close()
