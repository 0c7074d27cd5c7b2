"""Young Champions, chosen by the event (issue 32): the Dust Collectorz option, checked with the event's
mode; the sheet it brings, whose form data becomes the very report the scorer reads; and a report of the
wrong kind refused, naming the field. Plain Python: no database."""

import pytest
from django.utils import translation

import games
from core.errors import DomainError
from games.dust_collectorz.sheet import SHEET, YOUNG_CHAMPIONS_SHEET
from games.scoring import ScoringContext
from games.sheets import Pile, Side, field_name, report_from

DC = games.get("dust-collectorz")
A, B, C = 11, 12, 13
PLAYS_IT = {"young_champions": True}


def test_the_option_is_off_unless_the_event_chooses_it():
    assert DC.check_options({}) == {"young_champions": False}
    assert DC.check_options(PLAYS_IT, "versus") == PLAYS_IT
    assert DC.check_options(PLAYS_IT, "ffa") == PLAYS_IT
    assert DC.check_options({"young_champions": False}, "team") == {"young_champions": False}
    with pytest.raises(DomainError) as refused:
        DC.check_options({"young_champions": "yes"}, "ffa")
    assert (refused.value.code, refused.value.field) == ("game.option_not_boolean", "young_champions")


def test_a_team_event_cannot_play_young_champions():
    with pytest.raises(DomainError) as refused:
        DC.check_options(PLAYS_IT, "team")
    assert (refused.value.code, refused.value.field) == ("game.young_champions_teams", "young_champions")
    assert "not by teams: choose versus or free-for-all" in refused.value.message
    with translation.override("fr"):
        assert "Jeunes champions" in refused.value.message
    with translation.override("it"):
        assert "Giovani Campioni" in refused.value.message


def test_the_event_page_and_the_form_explain_the_option():
    (option,) = DC.options
    assert str(option.shown_value(True)).startswith("Young Champions (age 4+)")
    assert "capture piles" in str(option.shown_value(False))
    assert "tribal chain" in str(option.help) and "fewest cards in hand" in str(option.help)
    with translation.override("fr"):  # the French rules' own words: « chaîne tribale », « pioche »
        assert "chaîne tribale" in str(option.help) and "pioche" in str(option.help)
    with translation.override("it"):
        assert "catena tribale" in str(option.help) and "mazzo" in str(option.help)


def test_the_event_s_option_picks_the_sheet():
    assert DC.score_sheet("ffa", DC.chosen_options({})) is SHEET
    assert DC.score_sheet("versus", DC.chosen_options(PLAYS_IT)) is YOUNG_CHAMPIONS_SHEET
    (left, last) = YOUNG_CHAMPIONS_SHEET.game_fields
    assert isinstance(left, Pile) and [kind for kind, _label, _high in left.kinds] == ["deck", "hand"]
    assert isinstance(last, Side) and last.key == "last_play"
    # Reclamation's sheet does not depend on its option.
    reclamation = games.get("dust-reclamation")
    assert reclamation.score_sheet("ffa", {"split_work_order": False}) is reclamation.score_sheet("ffa", {})


def filled(cards, last):
    """Form data of the Young Champions sheet: {player: (deck, hand)}; an empty box is left empty."""
    data = {field_name(None, "last_play"): str(last)}
    for player, (deck, hand) in cards.items():
        data[field_name(None, "cards_left", player, "deck")] = "" if deck is None else str(deck)
        data[field_name(None, "cards_left", player, "hand")] = str(hand)
    return data


def test_the_filled_sheet_is_the_report_the_scorer_reads():
    data = filled({A: (None, 4), B: (0, 2), C: (1, 2)}, B)
    assert data["cards_left_12_hand"] == "2" and data["last_play"] == "12"
    report = report_from(YOUNG_CHAMPIONS_SHEET, data, [A, B, C])
    assert report == {
        "games": [
            {
                "cards_left": {
                    "11": {"deck": 0, "hand": 4},
                    "12": {"deck": 0, "hand": 2},
                    "13": {"deck": 1, "hand": 2},
                },
                "last_play": "12",
            }
        ]
    }
    result = DC.score_game(report["games"][0], ScoringContext("ffa", (A, B, C), options=PLAYS_IT))
    # By hand: hands 4 / 2 / 2, B made the last successful play and is among the tied: B first, C
    # second, A (most cards in hand) third.
    assert result.placements == {B: 1, C: 2, A: 3} and result.winner == B
    lines = {line.kind: line.points for line in result.lines}
    assert lines == {
        "cards_in_deck": {A: 0, B: 0, C: 1},
        "cards_in_hand": {A: 4, B: 2, C: 2},
        "last_play": {A: 0, B: 1, C: 0},
    }


def captures_report(sides):
    return {"captures": {str(side): {"bronze": 2} for side in sides}, "last_round_winner": str(sides[0])}


def cards_report(sides):
    return {"cards_left": {str(side): {"deck": 0, "hand": 3} for side in sides}, "last_play": str(sides[0])}


def test_a_report_of_the_wrong_kind_is_refused_naming_the_field():
    young = ScoringContext("versus", (A, B), options=PLAYS_IT)
    with pytest.raises(DomainError) as refused:
        DC.score_game(captures_report((A, B)), young)
    assert (refused.value.code, refused.value.field) == ("scoring.young_champions_expected", "cards_left")
    assert "This event plays Young Champions" in refused.value.message
    for options in ({}, {"young_champions": False}):  # an event created before the option, or unticked
        with pytest.raises(DomainError) as refused:
            DC.score_game(cards_report((A, B)), ScoringContext("versus", (A, B), options=options))
        assert (refused.value.code, refused.value.field) == ("scoring.young_champions_not_played", "cards_left")
    # Each kind is still scored where the event plays it.
    assert DC.score_game(cards_report((A, B)), young).winner == A
    assert DC.score_game(captures_report((A, B)), ScoringContext("versus", (A, B))).winner == A
