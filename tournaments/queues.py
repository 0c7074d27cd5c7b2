"""Which Celery queue an event's work goes to, so that no store waits behind a convention.

A big event's burst (thousands of reports, a pairing of thousands) goes to the `large` queue;
every other event's work to `default`. A worker consumes both unless told otherwise, and takes
from them in turn, so a store's report is next in line however long the big event's queue is;
a deployment that wants a hard bound runs one more worker on `default` alone (docs/deploy.md).
The big event's runs also yield after `SCORING_RUN_SECONDS` (tournaments.tasks), so a worker
busy with it comes back to the queues often."""

import logging

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)

DEFAULT, LARGE = "default", "large"
# Tasks that take an event id first and whose work grows with the event (by dotted name: the
# router runs wherever a task is sent, without importing the tasks modules).
EVENT_TASKS = frozenset({"tournaments.tasks.score_reports", "tournaments.tasks.after_results"})
SIZE_SECONDS = 300  # an event's size class is looked up at most this often


def route(name, args, kwargs, options, task=None, **extra):
    """Celery's task router (CELERY_TASK_ROUTES): the event's queue for the event tasks, unless
    the sender named one (an urgent run, core.tasks.send_urgent)."""
    if name in EVENT_TASKS and args and not options.get("queue"):
        return {"queue": queue_for_event(args[0])}
    return None


def queue_for_event(event_id):
    key = f"event-queue:{event_id}"
    try:
        queue = cache.get(key)
    except Exception:  # noqa: BLE001 - the cache is optional: count instead
        queue = None
    if queue is None:
        queue = LARGE if _players(event_id) >= settings.LARGE_EVENT_PLAYERS else DEFAULT
        try:
            cache.set(key, queue, SIZE_SECONDS)
        except Exception:  # noqa: BLE001
            logger.warning("cache unavailable: event %s's queue not remembered", event_id)
    return queue


def _players(event_id):
    from .models import Entrant

    return Entrant.objects.filter(event_id=event_id).count()
