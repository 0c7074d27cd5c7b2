"""The tournament's tables, one module per noun; every model is importable from here, as
migrations and the rest of the site expect."""

from .audit import AuditAction, AuditEntry, audit_action_choices
from .entrants import Entrant, WaitlistEntry
from .events import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, SETUP, Cancellation, Event, EventSettings, new_join_code
from .judging import CheckedDeck, DeckCheck, JudgeCall, Penalty
from .prizes import PrizeTable
from .public import PageCounters
from .results import Report
from .rounds import Clock, Match, Round, Seat
from .sealed import SealedPool, SealedSetup
from .staff import EventStaff
from .webhooks import Webhook, WebhookDelivery, WebhookKind

__all__ = [
    "JOIN_CODE_ALPHABET",
    "JOIN_CODE_LENGTH",
    "SETUP",
    "AuditAction",
    "AuditEntry",
    "Cancellation",
    "CheckedDeck",
    "Clock",
    "DeckCheck",
    "Entrant",
    "Event",
    "EventSettings",
    "EventStaff",
    "JudgeCall",
    "Match",
    "PageCounters",
    "Penalty",
    "PrizeTable",
    "Report",
    "Round",
    "SealedPool",
    "SealedSetup",
    "Seat",
    "WaitlistEntry",
    "Webhook",
    "WebhookDelivery",
    "WebhookKind",
    "audit_action_choices",
    "new_join_code",
]
