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
