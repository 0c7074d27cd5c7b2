"""Every public page, live fragment, export and API read of an event costs the same number of
queries at 12 and 200 players, 2 and 6 rounds played, with the cache cold and warm (issue 18)."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import make_user
from tests.event_builder import build_event

SIZES = [(12, 2), (12, 6), (200, 2), (200, 6)]


def public_reads(event, number):
    base = f"/en/events/{event.pk}"
    return [
        f"{base}/",
        f"{base}/?fragment=1",
        f"{base}/rounds/{number}/pairings/",
        f"{base}/rounds/{number}/pairings/?by=name",
        f"{base}/rounds/{number}/pairings/?q=Player+0003",
        f"{base}/rounds/{number - 1}/pairings/?all=1",
        f"{base}/rounds/{number}/slips/",
        f"{base}/standings/",
        f"{base}/standings/?fragment=1",
        f"{base}/standings/?q=0004",
        f"{base}/standings.csv",
        f"{base}/standings.json",
        f"{base}/projector/",
        f"{base}/projector/?fragment=1",
        f"/api/v1/tournaments/{event.pk}/rounds/{number}/",
        f"/api/v1/tournaments/{event.pk}/standings/",
    ]


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def _counts(client, event, urls):
    """{url pattern: (queries cold, queries warm)} for one event."""
    cold = {}
    for url in urls:
        cache.clear()  # each page computed from nothing, not from rows another page cached
        cold[url] = _queries(client, url)
    warm = {url: _queries(client, url) for url in urls}
    # The same page of another event differs only in its ids: compare by position in the list.
    return [(cold[url], warm[url]) for url in urls]


@pytest.mark.django_db
def test_query_counts_do_not_grow_with_players_or_rounds(client, organiser):
    counts = {}
    for players, played in SIZES:
        event = build_event(organiser, players, played, name=f"{players} players, {played} rounds")
        counts[players, played] = _counts(client, event, public_reads(event, played + 1))
    assert len(set(map(tuple, counts.values()))) == 1, _explain(counts, public_reads(event, played + 1))
    cold_and_warm = next(iter(counts.values()))
    assert all(warm <= cold for cold, warm in cold_and_warm), "a warm cache never costs more"


@pytest.mark.django_db
def test_a_players_own_page_costs_the_same_at_every_size(client, organiser):
    counts = {}
    for index, (players, played) in enumerate(SIZES):
        player = make_user(f"player{index}")
        event = build_event(organiser, players, played, user=player, name=f"{players}/{played}")
        client.force_login(player)
        urls = [f"/en/events/{event.pk}/me/", f"/en/events/{event.pk}/me/?fragment=1", f"/en/events/{event.pk}/"]
        counts[players, played] = _counts(client, event, urls)
    assert len(set(map(tuple, counts.values()))) == 1, counts


def _explain(counts, urls):
    lines = []
    for size, pairs in counts.items():
        lines.append(
            f"{size}: " + ", ".join(f"{url.split('/', 4)[-1]}={pair}" for url, pair in zip(urls, pairs, strict=True))
        )
    return "query counts differ by size:\n" + "\n".join(lines)
