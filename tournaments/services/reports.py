"""Player-reported results: accept (saved even when the broker is down), score in a Celery task,
confirm or dispute, and settle the match. Every step is idempotent and can be re-derived from
the stored reports. Reports and the organiser's entries are checked by the same MatchResult rules."""

import json
import logging

from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from catalogue.models import Card
from core.errors import DomainError, define_messages
from core.tasks import enqueue_on_commit
from core.text import has_unstorable_text
from games.scoring import ScoringContext

from ..match_result import MatchResult
from ..models import AuditAction, Event, Match, Report, Round
from .common import bump_results, locked, locked_match, log
from .results import apply_result

logger = logging.getLogger("tournaments")

define_messages(
    {
        "report.players_only": _("Only the players of this match can report its result."),
        "report.players_only_confirm": _("Only the players of this match can confirm its result."),
        "report.players_only_dispute": _("Only the players of this match can dispute its result."),
        "report.bye": _("A bye has no result to report."),
        "report.closed": _("This match is closed: its result is confirmed."),
        "report.round_over": _("This match belongs to a round that is over."),
        "report.nothing_to_confirm": _("There is no reported result to confirm yet."),
        "report.unknown_fields": _("A report takes games, wins, draws or placements; not %(fields)s."),
        "report.too_large": _("A report is at most %(kb)s KB."),
        "report.nul": _("A report cannot contain NUL characters or lone surrogates."),
        "report.scoring_failed": _(
            "This report could not be scored because of an error on the site (%(error)s); the organiser enters "
            "the result. The error has been logged."
        ),
    }
)


def entrant_of(match, user):
    """The entrant `user` plays as in this match, or None."""
    if not user.is_authenticated:
        return None
    for seat in match.seats.select_related("entrant"):
        entrant = seat.entrant
        if entrant.user_id == user.pk or entrant.members.filter(pk=user.pk).exists():
            return entrant
    return None


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


def submit_report(match, user, payload, confirms=None):
    """Record a report, replacing the player's earlier one for this match (the log keeps the
    history); scoring runs after commit. The match row is locked, and the event is only referenced
    (by the log entry), so reports to different tables never wait for each other."""
    if confirms is None:
        check_payload(payload)
    with transaction.atomic():
        match = locked_match(match)
        entrant = entrant_of(match, user)
        if entrant is None:
            raise DomainError("report.players_only", status=403)
        _check_open(match)
        result = confirms.result if confirms else _refuse_impossible(payload, match)
        match.reports.filter(entrant=entrant).delete()
        stored = {"result": confirms.result} if confirms else {}
        report = Report.objects.create(match=match, entrant=entrant, reporter=user, payload=payload, **stored)
        action = AuditAction.REPORT_CONFIRM if confirms else AuditAction.REPORT_SUBMIT
        log(
            match.round.event, user, action, match=match, entrant=entrant, after={"report": report.pk, "result": result}
        )
        enqueue_on_commit("tournaments.tasks.score_report", report.pk)
    return report


def awaits_organiser(match):
    """A side without an account (a walk-in) never reports: the organiser accepts the other side's claim."""
    return match.seats.filter(entrant__user__isnull=True).exists()


def _refuse_impossible(payload, match):
    """An impossible report is refused at once, naming the field. An error of ours is not the
    reporter's fault: the report is kept, and scoring records the error for the organiser."""
    try:
        return reported_result(payload, match).as_dict()
    except (DomainError, DatabaseError):
        raise
    except Exception:
        logger.exception("match %s: a report could not be checked; it is kept for the scoring task", match.pk)
        return None


def _check_open(match):
    if match.is_bye:
        raise DomainError("report.bye")
    if match.status == Match.Status.CONFIRMED:
        raise DomainError("report.closed")
    latest = match.round.event.rounds.order_by("-number").values_list("pk", flat=True).first()
    if match.round_id != latest or match.round.event.status == Event.Status.FINISHED:
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
        match.status = Match.Status.DISPUTED
        match.version += 1
        match.save(update_fields=["status", "version", "updated_at"])
        log(event, user, AuditAction.RESULT_DISPUTE, match=match)
    return match


def score(report_id):
    """Score one report and settle its match; running it again changes nothing."""
    with transaction.atomic():
        report = Report.objects.select_related("match__round__event__game").filter(pk=report_id).first()
        if report is None:
            return None  # replaced by the player's newer report before it was scored
        event = locked(report.match.round.event)
        match = locked_match(report.match)
        report = Report.objects.filter(pk=report_id).first()
        if report is None or report.status != Report.Status.RECEIVED:
            return report
        _compute(report, match)
        report.save(update_fields=["status", "result", "problem", "scored_at"])
        if report.status == Report.Status.SCORED:
            settle(match, event)
    return report


def _compute(report, match):
    report.scored_at = timezone.now()
    if report.result is not None and "confirm" in report.payload:
        report.status = Report.Status.SCORED
        return
    try:
        report.result = reported_result(report.payload, match).as_dict()
        report.status = Report.Status.SCORED
    except DomainError as error:
        report.status, report.problem = Report.Status.INVALID, error.as_dict()
    except DatabaseError:
        raise  # the task retries a passing database error a bounded number of times, then gives up
    except Exception as error:
        # Scoring it again would fail the same way: record why, so the organiser sees it at once.
        logger.exception("report %s could not be scored", report.pk)
        report.status, report.problem = Report.Status.INVALID, scoring_failed(error).as_dict()


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


def settle(match, event):
    """Agreeing reports from every side confirm the match; differing ones put it in dispute."""
    if match.status == Match.Status.CONFIRMED:
        return
    sides = [seat.entrant_id for seat in match.seats.all()]
    latest = {}
    for report in match.reports.filter(status=Report.Status.SCORED).order_by("created_at", "pk"):
        latest[report.entrant_id] = MatchResult.from_dict(sides, report.result)
    claims = list(latest.values())
    if any(not claim.same_claim(claims[0]) for claim in claims[1:]):
        match.status = Match.Status.DISPUTED
    elif set(latest) >= set(sides):
        _confirm(match, event, claims[0])
        return
    else:
        match.status = Match.Status.REPORTED
    match.version += 1
    match.save(update_fields=["status", "version", "updated_at"])


def _confirm(match, event, result):
    apply_result(match, {seat.entrant_id: seat for seat in match.seats.all()}, result)
    bump_results(event)
    log(event, None, AuditAction.RESULT_CONFIRM, match=match, after={"result": result.as_dict()})
    enqueue_on_commit("tournaments.tasks.recompute_standings", event.pk)
    enqueue_on_commit("tournaments.tasks.prepare_next_round", event.pk)
