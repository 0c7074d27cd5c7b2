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
# SQLite tests run on a file, as `make run` does (WAL and immediate transactions need one).
os.environ.setdefault("SQLITE_TEST_PATH", os.path.join(tempfile.gettempdir(), f"cardevents-test-{os.getpid()}.sqlite3"))
