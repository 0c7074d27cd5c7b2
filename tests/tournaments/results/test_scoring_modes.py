"""Every scoring mode with 2, 3 and 4 players, end to end: a player reports through the API, the
other sides confirm, and the standings give the match points worked out by hand from the rules."""

import pytest

from tests.tournaments.results.reporting_support import confirm_by_the_others, match_points, report, seated_event
from tournaments.models import Match, Report

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

DC, RECLAMATION, DBZ = "dust-collectorz", "dust-reclamation", "dbz-ccg"
YOUNG_CHAMPIONS = {"game_options": {"young_champions": True}}  # a Dust Collectorz event that plays it


def captures(piles, last, sides):
    return {"captures": {str(side): pile for side, pile in zip(sides, piles, strict=True)}, "last_round_winner": last}


def cards_left(hands, last, sides):
    left = {str(side): {"deck": deck, "hand": hand} for side, (deck, hand) in zip(sides, hands, strict=True)}
    return {"cards_left": left, "last_play": str(last)}


def rounds(sides, *played):
    """Rounds as (dust value, tricks, dust, indexes of the players who met the Work Order)."""
    return {
        "rounds": [
            {
                "dust_value": sign,
                "tricks": {str(side): count for side, count in zip(sides, tricks, strict=True)},
                "dust": {str(side): count for side, count in zip(sides, dust, strict=True)},
                "work_order": [str(sides[index]) for index in met],
            }
            for sign, tricks, dust, met in played
        ]
    }


BODIES = {
    # Reports by mode and player count, over the sides in seat order (s).
    # Versus: 4 Bronze + 1 Platinum + the last round (3) = 10 against 2.
    ("dc-versus", 2): lambda s: {"games": [captures([{"bronze": 4, "platinum": 1}, {"bronze": 2}], s[0], s)]},
    # Teams: 4 + the last round (6) = 10 against 8 Bronze.
    ("dc-team", 2): lambda s: {"games": [captures([{"bronze": 4}, {"bronze": 8}], s[0], s)]},
    # Free-for-all: 6, 3 + 3 and 9: C alone first.
    ("dc-ffa", 3): lambda s: {"games": [captures([{"bronze": 6}, {"bronze": 3}, {"bronze": 9}], s[1], s)]},
    # 6, 6, 0 and 0 + 3: A and B share the first place.
    ("dc-ffa", 4): lambda s: {"games": [captures([{"bronze": 6}, {"silver": 6}, {}, {}], s[3], s)]},
    # Young Champions: equal hands, the last play was A's: A wins.
    ("young", 2): lambda s: {"games": [cards_left([(0, 2), (0, 2)], s[0], s)]},
    # Hands 4/2/2, last play by the 4-card player: the tie is B's and C's, shared.
    ("young", 3): lambda s: {"games": [cards_left([(0, 4), (0, 2), (0, 2)], s[0], s)]},
    # A has exhausted deck and hand: A wins whatever the hands.
    ("young", 4): lambda s: {"games": [cards_left([(0, 0), (3, 1), (0, 2), (1, 1)], s[0], s)]},
    # Reclamation, worked by hand: A 9 + 2 + 5 + 1 = 17, B 3 + 7 + 5 + 11 = 26.
    ("reclamation", 2): lambda s: {
        "games": [
            rounds(
                s,
                ("+", (5, 3), (2, 0), [0]),
                ("-", (2, 6), (0, 1), [1]),
                ("-", (4, 4), (1, 1), [0, 1]),
                ("+", (1, 7), (0, 2), [1]),
            )
        ]
    },
    ("reclamation", 3): lambda s: {"games": [rounds(s, *RECLAMATION_3)]},
    # A 5 + 14 = 19, B 4 + 2 = 6, C 4 + 2 = 6, D 4 + 2 + 8 = 14.
    ("reclamation", 4): lambda s: {
        "games": [
            rounds(
                s,
                ("+", (2, 2, 2, 2), (1, 0, 0, 0), [0, 1, 2, 3]),
                ("+", (8, 0, 0, 0), (4, 0, 0, 0), [0]),
                ("-", (0, 3, 3, 2), (0, 1, 1, 0), []),
                ("-", (0, 0, 0, 8), (0, 0, 0, 2), [3]),
            )
        ]
    },
    ("dbz-versus", 2): lambda s: {"games": [{"winner": str(s[1])}]},
    ("dbz-ffa", 3): lambda s: {"placements": {str(s[0]): 2, str(s[1]): 3, str(s[2]): 1}},
    ("dbz-ffa", 4): lambda s: {"placements": {str(s[0]): 1, str(s[1]): 1, str(s[2]): 3, str(s[3]): 4}},
}


# Three players, everyone meets the Work Order of round 1. Round by round:
# A 3+1+2 | 2 | 1 | 4-1+2, B 3+2 | 4-2+2 | 1 | 2, C 2+2 | 2 | 6+3+2 | 2-1 (each player's 2 Work Order points).
RECLAMATION_3 = (
    ("+", (3, 3, 2), (1, 0, 0), [0, 1, 2]),
    ("-", (2, 4, 2), (0, 2, 0), [1]),
    ("+", (1, 1, 6), (0, 0, 3), [2]),
    ("-", (4, 2, 2), (1, 0, 1), [0]),
)

CASES = [
    # (case, game, mode, players, match points by seat)
    ("dc-versus", DC, "versus", 2, [3, 0]),
    ("dc-team", DC, "team", 4, [3, 0]),
    ("dc-ffa", DC, "ffa", 3, [0, 0, 3]),
    ("dc-ffa", DC, "ffa", 4, [2, 2, 0, 0]),  # tied firsts share 1st and 2nd: (3 + 0) / 2, half up
    ("young", DC, "versus", 2, [3, 0]),
    ("young", DC, "ffa", 3, [0, 2, 2]),
    ("young", DC, "ffa", 4, [3, 0, 0, 0]),
    ("reclamation", RECLAMATION, "versus", 2, [0, 3]),
    ("reclamation", RECLAMATION, "ffa", 3, [0, 0, 3]),
    ("reclamation", RECLAMATION, "ffa", 4, [3, 0, 0, 0]),
    ("dbz-versus", DBZ, "versus", 2, [0, 3]),
    ("dbz-ffa", DBZ, "ffa", 3, [0, 0, 3]),
    ("dbz-ffa", DBZ, "ffa", 4, [2, 2, 0, 0]),
]


def options_of(case):
    return YOUNG_CHAMPIONS if case == "young" else {}


def seated(organiser, game, players, mode, **options):
    """The event, its match, {user: entrant}, the sides in seat order and the first side's reporter."""
    event, match, seats = seated_event(organiser, game, players, mode, **options)
    sides = [seat.entrant_id for seat in match.seats.order_by("pk")]
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    return event, match, seats, sides, reporter


@pytest.mark.parametrize(
    ("case", "game", "mode", "players", "expected"),
    CASES,
    ids=[f"{case}-{players}p" for case, _g, _m, players, _e in CASES],
)
def test_report_confirm_and_standings(
    api, organiser, django_capture_on_commit_callbacks, case, game, mode, players, expected
):
    event, match, seats, sides, reporter = seated(organiser, game, players, mode, **options_of(case))
    answer = report(api, reporter, match, BODIES[case, len(sides)](sides), django_capture_on_commit_callbacks)
    assert answer.status_code == 202, answer.json()
    assert Report.objects.get(pk=answer.json()["id"]).status == "scored"
    confirm_by_the_others(api, match, reporter, seats, django_capture_on_commit_callbacks)
    assert Match.objects.get(pk=match.pk).status == "confirmed"
    points = match_points(api, event)
    assert [points[side] for side in sides] == expected


def test_young_champions_tie_is_broken_only_among_the_tied(api, organiser, django_capture_on_commit_callbacks):
    _event, match, _seats, sides, reporter = seated(organiser, DC, 3, "ffa", **YOUNG_CHAMPIONS)
    report(api, reporter, match, BODIES["young", 3](sides), django_capture_on_commit_callbacks)
    state = api.get(f"/api/v1/matches/{match.pk}/").json()
    game = state["reports"][0]["result"]["games"][0]
    assert game["winner"] is None  # the 4-card player made the last play, but is not among the tied
    assert game["placements"] == {str(sides[0]): 3, str(sides[1]): 1, str(sides[2]): 1}


def test_shared_work_order_points_are_rounded_not_lost(api, organiser, django_capture_on_commit_callbacks):
    """2 points over 3 qualifiers: 1 each (nearest whole point, halves up), not 0 each."""
    _event, match, _seats, sides, reporter = seated(
        organiser, RECLAMATION, 3, "ffa", game_options={"split_work_order": True}
    )
    report(api, reporter, match, {"games": [rounds(sides, *RECLAMATION_3)]}, django_capture_on_commit_callbacks)
    points = api.get(f"/api/v1/matches/{match.pk}/").json()["reports"][0]["result"]["games"][0]["points"]
    assert points == {str(sides[0]): 13, str(sides[1]): 11, str(sides[2]): 17}  # 14, 12, 18 less 1 each


def reclamation_report(sides, **changes):
    """The 3-player game above with some of round 1 replaced."""
    game = rounds(sides, *RECLAMATION_3)
    game["rounds"][0].update(changes)
    return {"games": [game]}


def test_impossible_reclamation_reports_get_400_naming_the_field(api, organiser, django_capture_on_commit_callbacks):
    _event, match, _seats, sides, reporter = seated(organiser, RECLAMATION, 3, "ffa")
    a, b, c = sides

    def refused(body, **headers):
        answer = report(api, reporter, match, body, django_capture_on_commit_callbacks, **headers)
        assert answer.status_code == 400
        return answer.json()

    nine_tricks = refused(reclamation_report(sides, tricks={str(a): 3, str(b): 3, str(c): 3}))
    assert list(nine_tricks["errors"]) == ["games.1.rounds.1.tricks"]
    assert "9 tricks in one round, but a round is exactly 8 tricks" in nine_tricks["message"]
    five_dust = refused(reclamation_report(sides, dust={str(a): 2, str(b): 2, str(c): 1}))
    assert list(five_dust["errors"]) == ["games.1.rounds.1.dust"]
    assert list(refused(reclamation_report(sides, dust={str(a): 5}))["errors"]) == [f"games.1.rounds.1.dust.{a}"]
    # Dust is won in tricks: without a trick, no Dust card.
    no_trick = refused(reclamation_report(sides, tricks={str(a): 4, str(b): 4, str(c): 0}, dust={str(c): 1}))
    assert list(no_trick["errors"]) == [f"games.1.rounds.1.dust.{c}"]
    # The Dust Value deck is two + and two −: a third + round cannot be dealt.
    third_plus = rounds(sides, *RECLAMATION_3)
    third_plus["rounds"][1]["dust_value"] = "+"
    assert list(refused({"games": [third_plus]})["errors"]) == ["games.1.rounds.3.dust_value"]
    assert not Report.objects.filter(match=match).exists()


def test_refusals_speak_the_reporters_language(api, organiser, django_capture_on_commit_callbacks):
    _event, match, _seats, sides, reporter = seated(organiser, RECLAMATION, 3, "ffa")
    a, b, c = sides
    nine_tricks = reclamation_report(sides, tricks={str(a): 3, str(b): 3, str(c): 3})
    french = report(api, reporter, match, nine_tricks, django_capture_on_commit_callbacks, HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 400 and "9 plis" in french.json()["errors"]["games.1.rounds.1.tricks"][0]
    five_dust = reclamation_report(sides, dust={str(a): 2, str(b): 2, str(c): 1})
    italian = report(api, reporter, match, five_dust, django_capture_on_commit_callbacks, HTTP_ACCEPT_LANGUAGE="it")
    assert italian.status_code == 400 and "carte Dust" in italian.json()["message"]


def test_young_champions_is_not_a_team_game(api, organiser, django_capture_on_commit_callbacks):
    """A team event cannot choose Young Champions, so cards left are the wrong kind of report there."""
    _event, match, _seats, sides, reporter = seated(organiser, DC, 4, "team")
    answer = report(api, reporter, match, BODIES["young", 2](sides), django_capture_on_commit_callbacks)
    assert answer.status_code == 400 and list(answer.json()["errors"]) == ["games.1.cards_left"]
    assert answer.json()["code"] == "scoring.young_champions_not_played"


def test_only_one_player_can_run_out_of_cards(api, organiser, django_capture_on_commit_callbacks):
    _event, match, _seats, sides, reporter = seated(organiser, DC, 3, "ffa", **YOUNG_CHAMPIONS)
    both_out = {"games": [cards_left([(0, 0), (0, 0), (2, 1)], sides[0], sides)]}
    answer = report(api, reporter, match, both_out, django_capture_on_commit_callbacks)
    assert answer.status_code == 400 and list(answer.json()["errors"]) == ["games.1.cards_left"]


def test_the_rules_pages_state_the_scoring_readings(client, sample):
    reclamation = client.get("/en/rules/dust-reclamation/").text
    assert "rounded to the nearest whole point, halves up: 1 point each when 2 players meet it" in reclamation
    assert "A round is 8 tricks" in reclamation and "4 Dust cards" in reclamation
    collectorz = client.get("/en/rules/dust-collectorz/").text
    assert "the player who made the last successful play" in collectorz and "wins the tie" in collectorz
    assert "arrondis au point entier le plus proche" in client.get("/fr/rules/dust-reclamation/").text
