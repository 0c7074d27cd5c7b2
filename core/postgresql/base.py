"""Django's PostgreSQL backend, with a cheaper check of a kept connection.

Django checks a kept connection before each request reuses it (CONN_HEALTH_CHECKS) by sending
`SELECT 1`: a round trip per request, a tenth of the web processes' samples in a profile of the
weekend benchmark (docs/benchmarks.md). A backend PostgreSQL ends (a restart, `pg_terminate_backend`, an idle
timeout) tells the client first and closes the socket, so an idle connection (no transaction
open or failed) whose socket has nothing to read is still open; any other is checked the old way."""

import select

import psycopg
from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self):
        if self.connection is None or self.connection.closed or self.connection.broken:
            return False
        try:
            idle = self.connection.info.transaction_status == TransactionStatus.IDLE
            socket = self.connection.pgconn.socket
        except psycopg.Error:  # "the connection is lost"
            return False
        if idle and not _has_input(socket):
            return True
        return super().is_usable()


def _has_input(socket):
    """Whether the server sent something the client has not read, or hung up (without waiting)."""
    try:
        poller = select.poll()  # not select.select: it fails on descriptors above 1,023
        poller.register(socket, select.POLLIN)
        return bool(poller.poll(0))
    except (AttributeError, OSError, ValueError):  # no poll on this system, or the socket is gone
        return True
