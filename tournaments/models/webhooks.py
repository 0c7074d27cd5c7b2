"""Signed webhooks: a receiver's URL, the kinds of news it wants, and the log of what was sent."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .events import Event


class WebhookKind(models.TextChoices):
    ROUND_PAIRED = "round.paired", _("Round paired")
    RESULT_CONFIRMED = "result.confirmed", _("Result confirmed")
    STANDINGS_CHANGED = "standings.changed", _("Standings changed")
    DECKLISTS_PUBLISHED = "decklists.published", _("Decklists published")
    EVENT_FINISHED = "event.finished", _("Event finished")


class Webhook(models.Model):
    """A URL told about one event's news (or every event's, when the site's admin registers it
    without an event). The secret signs every delivery; it is shown once, when made."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True, related_name="webhooks")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(_("URL"), max_length=500)
    kinds = models.JSONField(default=list)  # WebhookKind values
    secret = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"webhook {self.pk} → {self.url}"

    def kind_labels(self):
        return [WebhookKind(kind).label for kind in self.kinds if kind in WebhookKind.values]


class WebhookDelivery(models.Model):
    """One message to one webhook. While `queued` it gathers every fact of its kind (a burst of
    results makes one delivery); its body is fixed when first sent, so a replay sends the same."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        SENDING = "sending", _("Sending")
        RETRYING = "retrying", _("Waiting to retry")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=24, choices=WebhookKind)
    status = models.CharField(max_length=12, choices=Status, default=Status.QUEUED)
    payload = models.JSONField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=200, blank=True)
    replay_of = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)  # the last attempt
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            # The coalescing: at most one queued delivery per webhook, event and kind (replays aside).
            models.UniqueConstraint(
                fields=["webhook", "event", "kind"],
                condition=Q(status="queued", replay_of__isnull=True),
                name="webhook_one_queued_delivery",
            )
        ]
        indexes = [
            models.Index(fields=["webhook", "-created_at"], name="webhook_delivery_log"),
            # The sweeper's every-30-s look at the few unfinished deliveries, not the whole log.
            models.Index(
                fields=["status", "sent_at"],
                condition=Q(status__in=["queued", "sending", "retrying"]),
                name="webhook_delivery_unfinished",
            ),
        ]

    def __str__(self):
        return f"{self.kind} to webhook {self.webhook_id}: {self.status}"
