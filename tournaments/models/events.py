"""The event: its game, format, shape and state."""

import secrets

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game
from core.choice_labels import ChoiceLabels

from ..engine import lifecycle

# Join codes are read off a projector and typed on a phone: no 0/O, 1/I/L look-alikes.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6


def new_join_code():
    """A random join code no event uses yet (31^6 codes: a clash is rare, and then we draw again)."""
    while True:
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if not Event.objects.filter(join_code=code).exists():
            return code


# An event's rows of its own, one per concern, read along with it (one query): its settings, the
# clock, the sealed setup, the prizes and the page counters. create_event writes them all.
SETUP = ("settings", "clock", "sealed_setup", "prizes", "counters")


class EventManager(models.Manager):
    def get_queryset(self):
        return super().get_queryset().select_related(*SETUP)


class Event(ChoiceLabels, models.Model):
    """What an event is: its identity, game and format, shape and state. How it runs is in its
    rows of their own (SETUP)."""

    class Mode(models.TextChoices):
        VERSUS = "versus", _("One against one")
        TEAM = "team", _("Teams of two")
        FFA = "ffa", _("Free-for-all pods")

    class Status(models.TextChoices):
        REGISTRATION = lifecycle.REGISTRATION, _("Registration")
        SWISS = lifecycle.SWISS, _("Swiss rounds")
        TOP_CUT = lifecycle.TOP_CUT, _("Top cut")
        FINISHED = lifecycle.FINISHED, _("Finished")
        CANCELLED = lifecycle.CANCELLED, _("Cancelled")

    name = models.CharField(_("name"), max_length=120)
    starts_at = models.DateTimeField(_("date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, default=new_join_code, editable=False)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_events", verbose_name=_("organiser")
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", verbose_name=_("game"))
    format_slug = models.SlugField(_("format"), blank=True)
    mode = models.CharField(_("mode"), max_length=10, choices=Mode, default=Mode.VERSUS)
    best_of = models.PositiveSmallIntegerField(_("best of"), choices=[(1, "1"), (3, "3")], default=3)
    swiss_rounds = models.PositiveSmallIntegerField(_("Swiss rounds"), null=True, blank=True)
    top_cut = models.PositiveSmallIntegerField(_("top cut"), choices=[(0, _("None")), (4, "4"), (8, "8")], default=0)
    status = models.CharField(_("status"), max_length=14, choices=Status, default=Status.REGISTRATION)
    is_public = models.BooleanField(_("public event page"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = EventManager()

    class Meta:
        ordering = ["-created_at"]
        # The events lists filter and sort by these (tournaments/filters.py).
        indexes = [
            models.Index(fields=["is_public", "-created_at"], name="event_public_newest"),
            models.Index(fields=["starts_at"], name="event_starts_at"),
            models.Index(fields=["status", "-created_at"], name="event_status_newest"),
        ]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournaments:event", args=[self.pk])

    @property
    def is_pods(self):
        return self.mode == self.Mode.FFA

    @property
    def is_sealed(self):
        return self.sealed_setup.enabled

    @property
    def uses_decks(self):
        """Whether the game builds decks: pages offer no deck links for one that doesn't (Dust: Reclamation)."""
        return self.game.has_decks

    def planned_rounds(self, players=None):
        if self.swiss_rounds:  # set: no need to count the entrants
            return self.swiss_rounds
        return lifecycle.swiss_rounds_planned(None, players if players is not None else self.entrants.count())

    # The lifecycle questions (tournaments/engine/lifecycle.py), for services, views and templates.

    @property
    def registration_open(self):
        return lifecycle.registration_open(self.status)

    @property
    def accepting_entrants(self):
        return lifecycle.accepting_entrants(self.status)

    @property
    def rounds_running(self):
        return lifecycle.rounds_running(self.status)

    @property
    def is_finished(self):
        return lifecycle.finished(self.status)

    @property
    def is_cancelled(self):
        return lifecycle.cancelled(self.status)

    @property
    def cancel_reason(self):
        """Why the organiser cancelled the event, "" while it is not: its Cancellation row (lists read it
        along, select_related("cancellation"); one event's page reads it when cancelled)."""
        if not self.is_cancelled:
            return ""
        try:
            return self.cancellation.reason
        except ObjectDoesNotExist:
            return ""

    def all_swiss_rounds_paired(self, rounds_paired):
        return lifecycle.all_swiss_rounds_paired(rounds_paired, self.swiss_rounds)

    def results_open(self, latest_round):
        """Whether a result entered now for a round (the latest or not) is a first entry, not a correction."""
        return lifecycle.results_open(self.status, latest_round)


class EventSettings(models.Model):
    """How the event runs, as the organiser set it: registration, decklists, pods, scoring, the
    round length and the game's own options (checked by the game's definition, games/options.py)."""

    class Publication(models.TextChoices):
        NONE = "none", _("No decklists")
        TOP_CUT = "top_cut", _("Top cut decklists")
        ALL = "all", _("All decklists")

    class Tiebreakers(models.TextChoices):
        MTR = "mtr", _("Magic Tournament Rules (OMW%, GW%, OGW%)")
        RESISTANCE = "resistance", _("Resistance (Pokémon style)")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True, related_name="settings")
    capacity = models.PositiveIntegerField(_("capacity"), null=True, blank=True)  # None: no limit
    pod_size = models.PositiveSmallIntegerField(_("pod size"), default=4)
    # Pods may also seat 5, for games played by up to 5 (GameDefinition.largest_pod): docs/pairing.md
    pods_of_five = models.BooleanField(_("pods of five allowed"), default=False)
    tiebreakers = models.CharField(_("tiebreakers"), max_length=12, choices=Tiebreakers, default=Tiebreakers.MTR)
    deck_deadline = models.DateTimeField(_("decklist deadline"), null=True, blank=True)
    late_entry_losses = models.BooleanField(_("late entrants get losses for missed rounds"), default=True)
    auto_pair = models.BooleanField(_("pair the next round when every result is confirmed"), default=False)
    pod_points = models.JSONField(_("pod match points"), default=dict, blank=True)
    publication = models.CharField(
        _("decklist publication"), max_length=10, choices=Publication, default=Publication.NONE
    )
    round_minutes = models.PositiveSmallIntegerField(_("round length (minutes)"), default=50)
    game_options = models.JSONField(_("game options"), default=dict, blank=True)  # GameDefinition.check_options
    seed = models.PositiveIntegerField(default=0)  # drawn once: pairings can be replayed

    class Meta:
        verbose_name = _("event settings")
        verbose_name_plural = _("event settings")

    def __str__(self):
        return f"settings of {self.event_id}"


class Cancellation(models.Model):
    """An event its organiser called off (status "cancelled"): why, shown to its players, and the
    status a reopening returns it to. Written by services.events alone, with the status; it goes
    when the event is reopened (the log keeps it)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True, related_name="cancellation")
    reason = models.CharField(_("why it is cancelled"), max_length=300)
    status_before = models.CharField(_("status before"), max_length=14, choices=Event.Status)
    created_at = models.DateTimeField(_("cancelled"), auto_now_add=True)

    class Meta:
        verbose_name = _("cancellation")
        verbose_name_plural = _("cancellations")

    def __str__(self):
        return f"cancellation of {self.event_id}"
