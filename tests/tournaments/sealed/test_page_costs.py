"""A sealed event's deck-building pages and API cost the same queries with 4 pools registered as with
12: the seats, the deck-building desk, a player's pool and builder, the projector (page_costs)."""

import pytest

from tests.conftest import join_event, make_user, page_costs, same_costs
from tournaments.services import events, rounds_clock, sealed

from .test_sealed_events import dc_cards, pool_text

pytestmark = pytest.mark.django_db


def building_event(organiser, tag, players):
    """A sealed prerelease of `players`, each pool registered, seats drawn, the build clock running."""
    event = events.create_event(organiser, f"{tag} sealed", "dust-collectorz", format_slug="dc-prerelease", sealed=True)
    pool = pool_text(dc_cards())
    users = [make_user(f"{tag}-player{number}") for number in range(players)]
    for user in users:
        sealed.register_pool(join_event(event, user), user, pool)
    sealed.assign_build_seats(event, organiser, seed=14)
    rounds_clock.start_build_clock(event, organiser, 30)
    return event, users[0]


def costs(client, organiser, tag, players):
    event, player = building_event(organiser, tag, players)
    base, api = f"/en/events/{event.pk}", f"/api/v1/tournaments/{event.pk}"
    entrant = event.entrants.get(user=player)
    client.force_login(organiser)
    desk = [
        f"{base}/seats/",
        f"{base}/projector/",
        f"{base}/timer/",
        f"{base}/manage/deck-building/",
        f"{base}/manage/deck-building/end/",
        f"{base}/manage/entrants/{entrant.pk}/pool/",
        f"{base}/manage/entrants/{entrant.pk}/pool/build/",
        f"{base}/manage/players/",
        f"{api}/seats/",
        f"{api}/entrants/{entrant.pk}/pool/",
    ]
    measured = page_costs(client, desk)
    client.force_login(player)
    mine = [f"{base}/pool/", f"{base}/pool/build/", f"{base}/me/", f"{base}/deck/", f"{base}/seats/", f"{base}/"]
    return measured + page_costs(client, [*mine, f"{api}/entrants/{entrant.pk}/pool/"])


def test_deck_building_costs_the_same_for_more_pools(client, organiser, sample):
    small = costs(client, organiser, "small", 4)
    large = costs(client, organiser, "large", 12)
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)
