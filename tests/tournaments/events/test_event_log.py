"""The event log: typed actions in words, who did it, and what it was about; paged and filterable
by round and by player, on the page and in the API."""

import pytest

from tests.conftest import join_event, make_user
from tournaments.models import AuditEntry, Match
from tournaments.services import entrants as entrant_services
from tournaments.services import events as event_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(organiser, alice):
    event = event_services.create_event(organiser, "Logged", "dust-collectorz", swiss_rounds=3)
    mine = join_event(event, alice)
    for name in ("Ben", "Cleo", "Dan"):
        entrant_services.add_entrant(event, organiser, name=name)
    event_services.start_event(event, organiser)
    for _number in range(2):
        round_services.pair_next_round(event, organiser)
        for match in round_services.current_round(event).matches.filter(status=Match.Status.PENDING):
            a, b = match.seats.order_by("pk").values_list("entrant_id", flat=True)
            result_services.record_result(match, organiser, wins={a: 2, b: 1})
    AuditEntry.objects.create(event=event, action="round.pair", round_number=9)  # an automatic action
    return event, mine


def test_the_log_page_filters_by_round_and_player(client, played, organiser):
    event, mine = played
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/log/").text
    assert "Round paired" in page and "Result entered" in page and "olivia (organiser)" in page
    assert "System" in page and "—" not in page.split("<main", 1)[1]
    assert "round.pair" not in page  # no raw codes
    first = client.get(f"/en/events/{event.pk}/manage/log/?round=1").text
    assert "Round 1, table" in first and "Round 2, table" not in first
    alice_only = client.get(f"/en/events/{event.pk}/manage/log/?player={mine.pk}").text
    my_tables = {
        f"Round {number}, table {table}"
        for number, table in mine.seats.values_list("match__round__number", "match__table")
    }
    assert all(target in alice_only for target in my_tables)
    assert client.get(f"/en/events/{event.pk}/manage/log/?round=x&player=nobody").status_code == 200
    french = client.get(f"/fr/events/{event.pk}/manage/log/").text
    assert "Résultat saisi" in french or "Ronde appariée" in french


def test_the_log_api_is_paged_and_filtered(api, played, organiser, alice):
    event, mine = played
    api.force_authenticate(organiser)
    body = api.get(f"/api/v1/tournaments/{event.pk}/log/").json()
    assert body["count"] == AuditEntry.objects.filter(event=event).count() and body["page"] == 1
    entry = body["entries"][0]
    assert {"when", "who", "what", "target", "details", "action", "round", "table", "entrant"} <= set(entry)
    assert entry["who"] == "System"
    round_two = api.get(f"/api/v1/tournaments/{event.pk}/log/?round=2").json()["entries"]
    assert round_two and {item["round"] for item in round_two} == {2}
    api.force_authenticate(alice)
    refused = api.get(f"/api/v1/tournaments/{event.pk}/log/")
    assert refused.status_code == 403 and refused.json()["message"]


def test_judges_read_the_log(client, played, organiser):
    from tournaments.services import staff as staff_services

    event, _mine = played
    judge = make_user("jules")
    staff_services.add_staff(event, organiser, "jules", "judge")
    client.force_login(judge)
    assert "Staff member added" in client.get(f"/en/events/{event.pk}/manage/log/").text
