"""Team mode for real: a team has a name and two members; a member with an account links it
themselves; either member reports and confirms; standings show the team."""

import pytest

from tests.conftest import make_user
from tournaments.models import Entrant, Match
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_event(organiser):
    return event_services.create_event(organiser, "Doubles", "dust-collectorz", mode="team", swiss_rounds=1)


@pytest.mark.usefixtures("eager_celery")  # reports are scored in-process, also in the Redis run
def test_organiser_adds_teams_and_members_report_and_confirm(
    client, api, team_event, organiser, alice, bob, django_capture_on_commit_callbacks
):
    carol = make_user("carol")
    client.force_login(organiser)
    url = f"/en/events/{team_event.pk}/manage/teams/"
    response = client.post(url, {"team_name": "Dust Bunnies", "member_1": "alice", "member_2": "Zed"}, follow=True)
    assert "Dust Bunnies added." in response.text
    assert "Dust Bunnies" in response.text and "(alice, Zed)" in response.text
    api.force_authenticate(organiser)
    created = api.post(
        f"/api/v1/tournaments/{team_event.pk}/entrants/",
        {"name": "Lint Lords", "members": ["Yan", "bob"]},
        format="json",
    )
    assert created.status_code == 201 and created.json()["member_names"] == ["Yan", "bob"]
    bunnies = Entrant.objects.get(name="Dust Bunnies")
    lords = Entrant.objects.get(name="Lint Lords")
    assert not bunnies.members.exists(), "named, not entered: alice has not agreed yet"
    # Each member links their own account: alice on the event page, bob through the API.
    client.force_login(alice)
    page = client.get(f"/en/events/{team_event.pk}/")
    assert "The organiser named you as a member of Dust Bunnies." in page.text
    client.post(f"/en/events/{team_event.pk}/teams/{bunnies.pk}/join/")
    api.force_authenticate(bob)
    assert api.post(f"/api/v1/tournaments/{team_event.pk}/teams/{bunnies.pk}/join/").status_code == 404
    assert api.post(f"/api/v1/tournaments/{team_event.pk}/teams/{lords.pk}/join/").status_code == 200
    assert api.post(f"/api/v1/tournaments/{team_event.pk}/teams/{lords.pk}/join/").status_code == 409
    assert list(bunnies.members.all()) == [alice] and list(lords.members.all()) == [bob]
    api.force_authenticate(organiser)

    event_services.start_event(team_event, organiser)
    round_services.pair_next_round(team_event, organiser)
    match = round_services.current_round(team_event).matches.get()
    client.force_login(alice)
    me = client.get(f"/en/events/{team_event.pk}/me/")
    assert me.status_code == 200 and "Lint Lords" in me.text
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            f"/en/events/{team_event.pk}/matches/{match.pk}/report/", {f"wins_{bunnies.pk}": 2, f"wins_{lords.pk}": 1}
        )
    client.force_login(bob)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/en/events/{team_event.pk}/matches/{match.pk}/confirm/")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED

    client.force_login(carol)  # not on a team: cannot report for one
    client.post(
        f"/en/events/{team_event.pk}/matches/{match.pk}/report/", {f"wins_{bunnies.pk}": 0, f"wins_{lords.pk}": 2}
    )
    assert match.reports.filter(reporter=carol).count() == 0
    standings = client.get(f"/en/events/{team_event.pk}/standings/").text
    assert "Dust Bunnies" in standings and "(alice, Zed)" in standings


def test_bad_teams_are_refused_with_a_message(client, api, team_event, organiser, alice):
    client.force_login(organiser)
    url = f"/en/events/{team_event.pk}/manage/teams/"
    response = client.post(url, {"team_name": "Solo", "member_1": "Ann", "member_2": "ann"}, follow=True)
    assert "A team has two different members" in response.text
    client.post(url, {"team_name": "First", "member_1": "alice", "member_2": "Ann"})
    response = client.post(url, {"team_name": "Second", "member_1": "alice", "member_2": "Bea"}, follow=True)
    assert "First is already registered." in response.text
    assert list(team_event.entrants.values_list("name", flat=True)) == ["First"]
    api.force_authenticate(organiser)
    refused = api.post(
        f"/api/v1/tournaments/{team_event.pk}/entrants/", {"name": "", "members": ["A", "B"]}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["message"] == "A team needs a name."
    versus = event_services.create_event(organiser, "Singles", "dust-collectorz")
    refused = api.post(
        f"/api/v1/tournaments/{versus.pk}/entrants/", {"name": "T", "members": ["A", "B"]}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["message"] == "Teams are for team events only."
    api.force_authenticate(alice)
    refused = api.post(
        f"/api/v1/tournaments/{team_event.pk}/entrants/", {"name": "Mine", "members": ["A", "B"]}, format="json"
    )
    assert refused.status_code == 403


def test_joining_a_team_needs_to_be_named_in_it_and_signed_in(client, api, team_event, organiser, alice, bob):
    from tournaments.services import entrants_teams

    team = entrants_teams.add_team(team_event, organiser, "Dust Bunnies", ["alice", "Zed"])
    page = f"/en/events/{team_event.pk}/teams/{team.pk}/join/"
    endpoint = f"/api/v1/tournaments/{team_event.pk}/teams/{team.pk}/join/"
    assert client.post(page).status_code == 302 and "/login/" in client.post(page)["Location"]
    assert api.post(endpoint).status_code in (401, 403)
    client.force_login(bob)  # signed in, not named: nothing changes
    refused = client.post(page, follow=True)
    assert "You are not named as a member of Dust Bunnies." in refused.text
    api.force_authenticate(bob)
    assert api.post(endpoint).json()["code"] == "team.not_named"
    assert not team.members.exists()
    private = event_services.create_event(organiser, "Closed doubles", "dust-collectorz", mode="team", is_public=False)
    hidden = entrants_teams.add_team(private, organiser, "Hidden", ["alice", "Yan"])
    api.force_authenticate(alice)  # named, but the event is not hers to see: 404 like any other
    assert api.post(f"/api/v1/tournaments/{private.pk}/teams/{hidden.pk}/join/").status_code == 404


def test_nobody_joins_a_team_of_a_finished_event(api, team_event, organiser, alice):
    """A finished event's teams are history: a username freed by a deleted account, taken by someone
    new, must not link them into a past team."""
    from tournaments.services import entrants_teams

    team = entrants_teams.add_team(team_event, organiser, "Dust Bunnies", ["alice", "Zed"])
    entrants_teams.add_team(team_event, organiser, "Lint Sisters", ["Kim", "Lou"])
    event_services.start_event(team_event, organiser)
    event_services.finish_event(team_event, organiser)
    api.force_authenticate(alice)
    refused = api.post(f"/api/v1/tournaments/{team_event.pk}/teams/{team.pk}/join/")
    assert refused.status_code == 409 and refused.json()["code"] == "event.status"
    assert not team.members.exists()
