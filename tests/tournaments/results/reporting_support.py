"""Helpers for tests of player-reported results."""


def report(api, user, match, body, capture, **headers):
    api.force_authenticate(user)
    with capture(execute=True):
        return api.post(f"/api/v1/matches/{match.pk}/report/", body, format="json", **headers)


def game(winner, loser, captures_winner=None, captures_loser=None):
    return {
        "captures": {
            str(winner): captures_winner or {"bronze": 4, "platinum": 1},
            str(loser): captures_loser or {"bronze": 2},
        },
        "last_round_winner": str(winner),
    }


def seated_event(organiser, game, players, mode="versus", **options):
    """An event of `players` players (teams: two teams of two) with round 1 paired at one table.
    Returns (event, match, {user: entrant id}); a team is reported for by its captain or its member."""
    from tests.conftest import join_event, make_user
    from tournaments.services import entrants_teams, events, rounds

    options = {"top_cut": 0, "swiss_rounds": 3, "best_of": 1, **options}
    if mode == "ffa":
        options["pod_size"] = players
    event = events.create_event(organiser, f"{game} {mode} {players}", game, mode=mode, **options)
    users = [make_user(f"{mode}{players}p{number}") for number in range(1, players + 1)]
    captains = users[::2] if mode == "team" else users
    seats = {}
    for captain in captains:
        if mode != "team":
            seats[captain] = join_event(event, captain).pk
            continue
        # A team is entered by the organiser, naming both members, and each member joins it.
        member = users[users.index(captain) + 1]
        team = entrants_teams.add_team(event, organiser, f"Team {captain}", [captain.username, member.username])
        for user in (captain, member):
            entrants_teams.join_team(team, user)
            seats[user] = team.pk
    events.start_event(event, organiser)
    match = rounds.pair_next_round(event, organiser).matches.get(is_bye=False)
    return event, match, seats


def confirm_by_the_others(api, match, reporter, seats, capture):
    """Every other side confirms the reporter's result; returns the last answer."""
    answer = None
    confirmed = {seats[reporter]}
    for user, entrant in seats.items():
        if entrant in confirmed:
            continue
        confirmed.add(entrant)
        api.force_authenticate(user)
        with capture(execute=True):
            answer = api.post(f"/api/v1/matches/{match.pk}/confirm/")
        assert answer.status_code == 202, answer.json()
    return answer


def match_points(api, event):
    rows = api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["standings"]
    return {row["entrant"]: row["match_points"] for row in rows}
