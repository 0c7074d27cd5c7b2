"""Sending Celery tasks: only after the transaction commits, and never losing the caller's work
when the broker is away (the sweepers send it again later)."""

import logging

from celery.contrib.django.task import DjangoTask
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils.module_loading import import_string
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError

from .background import dispatcher
from .broker import URGENT

logger = logging.getLogger(__name__)


class Task(DjangoTask):
    """The base of every task. In-process (eager) tasks let their errors surface where
    CELERY_TASK_EAGER_PROPAGATES is on (tests, development); elsewhere they are logged."""

    def delay_on_commit(self, *args, **kwargs):
        transaction.on_commit(lambda: self.send(args, kwargs), robust=not self.errors_surface())

    def errors_surface(self):
        return bool(self.app.conf.task_always_eager and self.app.conf.task_eager_propagates)

    def send(self, args=(), kwargs=None, queue=None):
        try:
            return self.apply_async(args, kwargs, queue=queue)
        except (BrokerError, RedisError, OSError):
            logger.warning("could not send %s%s; a sweeper will send it again", self.name, args, exc_info=True)
            return None

    def send_in(self, args, countdown):
        """`send`, to run `countdown` seconds from now."""
        try:
            return self.apply_async(args, countdown=countdown)
        except (BrokerError, RedisError, OSError):
            logger.warning("could not send %s%s in %ss", self.name, args, countdown, exc_info=True)
            return None


def enqueue_on_commit(task_path, *args):
    """Send the task named by its dotted path once the transaction commits. Services name tasks
    instead of importing them, so the tasks modules can import services without a cycle."""
    import_string(task_path).delay_on_commit(*args)


def send_now(task_path, *args, queue=None):
    """Send at once (for sweepers running outside a transaction), to the task's queue or `queue`."""
    return import_string(task_path).send(args, queue=queue)


PENDING_SECONDS = 60  # a pending flag outlives a lost message by at most this


def pending_key(task_path, object_id):
    return f"pending:{task_path}:{object_id}"


def send_once(task_path, object_id):
    """Send the task for this object unless a run is already waiting in the queue (coalescing: a
    burst of reports for one event makes one run, not one per report). The task clears the flag
    when it starts, so work arriving during a run makes exactly one more. Returns False only when
    the broker refused; with the cache away it sends anyway (a spare run finds nothing to do)."""
    key = pending_key(task_path, object_id)
    try:
        added = cache.add(key, 1, PENDING_SECONDS)
    except Exception:  # noqa: BLE001 - the cache is optional here: sending twice is harmless
        added = None
    if added is False:  # a run is already queued (None: the cache is away, so send anyway)
        return True
    if send_now(task_path, object_id) is not None:
        return True
    clear_pending(task_path, object_id)  # the next attempt must really send
    return False


def send_urgent(task_path, object_id):
    """Send the task to the `urgent` queue, which every worker asks first (core/broker.py), for
    work a person waits on now. Not coalesced: the caller sends it once per such moment. Returns
    False when the broker refused."""
    return send_now(task_path, object_id, queue=URGENT) is not None


def mark_pending(task_path, object_id, seconds):
    """A running task will look again within `seconds`: work arriving meanwhile needs no run of
    its own. The flag lasts a little longer than that, so a task killed meanwhile holds nothing up."""
    try:
        cache.set(pending_key(task_path, object_id), 1, seconds + 5)
    except Exception:  # noqa: BLE001 - without the flag a spare run is sent: harmless
        logger.warning("cache unavailable: %s(%s) not marked pending", task_path, object_id)


def clear_pending(task_path, object_id):
    """Called by a coalesced task as it starts: anything that arrives from now on needs a new run."""
    try:
        cache.delete(pending_key(task_path, object_id))
    except Exception:  # noqa: BLE001 - the flag expires by itself
        logger.warning("cache unavailable: pending flag of %s(%s) left to expire", task_path, object_id)


def send_later(task_path, object_id, countdown):
    """Send the task to run in `countdown` seconds (a gathering window, a retry's backoff). Returns
    False when the broker refused. Without a broker (eager) the in-process background thread runs
    it after the countdown, never the caller's request; tests may set TASKS_LATER_IN_BACKGROUND
    off to run it at once instead."""
    task = import_string(task_path)
    if task.app.conf.task_always_eager and settings.TASKS_LATER_IN_BACKGROUND:
        dispatcher.submit(task_path, (object_id,), countdown)
        return True
    return task.send_in((object_id,), countdown) is not None
