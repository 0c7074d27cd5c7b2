"""The sealed setup of an event and its players' pools."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .entrants import Entrant
from .events import Event


class SealedSetup(models.Model):
    """Whether players build from a registered pool, how many boosters each opens, and when deck
    building ended (pools frozen)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True, related_name="sealed_setup")
    enabled = models.BooleanField(_("sealed: players build from a registered pool"), default=False)
    pools_frozen_at = models.DateTimeField(null=True, blank=True)
    # Within the format's product (games/boosters.py); null: the product's default count.
    boosters = models.PositiveSmallIntegerField(_("boosters per player"), null=True, blank=True)

    def __str__(self):
        return f"sealed setup of {self.event_id}"


class SealedPool(models.Model):
    """The cards a player opened at a sealed event, as registered (card id -> copies)."""

    entrant = models.OneToOneField(Entrant, on_delete=models.CASCADE, related_name="sealed_pool")
    cards = models.JSONField(default=dict)  # {"<card id>": copies}
    registered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"pool of {self.entrant}"
