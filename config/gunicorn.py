"""Gunicorn settings for production: `gunicorn -c config/gunicorn.py config.wsgi` (see docs/deploy.md).

Threaded workers, so a slow page occupies one thread, not a whole process: /healthz and players'
pages keep answering while an organiser loads a big dashboard.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 2))
threads = int(os.environ.get("GUNICORN_THREADS", 4))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
graceful_timeout = 30
keepalive = 5
# Recycle workers now and then, with jitter so they do not restart together. At a convention's
# 500 requests a second, 2,000 restarted every worker every 16 s, often in a result burst.
max_requests = 20000
max_requests_jitter = 2000
# The application is imported once, in the master: a recycled worker is a fork, not a fresh start.
preload_app = True
accesslog = "-"
errorlog = "-"


def post_fork(server, worker):
    """Nothing opens a database connection at import; should anything ever, no worker shares it."""
    from django.db import connections

    connections.close_all()
