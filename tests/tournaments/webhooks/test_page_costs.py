"""Webhook pages and API reads cost the same queries for one event's webhook with one delivery as for
three events' webhooks with three deliveries each, and the site's own webhooks alike (page_costs).
Deliveries are written as the sender records them, as the other webhook tests do."""

import pytest

from tests.conftest import make_user, page_costs, same_costs
from tournaments.models import WebhookDelivery
from tournaments.services import events
from tournaments.services import webhooks as webhook_services

pytestmark = pytest.mark.django_db
RESULT = "result.confirmed"


def hooks(owner, event, count, deliveries, tag, about=None):
    """`count` webhooks of `event` (None: the site's), each with `deliveries` about `about` (else `event`)."""
    made = []
    for number in range(count):
        webhook = webhook_services.register(owner, event, f"http://127.0.0.1:9/{tag}/{number}", [RESULT])
        for attempt in range(deliveries):
            status = WebhookDelivery.Status.FAILED if attempt % 2 else WebhookDelivery.Status.DELIVERED
            WebhookDelivery.objects.create(
                webhook=webhook, event=about or event, kind=RESULT, status=status, payload={"n": attempt}, attempts=1
            )
        made.append(webhook)
    return made[-1]


def costs(client, organiser, admin, tag, count):
    for number in range(count - 1):
        hooks(organiser, events.create_event(organiser, f"{tag} {number}", "dust-collectorz"), count, count, tag)
    event = events.create_event(organiser, f"{tag} last", "dust-collectorz")
    own = hooks(organiser, event, count, count, tag)
    site = hooks(admin, None, count, count, f"{tag}-site", about=event)
    base = f"/en/events/{event.pk}/manage/webhooks/"
    client.force_login(organiser)
    measured = page_costs(
        client,
        [
            base,
            f"{base}{own.pk}/",
            f"/api/v1/tournaments/{event.pk}/webhooks/",
            "/api/v1/webhooks/",
            f"/api/v1/webhooks/{own.pk}/",
            f"/api/v1/webhooks/{own.pk}/deliveries/",
        ],
    )
    client.force_login(admin)
    site_pages = ["/en/events/webhooks/", f"/en/events/webhooks/{site.pk}/", "/api/v1/webhooks/"]
    return measured + page_costs(client, [*site_pages, f"/api/v1/webhooks/{site.pk}/deliveries/"])


def test_webhooks_cost_the_same_for_more_webhooks_and_deliveries(client, organiser):
    admin = make_user("site-admin", is_superuser=True, is_staff=True)
    small = costs(client, organiser, admin, "small", 1)
    large = costs(client, organiser, admin, "large", 3)
    assert [count for _url, count in small] == [count for _url, count in large], same_costs(small, large)
