"""The event's lifecycle questions (tournaments/engine/lifecycle.py) and the Event properties that ask them."""

import pytest

from tournaments.engine import lifecycle
from tournaments.models import Event

STATUSES = ("registration", "swiss", "top_cut", "finished", "cancelled")


def unsaved(**fields):
    return Event(join_code="ABCDEF", **fields)  # a code of its own: drawing one asks the database


def test_the_engine_knows_every_status_of_the_model():
    assert set(Event.Status.values) == set(STATUSES)


@pytest.mark.parametrize(
    ("status", "registration", "entrants", "running", "finished"),
    [
        ("registration", True, True, False, False),
        ("swiss", False, True, True, False),
        ("top_cut", False, False, True, False),
        ("finished", False, False, False, True),
        ("cancelled", False, False, False, False),  # nothing runs until it is reopened
    ],
)
def test_each_status_answers_the_questions(status, registration, entrants, running, finished):
    assert lifecycle.registration_open(status) is registration
    assert lifecycle.accepting_entrants(status) is entrants
    assert lifecycle.rounds_running(status) is running
    assert lifecycle.finished(status) is finished
    event = unsaved(status=status)
    assert (event.registration_open, event.accepting_entrants) == (registration, entrants)
    assert (event.rounds_running, event.is_finished) == (running, finished)
    assert lifecycle.cancelled(status) is event.is_cancelled is (status == "cancelled")


def test_results_are_open_for_the_latest_round_until_the_event_finishes():
    assert lifecycle.results_open("swiss", latest_round=True)
    assert not lifecycle.results_open("swiss", latest_round=False)
    assert not lifecycle.results_open("finished", latest_round=True)


def test_swiss_rounds_planned_by_the_organiser_or_by_the_player_count():
    assert lifecycle.swiss_rounds_planned(6, 100) == 6
    assert [lifecycle.swiss_rounds_planned(None, n) for n in (8, 9, 226, 227, 409, 410)] == [3, 4, 8, 9, 9, 10]
    assert unsaved(swiss_rounds=None).planned_rounds(17) == 5


def test_all_swiss_rounds_paired():
    assert not unsaved(swiss_rounds=4).all_swiss_rounds_paired(3)
    assert unsaved(swiss_rounds=4).all_swiss_rounds_paired(4)
