"""Who plays: entrants (players or teams) and the waitlist."""

import operator
from functools import reduce

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from decks.models import DeckVersion

from .events import Event


class Entrant(models.Model):
    """A player (or a team of two) in an event; walk-ins have a name and no account."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants", verbose_name=_("event"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("account"),
    )
    name = models.CharField(_("name"), max_length=120)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="team_entries")
    member_names = models.JSONField(
        _("team members"), default=list, blank=True
    )  # a team's two members as shown: accounts or names
    deck = models.ForeignKey(
        DeckVersion,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("registered deck"),
    )
    deck_legal = models.BooleanField(_("legal deck"), null=True)
    deck_problems = models.JSONField(_("deck problems"), default=list, blank=True)
    checked_in = models.BooleanField(_("checked in"), default=False)
    joined_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)  # late entries join later
    dropped_after = models.PositiveSmallIntegerField(
        _("dropped after round"), null=True, blank=True
    )  # last round played
    build_seat = models.PositiveSmallIntegerField(_("deck-building seat"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "name"]
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
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


def player_labels(people):
    """{entrant id: how the entrant is shown}, the one display rule for players' names: the name, and
    where two entrants share a name (any case), each with their username, or a walk-in with a short
    tag (#id), so nobody is mistaken for another on pairings, slips, searches or confirmations.
    `people` are (id, name, username or None) rows, or Entrant objects."""
    rows = [person if isinstance(person, tuple) else _label_row(person) for person in people]
    counts = {}
    for _id, name, _username in rows:
        counts[name.casefold()] = counts.get(name.casefold(), 0) + 1
    return {
        entrant_id: (name if counts[name.casefold()] == 1 else player_detail(entrant_id, name, username))
        for entrant_id, name, username in rows
    }


def player_detail(entrant_id, name, username):
    """“Ana (ana_k)”, or “Ana (#12)” for a walk-in: a name with what tells it apart."""
    return f"{name} ({username or f'#{entrant_id}'})"


def _label_row(entrant):
    return entrant.pk, entrant.name, entrant.user.username if entrant.user_id else None


def labels_among(event_id, names):
    """player_labels for the entrants of the event named as one of `names` (any case), in one query
    whatever the field's size: enough to tell apart the few people a player's page shows."""
    names = {name for name in names if name}
    if not names:
        return {}
    named = reduce(operator.or_, (models.Q(name__iexact=name) for name in names))
    return player_labels(Entrant.objects.filter(named, event_id=event_id).values_list("pk", "name", "user__username"))


def event_player_labels(event):
    """player_labels for every entrant of the event, in one query."""
    return player_labels(event.entrants.values_list("pk", "name", "user__username"))
