"""Who plays: entrants (players or teams) and the waitlist."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from decks.models import DeckVersion

from .events import Event


class Entrant(models.Model):
    """A player (or a team of two) in an event; walk-ins have a name and no account."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    name = models.CharField(_("name"), max_length=120)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="team_entries")
    member_names = models.JSONField(default=list, blank=True)  # a team's two members as shown: accounts or names
    deck = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="entries")
    deck_legal = models.BooleanField(null=True)
    deck_problems = models.JSONField(default=list, blank=True)
    checked_in = models.BooleanField(_("checked in"), default=False)
    joined_round = models.PositiveSmallIntegerField(default=1)  # late entries join later
    dropped_after = models.PositiveSmallIntegerField(null=True, blank=True)  # last round played
    build_seat = models.PositiveSmallIntegerField(_("deck-building seat"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user"], name="entrant_once_per_event", condition=models.Q(user__isnull=False)
            )
        ]

    def __str__(self):
        return self.name

    @property
    def dropped(self):
        return self.dropped_after is not None


class WaitlistEntry(models.Model):
    """A player waiting for a place in a full event, first come first served. Kept once promoted
    (`entrant` set), so their page can say they got a place from the waitlist."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="waitlist")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="waitlist_entries")
    created_at = models.DateTimeField(auto_now_add=True)
    promoted_at = models.DateTimeField(null=True, blank=True)
    entrant = models.OneToOneField(
        "Entrant", on_delete=models.SET_NULL, null=True, blank=True, related_name="from_waitlist"
    )

    class Meta:
        ordering = ["event", "created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="waitlist_once_per_event")]

    def __str__(self):
        return f"{self.user} waiting for {self.event}"
