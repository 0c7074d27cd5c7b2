"""People with the same name (issue 27): told apart by username, or a short tag for a walk-in, on
pairings, slips, the desk, searches and the removal confirmation; a search lists exact matches first."""

import pytest

from tests.conftest import make_user
from tournaments.models.entrants import event_player_labels, player_labels
from tournaments.services import entrants as entrant_services
from tournaments.services import events, rounds

pytestmark = pytest.mark.django_db


def test_only_shared_names_get_a_username_or_a_tag():
    labels = player_labels([(1, "Ana", "ana_k"), (2, "ana", None), (3, "Hana", "hana"), (4, "Bo", None)])
    assert labels == {1: "Ana (ana_k)", 2: "ana (#2)", 3: "Hana", 4: "Bo"}


@pytest.fixture
def two_anas(organiser):
    event = events.create_event(organiser, "Friday", "dust-collectorz", swiss_rounds=2)
    ana = make_user("ana_k", display_name="Ana")
    entrant_services.add_entrant(event, ana, user=ana)
    walk_in = entrant_services.add_entrant(event, organiser, name="Ana", confirmed_duplicate=True)
    for name in ("Hana", "Bo"):
        entrant_services.add_entrant(event, organiser, name=name)
    return event, walk_in


def test_pairings_slips_and_the_desk_tell_the_two_anas_apart(client, organiser, two_anas):
    event, walk_in = two_anas
    event.entrants.update(checked_in=True)
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    labels = set(event_player_labels(event).values())
    assert {"Ana (ana_k)", f"Ana (#{walk_in.pk})", "Hana", "Bo"} == labels
    client.force_login(organiser)
    for path in ("rounds/1/pairings/", "rounds/1/pairings/?by=name", "rounds/1/slips/", "manage/rounds/1/", "manage/"):
        page = client.get(f"/en/events/{event.pk}/{path}").content.decode()
        assert "Ana (ana_k)" in page and f"Ana (#{walk_in.pk})" in page, path


def test_searching_ana_lists_ana_before_hana(client, organiser, two_anas):
    event, _walk_in = two_anas
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/players/?q=Ana").content.decode()
    assert page.index("Ana (ana_k)") < page.index("Hana") and page.index(f"Ana (#{_walk_in.pk})") < page.index("Hana")
    event.entrants.update(checked_in=True)
    events.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    found = client.get(f"/en/events/{event.pk}/rounds/1/pairings/?by=name&q=ana").content.decode()
    assert found.index("Ana (") < found.index("Hana")


def test_removal_confirms_with_the_players_details(client, organiser, two_anas):
    event, walk_in = two_anas
    client.force_login(organiser)
    ana = event.entrants.get(user__username="ana_k")
    page = client.get(f"/en/events/{event.pk}/manage/entrants/{ana.pk}/remove/").content.decode()
    assert "Remove Ana (ana_k)?" in page and "account ana_k" in page
    page = client.get(f"/en/events/{event.pk}/manage/entrants/{walk_in.pk}/remove/").content.decode()
    assert f"Remove Ana (#{walk_in.pk})?" in page and "walk-in without an account" in page
    client.post(f"/en/events/{event.pk}/manage/entrants/{walk_in.pk}/remove/")
    assert event.entrants.filter(pk=ana.pk).exists() and not event.entrants.filter(pk=walk_in.pk).exists()


def test_standings_prizes_and_the_api_tell_the_two_anas_apart(client, api, organiser, two_anas):
    from tournaments.services import prizes, results

    event, walk_in = two_anas
    event.entrants.update(checked_in=True)
    events.start_event(event, organiser)
    for _number in (1, 2):
        round_ = rounds.pair_next_round(event, organiser)
        for match in round_.matches.filter(is_bye=False):
            first, second = (seat.entrant_id for seat in match.seats.order_by("pk"))
            results.record_result(match, organiser, wins={first: 2, second: 0})
    prizes.set_prize_plan(event, organiser, {"scheme": "record", "per_entrant": 1, "fixed": 0,
                                             "by_record": {"2-0": 2}, "participation": 0})  # fmt: skip
    events.finish_event(event, organiser)
    both = ("Ana (ana_k)", f"Ana (#{walk_in.pk})")
    client.force_login(organiser)
    for path in ("standings/", "standings.csv", "prizes/", "prizes.csv"):
        page = client.get(f"/en/events/{event.pk}/{path}").content.decode("utf-8-sig")
        assert all(label in page for label in both), path
    api.force_authenticate(organiser)
    names = {row["name"] for row in api.get(f"/api/v1/public/events/{event.pk}/standings/").json()["standings"]}
    assert set(both) <= names


def test_a_players_page_and_report_form_tell_their_opponent_apart(client, organiser, two_anas):
    """Whoever plays the walk-in Ana sees which Ana, on their page and on the report form."""
    event, walk_in = two_anas
    for name in ("Hana", "Bo"):  # everyone but the walk-in has an account, so any opponent can look
        event.entrants.get(name=name).delete()
        user = make_user(f"{name.lower()}_player", display_name=name)
        entrant_services.add_entrant(event, user, user=user)
    event.entrants.update(checked_in=True)
    events.start_event(event, organiser)
    match = rounds.pair_next_round(event, organiser).matches.get(seats__entrant=walk_in)
    opponent = match.seats.exclude(entrant=walk_in).get().entrant
    client.force_login(opponent.user)
    page = client.get(f"/en/events/{event.pk}/me/").content.decode()
    assert f"Ana (#{walk_in.pk})" in page
    assert f"Games won by Ana (#{walk_in.pk})" in page
    if opponent.name != "Ana":  # a name nobody else has stays bare
        assert f"{opponent.name} (" not in page
