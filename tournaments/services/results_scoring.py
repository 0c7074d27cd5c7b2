"""Scoring reported results in batches. A run claims up to `limit` tables of one event that have
received reports (tables another run holds are skipped, not waited for), scores and settles them
in memory, and writes them in a few bulk statements with one results-version bump: a round's
burst costs O(tables), and no row is updated by every confirmation.

Lock order (docs/architecture.md): match rows, then their reports; the event row is not locked,
so reports, scoring and confirmations of different tables never queue behind one another; the
results version is bumped once per batch, after it commits.

The sweeper sends reports to the workers again only when their delivery lease has ended, with
a backoff, so a deep queue is never multiplied; and nudges auto_pair events left waiting.
"""

import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Exists, F, OuterRef, Q, Subquery, prefetch_related_objects
from django.utils import timezone
from django.utils.module_loading import import_string

from catalogue.models import Card, Game
from core.errors import DomainError
from core.prepared import Columns, PreparedQuery, instances, lookups
from core.tasks import send_once
from games.scoring import ScoringContext

from ..engine.match_result import MatchResult
from ..models import Event, EventSettings, Match, Report, Round
from ..queues import LARGE, queue_for_event
from .results import ScoredTables, final_result, settle_claims
from .rounds import after_results

logger = logging.getLogger("tournaments")

AFTER_RESULTS = "tournaments.tasks.after_results"


@dataclass(frozen=True)
class Batch:
    tables: int  # tables scored (their received reports)
    confirmed: int  # of which confirmed by this run


# A table's match row with its round, event, settings and game, as one query reads them (here and
# for a player's report, results_reports.locked_for_report).
MATCH = Columns(Match)
ROUND = Columns(Round, "round", defer=("notes",))
EVENT = Columns(Event, "round__event")
SETTINGS = Columns(EventSettings, "round__event__settings", defer=("pod_points",))
GAME = Columns(Game, "round__event__game")
TABLE = (MATCH, ROUND, EVENT, SETTINGS, GAME)


def not_cancelled(event_path):
    """Rows whose event (at `event_path`) is not cancelled: a cancelled event's reports wait, neither
    scored nor sent again, until it is reopened (docs/events.md)."""
    return ~Q(**{f"{event_path}__status": Event.Status.CANCELLED})


def score_pending(event_id, limit=None):
    """Score the received reports of up to `limit` tables of the event, in one transaction. A cancelled
    event's reports wait, unscored, until it is reopened (docs/events.md)."""
    with transaction.atomic():
        return score_tables(_waiting_tables(event_id, limit or settings.SCORING_BATCH_TABLES))


def _waiting_tables(event_id, limit):
    """Up to `limit` tables of the event with received reports, their match rows locked (tables
    another run holds are skipped), with their round, event, seats and reports. The query is
    compiled and prepared once per process and connection: PostgreSQL spent 2-5 ms planning its
    joins on every run, more than running it (docs/benchmarks.md)."""
    rows = _waiting_tables_query(limit).rows(event_id)
    matches, rounds, event = [], {}, None
    for row in rows:
        match, round_, row_event, event_settings, game = instances(row, *TABLE)
        if event is None:
            event, event.settings, event.game = row_event, event_settings, game
        match.round = rounds.setdefault(round_.pk, round_)
        match.round.event = event
        matches.append(match)
    prefetch_related_objects(matches, "seats", "reports")
    return matches


_WAITING_TABLES = {}  # per batch size


def _waiting_tables_query(limit):
    if limit not in _WAITING_TABLES:

        def build(event_id):
            waiting = Report.objects.filter(status=Report.Status.RECEIVED, match__round__event_id=event_id)
            return (
                Match.objects.filter(pk__in=waiting.values("match_id"))
                .filter(not_cancelled("round__event"))
                .select_for_update(of=("self",), skip_locked=True)
                .order_by("pk")
                .values_list(*lookups(*TABLE))[:limit]
            )

        _WAITING_TABLES[limit] = PreparedQuery(build, int)
    return _WAITING_TABLES[limit]


def score(report_id):
    """Score one report (and anything else received for its table); a second run finds it scored. At
    a cancelled event it stays received, for the reopening to send."""
    with transaction.atomic():
        match_id = Report.objects.filter(pk=report_id).values_list("match_id", flat=True).first()
        if match_id is None:
            return None  # replaced by the player's newer report before it was scored
        table = (
            Match.objects.filter(pk=match_id)
            .filter(not_cancelled("round__event"))
            .select_for_update(of=("self",))
            .select_related("round__event__game", "round__event__settings")
            .prefetch_related("seats", "reports")
        )
        score_tables(table)
    return Report.objects.filter(pk=report_id).first()


def score_tables(tables):
    """Score and settle locked tables, then write reports, seats, matches and the log in bulk."""
    tables = list(tables)
    if not tables:
        return Batch(0, 0)
    event = tables[0].round.event
    now = timezone.now()
    changes = ScoredTables()
    for match in tables:
        _score_table(match, now, changes)
    changes.write(event.pk)
    if changes.confirmed:
        rounds = {match.round_id for match, _result in changes.confirmed}
        robust = not import_string(AFTER_RESULTS).errors_surface()
        transaction.on_commit(lambda: _settle_if_complete(event.pk, rounds), robust=robust)
    logger.info("event %s: scored %s table(s), %s confirmed", event.pk, len(tables), len(changes.confirmed))
    return Batch(len(tables), len(changes.confirmed))


def _settle_if_complete(event_id, rounds):
    """The round's follow-up, once no table of the batch's rounds waits for a result: a store's
    trickle of confirmations then costs one follow-up per round, not one per batch. Checked after
    this batch commits, so of two batches confirming a round's last tables at once, the later to
    commit sees both (the sweeper still nudges auto_pair events). A store's follow-up runs here,
    in the run that confirmed its last table: one wait in the queue instead of two, which was
    most of a store's wait for its next round on a busy weekend (docs/benchmarks.md). A large
    event's is its own task on its queue, coalesced across its batches."""
    if Match.objects.filter(round_id__in=rounds).exclude(status=Match.Status.CONFIRMED).exists():
        return
    if queue_for_event(event_id) == LARGE:
        send_once(AFTER_RESULTS, event_id)
        return
    try:
        after_results(event_id)
    except DatabaseError:  # the task retries it; the scores themselves are already committed
        logger.warning("event %s: follow-up sent as a task after a database error", event_id, exc_info=True)
        send_once(AFTER_RESULTS, event_id)


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
    changes.add(match, result)


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
    sides = [seat.entrant_id for seat in match.seats.all()]
    scored = sorted(
        (report for report in match.reports.all() if report.status == Report.Status.SCORED),
        key=lambda report: (report.created_at, report.pk),
    )
    latest = {report.entrant_id: MatchResult.from_dict(sides, report.result) for report in scored}
    return settle_claims(match, list(latest.values()), set(latest) >= set(sides))


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


def reported_result(payload, match, seats=None):
    """The games played that a report states, scored by the game's own rules and checked together
    with the game losses given before the result (the writer adds those when it stores the result)."""
    event = match.round.event
    seats = list(match.seats.all()) if seats is None else list(seats)
    context = scoring_context(event, [seat.entrant_id for seat in seats])
    played = MatchResult.from_report(payload, event.game.definition, context, event.best_of)
    final_result(event, match, seats, played)
    return played


def scoring_context(event, sides):
    def cards(ids):
        rows = Card.objects.filter(pk__in=ids, card_set__game=event.game).values_list("pk", "rank", "type")
        return {pk: {"rank": rank, "type": kind} for pk, rank, kind in rows}

    return ScoringContext(event.mode, tuple(sides), cards, event.settings.game_options)


LONGEST_LEASE_SECONDS = 600


def lease_seconds(sends):
    """How long a report sent `sends` times waits before the next send: doubling, capped."""
    return min(settings.SCORING_LEASE_SECONDS * 2**sends, LONGEST_LEASE_SECONDS)


def claim_due_reports(ignore_leases=False, limit=5000):
    """[(report id, event id)] of received reports whose lease has ended (or all of them), each
    claimed for one more send: its lease is renewed with a backoff before it is sent, and rows
    another sweeper holds are skipped. A report with no lease (older rows) is due."""
    now = timezone.now()
    with transaction.atomic():
        # A cancelled event's reports are not sent, nor their lease backed off: its reopening sends them.
        due = Report.objects.filter(not_cancelled("match__round__event"), status=Report.Status.RECEIVED)
        if not ignore_leases:
            due = due.exclude(resend_at__gt=now)
        rows = list(
            due.select_for_update(of=("self",), skip_locked=True)
            .order_by("pk")
            .values_list("pk", "sends", "match__round__event_id")[:limit]
        )
        by_sends = {}
        for report, sends, _event in rows:
            by_sends.setdefault(sends, []).append(report)
        for sends, reports in by_sends.items():
            resend_at = now + timezone.timedelta(seconds=lease_seconds(sends))
            Report.objects.filter(pk__in=reports).update(resend_at=resend_at, sends=sends + 1)
    return [(report, event) for report, _sends, event in rows]


def events_waiting_for_pairing():
    """auto_pair events whose latest Swiss round is complete and not the last one, in one query
    whatever the number of events (the sweeper asks every few seconds, on a weekend with a
    thousand store events at once)."""
    latest = Round.objects.filter(event=OuterRef("pk")).order_by("-number")
    unconfirmed = Match.objects.filter(round=OuterRef("latest_round")).exclude(status=Match.Status.CONFIRMED)
    return list(
        Event.objects.filter(settings__auto_pair=True, status=Event.Status.SWISS)
        .annotate(latest_number=Subquery(latest.values("number")[:1]), latest_round=Subquery(latest.values("pk")[:1]))
        .filter(latest_number__lt=F("swiss_rounds"))  # no round yet, or every Swiss round paired: nothing to do
        .exclude(Exists(unconfirmed))
        .order_by("pk")
        .values_list("pk", flat=True)
    )
