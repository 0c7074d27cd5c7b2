"""Loaded by pytest before Django settings: test defaults for the environment."""

import os

os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
# Playwright's sync API runs an event loop; Django's async-safety guard would refuse ORM calls in live tests.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# Live-server threads must not keep PostgreSQL connections open past a request, or the
# test database cannot be dropped at the end of the run.
os.environ.setdefault("CONN_MAX_AGE", "0")
