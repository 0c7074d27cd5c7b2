"""Loaded by pytest before Django settings: test defaults for the environment."""

import os
import tempfile

os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
# Playwright's sync API runs an event loop; Django's async-safety guard would refuse ORM calls in live tests.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# Live-server threads must not keep PostgreSQL connections open past a request, or the
# test database cannot be dropped at the end of the run.
os.environ.setdefault("CONN_MAX_AGE", "0")
# Tasks sent for later run at once, in the test's own thread (test_webhook_faults.py turns the
# background thread on to show a request never waits for a receiver).
os.environ.setdefault("TASKS_LATER_IN_BACKGROUND", "false")
# SQLite tests run on a file, as `make run` does (WAL and immediate transactions need one).
os.environ.setdefault("SQLITE_TEST_PATH", os.path.join(tempfile.gettempdir(), f"cardevents-test-{os.getpid()}.sqlite3"))


def _own_redis_db_per_xdist_worker():
    """Under `pytest -n`, each worker gets a Redis database of its own (10, 11, ...), so one
    worker's Celery queue, pending flags and cache never meet another's."""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER", ""), os.environ.get("REDIS_URL", "")
    if worker.startswith("gw") and url:
        base = url.rsplit("/", 1)[0] if url.count("/") > 2 else url.rstrip("/")
        os.environ["REDIS_URL"] = f"{base}/{10 + int(worker[2:])}"


_own_redis_db_per_xdist_worker()
