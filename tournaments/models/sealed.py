"""Sealed pools."""

from django.conf import settings
from django.db import models

from .entrants import Entrant


class SealedPool(models.Model):
    """The cards a player opened at a sealed event, as registered (card id -> copies)."""

    entrant = models.OneToOneField(Entrant, on_delete=models.CASCADE, related_name="sealed_pool")
    cards = models.JSONField(default=dict)  # {"<card id>": copies}
    registered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"pool of {self.entrant}"
