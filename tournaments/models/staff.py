"""An event's staff: judges, scorekeepers and their roles."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .events import Event


class EventStaff(models.Model):
    """Someone the organiser trusts with part of the event: a judge or a scorekeeper."""

    class Role(models.TextChoices):
        JUDGE = "judge", _("Judge")
        SCOREKEEPER = "scorekeeper", _("Scorekeeper")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_roles")
    role = models.CharField(_("role"), max_length=12, choices=Role)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "role", "user__username"]
        verbose_name = _("staff member")
        verbose_name_plural = _("staff")
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="staff_once_per_event")]

    def __str__(self):
        return f"{self.user} ({self.role}) at {self.event}"
