"""Webhooks in the event's log (issue 29): registering, rotating the secret, replaying a delivery and
removing each leave one line saying who did it, through the log's one writer. The secret (and the
receiver's path, which may hold a token) never reaches the log, and none of these lines is news a
webhook is told about. A site-wide webhook has no event: the application's logger keeps its line."""

import logging

from tests.conftest import make_user
from tournaments.models import AuditEntry, Webhook, WebhookDelivery

from .test_webhooks import RESULT, STANDINGS, register, win

WEBHOOK_ACTIONS = ("webhook.register", "webhook.secret", "webhook.replay", "webhook.remove")


def webhook_lines(event):
    return list(AuditEntry.objects.filter(event=event, action__startswith="webhook.").order_by("pk"))


def test_each_webhook_action_leaves_one_line_with_who_did_it_and_never_the_secret(
    api, client, organiser, store_night, receiver, django_capture_on_commit_callbacks
):
    # A listener for every kind of news: a log line that were news would reach it.
    listening = register(api, organiser, store_night, receiver.url, kinds=(RESULT, STANDINGS)).json()
    win(store_night, organiser, 1, django_capture_on_commit_callbacks)
    delivered = WebhookDelivery.objects.count()
    assert delivered == 2 and len(receiver.received) == 2
    secrets = {listening["secret"]}

    client.force_login(organiser)
    page = f"/en/events/{store_night.pk}/manage/webhooks/"
    url = f"{receiver.url}/token-in-the-path"
    with django_capture_on_commit_callbacks(execute=True):
        client.post(page, {"url": url, "kinds": [RESULT]})  # the page
    second = Webhook.objects.get(url=url)
    secrets.add(second.secret)
    with django_capture_on_commit_callbacks(execute=True):
        secrets.add(api.post(f"/api/v1/webhooks/{listening['id']}/secret/").json()["secret"])  # the API
    assert WebhookDelivery.objects.count() == delivered  # registering and rotating sent nothing

    original = WebhookDelivery.objects.get(webhook_id=listening["id"], kind=RESULT)
    with django_capture_on_commit_callbacks(execute=True):
        replayed = api.post(f"/api/v1/webhooks/{listening['id']}/deliveries/{original.pk}/replay/").json()
    # The replay is the one new delivery: its log line caused none.
    assert WebhookDelivery.objects.count() == delivered + 1 and len(receiver.received) == 3
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"{page}{second.pk}/remove/")
    assert WebhookDelivery.objects.count() == delivered + 1 and len(receiver.received) == 3

    lines = webhook_lines(store_night)
    assert [line.action for line in lines] == [
        "webhook.register",  # the listener, first
        "webhook.register",
        "webhook.secret",
        "webhook.replay",
        "webhook.remove",
    ]
    assert all(line.actor == organiser for line in lines)
    assert lines[1].after == {"webhook": second.pk, "host": "127.0.0.1", "kinds": [RESULT]}
    assert lines[3].after["delivery"] == replayed["id"] and lines[3].after["replay_of"] == original.pk
    stored = " ".join(f"{line.before} {line.after}" for line in lines)
    assert not any(secret in stored for secret in secrets)
    assert "token-in-the-path" not in stored

    shown = client.get(f"/en/events/{store_night.pk}/manage/log/").text
    for words in ("Webhook registered", "Webhook secret replaced", "Webhook delivery sent again", "Webhook removed"):
        assert words in shown
    assert "Receiver: 127.0.0.1; news: Result confirmed, Standings changed" in shown
    assert f"delivery {original.pk} (Result confirmed) sent again as delivery {replayed['id']}" in shown
    assert f"{organiser.username} (organiser)" in shown
    assert not any(secret in shown for secret in secrets) and "token-in-the-path" not in shown


def test_the_log_says_it_in_french_and_italian(api, client, organiser, store_night, receiver):
    register(api, organiser, store_night, receiver.url)
    client.force_login(organiser)
    french = client.get(f"/fr/events/{store_night.pk}/manage/log/").text
    assert "Webhook enregistré" in french and "Destinataire\u00a0: 127.0.0.1" in french
    italian = client.get(f"/it/events/{store_night.pk}/manage/log/").text
    assert "Webhook registrato" in italian and "Destinatario: 127.0.0.1" in italian


def test_a_refused_registration_logs_nothing(api, organiser, store_night):
    assert register(api, organiser, store_night, "ftp://example.org/hook").status_code == 400
    rival = make_user("rival", organiser=True)
    assert register(api, rival, store_night, "https://example.org/hook").status_code == 403
    assert webhook_lines(store_night) == []


def test_a_site_wide_webhook_is_in_the_applications_log_only(
    api, organiser, store_night, receiver, caplog, django_capture_on_commit_callbacks
):
    admin = make_user("admin", is_superuser=True, is_staff=True)
    api.force_authenticate(admin)
    with caplog.at_level(logging.INFO, logger="tournaments"), django_capture_on_commit_callbacks(execute=True):
        created = api.post("/api/v1/webhooks/", {"url": f"{receiver.url}/t0ken", "kinds": [RESULT]}, format="json")
        secret = api.post(f"/api/v1/webhooks/{created.json()['id']}/secret/").json()["secret"]
        api.delete(f"/api/v1/webhooks/{created.json()['id']}/")
    assert not AuditEntry.objects.filter(action__in=WEBHOOK_ACTIONS).exists()
    lines = [record.getMessage() for record in caplog.records if "site-wide webhook" in record.getMessage()]
    assert [line.split(": ", 1)[1] for line in lines] == [
        "webhook.register by admin",
        "webhook.secret by admin",
        "webhook.remove by admin",
    ]
    assert not any(secret in line or created.json()["secret"] in line or "t0ken" in line for line in lines)
