"""The event log: typed actions and structured targets."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .events import Event


class AuditAction(models.TextChoices):
    EVENT_CREATE = "event.create", _("Event created")
    EVENT_START = "event.start", _("Event started")
    EVENT_IMPORT = "event.import", _("Event imported from a file")
    EVENT_FINISH = "event.finish", _("Event finished")
    EVENT_CANCEL = "event.cancel", _("Event cancelled")
    EVENT_REOPEN = "event.reopen", _("Cancelled event reopened")
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
    DECK_VERDICT = "deck.verdict", _("Deck judged again")
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
    PENALTY_TAKE_BACK = "penalty.take_back", _("Penalty taken back")
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
    WEBHOOK_REGISTER = "webhook.register", _("Webhook registered")
    WEBHOOK_SECRET = "webhook.secret", _("Webhook secret replaced")
    WEBHOOK_REPLAY = "webhook.replay", _("Webhook delivery sent again")
    WEBHOOK_REMOVE = "webhook.remove", _("Webhook removed")
    ACCOUNT_DELETE = "account.delete", _("Account deleted")


def audit_action_choices():
    """A callable, so a new action needs no migration."""
    return AuditAction.choices


class AuditEntry(models.Model):
    """Who did what to an event, and when: organisers rely on it when a result is disputed.
    The target is structured (round, table, entrant), so pages say it in the reader's language."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit", verbose_name=_("event"))
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, verbose_name=_("by")
    )
    action = models.CharField(_("action"), max_length=40, choices=audit_action_choices)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table = models.PositiveIntegerField(_("table"), null=True, blank=True)
    entrant = models.ForeignKey(
        "Entrant", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("entrant")
    )
    entrant_name = models.CharField(_("entrant name"), max_length=120, blank=True)  # as it was, should the entrant go
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("log entry")
        verbose_name_plural = _("log entries")

    def __str__(self):
        return f"{self.action} {self.round_number or ''} {self.table or ''} {self.entrant_name}".strip()
