"""Conversion into the top cut (issue 29, item 4) read from a real event: three Swiss rounds played
through the result writer, the top cut started, and the report counts, per archetype, the decks
whose players the bracket seats."""

import pytest

from tournaments.models import Round
from tournaments.presenters.rounds import round_payload
from tournaments.services import entrants, events, results, rounds
from tournaments.services.metagame import build_report

from .test_season_metagame import decks  # noqa: F401 - the fixture: a plain deck and one with an Epic card

pytestmark = pytest.mark.django_db
NAMES = ("Ana", "Bo", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")


def _play_swiss(event, organiser):
    for _number in (1, 2, 3):
        for match in rounds.pair_next_round(event, organiser).matches.filter(is_bye=False):
            first, second = match.seats.order_by("pk")
            results.record_result(match, organiser, wins={first.entrant_id: 2, second.entrant_id: 0})


def test_conversion_is_the_share_of_each_archetypes_decks_that_reached_the_top_cut(organiser, decks):  # noqa: F811
    plain, epic = decks
    event = events.create_event(organiser, "Cut night", "dust-collectorz", swiss_rounds=3, top_cut=4)
    players = [entrants.add_entrant(event, organiser, name=name) for name in NAMES]
    events.start_event(event, organiser)
    _play_swiss(event, organiser)
    rounds.start_top_cut(event, organiser)
    bracket = round_payload(event.rounds.get(stage=Round.Stage.TOP_CUT))
    in_cut = {name for table in bracket["tables"] for name in table["names"]}
    assert len(in_cut) == 4
    # By hand: three of the four players the bracket seats and one player left out play the Epic
    # deck, the others the plain one. Epic: 3 of 4 decks reached the cut; plain: 1 of 4.
    on_epic = sorted(in_cut)[:3] + sorted(set(NAMES) - in_cut)[:1]
    for entrant in players:
        entrant.deck = epic if entrant.name in on_epic else plain
        entrant.save(update_fields=["deck"])

    report = build_report([event], "all")

    rows = {row["label"]: (row["decks"], row["top_cut"], row["conversion"]) for row in report["archetypes"]}
    assert rows == {"Rustbacks · King Corrode": (4, 3, 0.75), "Lintlings / Rustbacks · No Epic": (4, 1, 0.25)}
    assert {row["name"] for row in report["lists"] if row["top_cut"]} == in_cut


def test_an_event_before_its_top_cut_has_no_conversion(organiser, decks):  # noqa: F811
    plain, _epic = decks
    event = events.create_event(organiser, "Swiss only so far", "dust-collectorz", swiss_rounds=3, top_cut=4)
    for name in NAMES:
        entrant = entrants.add_entrant(event, organiser, name=name)
        entrant.deck = plain
        entrant.save(update_fields=["deck"])
    events.start_event(event, organiser)
    _play_swiss(event, organiser)
    report = build_report([event], "all")
    assert [(row["top_cut"], row["conversion"]) for row in report["archetypes"]] == [(None, None)]
    assert {row["top_cut"] for row in report["lists"]} == {None}
