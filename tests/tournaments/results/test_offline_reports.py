"""The phone's page without a connection, server side (issue 30): the service worker and the JS
catalogue are served as scripts, the player's page answers 304 when the phone holds it, and the
phone's queue gets refusals as data and its repeats count once. The browser side is in
tests/site/browser/test_browser_offline.py."""

import re

import pytest
from django.urls import reverse

from tournaments.models import AuditAction, AuditEntry, Match, Report
from tournaments.services import results, rounds

pytestmark = pytest.mark.django_db
QUEUE = {"HTTP_X_REQUESTED_WITH": "fetch"}


def test_the_service_worker_is_served_from_the_root_as_a_script(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert b'addEventListener("fetch"' in response.content
    again = client.get("/sw.js", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and again.content == b""


@pytest.mark.parametrize(("language", "word"), [("fr", "hors ligne"), ("it", "offline")])
def test_the_javascript_catalogue_speaks_the_page_language(client, language, word):
    response = client.get(f"/{language}/jsi18n/")
    assert response.status_code == 200
    assert word in response.content.decode()
    assert client.get(f"/{language}/jsi18n/", HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_the_players_page_is_a_304_while_nothing_changed(client, paired, alice, bob):
    event, match, seats = paired
    client.force_login(alice)
    url = reverse("tournaments:me", args=[event.pk])
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    # The page names its live part's tag: live.js's first poll of an unchanged page is a 304 too.
    live_tag = re.search(r'data-live-etag="([^"]+)"', first.content.decode()).group(1).replace("&quot;", '"')
    assert client.get(url + "?fragment=1", HTTP_IF_NONE_MATCH=live_tag).status_code == 304

    body = {f"wins_{seats[alice.pk]}": "2", f"wins_{seats[bob.pk]}": "1", "draws": "0"}
    client.post(reverse("tournaments:report", args=[event.pk, match.pk]), body)
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_a_report_sent_twice_with_one_key_counts_once(
    client, paired, alice, bob, django_capture_on_commit_callbacks, eager_celery
):
    event, match, seats = paired
    client.force_login(alice)
    url = reverse("tournaments:report", args=[event.pk, match.pk])
    body = {f"wins_{seats[alice.pk]}": "2", f"wins_{seats[bob.pk]}": "1", "draws": "0"}
    for _attempt in range(2):
        with django_capture_on_commit_callbacks(execute=True):  # scored at once
            response = client.post(url, body, HTTP_IDEMPOTENCY_KEY="phone-1", **QUEUE)
        assert response.status_code == 302 and response["Location"] == reverse("tournaments:me", args=[event.pk])
    assert Report.objects.filter(match=match).count() == 1
    assert AuditEntry.objects.filter(action=AuditAction.REPORT_SUBMIT).count() == 1

    client.force_login(bob)
    confirm = reverse("tournaments:confirm_result", args=[event.pk, match.pk])
    for _attempt in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(confirm, HTTP_IDEMPOTENCY_KEY="phone-2", **QUEUE).status_code == 302
    assert AuditEntry.objects.filter(action=AuditAction.REPORT_CONFIRM).count() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


def test_a_queued_report_after_the_organiser_entered_the_result_is_refused_as_data(
    client, paired, alice, bob, organiser
):
    event, match, seats = paired
    results.record_result(match, organiser, wins={seats[alice.pk]: 0, seats[bob.pk]: 2})
    client.force_login(alice)
    body = {f"wins_{seats[alice.pk]}": "2", f"wins_{seats[bob.pk]}": "0", "draws": "0"}
    response = client.post(reverse("tournaments:report", args=[event.pk, match.pk]), body, **QUEUE)
    assert response.status_code == 400
    assert response.json()["code"] == "report.closed"
    assert not Report.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert {seat.entrant_id: seat.game_wins for seat in match.seats.all()} == {seats[alice.pk]: 0, seats[bob.pk]: 2}


def test_a_queued_report_for_a_round_paired_again_says_the_table_is_gone(client, paired, alice, bob, organiser):
    event, match, seats = paired
    rounds.repair_round(event, organiser, expected=1)
    client.force_login(alice)
    body = {f"wins_{seats[alice.pk]}": "2", f"wins_{seats[bob.pk]}": "0", "draws": "0"}
    url = reverse("tournaments:report", args=[event.pk, match.pk])
    response = client.post(url, body, HTTP_IDEMPOTENCY_KEY="phone-3", **QUEUE)
    assert response.status_code == 404
    assert response.json()["code"] == "report.table_gone"
    assert "paired again" in response.json()["message"]
    assert not Report.objects.exists()
    # The form without JavaScript: the site's 404 page.
    assert client.post(url, body).status_code == 404


def test_a_queued_report_from_a_logged_out_phone_is_refused_as_data(client, paired, alice, bob):
    event, match, seats = paired
    url = reverse("tournaments:report", args=[event.pk, match.pk])
    body = {f"wins_{seats[alice.pk]}": "2", f"wins_{seats[bob.pk]}": "1", "draws": "0"}
    refused = client.post(url, body, **QUEUE)
    assert refused.status_code == 401 and refused.json()["code"] == "report.logged_out"
    assert client.post(url, body)["Location"].startswith(reverse("accounts:login"))  # the form: to the login page
    assert not Report.objects.exists()


def test_the_copy_kept_on_the_phone_leaves_the_message_for_the_next_page(client, paired, alice, bob):
    event, match, seats = paired
    client.force_login(alice)
    body = {f"wins_{seats[alice.pk]}": "2", f"wins_{seats[bob.pk]}": "1", "draws": "0"}
    client.post(reverse("tournaments:report", args=[event.pk, match.pk]), body)
    url = reverse("tournaments:me", args=[event.pk])
    kept = client.get(url, HTTP_X_KEPT_COPY="1")
    assert b"Result sent." not in kept.content
    assert b"Result sent." in client.get(url).content


def test_a_dispute_sent_twice_with_one_key_counts_once(
    client, paired, alice, bob, django_capture_on_commit_callbacks, eager_celery
):
    """A dispute kept on the phone works as a report does (issue 30): resent with its key, it counts once."""
    event, match, seats = paired
    client.force_login(alice)
    body = {f"wins_{seats[alice.pk]}": "2", f"wins_{seats[bob.pk]}": "1", "draws": "0"}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:report", args=[event.pk, match.pk]), body)
    client.force_login(bob)
    url = reverse("tournaments:dispute_result", args=[event.pk, match.pk])
    for _attempt in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(url, HTTP_IDEMPOTENCY_KEY="phone-4", **QUEUE)
        assert response.status_code == 302 and response["Location"] == reverse("tournaments:me", args=[event.pk])
    assert AuditEntry.objects.filter(action=AuditAction.RESULT_DISPUTE).count() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED


def test_a_queued_dispute_after_the_organiser_entered_the_result_is_refused_as_data(
    client, paired, alice, bob, organiser, django_capture_on_commit_callbacks, eager_celery
):
    event, match, seats = paired
    client.force_login(alice)
    body = {f"wins_{seats[alice.pk]}": "2", f"wins_{seats[bob.pk]}": "1", "draws": "0"}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:report", args=[event.pk, match.pk]), body)
    results.record_result(match, organiser, wins={seats[alice.pk]: 0, seats[bob.pk]: 2})
    client.force_login(bob)
    url = reverse("tournaments:dispute_result", args=[event.pk, match.pk])
    response = client.post(url, HTTP_IDEMPOTENCY_KEY="phone-5", **QUEUE)
    assert response.status_code == 400 and response.json()["code"] == "report.closed"
    assert set(response.json()) >= {"message", "code", "errors"}
    assert not AuditEntry.objects.filter(action=AuditAction.RESULT_DISPUTE).exists()
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert {seat.entrant_id: seat.game_wins for seat in match.seats.all()} == {seats[alice.pk]: 0, seats[bob.pk]: 2}
