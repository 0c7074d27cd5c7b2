"""Celery tasks of the scoring service: ids in, JSON out, idempotent, enqueued after commit.

Reports are scored per event in batches (`score_reports`), sent once per event however many
reports arrive (`core.tasks.send_once`); the round's follow-up (`after_results`) is coalesced
the same way. The sweeper re-sends only reports whose delivery lease has ended."""

import logging
import time

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from core.tasks import Task, clear_pending, mark_pending, send_later, send_now, send_once

from .queues import LARGE, queue_for_event
from .services.results_reports import give_up, score
from .services.results_scoring import claim_due_reports, events_waiting_for_pairing, score_pending
from .services.rounds import after_results as settle_round
from .services.webhooks import DELIVER
from .services.webhooks_delivery import attempt as attempt_delivery
from .services.webhooks_delivery import lost as lost_deliveries

logger = logging.getLogger("tournaments")
RETRY = {"autoretry_for": (OperationalError,), "retry_backoff": True, "retry_backoff_max": 60, "max_retries": 8}
SCORE_REPORTS = "tournaments.tasks.score_reports"
AFTER_RESULTS = "tournaments.tasks.after_results"


class ScoringTask(Task):
    """A report whose scoring fails for good (database retries spent, or any other error) ends as
    `invalid` with the reason on the organiser's page, instead of being sent again forever."""

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        try:
            give_up(args[0], exc)
        except Exception:  # the database itself is away: the sweeper sends the report again later
            logger.exception("report %s: could not record the scoring failure", args[0])
        super().on_failure(exc, task_id, args, kwargs, einfo)


@shared_task(acks_late=True, reject_on_worker_lost=True, **RETRY)
def score_reports(event_id):
    """Score the event's received reports, table batch by table batch; a run that reaches its
    time sends the next one. Tables another worker holds are left to it (skip locked). A store's
    run ends once nothing waits, so a worker is never held by a store's trickle of reports (a
    report arriving later sends a run of its own: the flag was cleared as this one started). A big
    event's run gathers its burst into a few big batches and holds the flag while it runs, so
    reports arriving meanwhile send no second run: a burst occupies one worker process, never
    all of them, and the stores' runs keep the others (docs/deploy.md)."""
    deadline = time.monotonic() + settings.SCORING_RUN_SECONDS
    holds = queue_for_event(event_id) == LARGE
    if holds:
        _hold(event_id)
    else:
        clear_pending(SCORE_REPORTS, event_id)
    while True:
        batch = score_pending(event_id).tables
        if not batch and (not holds or _released_and_nothing_came(event_id)):
            return
        if time.monotonic() > deadline:
            clear_pending(SCORE_REPORTS, event_id)
            send_once(SCORE_REPORTS, event_id)  # to the back of the queue: the stores' runs go first
            return
        if batch < settings.SCORING_BATCH_TABLES:
            if not holds:
                return
            _gather(event_id)


def _hold(event_id):
    """Reports arriving within the run's time need no run of their own: this one looks again."""
    mark_pending(SCORE_REPORTS, event_id, settings.SCORING_RUN_SECONDS + settings.SCORING_GATHER_MS / 1000)


def _released_and_nothing_came(event_id):
    """The run lets go of the flag, then looks once more: a report that came while it was held
    sent no run, and is scored here; one that comes after sends its own."""
    clear_pending(SCORE_REPORTS, event_id)
    if score_pending(event_id).tables:
        _hold(event_id)
        return False
    return True


def _gather(event_id):
    """Wait a moment before the next batch, so that a burst is scored in a few big batches: the
    work per batch, not per table, was most of a burst's scoring. Reports arriving meanwhile send
    no run of their own (the run holds the flag); this one looks again."""
    seconds = settings.SCORING_GATHER_MS / 1000
    if seconds > 0:
        time.sleep(seconds)


@shared_task(acks_late=True, reject_on_worker_lost=True, **RETRY)
def after_results(event_id):
    """Once the round's last result is in: the standings once, and the next round for auto_pair
    events (paired at most once: the pairing names the round it expects)."""
    clear_pending(AFTER_RESULTS, event_id)
    settle_round(event_id)


@shared_task(base=ScoringTask, acks_late=True, reject_on_worker_lost=True, **RETRY)
def score_report(report_id):
    """Score one report and settle its match (a second run finds it scored and stops). Kept for
    messages queued before an upgrade; new reports are scored by `score_reports`."""
    score(report_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, **RETRY)
def prepare_next_round(event_id):
    """Kept for messages queued before an upgrade: the same as `after_results`."""
    settle_round(event_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, **RETRY)
def recompute_standings(event_id):
    """Kept for messages queued before an upgrade: the same as `after_results`."""
    settle_round(event_id)


@shared_task(acks_late=True)
def sweep_reports():
    """Re-send reports whose delivery lease has ended (saved while the broker was down, or held
    by a worker that died), once per event; and nudge auto_pair events whose round is complete."""
    for event_id in sorted({event_id for _report, event_id in claim_due_reports()}):
        send_once(SCORE_REPORTS, event_id)
    for event_id in events_waiting_for_pairing():
        send_once(AFTER_RESULTS, event_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, **RETRY)
def deliver_webhook(delivery_id):
    """Send one webhook delivery (a second run finds it claimed or done and stops); a failed one is
    sent again later, waiting twice as long each time, until WEBHOOK_MAX_ATTEMPTS."""
    wait = attempt_delivery(delivery_id)
    if wait is not None:
        send_later(DELIVER, delivery_id, wait)


@shared_task(acks_late=True)
def sweep_webhooks():
    """Send again the deliveries whose message was lost (beat's `sweep-webhooks`, every 30 s): a
    delivery still claimable is sent once, whichever message reaches a worker first."""
    for delivery_id in lost_deliveries():
        send_now(DELIVER, delivery_id)
