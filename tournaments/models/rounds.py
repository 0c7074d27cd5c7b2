"""Rounds, their matches (tables) and the seats at them."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.choice_labels import ChoiceLabels

from .entrants import Entrant
from .events import Event


class Clock(models.Model):
    """The event's one clock: a round's, or deck building's at a sealed event until round 1 is paired.
    Running: `ends_at` set; paused: `paused_seconds` left; stopped: both unset."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True, related_name="clock")
    ends_at = models.DateTimeField(null=True, blank=True)
    paused_seconds = models.PositiveIntegerField(null=True, blank=True)
    deck_building = models.BooleanField(default=False)  # the clock counts deck building, not a round

    def __str__(self):
        return f"clock of {self.event_id}"


class Round(models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        TOP_CUT = "top_cut", _("Top cut")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("event"))
    number = models.PositiveSmallIntegerField(_("number"))
    stage = models.CharField(_("stage"), max_length=10, choices=Stage, default=Stage.SWISS)
    notes = models.JSONField(_("pairing notes"), default=list, blank=True)  # the pairing engine's explanation
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_unique_number")]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self):
        return f"{self.event} round {self.number}"


class Match(ChoiceLabels, models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a result")
        REPORTED = "reported", _("Reported, waiting for confirmation")
        DISPUTED = "disputed", _("Disputed: the organiser decides")
        CONFIRMED = "confirmed", _("Result confirmed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches", verbose_name=_("round"))
    table = models.PositiveIntegerField(_("table"))
    is_bye = models.BooleanField(_("bye"), default=False)
    status = models.CharField(_("status"), max_length=12, choices=Status, default=Status.PENDING)
    draws = models.PositiveSmallIntegerField(_("drawn games"), default=0)
    bracket_slot = models.PositiveSmallIntegerField(_("top cut position"), null=True, blank=True)  # top cut position
    # Bumped by every change of status or result: a form posted against an older version is stale.
    version = models.PositiveIntegerField(_("version"), default=0)
    extra_minutes = models.PositiveSmallIntegerField(_("time extension (minutes)"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self):
        return f"{self.round} table {self.table}"


class Seat(models.Model):
    """An entrant's place in a match: game wins, or a placement in a pod."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="seats")
    game_wins = models.PositiveSmallIntegerField(default=0, db_default=0)  # seats are inserted without it
    placement = models.PositiveSmallIntegerField(null=True, blank=True)
    # The game's own score at this table when the result came from scored games (Reclamation's Dust
    # score): it breaks ties in pod standings left after OMP% (docs/scoring.md). Null otherwise.
    game_total = models.SmallIntegerField(null=True, blank=True)
    # Game losses given to this player while the table had no result: every result entered later
    # counts them as games the opponent won (tournaments/penalties.py, with_conceded).
    games_conceded = models.PositiveSmallIntegerField(default=0, db_default=0)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [models.UniqueConstraint(fields=["match", "entrant"], name="seat_once_per_match")]

    def __str__(self):
        return f"{self.entrant} at {self.match}"
