"""The events API end to end, and who may write."""

import random

import pytest

from tests.conftest import make_user
from tournaments.models import AuditEntry, Event, Match

pytestmark = pytest.mark.django_db


def create_event(api, organiser, **fields):
    api.force_authenticate(organiser)
    body = {"name": "Saturday Swiss", "game": "dust-collectorz", "mode": "versus", "best_of": 3, "top_cut": 8, **fields}
    response = api.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def add_walk_ins(api, event_id, count, first=0):
    ids = []
    for number in range(first, first + count):
        response = api.post(
            f"/api/v1/tournaments/{event_id}/entrants/", {"name": f"Player {number:02d}"}, format="json"
        )
        assert response.status_code == 201
        ids.append(response.json()["id"])
    return ids


def play_round(api, round_body, rng):
    for table in round_body["tables"]:
        if table["bye"]:
            continue
        a, b = table["entrants"]
        score = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
        draws = 1 if score == (1, 1) else 0
        response = api.post(
            f"/api/v1/matches/{table['match']}/result/",
            {"wins": {str(a): score[0], str(b): score[1]}, "draws": draws},
            format="json",
        )
        assert response.status_code == 200, response.json()


def test_37_players_six_rounds_and_a_top_8(api, organiser):
    rng = random.Random(37)
    event_id = create_event(api, organiser, swiss_rounds=None)
    entrants = add_walk_ins(api, event_id, 37)
    assert api.post(f"/api/v1/tournaments/{event_id}/start/").json()["swiss_rounds"] == 6  # 33-64 players: 6
    met = set()
    byes = []
    for number in range(1, 7):
        response = api.post(f"/api/v1/tournaments/{event_id}/rounds/")
        assert response.status_code == 201, response.json()
        body = response.json()
        assert body["number"] == number
        seated = [e for t in body["tables"] for e in t["entrants"]]
        assert sorted(seated) == sorted(entrants), "everyone plays once per round"
        for table in body["tables"]:
            if table["bye"]:
                byes.append(table["entrants"][0])
            else:
                pair = frozenset(table["entrants"])
                assert pair not in met, "no rematches"
                met.add(pair)
        assert api.post(f"/api/v1/tournaments/{event_id}/rounds/").status_code == 409  # results missing
        play_round(api, body, rng)
        assert api.get(f"/api/v1/tournaments/{event_id}/rounds/{number}/").json()["tables"][0]["status"] == "confirmed"
    assert len(byes) == len(set(byes)) == 6, "one bye per round, never twice"
    standings = api.get(f"/api/v1/tournaments/{event_id}/standings/").json()
    assert standings["round"] == 6 and len(standings["standings"]) == 37
    first = standings["standings"][0]
    assert set(first) >= {
        "rank",
        "entrant",
        "name",
        "match_points",
        "wins",
        "losses",
        "draws",
        "omw",
        "gw",
        "ogw",
        "dropped",
    }
    assert all(0 <= row[key] <= 1 for row in standings["standings"] for key in ("omw", "gw", "ogw"))
    points = [row["match_points"] for row in standings["standings"]]
    assert points == sorted(points, reverse=True)
    assert api.post(f"/api/v1/tournaments/{event_id}/rounds/").status_code == 400  # all Swiss rounds paired
    bracket = api.post(f"/api/v1/tournaments/{event_id}/top-cut/").json()
    seeds = [row["entrant"] for row in standings["standings"]][:8]
    quarter = bracket["rounds"][0]["tables"]
    assert [t["entrants"] for t in quarter] == [
        [seeds[0], seeds[7]],
        [seeds[3], seeds[4]],
        [seeds[1], seeds[6]],
        [seeds[2], seeds[5]],
    ]
    for _stage in range(3):
        current = api.get(f"/api/v1/tournaments/{event_id}/top-cut/").json()["rounds"][-1]
        for table in current["tables"]:
            a, b = table["entrants"]
            draw = api.post(
                f"/api/v1/matches/{table['match']}/result/", {"wins": {str(a): 1, str(b): 1}}, format="json"
            )
            assert draw.status_code == 400, "a top-cut match needs a winner"
            api.post(f"/api/v1/matches/{table['match']}/result/", {"wins": {str(a): 2, str(b): 1}}, format="json")
        api.post(f"/api/v1/tournaments/{event_id}/top-cut/advance/")
    assert Event.objects.get(pk=event_id).status == "finished"
    assert AuditEntry.objects.filter(event_id=event_id, action="result.enter").count() == 36 * 6 // 2 + 7


def test_bad_results_are_400(api, organiser):
    event_id = create_event(api, organiser, top_cut=0)
    a, b, c, d = add_walk_ins(api, event_id, 4)
    api.post(f"/api/v1/tournaments/{event_id}/start/")
    table = api.post(f"/api/v1/tournaments/{event_id}/rounds/").json()["tables"][0]
    match = table["match"]
    x, y = table["entrants"]
    for body in (
        {"wins": {str(x): 2, str(y): 2}},  # 2-2 in a best of 3
        {"wins": {str(x): 3, str(y): 0}},
        {"wins": {str(x): 2, "999999": 0}},  # an unknown entrant
        {"wins": {str(x): 2}},
        {"draws": 1},
    ):
        response = api.post(f"/api/v1/matches/{match}/result/", body, format="json")
        assert response.status_code == 400 and response.json()["message"], body
    assert Match.objects.get(pk=match).status == "pending"


def test_results_of_a_finished_round_need_a_logged_correction(api, organiser):
    event_id = create_event(api, organiser, top_cut=0)
    add_walk_ins(api, event_id, 4)
    api.post(f"/api/v1/tournaments/{event_id}/start/")
    first = api.post(f"/api/v1/tournaments/{event_id}/rounds/").json()
    for played in first["tables"]:  # the first player at each table wins 2-0
        p, q = played["entrants"]
        api.post(f"/api/v1/matches/{played['match']}/result/", {"wins": {str(p): 2, str(q): 0}}, format="json")
    api.post(f"/api/v1/tournaments/{event_id}/rounds/")
    table = first["tables"][0]
    x, y = table["entrants"]
    late = api.post(f"/api/v1/matches/{table['match']}/result/", {"wins": {str(x): 0, str(y): 2}}, format="json")
    assert late.status_code == 400 and "correction" in late.json()["message"]
    before = {
        row["entrant"]: row["match_points"]
        for row in api.get(f"/api/v1/tournaments/{event_id}/standings/").json()["standings"]
    }
    fixed = api.post(
        f"/api/v1/matches/{table['match']}/result/",
        {"wins": {str(x): 0, str(y): 2}, "correction": "slip was wrong"},
        format="json",
    )
    assert fixed.status_code == 200
    after = {
        row["entrant"]: row["match_points"]
        for row in api.get(f"/api/v1/tournaments/{event_id}/standings/").json()["standings"]
    }
    assert (before[x], before[y]) == (3, 0) and (after[x], after[y]) == (0, 3)
    entry = AuditEntry.objects.get(event_id=event_id, action="result.correct")
    assert entry.after["reason"] == "slip was wrong" and entry.before["seats"]


def test_drop_takes_effect_next_round_and_keeps_standing(api, organiser):
    event_id = create_event(api, organiser, top_cut=0)
    ids = add_walk_ins(api, event_id, 6)
    api.post(f"/api/v1/tournaments/{event_id}/start/")
    first = api.post(f"/api/v1/tournaments/{event_id}/rounds/").json()
    play_round(api, first, random.Random(2))
    assert api.post(f"/api/v1/tournaments/{event_id}/entrants/{ids[0]}/drop/").json()["dropped"] is True
    second = api.post(f"/api/v1/tournaments/{event_id}/rounds/").json()
    assert ids[0] not in [e for t in second["tables"] for e in t["entrants"]]
    rows = api.get(f"/api/v1/tournaments/{event_id}/standings/").json()["standings"]
    assert [row["dropped"] for row in rows if row["entrant"] == ids[0]] == [True]


def test_late_entry_gets_losses_for_missed_rounds(api, organiser):
    event_id = create_event(api, organiser, top_cut=0)
    add_walk_ins(api, event_id, 4)
    api.post(f"/api/v1/tournaments/{event_id}/start/")
    play_round(api, api.post(f"/api/v1/tournaments/{event_id}/rounds/").json(), random.Random(3))
    late = add_walk_ins(api, event_id, 1, first=4)[0]
    second = api.post(f"/api/v1/tournaments/{event_id}/rounds/").json()
    assert late in [e for t in second["tables"] for e in t["entrants"]]
    row = next(
        r for r in api.get(f"/api/v1/tournaments/{event_id}/standings/").json()["standings"] if r["entrant"] == late
    )
    assert row["losses"] == 1


def test_pairing_needs_two_players(api, organiser):
    event_id = create_event(api, organiser, top_cut=0)
    ids = add_walk_ins(api, event_id, 2)
    api.post(f"/api/v1/tournaments/{event_id}/start/")
    api.post(f"/api/v1/tournaments/{event_id}/entrants/{ids[0]}/drop/")
    response = api.post(f"/api/v1/tournaments/{event_id}/rounds/")
    assert response.status_code == 400 and "At least 2 active players" in response.json()["message"]


def test_only_the_organiser_writes(api, organiser, alice):
    event_id = create_event(api, organiser, top_cut=0)
    add_walk_ins(api, event_id, 4)
    other = make_user("oscar", organiser=True)
    for user in (alice, other):
        api.force_authenticate(user)
        assert api.post(f"/api/v1/tournaments/{event_id}/start/").status_code == 403
        assert (
            api.post(f"/api/v1/tournaments/{event_id}/entrants/", {"name": "Sneaky"}, format="json").status_code == 403
        )
    api.force_authenticate(None)
    assert api.post(f"/api/v1/tournaments/{event_id}/start/").status_code == 401
    assert api.get(f"/api/v1/tournaments/{event_id}/standings/").status_code == 200  # a public event
    api.force_authenticate(alice)
    assert (
        api.post("/api/v1/tournaments/", {"name": "Mine", "game": "dust-collectorz"}, format="json").status_code == 403
    )
    assert Event.objects.get(pk=event_id).status == "registration"


def test_private_event_is_404_to_strangers(api, organiser, alice):
    event_id = create_event(api, organiser, top_cut=0, is_public=False)
    api.force_authenticate(alice)
    assert api.get(f"/api/v1/tournaments/{event_id}/").status_code == 404
    assert api.get(f"/api/v1/tournaments/{event_id}/standings/").status_code == 404


def test_pod_event_with_its_own_points_table(api, organiser):
    event_id = create_event(api, organiser, mode="ffa", top_cut=0, pod_points={"2": 1})
    assert api.get(f"/api/v1/tournaments/{event_id}/").json()["pod_points"] == {"2": 1}
    add_walk_ins(api, event_id, 4)
    api.post(f"/api/v1/tournaments/{event_id}/start/")
    table = api.post(f"/api/v1/tournaments/{event_id}/rounds/").json()["tables"][0]
    places = {str(entrant): place for place, entrant in enumerate(table["entrants"], start=1)}
    assert (
        api.post(f"/api/v1/matches/{table['match']}/result/", {"placements": places}, format="json").status_code == 200
    )
    points = {
        row["entrant"]: row["match_points"]
        for row in api.get(f"/api/v1/tournaments/{event_id}/standings/").json()["standings"]
    }
    assert [points[e] for e in table["entrants"]] == [3, 1, 0, 0]
    bad = api.post(
        "/api/v1/tournaments/",
        {"name": "x", "game": "dust-collectorz", "mode": "ffa", "pod_points": {"fifth": 1}},
        format="json",
    )
    assert bad.status_code == 400
    upside_down = api.post(
        "/api/v1/tournaments/",
        {"name": "x", "game": "dust-collectorz", "mode": "ffa", "pod_points": {"win": 1, "2": 2}},
        format="json",
    )
    assert upside_down.status_code == 400 and upside_down.json()["code"] == "result.pod_table_order"
    assert upside_down.json()["errors"] == {"pod_points": [upside_down.json()["message"]]}
