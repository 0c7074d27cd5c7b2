"""An event's prizes: the plan the organiser describes and the sheet fixed when it finishes."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .events import Event


class PrizeTable(models.Model):
    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True, related_name="prizes")
    plan = models.JSONField(_("prize pool and payout"), default=dict, blank=True)  # see engine/prizes.py
    sheet = models.JSONField(null=True, blank=True)  # fixed when the event finishes

    def __str__(self):
        return f"prizes of {self.event_id}"
