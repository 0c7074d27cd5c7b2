"""A top 8 and a prize sheet worked by hand: two Swiss rounds of eight players seated by the
organiser, the bracket seeded 1v8, 4v5, 2v7, 3v6 from the standings, upsets, the final order and
prizes by final standing. Every figure was computed on paper (MTR Appendix C) before the site was
asked."""

import re
from fractions import Fraction as F

import pytest
from django.db import transaction

from core.errors import DomainError
from tournaments.engine.pairing.model import Pairing
from tournaments.engine.standings import rounded
from tournaments.models import Event, Round
from tournaments.services.common import locked
from tournaments.services.entrants import add_entrant, drop
from tournaments.services.events import create_event, finish_event, start_event
from tournaments.services.judging import give_penalty
from tournaments.services.prizes import set_prize_plan
from tournaments.services.results import record_result
from tournaments.services.rounds import advance_top_cut, create_round, current_round, start_top_cut
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db

NAMES = "ABCDEFGH"


@pytest.fixture
def event(organiser):
    event = create_event(organiser, "Top 8 by hand", "dust-collectorz", best_of=3, top_cut=8, swiss_rounds=2)
    for name in NAMES:
        add_entrant(event, organiser, name=name)
    start_event(event, organiser)
    return Event.objects.get(pk=event.pk)


def fresh(event):
    return Event.objects.get(pk=event.pk)


def ids(event):
    return dict(event.entrants.values_list("name", "pk"))


def enter(round_, organiser, who, winner, loser, winner_games=2, loser_games=0):
    match = next(
        match
        for match in round_.matches.filter(is_bye=False)
        if set(match.seats.values_list("entrant_id", flat=True)) == {who[winner], who[loser]}
    )
    record_result(match, organiser, wins={who[winner]: winner_games, who[loser]: loser_games})


def seat(event, organiser, number, pairs):
    who = ids(event)
    with transaction.atomic():
        return create_round(locked(event), organiser, Pairing(number, [[who[a], who[b]] for a, b in pairs], []))


def bracket(round_, who):
    """The round's matches in bracket-slot order, each as the two names in seat order."""
    names = {pk: name for name, pk in who.items()}
    return [
        "".join(names[pk] for pk in match.seats.order_by("pk").values_list("entrant_id", flat=True))
        for match in round_.matches.order_by("bracket_slot")
    ]


def play_swiss(event, organiser):
    """Round 1: A>B 2-0, C>D 2-0, E>F 2-0, G>H 2-1. Round 2: A>C 2-1, E>G 2-0, B>D 2-0, F>H 2-0."""
    who = ids(event)
    r1 = seat(event, organiser, 1, ("AB", "CD", "EF", "GH"))
    for winner, loser, games in (("A", "B", 0), ("C", "D", 0), ("E", "F", 0), ("G", "H", 1)):
        enter(r1, organiser, who, winner, loser, 2, games)
    r2 = seat(fresh(event), organiser, 2, ("AC", "EG", "BD", "FH"))
    for winner, loser, games in (("A", "C", 1), ("E", "G", 0), ("B", "D", 0), ("F", "H", 0)):
        enter(r2, organiser, who, winner, loser, 2, games)


# By hand. Games won of games played: A 4/5, B 2/4, C 3/5, D 0/4, E 4/4, F 2/4, G 2/5, H 1/5.
# E and A (6 points): OMW 1/2 each (their opponents are all 1-1); GW E 1 beats A 4/5. OGW E (F 1/2,
# G 2/5) 9/20, A (B 1/2, C 3/5) 11/20.
# C, F, B, G (3 points): OMW 2/3 each (a 2-0 and a 0-2 opponent, floored to 1/3); GW C 3/5, then F and
# B at 1/2: F's OGW (E 1, H 1/5 floored to 1/3) = 2/3 beats B's (A 4/5, D 0 floored) = 17/30; G 2/5.
# D and H (0 points): OMW 1/2 each, GW floored to 1/3 each; OGW D (C 3/5, B 1/2) 11/20 beats H's
# (G 2/5, F 1/2) 9/20.
SWISS = [
    (1, "E", 6, F(1, 2), F(1), F(9, 20)),
    (2, "A", 6, F(1, 2), F(4, 5), F(11, 20)),
    (3, "C", 3, F(2, 3), F(3, 5), F(17, 30)),
    (4, "F", 3, F(2, 3), F(1, 2), F(2, 3)),
    (5, "B", 3, F(2, 3), F(1, 2), F(17, 30)),
    (6, "G", 3, F(2, 3), F(2, 5), F(2, 3)),
    (7, "D", 0, F(1, 2), F(1, 3), F(11, 20)),
    (8, "H", 0, F(1, 2), F(1, 3), F(9, 20)),
]


def swiss_rows(event, who):
    names = {pk: name for name, pk in who.items()}
    return [
        (
            row.get("swiss_rank", row["rank"]),
            names[row["entrant"]],
            row["match_points"],
            row["omw"],
            row["gw"],
            row["ogw"],
        )
        for row in sorted(event_standings(fresh(event)), key=lambda row: row.get("swiss_rank", row["rank"]))
    ]


def by_hand(rows):
    return [(*row[:3], rounded(row[3]), rounded(row[4]), rounded(row[5])) for row in rows]


def play_top_eight(event, organiser, who):
    """Quarter-finals: E>H, B>F (5 over 4), D>A (7 over 2), C>G. Semi-finals: E>B, C>D. Final: C>E."""
    quarters = start_top_cut(fresh(event), organiser)
    assert bracket(quarters, who) == ["EH", "FB", "AD", "CG"]  # 1v8, 4v5, 2v7, 3v6
    for winner, loser in (("E", "H"), ("B", "F"), ("D", "A"), ("C", "G")):
        enter(quarters, organiser, who, winner, loser, 2, 1)
    semis = advance_top_cut(fresh(event), organiser)
    assert semis.stage == Round.Stage.TOP_CUT and semis.number == 4
    assert bracket(semis, who) == ["EB", "DC"]  # the winners of slots 1-2 and 3-4
    enter(semis, organiser, who, "E", "B")
    enter(semis, organiser, who, "C", "D")
    final = advance_top_cut(fresh(event), organiser)
    assert bracket(final, who) == ["EC"]
    enter(final, organiser, who, "C", "E", 2, 1)
    return final


# Final standings: the winner C, the finalist E, the semi-finalists B and D in Swiss order (5th, 7th),
# the quarter-finalists A, F, G, H in Swiss order (2nd, 4th, 6th, 8th).
FINAL = [
    (1, "C", "winner", 3),
    (2, "E", "finalist", 1),
    (3, "B", "semi_finalist", 5),
    (4, "D", "semi_finalist", 7),
    (5, "A", "quarter_finalist", 2),
    (6, "F", "quarter_finalist", 4),
    (7, "G", "quarter_finalist", 6),
    (8, "H", "quarter_finalist", 8),
]


def final_rows(event, who):
    names = {pk: name for name, pk in who.items()}
    return [
        (row["rank"], names[row["entrant"]], row["top_cut"], row["swiss_rank"]) for row in event_standings(fresh(event))
    ]


# Prizes by final standing 8, 5, 3, 3, 1, 1, 1, 1 from a fixed pool of 24: one left over.
PLAN = {"scheme": "standing", "fixed": 24, "by_standing": [8, 5, 3, 3, 1, 1, 1, 1]}
PRIZES = {"C": 8, "E": 5, "B": 3, "D": 3, "A": 1, "F": 1, "G": 1, "H": 1}


def sheet_prizes(event, who):
    names = {pk: name for name, pk in who.items()}
    sheet = fresh(event).prizes.sheet
    return {names[line["entrant"]]: line["prize"] for line in sheet["lines"]}, sheet["leftover"]


def test_swiss_standings_seed_the_bracket_as_worked_by_hand(event, organiser):
    who = ids(event)
    play_swiss(event, organiser)
    assert swiss_rows(event, who) == by_hand(SWISS)


def test_the_final_ends_the_event_in_bracket_order_and_fixes_the_prizes(event, organiser):
    who = ids(event)
    play_swiss(event, organiser)
    set_prize_plan(fresh(event), organiser, PLAN)
    play_top_eight(event, organiser, who)
    assert advance_top_cut(fresh(event), organiser) is None  # after the final: the event is over
    assert fresh(event).status == Event.Status.FINISHED
    assert final_rows(event, who) == FINAL
    # Before the fix the final's advance finished the event without fixing any prize sheet.
    assert sheet_prizes(event, who) == (PRIZES, 1)


def test_finishing_after_the_final_pays_the_bracket_order_not_the_swiss_order(event, organiser):
    who = ids(event)
    play_swiss(event, organiser)
    set_prize_plan(fresh(event), organiser, PLAN)
    play_top_eight(event, organiser, who)
    finish_event(fresh(event), organiser)  # the organiser presses "Finish" instead of advancing
    assert final_rows(event, who) == FINAL
    # Before the fix the prizes went by the Swiss order (E 8, A 5, C 3, F 3, ...).
    assert sheet_prizes(event, who) == (PRIZES, 1)


def test_a_top_cut_match_needs_a_winner(event, organiser):
    who = ids(event)
    play_swiss(event, organiser)
    quarters = start_top_cut(fresh(event), organiser)
    match = quarters.matches.get(bracket_slot=1)
    with pytest.raises(Exception, match="winner"):
        record_result(match, organiser, wins={who["E"]: 1, who["H"]: 1}, draws=1)
    with pytest.raises(Exception, match="without a result"):
        advance_top_cut(fresh(event), organiser)
    assert current_round(fresh(event)).number == 3


def test_the_bracket_page_shows_the_seeds_and_the_champion(client, event, organiser):
    who = ids(event)
    play_swiss(event, organiser)
    play_top_eight(event, organiser, who)
    advance_top_cut(fresh(event), organiser)
    page = client.get(f"/en/events/{event.pk}/bracket/").text
    seeded = re.findall(r'<span class="seed"[^>]*>(\d)</span>\s*<span class="bracket-name">(\w)</span>', page)
    # The quarter-finals as seeded (1v8, 4v5, 2v7, 3v6), then each player keeps their seed.
    assert seeded == [
        *[("1", "E"), ("8", "H"), ("4", "F"), ("5", "B"), ("2", "A"), ("7", "D"), ("3", "C"), ("6", "G")],
        *[("1", "E"), ("5", "B"), ("7", "D"), ("3", "C")],
        *[("1", "E"), ("3", "C")],
    ]
    assert "C wins the event!" in page


def play_quarter_finals(event, organiser, who):
    """The Swiss, then the quarter-finals won 2-0 by E, B, D and C."""
    play_swiss(event, organiser)
    quarters = start_top_cut(fresh(event), organiser)
    for winner, loser in (("E", "H"), ("B", "F"), ("D", "A"), ("C", "G")):
        enter(quarters, organiser, who, winner, loser)


def test_a_corrected_semi_final_reseats_the_final_and_the_final_order(event, organiser):
    who = ids(event)
    play_quarter_finals(event, organiser, who)
    semis = advance_top_cut(fresh(event), organiser)
    enter(semis, organiser, who, "E", "B")
    enter(semis, organiser, who, "C", "D")
    final = advance_top_cut(fresh(event), organiser)
    assert bracket(final, who) == ["EC"]
    # The slip was read wrongly: B beat E. The final, not yet played, takes B in E's seat.
    match = semis.matches.get(bracket_slot=1)
    record_result(match, organiser, wins={who["B"]: 2, who["E"]: 1}, correction="Slip misread")
    assert bracket(final, who) == ["BC"]
    enter(final, organiser, who, "B", "C")
    advance_top_cut(fresh(event), organiser)
    # B wins; C the finalist; the semi-finalists E (Swiss 1st) and D (7th); then A, F, G, H.
    assert [row[:3] for row in final_rows(event, who)] == [
        (1, "B", "winner"),
        (2, "C", "finalist"),
        (3, "E", "semi_finalist"),
        (4, "D", "semi_finalist"),
        (5, "A", "quarter_finalist"),
        (6, "F", "quarter_finalist"),
        (7, "G", "quarter_finalist"),
        (8, "H", "quarter_finalist"),
    ]
    # Once the final has a result the semi-final can no longer change who played in it.
    with pytest.raises(Exception, match="already"):
        record_result(match, organiser, wins={who["E"]: 2, who["B"]: 0}, correction="Again")


def test_a_top_eight_short_of_a_player_is_refused(event, organiser):
    # H drops after the Swiss: seven players are left for eight seats; nothing is paired.
    play_swiss(event, organiser)
    drop(fresh(event).entrants.get(name="H"), organiser)
    with pytest.raises(DomainError) as refused:
        start_top_cut(fresh(event), organiser)
    assert str(refused.value.message) == "Not enough players for a top 8."
    assert fresh(event).status == Event.Status.SWISS and current_round(fresh(event)).number == 2


def test_a_winner_who_drops_or_is_disqualified_does_not_play_on(event, organiser):
    who = ids(event)
    play_quarter_finals(event, organiser, who)
    drop(fresh(event).entrants.get(name="B"), organiser)  # B won a quarter-final, then went home
    semis = advance_top_cut(fresh(event), organiser)
    assert bracket(semis, who) == ["EB", "DC"]
    walked = semis.matches.get(bracket_slot=1)
    assert walked.status == "confirmed"
    assert dict(walked.seats.values_list("entrant_id", "game_wins")) == {who["E"]: 2, who["B"]: 0}
    enter(semis, organiser, who, "C", "D")
    give_penalty(fresh(event), organiser, who["C"], "disqualification", "Marked cards")
    final = advance_top_cut(fresh(event), organiser)
    assert dict(final.matches.get().seats.values_list("entrant_id", "game_wins")) == {who["E"]: 2, who["C"]: 0}
    assert advance_top_cut(fresh(event), organiser) is None
    assert [row[:3] for row in final_rows(event, who)][:2] == [(1, "E", "winner"), (2, "C", "finalist")]
