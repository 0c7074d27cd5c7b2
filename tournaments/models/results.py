"""Players' reports of a match's result."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .entrants import Entrant
from .rounds import Match


class Report(models.Model):
    """A result reported by a player (or the organiser); scored by a Celery task."""

    class Status(models.TextChoices):
        RECEIVED = "received", _("Received")
        SCORED = "scored", _("Scored")
        INVALID = "invalid", _("Impossible")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, null=True, blank=True, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status, default=Status.RECEIVED)
    result = models.JSONField(null=True, blank=True)  # MatchResult.as_dict()
    problem = models.JSONField(null=True, blank=True)  # why it is impossible: DomainError.as_dict()
    created_at = models.DateTimeField(auto_now_add=True)
    scored_at = models.DateTimeField(null=True, blank=True)
    # Delivery lease: the sweeper sends a received report to the workers again only after this,
    # with a backoff (`sends` so far), so a deep queue is never sent twice.
    resend_at = models.DateTimeField(null=True, blank=True)
    sends = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["match", "created_at", "pk"]
        indexes = [models.Index(fields=["status", "created_at"]), models.Index(fields=["status", "resend_at"])]

    def __str__(self):
        return f"report {self.pk} on {self.match}"
