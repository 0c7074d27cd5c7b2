"""One transaction per use case, one refusal per rule, and errors that surface (issue: one home
for each concept). Each test names the defect it guards against."""

import pytest

from decks.models import Deck
from tests.tournaments.results.reporting_support import report
from tournaments.models import AuditEntry, Match, Report
from tournaments.services import entrants, events, rounds

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def test_patching_a_deck_with_a_bad_decklist_saves_nothing(api, alice, sample):
    api.force_authenticate(alice)
    created = api.post(
        "/api/v1/decks/",
        {"name": "Lint rush", "game": "dust-collectorz", "format": "dc-prerelease", "decklist": "2 Pocket Puff"},
        format="json",
    ).json()
    response = api.patch(
        f"/api/v1/decks/{created['id']}/",
        {"name": "Renamed", "visibility": "public", "decklist": "2 Pocket Puff\n1 No Such Card"},
        format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == "decklist.lines_rejected"
    deck = Deck.objects.get(pk=created["id"])
    assert (deck.name, deck.visibility, deck.versions.count()) == ("Lint rush", "private", 1)


def test_a_failed_request_releases_its_idempotency_key(api, paired, alice, bob, django_capture_on_commit_callbacks):
    _event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    api.force_authenticate(bob)
    key = {"HTTP_IDEMPOTENCY_KEY": "confirm-once"}
    early = api.post(f"/api/v1/matches/{match.pk}/confirm/", **key)
    assert early.status_code == 400 and early.json()["code"] == "report.nothing_to_confirm"
    report(api, alice, match, {"wins": {str(a): 2, str(b): 0}}, django_capture_on_commit_callbacks)
    api.force_authenticate(bob)
    with django_capture_on_commit_callbacks(execute=True):
        retry = api.post(f"/api/v1/matches/{match.pk}/confirm/", **key)
    assert retry.status_code == 202
    assert api.post(f"/api/v1/matches/{match.pk}/confirm/", **key).json() == retry.json()  # replayed, not redone
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED


def test_an_in_process_task_error_surfaces(api, paired, alice, bob, django_capture_on_commit_callbacks, monkeypatch):
    _event, match, ids = paired

    def broken(event_id):
        raise RuntimeError("a scoring bug")

    monkeypatch.setattr("tournaments.tasks.score_pending", broken)
    with pytest.raises(RuntimeError, match="a scoring bug"):
        report(
            api,
            alice,
            match,
            {"wins": {str(ids[alice.pk]): 2, str(ids[bob.pk]): 0}},
            django_capture_on_commit_callbacks,
        )
    assert Report.objects.filter(match=match).count() == 1  # the report itself was committed


def test_the_organiser_and_the_players_are_refused_by_the_same_rule(
    api, paired, alice, bob, organiser, django_capture_on_commit_callbacks
):
    _event, match, ids = paired
    impossible = {"wins": {str(ids[alice.pk]): 2, str(ids[bob.pk]): 2}}
    by_player = report(api, alice, match, impossible, django_capture_on_commit_callbacks)
    api.force_authenticate(organiser)
    by_organiser = api.post(f"/api/v1/matches/{match.pk}/result/", impossible, format="json")
    assert by_player.status_code == by_organiser.status_code == 400
    assert by_player.json()["code"] == by_organiser.json()["code"] == "result.both_win"
    assert by_player.json()["message"] == by_organiser.json()["message"] == "Both players cannot win the match."


def test_the_log_names_every_action_and_the_system(
    client, paired, alice, bob, organiser, api, django_capture_on_commit_callbacks
):
    event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    report(api, alice, match, {"wins": {str(a): 2, str(b): 0}}, django_capture_on_commit_callbacks)
    api.force_authenticate(bob)
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/api/v1/matches/{match.pk}/confirm/")
    round_two = rounds.pair_next_round(event, organiser)
    second = round_two.matches.get(is_bye=False)
    api.force_authenticate(alice)
    api.post(f"/api/v1/matches/{second.pk}/dispute/")
    rounds.pair_next_round(event, organiser, force=True, expected=3)
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/").text
    for label in ("Result confirmed by the players", "Result disputed", "Round paired with results missing", "System"):
        assert label in page
    actions = set(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert {"result.confirm", "result.dispute", "round.force"} <= actions
    for code in actions:
        assert code not in page
    confirmed = AuditEntry.objects.get(event=event, action="result.confirm")
    assert confirmed.actor is None and (confirmed.round_number, confirmed.table) == (1, match.table)
    french = client.get(f"/fr/events/{event.pk}/manage/").text
    assert f"Ronde 1, table {match.table}" in french


def test_a_drop_is_logged_with_its_entrant(organiser):
    event = events.create_event(organiser, "Drop night", "dust-collectorz")
    walk_in = entrants.add_entrant(event, organiser, name="Ada")
    entrants.add_entrant(event, organiser, name="Bo")
    events.start_event(event, organiser)
    entrants.drop(walk_in, organiser)
    entry = AuditEntry.objects.get(event=event, action="entrant.drop")
    assert (entry.entrant, entry.entrant_name) == (walk_in, "Ada")
