"""An event's desk pages, exports and API reads cost the same queries at 8 players and 1 round as at
24 players and 3 rounds, with more staff, penalties and events of the organiser's (page_costs). The
public pages and the player's own page are held to it in tests/tournaments/public/test_convention_scale.py,
the dashboard in tests/tournaments/results/test_console.py, the events lists in test_event_list.py."""

import pytest

from tests.conftest import join_event, make_user, page_costs, same_costs
from tests.event_builder import build_event
from tournaments.models import Match
from tournaments.services import entrants as entrant_services
from tournaments.services import entrants_teams, events, judging, prizes, rounds
from tournaments.services import staff as staff_services

pytestmark = pytest.mark.django_db

SMALL = {"players": 8, "played": 1, "staff": 1, "penalties": 1, "events": 1}
LARGE = {"players": 24, "played": 3, "staff": 4, "penalties": 4, "events": 4}


def running_event(organiser, tag, players, played, staff, penalties, events):
    """The organiser's event of `players` (the first one a player's account), `played` rounds and
    the next one paired; `staff` judges, `penalties` warnings, a prize plan; `events` - 1 more events."""
    for number in range(events - 1):
        build_event(organiser, 8, 1, name=f"{tag} earlier {number}")
    player = make_user(f"{tag}-player")
    event = build_event(organiser, players, played, user=player, name=f"{tag} Swiss")
    for number in range(staff):
        make_user(f"{tag}-judge{number}")
        staff_services.add_staff(event, organiser, f"{tag}-judge{number}", "judge" if number % 2 else "scorekeeper")
    for entrant in event.entrants.order_by("name")[:penalties]:
        judging.give_penalty(event, organiser, entrant.pk, "warning", "Slow play", round_number=1)
    prizes.set_prize_plan(event, organiser, {"scheme": "standing", "fixed": 16, "by_standing": [6, 4, 2, 2, 2]})
    return event, player


def desk_pages(event):
    base, api = f"/en/events/{event.pk}", f"/api/v1/tournaments/{event.pk}"
    last = event.rounds.order_by("-number").first().number
    entrant = event.entrants.order_by("name").last()
    table = Match.objects.filter(round__event=event, round__number=1, is_bye=False).order_by("table").first()
    return [
        f"{base}/manage/players/",
        f"{base}/manage/players/?q=00&page=2",
        f"{base}/manage/settings/",
        f"{base}/manage/rounds/1/",
        f"{base}/manage/rounds/{last}/",
        f"{base}/manage/rounds/{last}/?q=0001",
        f"{base}/manage/rounds/delete/?round={last}",
        f"{base}/manage/rounds/repair/?round={last}",
        f"{base}/manage/matches/{table.pk}/",
        f"{base}/manage/matches/{table.pk}/correction/",
        f"{base}/manage/entrants/{entrant.pk}/remove/",
        f"{base}/manage/entrants/{entrant.pk}/deck/",
        f"{base}/manage/entrants/{entrant.pk}/drop/",
        f"{base}/manage/finish/",
        f"{base}/manage/join-code/",
        f"{base}/manage/join-sheet/",
        f"{base}/manage/staff/",
        f"{base}/manage/results/",
        f"{base}/manage/log/",
        f"{base}/manage/log/?round=1",
        f"{base}/manage/log/?player={entrant.pk}",
        f"{base}/manage/players/import/",
        f"{base}/prizes/",
        f"{base}/prizes.csv",
        f"{base}/bracket/",
        f"{base}/timer/",
        f"{base}/rounds/1/pairings.csv",
        f"{base}/export/event.trf",
        f"{base}/export/event.json",
        f"{base}/export/standings.csv",
        "/en/events/?mine=organising",
        "/en/events/?mine=working",
        "/en/events/new/",
        "/en/events/import/",
        f"{api}/",
        f"{api}/entrants/",
        f"{api}/log/",
        f"{api}/staff/",
        f"{api}/waitlist/",
        f"{api}/prizes/",
        f"{api}/join-code/",
        f"{api}/timer/",
        f"{api}/top-cut/",
        f"{api}/export/json/",
        f"{api}/export/trf/",
        f"{api}/export/standings-csv/",
        f"/api/v1/matches/{table.pk}/",
        "/api/v1/tournaments/?mine=organising",
        f"/api/v1/public/events/{event.pk}/",
        f"/api/v1/public/events/{event.pk}/rounds/{last}/",
        f"/api/v1/public/events/{event.pk}/standings/",
    ]


def player_pages(event):
    base = f"/en/events/{event.pk}"
    return [f"{base}/me/drop/", f"{base}/deck/", f"{base}/prizes/", f"/api/v1/tournaments/{event.pk}/", "/en/events/"]


def costs(client, organiser, size, tag):
    event, player = running_event(organiser, tag, **size)
    client.force_login(organiser)
    desk = page_costs(client, desk_pages(event))
    client.force_login(player)
    return desk + page_costs(client, player_pages(event))


def test_the_desk_and_the_api_cost_the_same_for_more_players_rounds_staff_and_events(client, organiser):
    small = costs(client, organiser, SMALL, "small")
    large = costs(client, organiser, LARGE, "large")
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)


def team_round(organiser, tag, teams):
    """A team event of `teams` pairs of players, round 1 paired."""
    event = events.create_event(organiser, f"{tag} doubles", "dust-collectorz", mode="team", swiss_rounds=3)
    for number in range(teams):
        members = [make_user(f"{tag}-team{number}-{seat}").username for seat in "ab"]
        entrants_teams.add_team(event, organiser, f"{tag} team {number}", members)
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    return event


def test_a_team_event_costs_the_same_for_more_teams(client, organiser):
    def team_pages(event):
        base, api = f"/en/events/{event.pk}", f"/api/v1/tournaments/{event.pk}"
        table = Match.objects.filter(round__event=event, is_bye=False).order_by("table").first()
        pages = [
            f"{base}/",
            f"{base}/manage/players/",
            f"{base}/manage/rounds/1/",
            f"{base}/manage/matches/{table.pk}/",
        ]
        return [*pages, f"{base}/standings/", f"{api}/entrants/", f"{api}/rounds/1/", f"{api}/standings/"]

    client.force_login(organiser)
    small = page_costs(client, team_pages(team_round(organiser, "small", 2)))
    large = page_costs(client, team_pages(team_round(organiser, "large", 6)))
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)


def full_event(organiser, tag, players, waiting):
    """Registration open, every one of `players` places taken, `waiting` players on the waitlist."""
    event = events.create_event(organiser, f"{tag} full", "dust-collectorz", capacity=players)
    for number in range(players):
        join_event(event, make_user(f"{tag}-player{number}"))
    for number in range(waiting):
        entrant_services.join_waitlist(event, make_user(f"{tag}-waiting{number}"))
    return event


def test_registration_costs_the_same_for_more_players_and_a_longer_waitlist(client, organiser):
    def costs(event, newcomer):
        base, api = f"/en/events/{event.pk}", f"/api/v1/tournaments/{event.pk}"
        client.force_login(organiser)
        desk = page_costs(
            client, [f"{base}/manage/", f"{base}/manage/players/", f"{api}/waitlist/", f"{api}/entrants/"]
        )
        client.force_login(newcomer)
        return desk + page_costs(client, [f"{base}/", f"{base}/register/", "/en/events/join/", "/en/events/"])

    small = costs(full_event(organiser, "small", 4, 1), make_user("small-newcomer"))
    large = costs(full_event(organiser, "large", 16, 4), make_user("large-newcomer"))
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)
