"""Player-reported results: accept (saved even when the broker is down), score in a Celery task,
confirm or dispute, and settle the match. Every step is idempotent and can be re-derived from
the stored reports. Reports and the organiser's entries are checked by the same MatchResult rules."""

import json
import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Exists, OuterRef, Prefetch, prefetch_related_objects
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _

from core.bulk import delete_rows, insert_instance
from core.errors import DomainError, define_messages
from core.numbers import ID_MAX, has_unstorable_number
from core.prepared import Columns, PreparedQuery, instances, lookups
from core.tasks import send_once, send_urgent
from core.text import has_unstorable_text

from ..models import AuditAction, Entrant, Match, Report, Round, Seat
from ..queues import LARGE, queue_for_event
from . import results
from .common import NOT_CANCELLED, locked, locked_match, log, require_status
from .results_scoring import TABLE, give_up, reported_result, score, scoring_failed  # noqa: F401 - the reporting API

SCORE_REPORTS = "tournaments.tasks.score_reports"

logger = logging.getLogger("tournaments")

define_messages(
    {
        "report.players_only": _("Only the players of this match can report its result."),
        "report.players_only_confirm": _("Only the players of this match can confirm its result."),
        "report.players_only_dispute": _("Only the players of this match can dispute its result."),
        "report.bye": _("A bye has no result to report."),
        "report.closed": _("This match is closed: its result is confirmed."),
        "report.round_over": _("This match belongs to a round that is over."),
        "report.logged_out": _("You are no longer logged in: log in, then send it again."),
        "report.table_gone": _("This table is no longer in the event: its round was paired again or deleted."),
        "report.nothing_to_confirm": _("There is no reported result to confirm yet."),
        "report.unknown_fields": _("A report takes games, wins, draws or placements; not %(fields)s."),
        "report.too_large": _("A report is at most %(kb)s KB."),
        "report.nul": _("A report cannot contain NUL characters or lone surrogates."),
        "report.number_out_of_range": _("A report's numbers and card ids are at most %(max)s."),
        "report.scoring_failed": _(
            "This report could not be scored because of an error on the site (%(error)s); the organiser enters "
            "the result. The error has been logged."
        ),
    }
)


def entrant_of(match, user, seats=None):
    """The entrant `user` plays as in this match, or None. `seats`: the match's seats with their
    entrants, when the caller has read them."""
    if not user.is_authenticated:
        return None
    seats = list(match.seats.select_related("entrant")) if seats is None else seats
    for seat in seats:
        if seat.entrant.user_id == user.pk:
            return seat.entrant
    teams = Entrant.objects.filter(pk__in=[seat.entrant_id for seat in seats], members=user)  # team events
    return teams.order_by("pk").first()


REPORT_FIELDS = {"games", "wins", "draws", "placements"}
MAX_REPORT_BYTES = 16 * 1024


def check_payload(payload):
    """Only the fields a report has, a bounded size and no NUL: nothing else is stored."""
    if not isinstance(payload, dict):
        raise DomainError("result.payload_shape", "games")
    unknown = sorted(set(payload) - REPORT_FIELDS)
    if unknown:
        raise DomainError("report.unknown_fields", str(unknown[0])[:40], fields=[str(key)[:40] for key in unknown[:5]])
    if len(json.dumps(payload).encode("ascii")) > MAX_REPORT_BYTES:
        raise DomainError("report.too_large", status=413, kb=MAX_REPORT_BYTES // 1024)
    if has_unstorable_text(payload):
        raise DomainError("report.nul")
    if has_unstorable_number(payload):  # a card id no database holds fails the scorer's lookup
        raise DomainError("report.number_out_of_range", max=str(ID_MAX))


def submit_report(match, user, payload, confirms=None):
    """Record a report, replacing the player's earlier one for this match (the log keeps the
    history); scoring runs after commit. The match row is locked, and the event is only referenced
    (by the log entry), so reports to different tables never wait for each other."""
    if confirms is None:
        check_payload(payload)
    with transaction.atomic():
        table = locked_for_report(match.pk)
        entrant = entrant_of(table.match, user, table.seats)
        if entrant is None:
            raise DomainError("report.players_only", status=403)
        _check_open(table.match, table.later_round)
        result = confirms.result if confirms else _refuse_impossible(payload, table)
        if entrant.pk in table.reported_by:
            delete_rows(Report, match=table.match.pk, entrant=entrant.pk)
        stored = {"result": confirms.result} if confirms else {}
        lease = timezone.now() + timezone.timedelta(seconds=settings.SCORING_LEASE_SECONDS)
        report = insert_instance(
            Report(
                match=table.match, entrant=entrant, reporter=user, payload=payload, sends=1, resend_at=lease, **stored
            )
        )
        action = AuditAction.REPORT_CONFIRM if confirms else AuditAction.REPORT_SUBMIT
        after = {"report": report.pk, "result": result}
        log(table.match.round.event, user, action, match=table.match, entrant=entrant, after=after)
        _score_after_commit(report, table, entrant)
    return report


def _score_after_commit(report, table, entrant):
    """The report's scoring run, sent after commit. A report that leaves no table of a store's
    round without its reports goes to the urgent queue, which every worker asks first: the whole
    store waits on it for its next round, while any other report settles one table and joins the
    event's coalesced run. Looked at after commit, so of two last reports committed together at
    least one sees the other; a wrong guess only changes the queue, never the result."""
    event_id, round_id = table.match.round.event_id, table.match.round_id
    completes_table = {seat.entrant_id for seat in table.seats} <= table.reported_by | {entrant.pk}

    def send():
        if completes_table and _round_fully_reported(event_id, round_id) and send_urgent(SCORE_REPORTS, event_id):
            return
        if not send_once(SCORE_REPORTS, event_id):
            due_now(report.pk)

    transaction.on_commit(send, robust=not import_string(SCORE_REPORTS).errors_surface())


def _round_fully_reported(event_id, round_id):
    """Every open table of a store's round has a report from each side (a big event's runs
    gather their burst on their own queue instead: tournaments.tasks)."""
    if queue_for_event(event_id) == LARGE:
        return False
    try:
        return not _TABLE_WAITING_FOR_A_REPORT.rows(round_id)
    except DatabaseError:  # only the queue depends on it: the usual one
        logger.warning("round %s: could not tell whether every report is in", round_id, exc_info=True)
        return False


def _table_waiting_for_a_report(round_id):
    reported = Report.objects.filter(match=OuterRef("match"), entrant=OuterRef("entrant"))
    unreported_seat = Seat.objects.filter(match=OuterRef("pk")).exclude(Exists(reported))
    open_tables = Match.objects.filter(round_id=round_id, is_bye=False).exclude(status=Match.Status.CONFIRMED)
    return open_tables.filter(Exists(unreported_seat)).values_list("pk")[:1]


_TABLE_WAITING_FOR_A_REPORT = PreparedQuery(_table_waiting_for_a_report, int)


def awaits_organiser(match):
    """A side without an account (a walk-in, not a team with members) never reports: the organiser
    accepts the other side's claim. A report's match carries its seats already (locked_for_report)."""
    prefetch_related_objects([match], Prefetch("seats", Seat.objects.select_related("entrant")))
    return any(seat.entrant.user_id is None and not seat.entrant.member_names for seat in match.seats.all())


def due_now(report_id):
    """The broker refused the report: the sweeper's next pass sends it."""
    Report.objects.filter(pk=report_id, status=Report.Status.RECEIVED).update(resend_at=timezone.now())


def score_after_reopening(event):
    """The reports a cancelled event kept waiting (results_scoring skips them) are scored once it is
    reopened: due now, and the event's run sent after commit; should the broker refuse, the sweeper's
    next pass sends them. The caller holds the event's lock (lock order: event, then reports)."""
    event_id = event.pk
    waiting = Report.objects.filter(match__round__event_id=event_id, status=Report.Status.RECEIVED)
    if waiting.update(resend_at=timezone.now()):
        robust = not import_string(SCORE_REPORTS).errors_surface()
        transaction.on_commit(lambda: send_once(SCORE_REPORTS, event_id), robust=robust)


def _refuse_impossible(payload, table):
    """An impossible report is refused at once, naming the field. An error of ours is not the
    reporter's fault: the report is kept, and scoring records the error for the organiser."""
    match = table.match
    try:
        return reported_result(payload, match, table.seats).as_dict()
    except (DomainError, DatabaseError):
        raise
    except Exception:
        logger.exception("match %s: a report could not be checked; it is kept for the scoring task", match.pk)
        return None


_SEAT = Columns(Seat, "seats")
_ENTRANT = Columns(Entrant, "seats__entrant", defer=("deck_problems",))
_REPORT_CONTEXT = (*TABLE, _SEAT, _ENTRANT)
_SEAT_START = len(lookups(*TABLE))


def _report_context_query(match_id):
    later = Round.objects.filter(event=OuterRef("round__event"), number__gt=OuterRef("round__number"))
    earlier = Report.objects.filter(match=OuterRef("pk"), entrant=OuterRef("seats__entrant"))
    return (
        Match.objects.filter(pk=match_id)
        .select_for_update(of=("self",))
        .annotate(later_round=Exists(later), reported=Exists(earlier))
        .order_by("seats__pk")
        .values_list(*lookups(*_REPORT_CONTEXT), "later_round", "reported")
    )


_LOCKED_FOR_REPORT = PreparedQuery(_report_context_query, int)


@dataclass(frozen=True)
class ReportTable:
    """What a report needs of its table: the match (its round and event read along), its seats with
    their entrants, whether a later round exists and which sides have reported already."""

    match: Match
    seats: tuple
    later_round: bool
    reported_by: frozenset


def locked_for_report(match_id):
    """The table of a report, its match row locked: one query (the hot path of a result burst),
    compiled once per process."""
    rows = _LOCKED_FOR_REPORT.rows(match_id)
    if not rows:
        raise Match.DoesNotExist
    match, round_, event, event_settings, game = instances(rows[0], *TABLE)
    event.game, event.settings, round_.event, match.round = game, event_settings, event, round_
    seats = []
    for row in rows:
        seat, entrant = instances(row[_SEAT_START:], _SEAT, _ENTRANT)
        seat.match, seat.entrant = match, entrant
        seats.append(seat)
    match._prefetched_objects_cache = {"seats": seats}  # match.seats.all() needs no query of its own
    reported = frozenset(seat.entrant_id for seat, row in zip(seats, rows, strict=True) if row[-1])
    return ReportTable(match, tuple(seats), rows[0][-2], reported)


def _check_open(match, later_round=None):
    require_status(match.round.event, *NOT_CANCELLED)  # as read with the match: reports never wait for the event lock
    if match.is_bye:
        raise DomainError("report.bye")
    if match.status == Match.Status.CONFIRMED:
        raise DomainError("report.closed")
    if later_round is None:
        later_round = match.round.event.rounds.filter(number__gt=match.round.number).exists()
    if later_round or match.round.event.is_finished:
        raise DomainError("report.round_over")


def confirm(match, user):
    """The opponent agrees with the latest scored report of the other side."""
    entrant = entrant_of(match, user)
    if entrant is None:
        raise DomainError("report.players_only_confirm", status=403)
    scored = match.reports.filter(status=Report.Status.SCORED).exclude(entrant=entrant)
    other = scored.order_by("-created_at", "-pk").first()
    if other is None:
        raise DomainError("report.nothing_to_confirm")
    return submit_report(match, user, {"confirm": other.pk}, confirms=other)


def dispute(match, user):
    with transaction.atomic():
        event = locked(match.round.event)
        match = locked_match(match)
        if entrant_of(match, user) is None:
            raise DomainError("report.players_only_dispute", status=403)
        _check_open(match)
        return results.dispute(event, match, user)
