"""Celery application. Without REDIS_URL tasks run eagerly in-process (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config", task_cls="core.tasks:Task")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["core"], related_name="workers")  # the heartbeat (core/workers.py)
