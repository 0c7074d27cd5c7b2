"""Celery tasks of the decks app: ids in, idempotent, enqueued only after commit."""

import logging

from celery import shared_task

from .services import bulk
from .services import decks as deck_services

logger = logging.getLogger(__name__)


@shared_task(acks_late=True)
def sweep_bulk_validations():
    """Send again the jobs nobody is working on (sent while the broker was away, or their worker died)."""
    for job_id in bulk.stalled_jobs():
        validate_bulk.send((job_id,))


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=5)
def validate_bulk(self, job_id):
    """Check every decklist of a bulk validation job; running it again gives the same report."""
    if not bulk.claim(job_id):
        logger.info("bulk validation %s already taken or finished", job_id)
        return
    try:
        bulk.run(job_id)
    except Exception as error:
        if self.request.retries >= self.max_retries:
            bulk.fail(job_id, error)
            raise
        bulk.release(job_id)
        raise self.retry(exc=error, countdown=2**self.request.retries) from error


@shared_task(acks_late=True)
def sweep_deleted_decks():
    """Purge the decks deleted more than RESTORE_DAYS ago (beat's `purge-deleted-decks`), one task each."""
    for deck_id in deck_services.purgeable_decks():
        purge_deck.send((deck_id,))


@shared_task(acks_late=True, reject_on_worker_lost=True)
def purge_deck(deck_id):
    """Purge one deleted deck; a second run, or one for a deck restored meanwhile, does nothing."""
    deck_services.purge_deck(deck_id)
