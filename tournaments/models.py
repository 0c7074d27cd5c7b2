import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from catalogue.models import Game
from decks.models import DeckVersion

from .engine import lifecycle

# Join codes are read off a projector and typed on a phone: no 0/O, 1/I/L look-alikes.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6


def new_join_code():
    """A random join code no event uses yet (31^6 codes: a clash is rare, and then we draw again)."""
    while True:
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if not Event.objects.filter(join_code=code).exists():
            return code


class Event(models.Model):
    class Mode(models.TextChoices):
        VERSUS = "versus", _("One against one")
        TEAM = "team", _("Teams of two")
        FFA = "ffa", _("Free-for-all pods")

    class Status(models.TextChoices):
        REGISTRATION = lifecycle.REGISTRATION, _("Registration")
        SWISS = lifecycle.SWISS, _("Swiss rounds")
        TOP_CUT = lifecycle.TOP_CUT, _("Top cut")
        FINISHED = lifecycle.FINISHED, _("Finished")

    class Publication(models.TextChoices):
        NONE = "none", _("No decklists")
        TOP_CUT = "top_cut", _("Top cut decklists")
        ALL = "all", _("All decklists")

    class Tiebreakers(models.TextChoices):
        MTR = "mtr", _("Magic Tournament Rules (OMW%, GW%, OGW%)")
        RESISTANCE = "resistance", _("Resistance (Pokémon style)")

    name = models.CharField(_("name"), max_length=120)
    starts_at = models.DateTimeField(_("date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    capacity = models.PositiveIntegerField(_("capacity"), null=True, blank=True)  # None: no limit
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, default=new_join_code, editable=False)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_events", verbose_name=_("organiser")
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", verbose_name=_("game"))
    format_slug = models.SlugField(_("format"), blank=True)
    mode = models.CharField(_("mode"), max_length=10, choices=Mode, default=Mode.VERSUS)
    pod_size = models.PositiveSmallIntegerField(_("pod size"), default=4)
    best_of = models.PositiveSmallIntegerField(_("best of"), choices=[(1, "1"), (3, "3")], default=3)
    swiss_rounds = models.PositiveSmallIntegerField(_("Swiss rounds"), null=True, blank=True)
    top_cut = models.PositiveSmallIntegerField(_("top cut"), choices=[(0, _("None")), (4, "4"), (8, "8")], default=0)
    tiebreakers = models.CharField(_("tiebreakers"), max_length=12, choices=Tiebreakers, default=Tiebreakers.MTR)
    status = models.CharField(_("status"), max_length=14, choices=Status, default=Status.REGISTRATION)
    deck_deadline = models.DateTimeField(_("decklist deadline"), null=True, blank=True)
    late_entry_losses = models.BooleanField(_("late entrants get losses for missed rounds"), default=True)
    auto_pair = models.BooleanField(_("pair the next round when every result is confirmed"), default=False)
    split_work_order = models.BooleanField(_("Reclamation: share the Work Order points"), default=False)
    pod_points = models.JSONField(_("pod match points"), default=dict, blank=True)
    publication = models.CharField(
        _("decklist publication"), max_length=10, choices=Publication, default=Publication.NONE
    )
    is_public = models.BooleanField(_("public event page"), default=True)
    seed = models.PositiveIntegerField(default=0)
    round_minutes = models.PositiveSmallIntegerField(_("round length (minutes)"), default=50)
    timer_ends_at = models.DateTimeField(null=True, blank=True)
    timer_paused_seconds = models.PositiveIntegerField(null=True, blank=True)
    results_version = models.PositiveIntegerField(default=0)  # bumped on every result change: cache key
    # bumped by every service that changes what public pages show (tournaments/page_cache.py)
    pages_version = models.PositiveIntegerField(default=0)
    sealed = models.BooleanField(_("sealed: players build from a registered pool"), default=False)
    pools_frozen_at = models.DateTimeField(null=True, blank=True)  # deck building ended
    build_clock = models.BooleanField(default=False)  # the clock runs for deck building, not a round
    prize_plan = models.JSONField(_("prize pool and payout"), default=dict, blank=True)  # see engine/prizes.py
    prize_sheet = models.JSONField(null=True, blank=True)  # fixed when the event finishes
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournaments:event", args=[self.pk])

    @property
    def is_pods(self):
        return self.mode == self.Mode.FFA

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

    def all_swiss_rounds_paired(self, rounds_paired):
        return lifecycle.all_swiss_rounds_paired(rounds_paired, self.swiss_rounds)

    def results_open(self, latest_round):
        """Whether a result entered now for a round (the latest or not) is a first entry, not a correction."""
        return lifecycle.results_open(self.status, latest_round)


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


class Round(models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        TOP_CUT = "top_cut", _("Top cut")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=10, choices=Stage, default=Stage.SWISS)
    notes = models.JSONField(default=list, blank=True)  # the pairing engine's explanation
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_unique_number")]

    def __str__(self):
        return f"{self.event} round {self.number}"


class Match(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a result")
        REPORTED = "reported", _("Reported, waiting for confirmation")
        DISPUTED = "disputed", _("Disputed: the organiser decides")
        CONFIRMED = "confirmed", _("Result confirmed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField(_("table"))
    is_bye = models.BooleanField(default=False)
    status = models.CharField(max_length=12, choices=Status, default=Status.PENDING)
    draws = models.PositiveSmallIntegerField(default=0)
    bracket_slot = models.PositiveSmallIntegerField(null=True, blank=True)  # top cut position
    # Bumped by every change of status or result: a form posted against an older version is stale.
    version = models.PositiveIntegerField(default=0)
    extra_minutes = models.PositiveSmallIntegerField(_("time extension (minutes)"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        verbose_name_plural = _("matches")

    def __str__(self):
        return f"{self.round} table {self.table}"


class Seat(models.Model):
    """An entrant's place in a match: game wins, or a placement in a pod."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="seats")
    game_wins = models.PositiveSmallIntegerField(default=0, db_default=0)  # seats are inserted without it
    placement = models.PositiveSmallIntegerField(null=True, blank=True)
    # Game losses given to this player while the table had no result: every result entered later
    # counts them as games the opponent won (tournaments/penalties.py, with_conceded).
    games_conceded = models.PositiveSmallIntegerField(default=0, db_default=0)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [models.UniqueConstraint(fields=["match", "entrant"], name="seat_once_per_match")]

    def __str__(self):
        return f"{self.entrant} at {self.match}"


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


class AuditAction(models.TextChoices):
    EVENT_CREATE = "event.create", _("Event created")
    EVENT_START = "event.start", _("Event started")
    EVENT_FINISH = "event.finish", _("Event finished")
    EVENT_PUBLICATION = "event.publication", _("Decklist publication changed")
    ENTRANT_ADD = "entrant.add", _("Player added")
    TEAM_ADD = "team.add", _("Team added")
    TEAM_JOIN = "team.join", _("Team member linked their account")
    ENTRANT_CHECK_IN = "entrant.check_in", _("Checked in")
    ENTRANT_CHECK_OUT = "entrant.check_out", _("Check-in undone")
    ENTRANT_DROP = "entrant.drop", _("Dropped")
    ENTRANT_UNDROP = "entrant.undrop", _("Drop undone")
    ENTRANT_REMOVE = "entrant.remove", _("Player removed")
    EVENT_EDIT = "event.edit", _("Event settings changed")
    DECK_SUBMIT = "deck.submit", _("Deck registered")
    DECK_CHANGE = "deck.change", _("Frozen deck changed")
    EVENT_DEADLINE = "event.deadline", _("Decklist deadline changed")
    ROUND_PAIR = "round.pair", _("Round paired")
    ROUND_FORCE = "round.force", _("Round paired with results missing")
    ROUND_REPAIR = "round.repair", _("Round re-paired")
    ROUND_DELETE = "round.delete", _("Round deleted")
    REPORT_SUBMIT = "report.submit", _("Result reported by a player")
    REPORT_CONFIRM = "report.confirm", _("Report confirmed by the opponent")
    RESULT_ENTER = "result.enter", _("Result entered")
    RESULT_CORRECT = "result.correct", _("Result corrected")
    RESULT_CONFIRM = "result.confirm", _("Result confirmed by the players")
    RESULT_DISPUTE = "result.dispute", _("Result disputed")
    RESULT_ACCEPT = "result.accept", _("Reported result accepted")
    RESULT_PENALTY = "result.penalty", _("Result changed by a penalty")
    TOP_CUT_START = "top_cut.start", _("Top cut started")
    TOP_CUT_ADVANCE = "top_cut.advance", _("Top cut advanced")
    TOP_CUT_RESEAT = "top_cut.reseat", _("Top cut re-seated after a correction")
    TIMER_START = "timer.start", _("Clock started")
    TIMER_PAUSE = "timer.pause", _("Clock paused")
    TIMER_RESUME = "timer.resume", _("Clock resumed")
    TIMER_EXTEND = "timer.extend", _("Clock extended")
    TABLE_EXTEND = "table.extend", _("Time extension given")
    PENALTY_GIVE = "penalty.give", _("Penalty given")
    DECK_CHECK_SELECT = "deck_check.select", _("Tables drawn for a deck check")
    DECK_CHECK_RECORD = "deck_check.record", _("Deck check recorded")
    PRIZES_PLAN = "prizes.plan", _("Prize pool described")
    PRIZES_FIX = "prizes.fix", _("Prizes fixed")
    POOL_REGISTER = "pool.register", _("Sealed pool registered")
    POOLS_FREEZE = "pool.freeze", _("Sealed pools frozen")
    BUILD_SEATS = "seats.draw", _("Deck-building seats drawn")
    BUILD_CLOCK = "timer.build", _("Deck-building clock started")
    JUDGE_CALL = "judge_call.open", _("Judge called")
    JUDGE_CLAIM = "judge_call.claim", _("Judge call claimed")
    JUDGE_CLOSE = "judge_call.close", _("Judge call closed")
    WAITLIST_JOIN = "waitlist.join", _("Joined the waitlist")
    WAITLIST_LEAVE = "waitlist.leave", _("Left the waitlist")
    WAITLIST_PROMOTE = "waitlist.promote", _("Place given from the waitlist")
    EVENT_CAPACITY = "event.capacity", _("Capacity changed")
    JOIN_CODE_NEW = "event.join_code", _("Join code replaced")
    STAFF_ADD = "staff.add", _("Staff member added")
    STAFF_ROLE = "staff.role", _("Staff role changed")
    STAFF_REMOVE = "staff.remove", _("Staff member removed")


def audit_action_choices():
    """A callable, so a new action needs no migration."""
    return AuditAction.choices


class AuditEntry(models.Model):
    """Who did what to an event, and when: organisers rely on it when a result is disputed.
    The target is structured (round, table, entrant), so pages say it in the reader's language."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    action = models.CharField(max_length=40, choices=audit_action_choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveIntegerField(null=True, blank=True)
    entrant = models.ForeignKey("Entrant", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    entrant_name = models.CharField(max_length=120, blank=True)  # as it was, should the entrant go
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.action} {self.round_number or ''} {self.table or ''} {self.entrant_name}".strip()


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


class Penalty(models.Model):
    """An infraction recorded against an entrant: who gave it, in which round, and why."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        GAME_LOSS = "game_loss", _("Game loss")
        MATCH_LOSS = "match_loss", _("Match loss")
        DISQUALIFICATION = "disqualification", _("Disqualification")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="penalties")
    kind = models.CharField(_("penalty"), max_length=20, choices=Kind)
    reason = models.CharField(_("reason"), max_length=300)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    match = models.ForeignKey(Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties")
    correction = models.CharField(_("correction reason"), max_length=300, blank=True)
    judge = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

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


class SealedPool(models.Model):
    """The cards a player opened at a sealed event, as registered (card id -> copies)."""

    entrant = models.OneToOneField(Entrant, on_delete=models.CASCADE, related_name="sealed_pool")
    cards = models.JSONField(default=dict)  # {"<card id>": copies}
    registered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"pool of {self.entrant}"
