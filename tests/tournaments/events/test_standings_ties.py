"""The stated tie rule (issue 32, item 5): players equal on points and every tie-breaker share a
rank and are listed by name, then in order of entry; the standings page says so."""

import re

import pytest
from django.core.cache import cache

from tournaments.services.entrants import add_entrant
from tournaments.services.events import create_event, start_event
from tournaments.services.results import record_result
from tournaments.services.rounds import pair_next_round
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def every_table_won_2_0(organiser):
    """Four players entered in the order Zoe, Yann, Bea, Al; every table's first seat wins 2-0, so the
    two winners are equal on points and every tie-breaker, and so are the two losers."""
    event = create_event(organiser, "Ties", "dust-collectorz", top_cut=0, swiss_rounds=3)
    for name in ("Zoe", "Yann", "Bea", "Al"):
        add_entrant(event, organiser, name=name)
    start_event(event, organiser)
    round_ = pair_next_round(event, organiser)
    winners = []
    for match in round_.matches.filter(is_bye=False):
        first, second = match.seats.order_by("pk").values_list("entrant_id", flat=True)
        record_result(match, organiser, wins={first: 2, second: 0})
        winners.append(first)
    return event, set(winners)


def test_players_equal_on_everything_share_a_rank_listed_by_name(client, organiser):
    event, winners = every_table_won_2_0(organiser)
    rows = event_standings(event)
    assert [row["rank"] for row in rows] == [1, 1, 3, 3]
    top, bottom = rows[:2], rows[2:]
    assert {row["entrant"] for row in top} == winners
    for pair in (top, bottom):
        names = [row["name"] for row in pair]
        assert names == sorted(names)  # by name, not by entry (Zoe entered first)
    page = client.get(f"/en/events/{event.pk}/standings/").text
    shown = re.findall(r'<tr id="standing-\d+"[^>]*>\s*<td class="num">(\d+)</td>\s*<td>(\w+)', page)
    assert shown == [(str(row["rank"]), row["name"]) for row in rows]
    assert "share a rank; they are listed by name, then in order of entry." in page
    assert "partagent un rang" in client.get(f"/fr/events/{event.pk}/standings/").text
    assert "condividono la posizione" in client.get(f"/it/events/{event.pk}/standings/").text
