"""Celery application. Without REDIS_URL tasks run eagerly in-process (see settings)."""

import os

from celery import Celery
from celery.signals import celeryd_after_setup, task_postrun, task_prerun, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config", task_cls="core.tasks:Task")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["core"], related_name="workers")  # the heartbeat (core/workers.py)


@celeryd_after_setup.connect
def consume_urgent(sender, instance, **kwargs):
    """Every worker takes the urgent queue, whatever its -Q says: a deployment that names only
    `default` or `large` still scores a store's closing report at once (core/broker.py)."""
    from core.broker import URGENT

    queues = instance.app.amqp.queues
    queues.select_add(queues[URGENT])


@worker_init.connect
def keep_database_connections(**kwargs):
    """Celery closes the database connection after every task unless CELERY_DB_REUSE_MAX says
    otherwise (settings): each store's scoring run then paid a new PostgreSQL backend, whose cold
    catalogue caches made planning its joins cost 4-5 ms. Kept instead, they are checked as Django
    checks a request's: before and after each task, a connection that failed or is older than
    CONN_MAX_AGE is closed, and the next query opens a new one (a restarted database included)."""
    task_prerun.connect(_close_old_connections, weak=False)
    task_postrun.connect(_close_old_connections, weak=False)


def _close_old_connections(**kwargs):
    from django.db import close_old_connections

    close_old_connections()
