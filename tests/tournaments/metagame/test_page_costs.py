"""The metagame's pages, downloads and API cost the same queries for a season of one event of 4 players
as for four events, the last of 12 (page_costs; the season's JSON and CSV are also held to it in
test_season_metagame.py, the event's page to its players there)."""

import pytest

from tests.conftest import page_costs, same_costs
from tests.tournaments.metagame.test_season_metagame import decks, finished_event  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db


def pages(organiser, event):
    season = f"organiser={organiser.username}&format=dc-prerelease"
    return [
        f"/en/events/metagame/?{season}",
        f"/en/events/metagame/?{season}&date_from=2026-11-01&date_to=2026-11-30",
        f"/en/events/{event.pk}/metagame/",
        f"/en/events/{event.pk}/metagame.json",
        f"/en/events/{event.pk}/metagame.csv",
        f"/api/v1/public/events/{event.pk}/metagame/",
    ]


def test_the_metagame_costs_the_same_for_more_events_and_players(client, organiser, decks):  # noqa: F811
    small = page_costs(client, pages(organiser, finished_event(organiser, decks, 4, 6)))
    for day in (7, 8):
        finished_event(organiser, decks, 8, day)
    large = page_costs(client, pages(organiser, finished_event(organiser, decks, 12, 9)))
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)
