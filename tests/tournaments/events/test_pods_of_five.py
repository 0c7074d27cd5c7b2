"""Pods of five (issue 32 item 3): where the event allows them, a Reclamation night seats 3, 4 or 5
at a table, so 5 players play one table instead of a pod of 4 and a bye."""

import json
from itertools import combinations_with_replacement

import pytest

from tests.conftest import join_event, make_user
from tests.tournaments.engine.test_pairing import play
from tests.tournaments.events.test_tournament_manage import create_through_form, form_data, manage_url
from tests.tournaments.results.reporting_support import confirm_by_the_others, match_points, report
from tests.tournaments.results.test_scoring_modes import rounds
from tournaments.engine.match_result import check_pod_table
from tournaments.engine.pairing import Player, pair_round
from tournaments.engine.pairing.pods import pod_sizes
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services

RECLAMATION = "dust-reclamation"


def best_split(count, preferred, fives):
    """By brute force over every split: the most pods of the preferred size, then the fewest pods."""
    allowed = (3, 4, 5) if fives else (3, 4)
    splits = [
        sorted(split, reverse=True)
        for pods in range(1, count // 3 + 1)
        for split in combinations_with_replacement(allowed, pods)
        if sum(split) == count
    ]
    return min(splits, key=lambda split: (-split.count(preferred), len(split))) if splits else None


@pytest.mark.parametrize("preferred", [3, 4])
@pytest.mark.parametrize("fives", [False, True])
def test_pod_sizes_from_3_to_30_players(preferred, fives):
    for count in range(3, 31):
        sizes = pod_sizes(count, preferred, fives)
        if fives or count != 5:
            assert sizes == best_split(count, preferred, fives), count
        else:  # without fives 5 players cannot be split: a pod of 4 and a bye
            assert sizes == [4]


def test_pods_of_five_seat_5_at_one_table_and_9_at_5_and_4():
    assert pod_sizes(5, 4, fives=True) == [5]
    assert pod_sizes(9, 4, fives=True) == [5, 4]
    assert pod_sizes(9, 3, fives=True) == [3, 3, 3]  # five only where the preferred size leaves a rest
    five = [Player(i, 0, i + 1) for i in range(5)]
    pairing = pair_round(five, 1, 7, pod_size=4, pods_of_five=True)
    assert pairing.byes == [] and sorted(pairing.tables[0]) == [0, 1, 2, 3, 4]
    without = pair_round(five, 1, 7, pod_size=4)
    assert len(without.byes) == 1 and len(without.tables[0]) == 4


@pytest.mark.parametrize("count", [5, 9, 13, 14, 17])
def test_events_with_fives_seat_everyone_every_round_without_a_bye(count):
    rounds_seen = 0
    for players, pairing in play(count, 6, count, pod_size=4, drops=0.05, pods_of_five=True):
        active = sorted(p.id for p in players if not p.dropped)
        assert pairing.byes == [] and sorted(i for table in pairing.tables for i in table) == active
        assert all(3 <= len(table) <= 5 for table in pairing.tables) or len(active) == 2
        rounds_seen += 1
    assert rounds_seen == 6


def test_a_fifth_place_may_not_score_more_than_the_fourth():
    with pytest.raises(Exception, match="Place 5 cannot score more"):
        check_pod_table({"win": 4, "2": 2, "3": 1, "4": 0, "5": 1})
    assert check_pod_table({"win": 4, "2": 2, "3": 1, "4": 0, "5": 0})


# A Reclamation table of five, reported by a player and confirmed by the others, by hand (s: seats):
# R1 +: A 3+1+2, B 2+1, C 1, D 1, E 1.  R2 −: A 0, B 4−1+2, C 2, D 1, E 1−1.
# R3 +: four meet the Work Order and share its 2 points (1 each): A 2+1, B 0, C 2+1+1, D 2+1+1, E 2+1.
# R4 −: A 1, B 1, C 1, D 1, E 4−2+2.  Totals: A 10, B 9, C 8, D 7, E 8.
# Places with 4/2/1/0 and 0 for 5th: A 1st 4, B 2nd 2, C and E share 3rd-4th (1 + 0) / 2 → 1, D 5th 0.
FIVE_PLAYER_GAME = (
    ("+", (3, 2, 1, 1, 1), (1, 1, 0, 0, 0), [0]),
    ("-", (0, 4, 2, 1, 1), (0, 1, 0, 0, 1), [1]),
    ("+", (2, 0, 2, 2, 2), (0, 0, 1, 1, 0), [0, 2, 3, 4]),
    ("-", (1, 1, 1, 1, 4), (0, 0, 0, 0, 2), [4]),
)


@pytest.mark.django_db
@pytest.mark.usefixtures("eager_celery")
def test_a_reclamation_table_of_five_is_paired_reported_and_scored(api, organiser, django_capture_on_commit_callbacks):
    table = {"win": 4, "2": 2, "3": 1, "4": 0, "5": 0}
    event = event_services.create_event(
        organiser, "Reclamation night", RECLAMATION, mode="ffa", pods_of_five=True, pod_points=table, swiss_rounds=3
    )
    users = [make_user(f"miner{number}") for number in range(5)]
    seats = {user: join_event(event, user).pk for user in users}
    event_services.start_event(event, organiser)
    paired = round_services.pair_next_round(event, organiser)
    match = paired.matches.get()
    assert not match.is_bye and match.seats.count() == 5 and paired.matches.count() == 1
    sides = [seat.entrant_id for seat in match.seats.order_by("pk")]
    reporter = next(user for user, entrant in seats.items() if entrant == sides[0])
    body = {"games": [rounds(sides, *FIVE_PLAYER_GAME)]}
    answer = report(api, reporter, match, body, django_capture_on_commit_callbacks)
    assert answer.status_code == 202, answer.json()
    confirm_by_the_others(api, match, reporter, seats, django_capture_on_commit_callbacks)
    points = match_points(api, event)
    assert [points[side] for side in sides] == [4, 2, 1, 0, 1]


@pytest.mark.django_db
def test_pods_of_five_on_the_new_event_form_the_event_page_and_the_settings_form(client, organiser):
    event = create_through_form(client, organiser, game=RECLAMATION, mode="ffa", pods_of_five="on")
    assert event.settings.pods_of_five
    page = client.get(f"/en/events/{event.pk}/").text
    assert "tables of five when the player count calls for one" in page
    response = client.post(manage_url(event, "settings/"), {**settings_data(event), "pods_of_five": ""})
    assert response.status_code == 302
    event.settings.refresh_from_db()
    assert not event.settings.pods_of_five
    assert event.audit.filter(action="event.edit").exists()


def settings_data(event):
    return {"name": event.name, "publication": "none", "top_cut": "0", "best_of": "3", "swiss_rounds": ""}


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "mode"), [("dust-collectorz", "ffa"), (RECLAMATION, "versus")])
def test_pods_of_five_are_refused_where_five_cannot_play(client, api, organiser, game, mode):
    client.force_login(organiser)
    response = client.post("/en/events/new/", form_data(game=game, mode=mode, pods_of_five="on"))
    assert response.status_code == 200
    assert "Pods of five are for free-for-all events of a game played by five" in response.text
    api.force_authenticate(organiser)
    body = {"name": "Five", "game": game, "mode": mode, "pods_of_five": True}
    answer = api.post("/api/v1/tournaments/", body, format="json")
    assert answer.status_code == 400 and "pods_of_five" in answer.json()["errors"]
    assert "Dust: Reclamation" in answer.json()["errors"]["pods_of_five"][0]


@pytest.mark.django_db
def test_the_api_creates_and_shows_pods_of_five(api, organiser):
    api.force_authenticate(organiser)
    body = {"name": "Five", "game": RECLAMATION, "mode": "ffa", "pods_of_five": True}
    answer = api.post("/api/v1/tournaments/", body, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["pods_of_five"] is True
    assert api.get(f"/api/v1/tournaments/{answer.json()['id']}/").json()["pods_of_five"] is True
    schema = api.get("/api/v1/schema/")
    assert schema.status_code == 200 and b"pods_of_five" in schema.content


@pytest.mark.django_db
def test_the_settings_form_offers_pods_of_five_only_where_five_can_play(client, organiser):
    versus = create_through_form(client, organiser, game=RECLAMATION, mode="versus")
    assert "pods_of_five" not in client.get(manage_url(versus, "settings/")).text
    ffa = create_through_form(client, organiser, game=RECLAMATION, mode="ffa")
    assert "pods_of_five" in client.get(manage_url(ffa, "settings/")).text


def test_the_command_line_takes_pods_of_five(tmp_path, capsys):
    from tournaments.engine.pairing.__main__ import main

    players = [{"id": number, "points": 3 if number == 1 else 0} for number in range(1, 6)]
    document = tmp_path / "round.json"
    document.write_text(json.dumps({"round": 2, "pod_size": 4, "pods_of_five": True, "players": players}))
    assert main([str(document)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["byes"] == [] and sorted(answer["tables"][0]) == [1, 2, 3, 4, 5]
