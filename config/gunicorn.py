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
max_requests = 2000  # recycle workers now and then; jitter so they do not restart together
max_requests_jitter = 200
accesslog = "-"
errorlog = "-"
