"""The webhooks' tests share a receiver on the loopback address and a store's night."""

import pytest

from tests.conftest import join_event, make_user
from tournaments.services import events, rounds

from .receiver_support import Receiver


@pytest.fixture(autouse=True)
def _loopback_receivers(settings, eager_celery):
    """The receivers run here: loopback allowed, and 127.0.0.1 is not the site's own host."""
    settings.WEBHOOK_ALLOW_PRIVATE = True
    settings.ALLOWED_HOSTS = ["testserver"]


@pytest.fixture
def receiver():
    receiver = Receiver()
    yield receiver
    if receiver.release is not None:
        receiver.release.set()
    receiver.stop()


@pytest.fixture
def store_night(organiser):
    """Eight players, round 1 paired: four tables waiting for results."""
    event = events.create_event(organiser, "Store night", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for number in range(8):
        join_event(event, make_user(f"player{number}"))
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    return event
