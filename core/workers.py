"""Is a worker scoring? Workers leave a heartbeat in the shared cache as they start, as they run a
task, and on beat's ping (`worker-ping`, every 15 s), so a worker is live only if the whole chain
beat → broker → worker works. `/healthz` and the organiser's dashboard read it: one cache get."""

import logging
import time
from datetime import UTC, datetime

from celery import shared_task
from celery.signals import task_prerun, worker_ready
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

logger = logging.getLogger(__name__)
HEARTBEAT_KEY = "workers:heartbeat"
WRITE_EVERY_SECONDS = 5  # a burst of tasks writes the heartbeat a few times, not once per task
_last_write = [0.0]


def record_heartbeat(force=False):
    now = time.time()
    if not force and now - _last_write[0] < WRITE_EVERY_SECONDS:
        return
    _last_write[0] = now
    try:
        cache.set(HEARTBEAT_KEY, now, timeout=None)
    except Exception:  # noqa: BLE001 - the cache is the broker's Redis: when it is away, so is the work
        logger.warning("cache unavailable: worker heartbeat not written")


@worker_ready.connect
def _on_worker_ready(**_kwargs):
    record_heartbeat(force=True)


@task_prerun.connect
def _on_task(**_kwargs):
    record_heartbeat()


@shared_task(ignore_result=True)
def ping():
    """Sent by beat (`worker-ping`): the worker that takes it is alive."""
    record_heartbeat(force=True)


def last_heartbeat():
    """When a worker was last seen (aware datetime), or None if none is known."""
    try:
        seen = cache.get(HEARTBEAT_KEY)
    except Exception:  # noqa: BLE001 - unknown, as if never seen
        seen = None
    if seen is None:
        return None
    return datetime.fromtimestamp(float(seen), tz=UTC)


def worker_live(seen):
    return seen is not None and (timezone.now() - seen).total_seconds() <= settings.WORKER_STALE_SECONDS


def paused_since(waiting_since):
    """When scoring stopped for work that has waited since `waiting_since` (a datetime, or None if
    nothing waits): None while a worker is live or tasks run in-process, else the later of the
    worker's last sign of life and the oldest waiting work."""
    if waiting_since is None or not settings.REDIS_URL:
        return None
    seen = last_heartbeat()
    if worker_live(seen):
        return None
    return max(waiting_since, seen) if seen else waiting_since
