"""Signed webhooks (issue 29 item 3): a receiver on the loopback address gets each delivery signed
and timestamped, a burst of results as one delivery, and a delivery it missed while down once it
is back; the organiser reads the log and replays; nobody else sees their webhooks."""

import threading
import time

import pytest

from tests.conftest import make_user
from tournaments.models import Webhook, WebhookDelivery
from tournaments.services import events, results, rounds
from tournaments.tasks import deliver_webhook

from .receiver_support import Receiver, free_port, verified

RESULT, STANDINGS = "result.confirmed", "standings.changed"


def register(api, user, event, url, kinds=(RESULT,)):
    api.force_authenticate(user)
    return api.post(f"/api/v1/tournaments/{event.pk}/webhooks/", {"url": url, "kinds": list(kinds)}, format="json")


def win(event, organiser, table, capture):
    match = event.rounds.get(number=1).matches.get(table=table)
    first, second = match.seats.order_by("pk")
    with capture(execute=True):
        results.record_result(match, organiser, wins={first.entrant_id: 2, second.entrant_id: 0})


def test_a_confirmed_result_arrives_signed_and_timestamped(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks
):
    answer = register(api, organiser, store_night, receiver.url, kinds=(RESULT, STANDINGS))
    assert answer.status_code == 201
    secret = answer.json()["secret"]
    assert len(secret) == 64
    assert "secret" not in api.get(f"/api/v1/webhooks/{answer.json()['id']}/").json()  # shown once

    win(store_night, organiser, 1, django_capture_on_commit_callbacks)

    assert sorted(body["kind"] for body in receiver.bodies()) == [RESULT, STANDINGS]
    for headers, body in receiver.received:
        assert verified(secret, headers, body)
        assert abs(time.time() - int(headers["Webhook-Timestamp"])) < 60
        assert not verified("another secret", headers, body)
    news = receiver.bodies()[0]["event"]
    assert news["id"] == store_night.pk and news["round"] == 1


def test_a_burst_of_results_is_one_delivery(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks, monkeypatch
):
    """Within the gathering window (the countdown a worker waits) every result joins the one
    queued delivery; a result after it was sent makes a new one."""
    sent = []
    monkeypatch.setattr("tournaments.services.webhooks.send_later", lambda path, pk, countdown: sent.append(pk))
    register(api, organiser, store_night, receiver.url)

    for table in (1, 2, 3):
        win(store_night, organiser, table, django_capture_on_commit_callbacks)

    assert len(sent) == 1 and WebhookDelivery.objects.count() == 1
    deliver_webhook(sent[0])
    assert len(receiver.received) == 1

    win(store_night, organiser, 4, django_capture_on_commit_callbacks)
    assert len(sent) == 2 and WebhookDelivery.objects.count() == 2


def test_a_receiver_that_is_down_gets_the_delivery_when_it_is_back(
    api, organiser, store_night, django_capture_on_commit_callbacks, monkeypatch
):
    retries = []
    monkeypatch.setattr("tournaments.tasks.send_later", lambda path, pk, countdown: retries.append((pk, countdown)))
    port = free_port()
    register(api, organiser, store_night, f"http://127.0.0.1:{port}/hook")

    win(store_night, organiser, 1, django_capture_on_commit_callbacks)  # nobody listens

    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("retrying", 1)
    assert retries == [(delivery.pk, 30)]
    receiver = Receiver(port)
    try:
        deliver_webhook(delivery.pk)  # the retry, once its countdown has passed
        deliver_webhook(delivery.pk)  # a duplicate message finds it delivered: nothing more is sent
    finally:
        receiver.stop()
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("delivered", 2, 200)
    assert len(receiver.received) == 1 and len(retries) == 1


def test_a_failing_receiver_is_given_up_after_the_last_attempt_and_waits_longer_each_time(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks, settings
):
    settings.WEBHOOK_MAX_ATTEMPTS = 3
    receiver.status = 500
    register(api, organiser, store_night, receiver.url)

    win(store_night, organiser, 1, django_capture_on_commit_callbacks)  # in-process: the retries at once

    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("failed", 3, 500)
    assert len(receiver.received) == 3


def test_the_organiser_reads_the_log_and_replays_a_delivery(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks
):
    webhook_id = register(api, organiser, store_night, receiver.url).json()["id"]
    win(store_night, organiser, 1, django_capture_on_commit_callbacks)

    log = api.get(f"/api/v1/webhooks/{webhook_id}/deliveries/").json()
    assert log["count"] == 1
    entry = log["results"][0]
    assert (entry["status"], entry["attempts"], entry["response_code"]) == ("delivered", 1, 200)

    with django_capture_on_commit_callbacks(execute=True):
        replayed = api.post(f"/api/v1/webhooks/{webhook_id}/deliveries/{entry['id']}/replay/")
    assert replayed.status_code == 201 and replayed.json()["replay_of"] == entry["id"]
    first, again = receiver.received
    assert first[1] == again[1]  # the same body, signed afresh
    assert first[0]["Webhook-Id"] != again[0]["Webhook-Id"]


def test_another_organisers_webhook_is_not_found(api, organiser, store_night, receiver):
    webhook_id = register(api, organiser, store_night, receiver.url).json()["id"]
    rival = make_user("rival", organiser=True)
    api.force_authenticate(rival)
    for path in ("", "deliveries/"):
        assert api.get(f"/api/v1/webhooks/{webhook_id}/{path}").status_code == 404
    assert api.post(f"/api/v1/webhooks/{webhook_id}/secret/").status_code == 404
    assert api.delete(f"/api/v1/webhooks/{webhook_id}/").status_code == 404
    assert api.get("/api/v1/webhooks/").json() == []
    assert register(api, rival, store_night, receiver.url).status_code == 403
    assert Webhook.objects.count() == 1


def test_only_the_sites_administrators_register_for_every_event(api, organiser, receiver):
    api.force_authenticate(organiser)
    body = {"url": receiver.url, "kinds": [RESULT]}
    assert api.post("/api/v1/webhooks/", body, format="json").status_code == 403
    admin = make_user("admin", is_superuser=True, is_staff=True)
    api.force_authenticate(admin)
    answer = api.post("/api/v1/webhooks/", body, format="json")
    assert answer.status_code == 201 and answer.json()["event"] is None


def test_rotating_the_secret_signs_with_the_new_one(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks
):
    old = register(api, organiser, store_night, receiver.url).json()
    new = api.post(f"/api/v1/webhooks/{old['id']}/secret/").json()["secret"]
    assert new != old["secret"]
    win(store_night, organiser, 1, django_capture_on_commit_callbacks)
    headers, body = receiver.received[0]
    assert verified(new, headers, body) and not verified(old["secret"], headers, body)


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("ftp://example.org/hook", "webhook.url_scheme"),
        ("not a url", "webhook.url_scheme"),
        ("https://testserver/hook", "webhook.url_self"),
        ("http://10.1.2.3/hook", "webhook.url_private"),
        ("http://127.0.0.1:9/hook", "webhook.url_private"),
        ("http://[::1]/hook", "webhook.url_private"),
    ],
)
def test_bad_urls_are_refused_and_nothing_is_saved(api, organiser, store_night, settings, url, code):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    answer = register(api, organiser, store_night, url)
    assert answer.status_code == 400
    assert answer.json()["code"] == code and answer.json()["errors"]["url"]
    assert Webhook.objects.count() == 0


def test_a_receiver_is_never_told_about_a_rolled_back_result(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks
):
    """Queued after commit: a transaction that fails sends nothing."""
    from django.db import transaction

    register(api, organiser, store_night, receiver.url)
    match = store_night.rounds.get(number=1).matches.get(table=1)
    first, second = match.seats.order_by("pk")
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            results.record_result(match, organiser, wins={first.entrant_id: 2, second.entrant_id: 0})
            raise RuntimeError
        results.record_result(match, organiser, wins={first.entrant_id: 1, second.entrant_id: 2})
    assert [body["kind"] for body in receiver.bodies()] == [RESULT]  # the committed one only


def test_the_organisers_page_shows_the_secret_once_and_the_log(
    client, organiser, store_night, receiver, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    page = f"/en/events/{store_night.pk}/manage/webhooks/"
    answer = client.post(page, {"url": receiver.url, "kinds": [RESULT]})
    webhook = Webhook.objects.get()
    assert webhook.secret in answer.text
    assert webhook.secret not in client.get(page).text
    win(store_night, organiser, 1, django_capture_on_commit_callbacks)
    log = client.get(f"{page}{webhook.pk}/").text
    assert "Delivered" in log and "HTTP 200" in log
    refused = client.post(page, {"url": "ftp://example.org/", "kinds": [RESULT]})
    assert "Enter an http:// or https:// address." in refused.text and Webhook.objects.count() == 1
    rotated = client.post(f"{page}{webhook.pk}/secret/")
    webhook.refresh_from_db()
    assert webhook.secret in rotated.text


def test_the_webhooks_page_in_french(client, organiser, store_night):
    client.force_login(organiser)
    page = client.get(f"/fr/events/{store_night.pk}/manage/webhooks/").text
    assert "Envoyer quand" in page and "Classement modifié" in page


def test_decklists_published_is_sent_when_the_lists_become_public(
    api, organiser, alice, sample, receiver, django_capture_on_commit_callbacks
):
    from catalogue.models import Game
    from tests.tournaments.decklists.test_event_decklists import public_deck, start
    from tournaments.services import entrants

    dc = Game.objects.get(slug="dust-collectorz")
    event = events.create_event(organiser, "Prerelease", dc, format_slug="dc-prerelease", swiss_rounds=2)
    entrants.add_entrant(event, alice, user=alice, deck_version=public_deck(alice, dc).latest_version())
    register(api, organiser, event, receiver.url, kinds=("decklists.published", "event.finished"))
    with django_capture_on_commit_callbacks(execute=True):
        events.set_publication(event, organiser, "all")  # not public before the finish: nothing yet
    assert receiver.received == []
    start(event, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        events.finish_event(event, organiser)
    assert sorted(body["kind"] for body in receiver.bodies()) == ["decklists.published", "event.finished"]


def test_a_paired_round_is_sent_to_a_receiver_that_asked_for_it(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks
):
    register(api, organiser, store_night, receiver.url, kinds=("round.paired",))
    for table in (1, 2, 3, 4):
        win(store_night, organiser, table, django_capture_on_commit_callbacks)
    assert receiver.received == [], "results are news it did not ask for"

    with django_capture_on_commit_callbacks(execute=True):
        rounds.pair_next_round(store_night, organiser)

    assert [(body["kind"], body["event"]["round"]) for body in receiver.bodies()] == [("round.paired", 2)]


def test_each_retry_waits_twice_as_long_as_the_one_before_up_to_an_hour(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks, settings, monkeypatch
):
    settings.WEBHOOK_MAX_ATTEMPTS = 9
    receiver.status = 503
    waits = []
    monkeypatch.setattr("tournaments.tasks.send_later", lambda path, pk, countdown: waits.append(countdown))
    register(api, organiser, store_night, receiver.url)

    win(store_night, organiser, 1, django_capture_on_commit_callbacks)  # the first attempt
    delivery = WebhookDelivery.objects.get()
    while delivery.status == "retrying":
        deliver_webhook(delivery.pk)  # each retry, once its wait has passed
        delivery.refresh_from_db()

    assert waits == [30, 60, 120, 240, 480, 960, 1920, 3600]
    assert (delivery.status, delivery.attempts, len(receiver.received)) == ("failed", 9, 9)


def test_a_receiver_slower_than_the_timeout_is_retried_and_the_log_says_why(
    api, organiser, store_night, receiver, django_capture_on_commit_callbacks, settings, monkeypatch
):
    settings.WEBHOOK_TIMEOUT_SECONDS = 1
    receiver.release = threading.Event()  # it reads the delivery, then never answers in time
    retries = []
    monkeypatch.setattr("tournaments.tasks.send_later", lambda path, pk, countdown: retries.append(countdown))
    webhook_id = register(api, organiser, store_night, receiver.url).json()["id"]

    win(store_night, organiser, 1, django_capture_on_commit_callbacks)

    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("retrying", 1, None)
    assert "timed out" in delivery.error and retries == [30]
    logged = api.get(f"/api/v1/webhooks/{webhook_id}/deliveries/").json()["results"][0]
    assert logged["status"] == "retrying" and "timed out" in logged["error"]


def test_publishing_the_lists_from_the_settings_or_the_api_tells_the_receivers_too(
    api, organiser, alice, bob, receiver, django_capture_on_commit_callbacks
):
    """The settings page and the API's PATCH change the publication as the dashboard's button does:
    logged as a publication, so a receiver hears that the lists are public now."""
    from catalogue.models import Game
    from decks.models import Deck
    from tests.conftest import join_event
    from tournaments.models import AuditEntry

    event = events.create_event(organiser, "Kitchen table", "dust-collectorz", swiss_rounds=1)
    mine = join_event(event, alice)
    join_event(event, bob)
    deck = Deck.objects.create(owner=alice, name="Lint rush", game=Game.objects.get(slug="dust-collectorz"))
    event.entrants.filter(pk=mine.pk).update(deck=deck.versions.create(number=1, content_hash="x"))
    events.set_publication(event, organiser, "none")
    events.start_event(event, organiser)
    events.finish_event(event, organiser)
    register(api, organiser, event, receiver.url, kinds=("decklists.published",))
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.patch(f"/api/v1/tournaments/{event.pk}/", {"publication": "all"}, format="json")
    assert answer.status_code == 200
    assert [body["kind"] for body in receiver.bodies()] == ["decklists.published"]
    assert AuditEntry.objects.filter(event=event, action="event.publication").count() == 2
