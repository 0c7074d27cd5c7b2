"""Results at the desk cost the same queries for more tables: a round's score sheets for 1 pod or 3,
and the desk, a table and the players' pages with every table's two reports disagreeing (page_costs)."""

import pytest

from tests.conftest import join_event, make_user, page_costs, same_costs
from tournaments.models import Match
from tournaments.presenters.results_sheets import sheet_for, sheet_view
from tournaments.services import events, rounds
from tournaments.services.results_reports import submit_report
from tournaments.services.results_scoring import score_pending

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def pod_round(organiser, tag, players):
    """A Dust: Reclamation event of pods of four, round 1 paired."""
    event = events.create_event(
        organiser, f"{tag} pods", "dust-reclamation", mode="ffa", pod_size=4, best_of=1, swiss_rounds=3
    )
    users = [make_user(f"{tag}-pod{number}") for number in range(players)]
    for user in users:
        join_event(event, user)
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    return event, users[0]


def disputed_round(organiser, tag, players):
    """Round 1 of a Swiss event where both players of every table reported, each claiming the win."""
    event = events.create_event(organiser, f"{tag} reports", "dust-collectorz", swiss_rounds=3, top_cut=0)
    users = [make_user(f"{tag}-player{number}") for number in range(players)]
    for user in users:
        join_event(event, user)
    events.start_event(event, organiser)
    for match in rounds.pair_next_round(event, organiser).matches.filter(is_bye=False):
        first, second = (seat.entrant for seat in match.seats.order_by("pk"))
        for winner, reporter in ((first, first), (second, second)):
            loser = second if winner == first else first
            submit_report(match, reporter.user, {"wins": {str(winner.pk): 2, str(loser.pk): 0}, "draws": 0})
    score_pending(event.pk)
    return event, users[0]


def round_pages(event):
    base, api = f"/en/events/{event.pk}", f"/api/v1/tournaments/{event.pk}"
    table = Match.objects.filter(round__event=event, is_bye=False).order_by("table").first()
    return [
        f"{base}/manage/",
        f"{base}/manage/results/",
        f"{base}/manage/rounds/1/",
        f"{base}/manage/matches/{table.pk}/",
        f"{base}/rounds/1/pairings/",
        f"{base}/rounds/1/slips/",
        f"{api}/rounds/1/",
        f"/api/v1/matches/{table.pk}/",
    ]


def costs(client, organiser, event, player, extra=()):
    client.force_login(organiser)
    measured = page_costs(client, [*round_pages(event), *extra])
    client.force_login(player)
    return measured + page_costs(client, [f"/en/events/{event.pk}/me/", f"/api/v1/tournaments/{event.pk}/"])


def sheets(event):
    table = Match.objects.filter(round__event=event).order_by("table").first()
    base = f"/en/events/{event.pk}/manage/rounds/1/sheets/"
    return [base, f"{base}?match={table.pk}"]


def test_score_sheets_cost_the_same_for_more_pods(client, organiser):
    small_event, small_player = pod_round(organiser, "small", 4)
    small = costs(client, organiser, small_event, small_player, sheets(small_event))
    large_event, large_player = pod_round(organiser, "large", 12)
    large = costs(client, organiser, large_event, large_player, sheets(large_event))
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)


def test_disputed_reports_cost_the_same_for_more_tables(client, organiser):
    small = costs(client, organiser, *disputed_round(organiser, "small", 4))
    large = costs(client, organiser, *disputed_round(organiser, "large", 12))
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)


def test_each_printed_sheet_is_its_own_pods(client, organiser):
    """The sheets read with every pod's seats at once are those each table's own page builds."""
    event, _player = pod_round(organiser, "names", 8)
    client.force_login(organiser)
    tables = client.get(f"/en/events/{event.pk}/manage/rounds/1/sheets/").context["tables"]
    assert [match.table for match, _sheet in tables] == [1, 2]
    for match, sheet in tables:
        assert sheet == sheet_view(sheet_for(event), list(match.seats.select_related("entrant").order_by("pk")))
