"""Tasks sent for later without a broker (the embedded default: Celery eager, no REDIS_URL). One
daemon thread per process runs them once their countdown has passed, so a request that queues a
webhook delivery never waits for the receiver, and a retry is queued again, never recursed into
(docs/webhooks.md, "Without a broker"). A job lost with the process is the sweepers' to send."""

import heapq
import itertools
import logging
import threading
import time

from django.db import connection
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)


class Dispatcher:
    """A timed queue and the one thread that empties it, started by the first job (and again in
    a forked child, where the parent's thread does not exist)."""

    def __init__(self):
        self._jobs = []  # (due, order, task_path, args): the earliest due first
        self._order = itertools.count()
        self._changed = threading.Condition()
        self._thread = None

    def submit(self, task_path, args, countdown):
        with self._changed:
            due = time.monotonic() + max(countdown or 0, 0)
            heapq.heappush(self._jobs, (due, next(self._order), task_path, tuple(args)))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="tasks-later", daemon=True)
                self._thread.start()
            self._changed.notify()

    def _next_due(self):
        with self._changed:
            while True:
                wait = self._jobs[0][0] - time.monotonic() if self._jobs else None
                if wait is not None and wait <= 0:
                    _due, _order, task_path, args = heapq.heappop(self._jobs)
                    return task_path, args
                self._changed.wait(wait)

    def _run(self):
        while True:
            task_path, args = self._next_due()
            try:
                import_string(task_path)(*args)
            except Exception:
                logger.exception("background task %s%s failed", task_path, args)
            finally:
                connection.close()  # this thread's own connection: never left open between jobs


dispatcher = Dispatcher()
