"""Sending Celery tasks: only after the transaction commits, and never losing the caller's work
when the broker is away (the sweepers send it again later)."""

import logging

from celery.contrib.django.task import DjangoTask
from django.db import transaction
from django.utils.module_loading import import_string
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class Task(DjangoTask):
    """The base of every task. In-process (eager) tasks let their errors surface where
    CELERY_TASK_EAGER_PROPAGATES is on (tests, development); elsewhere they are logged."""

    def delay_on_commit(self, *args, **kwargs):
        transaction.on_commit(lambda: self.send(args, kwargs), robust=not self.errors_surface())

    def errors_surface(self):
        return bool(self.app.conf.task_always_eager and self.app.conf.task_eager_propagates)

    def send(self, args=(), kwargs=None):
        try:
            return self.apply_async(args, kwargs)
        except (BrokerError, RedisError, OSError):
            logger.warning("could not send %s%s; a sweeper will send it again", self.name, args, exc_info=True)
            return None


def enqueue_on_commit(task_path, *args):
    """Send the task named by its dotted path once the transaction commits. Services name tasks
    instead of importing them, so the tasks modules can import services without a cycle."""
    import_string(task_path).delay_on_commit(*args)


def send_now(task_path, *args):
    """Send at once (for sweepers running outside a transaction)."""
    return import_string(task_path).send(args)
