"""Celery tasks of the scoring service: ids in, JSON out, idempotent, enqueued after commit."""

import logging

from celery import shared_task
from django.db import OperationalError

from core.errors import DomainError
from core.tasks import Task

from .models import Event
from .services.reports import give_up, score
from .services.rounds import pair_next_round
from .services.standings import event_standings
from .services.sweeper import unscored_reports

logger = logging.getLogger("tournaments")
RETRY = {"autoretry_for": (OperationalError,), "retry_backoff": True, "retry_backoff_max": 60, "max_retries": 8}


class ScoringTask(Task):
    """A report whose scoring fails for good (database retries spent, or any other error) ends as
    `invalid` with the reason on the organiser's page, instead of being sent again forever."""

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        try:
            give_up(args[0], exc)
        except Exception:  # the database itself is away: the sweeper sends the report again later
            logger.exception("report %s: could not record the scoring failure", args[0])
        super().on_failure(exc, task_id, args, kwargs, einfo)


@shared_task(base=ScoringTask, acks_late=True, reject_on_worker_lost=True, **RETRY)
def score_report(report_id):
    """Score a reported result and settle its match (a second run finds it scored and stops)."""
    score(report_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, **RETRY)
def recompute_standings(event_id):
    """Warm the standings cache for the event's current results."""
    event = Event.objects.filter(pk=event_id).first()
    if event is not None:
        event_standings(event)


@shared_task(acks_late=True, reject_on_worker_lost=True, **RETRY)
def prepare_next_round(event_id):
    """For events that pair automatically: pair the next round once every result is confirmed."""
    event = Event.objects.filter(pk=event_id, auto_pair=True, status=Event.Status.SWISS).first()
    if event is None:
        return
    try:
        pair_next_round(event, None)
    except DomainError as error:  # not ready, already paired, or all rounds done: nothing to do
        logger.info("event %s: not pairing automatically (%s)", event_id, error.code)


@shared_task(acks_late=True)
def sweep_reports(older_than_seconds=5):
    """Re-send reports still unscored (e.g. saved while the broker was down)."""
    for report_id in unscored_reports(older_than_seconds):
        score_report.send((report_id,))
