"""The tournament's tables, one module per noun; every model is importable from here, as
migrations and the rest of the site expect."""

from .audit import AuditAction, AuditEntry, audit_action_choices
from .entrants import Entrant, WaitlistEntry
from .events import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, Event, new_join_code
from .judging import CheckedDeck, DeckCheck, JudgeCall, Penalty
from .results import Report
from .rounds import Match, Round, Seat
from .sealed import SealedPool
from .staff import EventStaff

__all__ = [
    "JOIN_CODE_ALPHABET",
    "JOIN_CODE_LENGTH",
    "AuditAction",
    "AuditEntry",
    "CheckedDeck",
    "DeckCheck",
    "Entrant",
    "Event",
    "EventStaff",
    "JudgeCall",
    "Match",
    "Penalty",
    "Report",
    "Round",
    "SealedPool",
    "Seat",
    "WaitlistEntry",
    "audit_action_choices",
    "new_join_code",
]
