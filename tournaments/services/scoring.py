"""Scoring reported results in batches. A run claims up to `limit` tables of one event that have
received reports (tables another run holds are skipped, not waited for), scores and settles them
in memory, and writes them in a few bulk statements with one results-version bump: a round's
burst costs O(tables), and no row is updated by every confirmation.

Lock order (docs/architecture.md): match rows, then their reports; the event row is not locked,
so reports, scoring and confirmations of different tables never queue behind one another; the
results version is bumped once per batch, after it commits."""

import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import F
from django.utils import timezone

from catalogue.models import Card
from core.bulk import update_rows
from core.errors import DomainError
from core.tasks import enqueue_once_on_commit
from games.scoring import ScoringContext

from ..engine.match_result import MatchResult
from ..models import AuditAction, AuditEntry, Event, Match, Report, Round
from .results import set_result

logger = logging.getLogger("tournaments")

AFTER_RESULTS = "tournaments.tasks.after_results"


@dataclass(frozen=True)
class Batch:
    tables: int  # tables scored (their received reports)
    confirmed: int  # of which confirmed by this run


def score_pending(event_id, limit=None):
    """Score the received reports of up to `limit` tables of the event, in one transaction."""
    with transaction.atomic():
        waiting = Report.objects.filter(status=Report.Status.RECEIVED, match__round__event_id=event_id)
        tables = _tables(Match.objects.filter(pk__in=waiting.values("match_id")), skip_locked=True)
        return score_tables(tables[: limit or settings.SCORING_BATCH_TABLES])


def score(report_id):
    """Score one report (and anything else received for its table); a second run finds it scored."""
    with transaction.atomic():
        match_id = Report.objects.filter(pk=report_id).values_list("match_id", flat=True).first()
        if match_id is None:
            return None  # replaced by the player's newer report before it was scored
        score_tables(_tables(Match.objects.filter(pk=match_id)))
    return Report.objects.filter(pk=report_id).first()


def _tables(matches, skip_locked=False):
    """Lazy, locked (match rows only) with their event, seats and reports read along."""
    return (
        matches.select_for_update(of=("self",), skip_locked=skip_locked)
        .select_related("round__event__game")
        .prefetch_related("seats", "reports")
        .order_by("pk")
    )


def score_tables(tables):
    """Score and settle locked tables, then write reports, seats, matches and the log in bulk."""
    tables = list(tables)
    if not tables:
        return Batch(0, 0)
    event = tables[0].round.event
    now = timezone.now()
    changes = _Changes()
    for match in tables:
        _score_table(match, now, changes)
    changes.write()
    if changes.audit:
        transaction.on_commit(lambda: _bump_results(event.pk))
        enqueue_once_on_commit(AFTER_RESULTS, event.pk)
    logger.info("event %s: scored %s table(s), %s confirmed", event.pk, len(tables), len(changes.audit))
    return Batch(len(tables), len(changes.audit))


def _bump_results(event_id):
    """Once per batch, after it commits: updating the event row inside the batch would take its
    lock after the match rows, the reverse of the organiser's order (event, then match). Both the
    standings and the rendered pages (tournaments/page_cache.py) are stale from then on."""
    Event.objects.filter(pk=event_id).update(
        results_version=F("results_version") + 1, pages_version=F("pages_version") + 1
    )


class _Changes:
    """What a batch writes, collected in memory so it goes out in one statement per table kind."""

    def __init__(self):
        self.reports, self.seats, self.matches, self.audit = [], [], [], []

    def write(self):
        update_rows(self.reports, ["status", "result", "problem", "scored_at"])
        update_rows(self.seats, ["game_wins", "placement"])
        update_rows(self.matches, ["status", "draws", "version", "updated_at"])
        AuditEntry.objects.bulk_create(self.audit, batch_size=500)


def _score_table(match, now, changes):
    """One table; a defect of ours here fails this table's reports alone, never the batch."""
    received = [report for report in match.reports.all() if report.status == Report.Status.RECEIVED]
    try:
        for report in received:
            _compute(report, match, now)
        result = settle(match)
    except DatabaseError:
        raise  # the task retries a passing database error a bounded number of times
    except Exception as error:
        logger.exception("match %s: its reports could not be scored", match.pk)
        for report in received:
            report.status, report.problem, report.scored_at = (
                Report.Status.INVALID,
                scoring_failed(error).as_dict(),
                now,
            )
        changes.reports += received
        return
    changes.reports += received
    if result is None and match.status == Match.Status.CONFIRMED:
        return  # confirmed earlier (by the organiser): late reports are kept, the result stands
    match.updated_at = now
    changes.matches.append(match)
    if result is not None:
        changes.seats += list(match.seats.all())
        changes.audit.append(
            AuditEntry(
                event_id=match.round.event_id,
                action=AuditAction.RESULT_CONFIRM,
                round_number=match.round.number,
                table=match.table,
                after={"result": result.as_dict()},
            )
        )


def _compute(report, match, now):
    report.scored_at = now
    if report.result is not None and "confirm" in report.payload:
        report.status = Report.Status.SCORED
        return
    try:
        report.result = reported_result(report.payload, match).as_dict()
        report.status = Report.Status.SCORED
    except DomainError as error:
        report.status, report.problem = Report.Status.INVALID, error.as_dict()
    except DatabaseError:
        raise
    except Exception as error:
        # Scoring it again would fail the same way: record why, so the organiser sees it at once.
        logger.exception("report %s could not be scored", report.pk)
        report.status, report.problem = Report.Status.INVALID, scoring_failed(error).as_dict()


def settle(match):
    """Agreeing reports from every side confirm the match; differing ones put it in dispute.
    In memory: returns the confirmed MatchResult, or None (the status says what else happened)."""
    if match.status == Match.Status.CONFIRMED:
        return None
    seats = {seat.entrant_id: seat for seat in match.seats.all()}
    scored = sorted(
        (report for report in match.reports.all() if report.status == Report.Status.SCORED),
        key=lambda report: (report.created_at, report.pk),
    )
    latest = {report.entrant_id: MatchResult.from_dict(list(seats), report.result) for report in scored}
    claims = list(latest.values())
    if any(not claim.same_claim(claims[0]) for claim in claims[1:]):
        match.status = Match.Status.DISPUTED
    elif set(latest) >= set(seats):
        set_result(match, seats, claims[0])  # a new version of the match too
        return claims[0]
    else:
        match.status = Match.Status.REPORTED
    match.version += 1  # a result form opened before this is stale now
    return None


def scoring_failed(error):
    return DomainError("report.scoring_failed", error=type(error).__name__)


def give_up(report_id, error):
    """Scoring failed for good (retries spent, or an error that survived the transaction): the report
    becomes `invalid` with the reason, so the organiser sees it and the sweeper stops sending it.
    One conditional update: a report scored meanwhile is left alone."""
    problem = scoring_failed(error).as_dict()
    changed = Report.objects.filter(pk=report_id, status=Report.Status.RECEIVED).update(
        status=Report.Status.INVALID, problem=problem, scored_at=timezone.now()
    )
    if changed:
        logger.error("report %s: scoring gave up after %r", report_id, error)
    return bool(changed)


def reported_result(payload, match):
    """The checked MatchResult a report implies, scored by the game's own rules."""
    event = match.round.event
    context = scoring_context(event, [seat.entrant_id for seat in match.seats.all()])
    result = MatchResult.from_report(payload, event.game.definition, context, event.best_of)
    return result.check(event.best_of, top_cut=match.round.stage == Round.Stage.TOP_CUT)


def scoring_context(event, sides):
    def cards(ids):
        rows = Card.objects.filter(pk__in=ids, card_set__game=event.game).values_list("pk", "rank", "type")
        return {pk: {"rank": rank, "type": kind} for pk, rank, kind in rows}

    return ScoringContext(event.mode, tuple(sides), cards, event.split_work_order)
