"""The site's administrators' webhooks page (every event): the same pages and services as an
organiser's, reached from the events page; anyone else finds no such page."""

import pytest

from tests.conftest import make_user
from tournaments.models import Webhook, WebhookDelivery

from .test_webhooks import RESULT, win

PAGE = "/en/events/webhooks/"


@pytest.fixture
def admin(db):
    return make_user("admin", is_superuser=True, is_staff=True)


def test_an_administrator_registers_reads_rotates_replays_and_removes(
    client, admin, organiser, store_night, receiver, django_capture_on_commit_callbacks
):
    client.force_login(admin)
    assert PAGE in client.get("/en/events/").text  # the way in, from the events page

    created = client.post(PAGE, {"url": receiver.url, "kinds": [RESULT]})
    webhook = Webhook.objects.get()
    assert webhook.event is None and webhook.secret in created.text
    assert webhook.secret not in client.get(PAGE).text and receiver.url in client.get(PAGE).text

    win(store_night, organiser, 1, django_capture_on_commit_callbacks)  # any event's news reaches it
    log = client.get(f"{PAGE}{webhook.pk}/").text
    assert "Delivered" in log and "HTTP 200" in log

    rotated = client.post(f"{PAGE}{webhook.pk}/secret/")
    webhook.refresh_from_db()
    assert webhook.secret in rotated.text

    delivery = WebhookDelivery.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"{PAGE}{webhook.pk}/deliveries/{delivery.pk}/replay/")
    assert len(receiver.received) == 2

    # Removing asks first, saying what is lost (the log goes with it).
    confirm = log.split('id="remove-webhook"', 1)[1].split("</details>", 1)[0]
    assert "cannot be undone" in confirm and "Yes, remove the webhook" in confirm
    assert client.post(f"{PAGE}{webhook.pk}/remove/").status_code == 302
    assert not Webhook.objects.exists()


def test_anyone_but_an_administrator_finds_no_such_page(client, admin, organiser, store_night):
    webhook = Webhook.objects.create(event=None, owner=admin, url="https://example.org/", kinds=[RESULT], secret="s")
    delivery = WebhookDelivery.objects.create(webhook=webhook, event=store_night, kind=RESULT, payload={})
    pages = [PAGE, f"{PAGE}{webhook.pk}/"]
    actions = [f"{PAGE}{webhook.pk}/{action}/" for action in ("secret", "remove", f"deliveries/{delivery.pk}/replay")]
    for user in (organiser, make_user("staffer", is_staff=True)):
        client.force_login(user)
        assert all(client.get(page).status_code == 404 for page in pages)
        assert all(client.post(action).status_code == 404 for action in actions)
        assert PAGE not in client.get("/en/events/").text
    client.logout()
    assert client.get(PAGE).status_code == 302  # to the login page
    webhook.refresh_from_db()
    assert webhook.secret == "s"
    assert WebhookDelivery.objects.count() == 1


def test_an_events_webhook_is_not_on_the_site_page_nor_the_reverse(client, admin, organiser, store_night):
    """Each webhook has one place: an event's webhook is 404 at the site's address, and back."""
    own = Webhook.objects.create(event=store_night, owner=organiser, url="https://example.org/a", kinds=[RESULT])
    site = Webhook.objects.create(event=None, owner=admin, url="https://example.org/b", kinds=[RESULT])
    client.force_login(admin)
    assert "example.org/a" not in client.get(PAGE).text
    assert client.get(f"{PAGE}{own.pk}/").status_code == 404
    client.force_login(organiser)
    assert client.get(f"/en/events/{store_night.pk}/manage/webhooks/{site.pk}/").status_code == 404


def test_the_site_webhooks_page_in_french(client, admin):
    client.force_login(admin)
    page = client.get("/fr/events/webhooks/").text
    assert "Webhooks pour tous les tournois" in page and "Envoyer quand" in page
