"""Penalties, deck checks and judge calls."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .entrants import Entrant
from .events import Event
from .rounds import Match


class Penalty(models.Model):
    """An infraction recorded against an entrant: who gave it, in which round, and why."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        GAME_LOSS = "game_loss", _("Game loss")
        MATCH_LOSS = "match_loss", _("Match loss")
        DISQUALIFICATION = "disqualification", _("Disqualification")

    class Effect(models.TextChoices):
        NONE = "none", _("Nothing else changed")
        HEAD_START = "head_start", _("A game conceded at a table still playing")
        RESULT = "result", _("A result changed")
        DROP = "drop", _("The player dropped")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="penalties")
    kind = models.CharField(_("penalty"), max_length=20, choices=Kind)
    reason = models.CharField(_("reason"), max_length=300)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    match = models.ForeignKey(Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties")
    correction = models.CharField(_("correction reason"), max_length=300, blank=True)
    judge = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # What giving it did, so that taking it back undoes exactly that ("" for penalties given before
    # this was recorded: their effect is unknown, so a result they changed is corrected by hand).
    effect = models.CharField(_("effect"), max_length=12, choices=Effect, blank=True)

    class Meta:
        ordering = ["event", "created_at", "pk"]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.entrant}"


class DeckCheck(models.Model):
    """One seeded draw of tables for a deck check: the seed and options replay it exactly."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deck_checks")
    round_number = models.PositiveSmallIntegerField()
    seed = models.CharField(max_length=64)
    options = models.JSONField(default=dict)  # count, top, allow_repeat
    tables = models.JSONField(default=list)  # table numbers in the order drawn
    judge = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "-created_at", "-pk"]

    def __str__(self):
        return f"{self.event} round {self.round_number} deck check {self.seed}"


class CheckedDeck(models.Model):
    """One entrant's deck in a deck check, and what the judge found."""

    class Outcome(models.TextChoices):
        PENDING = "pending", _("Not checked yet")
        OK = "ok", _("OK")
        PROBLEM = "problem", _("Problem")

    deck_check = models.ForeignKey(DeckCheck, on_delete=models.CASCADE, related_name="decks")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="deck_checks")
    table = models.PositiveIntegerField()
    outcome = models.CharField(max_length=10, choices=Outcome, default=Outcome.PENDING)
    note = models.CharField(_("note"), max_length=300, blank=True)
    penalty = models.OneToOneField(Penalty, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["deck_check", "table", "pk"]
        constraints = [models.UniqueConstraint(fields=["deck_check", "entrant"], name="checked_deck_once")]

    def __str__(self):
        return f"{self.entrant} at table {self.table}: {self.outcome}"


class JudgeCall(models.Model):
    """A player's "call a judge": queued for the staff, claimed by one judge, then closed."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for a judge")
        CLAIMED = "claimed", _("A judge is on the way")
        CLOSED = "closed", _("Closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judge_calls")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="judge_calls")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["entrant"], condition=~models.Q(status="closed"), name="one_open_judge_call_per_entrant"
            )
        ]

    def __str__(self):
        return f"{self.entrant} table {self.table}: {self.status}"
