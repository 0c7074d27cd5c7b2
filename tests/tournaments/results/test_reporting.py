"""Player-reported results (tasks in-process here; real workers in test_reliability.py)."""

import pytest

from tests.conftest import make_user
from tests.tournaments.results.reporting_support import game, report
from tournaments.models import AuditEntry, EventSettings, Match, Report

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def test_report_then_confirm(api, paired, alice, bob, django_capture_on_commit_callbacks):
    event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    body = {"games": [game(a, b), game(b, a), game(a, b)]}
    response = report(api, alice, match, body, django_capture_on_commit_callbacks)
    assert response.status_code == 202 and response.data["status"] == "received"
    state = api.get(f"/api/v1/matches/{match.pk}/").json()
    assert state["status"] == "reported" and state["reports"][0]["result"]["wins"] == {str(a): 2, str(b): 1}
    assert state["reports"][0]["result"]["games"][0]["points"] == {str(a): 4 + 3 + 3, str(b): 2}
    api.force_authenticate(bob)
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/api/v1/matches/{match.pk}/confirm/").status_code == 202
    state = api.get(f"/api/v1/matches/{match.pk}/").json()
    assert state["status"] == "confirmed"
    assert state["result"]["winner"] == a and state["result"]["wins"] == {str(a): 2, str(b): 1}
    standings = {
        row["entrant"]: row["match_points"]
        for row in api.get(f"/api/v1/tournaments/{event.pk}/standings/").json()["standings"]
    }
    assert standings[a] == 3 and standings[b] == 0
    assert AuditEntry.objects.filter(event=event, action="result.confirm").count() == 1


def test_agreeing_reports_confirm_and_differing_ones_are_disputed(
    api, paired, alice, bob, django_capture_on_commit_callbacks
):
    _event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    report(api, alice, match, {"wins": {str(a): 2, str(b): 0}, "draws": 0}, django_capture_on_commit_callbacks)
    report(api, bob, match, {"wins": {str(a): 0, str(b): 2}, "draws": 0}, django_capture_on_commit_callbacks)
    assert Match.objects.get(pk=match.pk).status == "disputed"
    report(api, bob, match, {"wins": {str(a): 2, str(b): 0}, "draws": 0}, django_capture_on_commit_callbacks)
    assert Match.objects.get(pk=match.pk).status == "confirmed"


def test_organiser_resolves_a_dispute(api, paired, organiser, alice, bob, django_capture_on_commit_callbacks):
    _event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    report(api, alice, match, {"wins": {str(a): 2, str(b): 0}}, django_capture_on_commit_callbacks)
    api.force_authenticate(bob)
    api.post(f"/api/v1/matches/{match.pk}/dispute/")
    assert Match.objects.get(pk=match.pk).status == "disputed"
    api.force_authenticate(organiser)
    assert (
        api.post(f"/api/v1/matches/{match.pk}/result/", {"wins": {str(a): 1, str(b): 2}}, format="json").status_code
        == 200
    )
    assert api.get(f"/api/v1/matches/{match.pk}/").json()["result"]["winner"] == b


def test_impossible_piles_get_400_naming_the_field(api, paired, alice, bob, django_capture_on_commit_callbacks):
    _event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    bad = game(a, b, captures_winner={"gold": 11})
    response = report(api, alice, match, {"games": [bad]}, django_capture_on_commit_callbacks)
    assert response.status_code == 400
    assert f"games.1.captures.{a}.gold" in response.json()["errors"]
    stranger = game(a, b)
    stranger["last_round_winner"] = "999"
    response = report(api, alice, match, {"games": [stranger]}, django_capture_on_commit_callbacks)
    assert response.status_code == 400 and "games.1.last_round_winner" in response.json()["errors"]
    negative = report(
        api, alice, match, {"games": [game(a, b, captures_winner={"bronze": -2})]}, django_capture_on_commit_callbacks
    )
    assert negative.status_code == 400
    assert not Report.objects.filter(match=match).exists() and Match.objects.get(pk=match.pk).status == "pending"


def test_a_report_that_became_impossible_is_kept_as_invalid(paired, alice):
    from tournaments.services.results_reports import score

    _event, match, ids = paired
    a = ids[alice.pk]
    b = next(e for e in ids.values() if e != a)
    saved = Report.objects.create(
        match=match, entrant_id=a, reporter=alice, payload={"games": [game(a, b, captures_winner={"gold": 11})]}
    )
    score(saved.pk)
    saved.refresh_from_db()
    assert saved.status == "invalid" and saved.problem["field"] == f"games.1.captures.{a}.gold"


def test_outsiders_get_403_and_closed_matches_400(
    api, paired, alice, bob, organiser, django_capture_on_commit_callbacks
):
    event, match, ids = paired
    charlie = make_user("charlie")
    assert report(api, charlie, match, {"wins": {}}, django_capture_on_commit_callbacks).status_code == 403
    a, b = ids[alice.pk], ids[bob.pk]
    report(api, alice, match, {"wins": {str(a): 2, str(b): 0}}, django_capture_on_commit_callbacks)
    report(api, bob, match, {"wins": {str(a): 2, str(b): 0}}, django_capture_on_commit_callbacks)
    closed = report(api, alice, match, {"wins": {str(a): 2, str(b): 1}}, django_capture_on_commit_callbacks)
    assert closed.status_code == 400 and "closed" in closed.json()["message"]
    api.force_authenticate(organiser)
    api.post(f"/api/v1/tournaments/{event.pk}/rounds/")
    old = report(api, alice, match, {"wins": {str(a): 2, str(b): 1}}, django_capture_on_commit_callbacks)
    assert old.status_code == 400


def test_the_same_request_twice_counts_once(api, paired, alice, bob, django_capture_on_commit_callbacks):
    _event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    body = {"wins": {str(a): 2, str(b): 1}, "draws": 0}
    first = report(api, alice, match, body, django_capture_on_commit_callbacks, HTTP_IDEMPOTENCY_KEY="tap-1")
    again = report(api, alice, match, body, django_capture_on_commit_callbacks, HTTP_IDEMPOTENCY_KEY="tap-1")
    assert first.status_code == again.status_code == 202
    assert again.json()["id"] == first.data["id"]
    assert Report.objects.filter(match=match).count() == 1


def test_a_task_delivered_twice_scores_once(paired, alice, django_capture_on_commit_callbacks):
    from tournaments.services.results_reports import score, submit_report

    _event, match, ids = paired
    a = ids[alice.pk]
    b = next(e for e in ids.values() if e != a)
    saved = submit_report(match, alice, {"wins": {str(a): 2, str(b): 0}})
    score(saved.pk)
    first = Report.objects.get(pk=saved.pk)
    score(saved.pk)
    assert Report.objects.get(pk=saved.pk).scored_at == first.scored_at


def test_next_round_waits_for_confirmation_unless_forced(
    api, paired, organiser, alice, django_capture_on_commit_callbacks
):
    event, match, ids = paired
    a = ids[alice.pk]
    b = next(e for e in ids.values() if e != a)
    report(api, alice, match, {"wins": {str(a): 2, str(b): 0}}, django_capture_on_commit_callbacks)
    api.force_authenticate(organiser)
    assert api.post(f"/api/v1/tournaments/{event.pk}/rounds/").status_code == 409
    unnamed = api.post(f"/api/v1/tournaments/{event.pk}/rounds/", {"force": True}, format="json")
    assert unnamed.status_code == 400 and unnamed.json()["errors"] == {"round": [unnamed.json()["message"]]}
    forced = api.post(f"/api/v1/tournaments/{event.pk}/rounds/", {"force": True, "round": 2}, format="json")
    assert forced.status_code == 201
    assert AuditEntry.objects.filter(event=event, action="round.force").exists()
    again = api.post(f"/api/v1/tournaments/{event.pk}/rounds/", {"force": True, "round": 2}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "round.stale"
    assert event.rounds.count() == 2


def test_automatic_pairing_when_the_round_is_complete(api, paired, alice, bob, django_capture_on_commit_callbacks):
    event, match, ids = paired
    EventSettings.objects.filter(event=event).update(auto_pair=True)
    a, b = ids[alice.pk], ids[bob.pk]
    report(api, alice, match, {"wins": {str(a): 2, str(b): 0}}, django_capture_on_commit_callbacks)
    report(api, bob, match, {"wins": {str(a): 2, str(b): 0}}, django_capture_on_commit_callbacks)
    assert event.rounds.count() == 2


def test_sweeper_scores_reports_left_behind(paired, alice, bob):
    import io

    from django.core.management import call_command

    _event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    Report.objects.create(match=match, entrant_id=a, reporter=alice, payload={"wins": {str(a): 2, str(b): 0}})
    out = io.StringIO()
    call_command("sweep_reports", "--now", stdout=out)
    assert "1 report(s) scored" in out.getvalue()
    assert Report.objects.get(match=match).status == "scored"


def test_phone_form_report_confirm_and_dispute(client, paired, alice, bob, django_capture_on_commit_callbacks):
    event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    client.force_login(alice)
    page = client.get(f"/en/events/{event.pk}/me/")
    assert "Report the result" in page.text and f'name="wins_{a}"' in page.text
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/en/events/{event.pk}/matches/{match.pk}/report/", {f"wins_{a}": 2, f"wins_{b}": 1, "draws": 0})
    assert Match.objects.get(pk=match.pk).status == "reported"
    client.force_login(bob)
    page = client.get(f"/en/events/{event.pk}/me/").text
    assert "alice reported:" in page and "Confirm" in page
    assert client.get(f"/fr/events/{event.pk}/me/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/en/events/{event.pk}/matches/{match.pk}/confirm/")
    assert Match.objects.get(pk=match.pk).status == "confirmed"
    outsider = make_user("dora")
    client.force_login(outsider)
    response = client.post(f"/en/events/{event.pk}/matches/{match.pk}/dispute/", follow=True)
    assert response.status_code in (200, 404) and Match.objects.get(pk=match.pk).status == "confirmed"


def test_dashboard_shows_reported_and_disputed_tables(
    client, paired, organiser, alice, bob, django_capture_on_commit_callbacks
):
    event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/en/events/{event.pk}/matches/{match.pk}/report/", {f"wins_{a}": 2, f"wins_{b}": 0})
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/").text
    assert "Reported, waiting for confirmation" in page and 'id="live-notice"' in page
    client.force_login(bob)
    client.post(f"/en/events/{event.pk}/matches/{match.pk}/dispute/")
    client.force_login(organiser)
    assert "Disputed: the organiser decides" in client.get(f"/en/events/{event.pk}/manage/").text


def crashing_scorer(monkeypatch):
    """The Dust Collectorz scorer replaced by one with a defect of ours (the KeyError 'wins' of old)."""
    import dataclasses

    import games

    def crash(report, context):
        raise KeyError("wins")

    crashing = dataclasses.replace(games.get("dust-collectorz"), score_game=crash)
    monkeypatch.setitem(games._GAMES, "dust-collectorz", crashing)


def test_a_report_our_scorer_cannot_score_is_shown_to_the_organiser(
    api, client, paired, organiser, alice, monkeypatch, django_capture_on_commit_callbacks
):
    from tournaments.services.results_scoring import claim_due_reports

    event, match, ids = paired
    a = ids[alice.pk]
    b = next(e for e in ids.values() if e != a)
    crashing_scorer(monkeypatch)
    answer = report(api, alice, match, {"games": [game(a, b)]}, django_capture_on_commit_callbacks)
    assert answer.status_code == 202  # kept: the error is ours, not the reporter's
    saved = Report.objects.get(pk=answer.json()["id"])
    assert saved.status == "invalid" and saved.problem["code"] == "report.scoring_failed"
    assert claim_due_reports(ignore_leases=True) == []  # the sweeper will not send it again
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/").text
    assert "Reports that could not be scored" in page
    row = page.split(f'data-match="{match.pk}"')[1].split("</tr>")[0]
    assert ">alice<" in row and "could not be scored because of an error on the site (KeyError)" in row
    french = client.get(f"/fr/events/{event.pk}/manage/").text
    assert "(KeyError)" in french.split(f'data-match="{match.pk}"')[1].split("</tr>")[0]


def test_an_impossible_report_is_listed_until_the_table_has_a_result(client, paired, organiser, alice, bob):
    from tournaments.services.results_reports import score

    event, match, ids = paired
    a, b = ids[alice.pk], ids[bob.pk]
    saved = Report.objects.create(
        match=match, entrant_id=a, reporter=alice, payload={"games": [game(a, b, captures_winner={"gold": 11})]}
    )
    score(saved.pk)
    client.force_login(organiser)
    page = client.get(f"/en/events/{event.pk}/manage/").text
    assert "More Gold cards than 2 decks hold (10)." in page.split('id="unscored"')[1]
    client.post(
        f"/en/events/{event.pk}/manage/matches/{match.pk}/result/", {f"wins_{a}": 2, f"wins_{b}": 0, "draws": 0}
    )
    assert Match.objects.get(pk=match.pk).status == "confirmed"
    assert 'id="unscored"' not in client.get(f"/en/events/{event.pk}/manage/").text


def test_database_errors_are_retried_a_bounded_number_of_times_then_shown(paired, alice, monkeypatch):
    from django.db import OperationalError

    from tournaments import tasks

    _event, match, ids = paired
    a = ids[alice.pk]
    b = next(e for e in ids.values() if e != a)
    saved = Report.objects.create(match=match, entrant_id=a, reporter=alice, payload={"wins": {str(a): 2, str(b): 0}})
    attempts = []

    def unavailable(report_id):
        attempts.append(report_id)
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(tasks, "score", unavailable)
    monkeypatch.setitem(tasks.score_report.app.conf, "task_eager_propagates", False)  # as in production
    outcome = tasks.score_report.apply(args=(saved.pk,))
    assert outcome.failed() and isinstance(outcome.result, OperationalError)
    assert len(attempts) == 1 + tasks.RETRY["max_retries"]
    saved.refresh_from_db()
    assert saved.status == "invalid" and saved.problem["params"] == {"error": "OperationalError"}
