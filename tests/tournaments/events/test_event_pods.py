"""Pods for real: the places table is chosen at creation, and a pod player's page names everyone."""

import pytest

from tests.conftest import join_event
from tests.tournaments.events.test_tournament_manage import add_walk_ins, create_through_form, manage_url
from tournaments.models import Event, Seat
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("table", "points"), [("3-1-0-0", [3, 1, 0, 0]), ("4-2-1-0", [4, 2, 1, 0])])
def test_the_places_table_scores_2nd_3rd_and_4th(client, organiser, table, points):
    event = create_through_form(client, organiser, mode="ffa", pod_size="4", swiss_rounds="2", pod_points=table)
    assert event.settings.pod_points["2"] == points[1] and event.settings.pod_points["3"] == points[2]
    add_walk_ins(client, event, ["Ada", "Ben", "Cleo", "Dan"])
    client.post(manage_url(event, "start/"))
    client.post(manage_url(event, "pair/"))
    match = round_services.current_round(event).matches.get()
    seats = list(match.seats.order_by("pk").values_list("entrant_id", flat=True))
    result_services.record_result(match, organiser, placements={e: p for p, e in enumerate(seats, start=1)})
    event.refresh_from_db()
    by_entrant = {row["entrant"]: row["match_points"] for row in event_standings(event)}
    assert [by_entrant[entrant] for entrant in seats] == points


def test_versus_events_keep_no_pod_table(client, organiser):
    event = create_through_form(client, organiser, mode="versus", pod_points="4-2-1-0")
    assert Event.objects.get(pk=event.pk).settings.pod_points == {}


def test_a_pod_players_page_names_every_opponent(client, organiser, alice):
    from tournaments.services import entrants as entrant_services
    from tournaments.services import events as event_services

    event = event_services.create_event(organiser, "Pods", "dust-collectorz", mode="ffa", swiss_rounds=1)
    join_event(event, alice)
    for name in ("Ben", "Cleo", "Dan"):
        entrant_services.add_entrant(event, organiser, name=name)
    event_services.start_event(event, organiser)
    round_services.pair_next_round(event, organiser)
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert "Your opponents" in page
    assert all(name in page for name in ("Ben", "Cleo", "Dan"))
    assert Seat.objects.filter(match__round__event=event).count() == 4
