"""Celery application. Without REDIS_URL tasks run eagerly in-process (see settings)."""

import os

from celery import Celery
from celery.signals import celeryd_after_setup

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
