"""A kept PostgreSQL connection is checked before a request reuses it without a round trip when
nothing came from the server, and still replaced when PostgreSQL ended it (core/postgresql)."""

import time

import pytest
from django.db import connection, connections

pytestmark = [pytest.mark.postgres, pytest.mark.usefixtures("transactional_db")]


@pytest.fixture
def kept():
    """The default connection, open and idle, as a request finds it (not in the test's transaction)."""
    if connection.vendor != "postgresql":
        pytest.skip("the connection check is PostgreSQL's (CI's second pass sets DATABASE_URL)")
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    yield pid
    connection.close()


def test_an_idle_open_connection_is_usable_without_asking_the_server(kept, monkeypatch):
    def no_round_trip(*args, **kwargs):
        raise AssertionError("the check sent a query")

    monkeypatch.setattr(connection.connection, "cursor", no_round_trip)
    assert connection.is_usable()


def test_a_connection_postgresql_ended_is_not_usable_and_is_replaced(kept):
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [kept])
    finally:
        other.close()
    time.sleep(0.2)  # the goodbye crosses the socket
    assert not connection.is_usable()
    connection.health_check_done = False
    connection.close_if_health_check_failed()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != kept


def test_a_connection_with_a_transaction_open_is_asked(kept):
    connection.set_autocommit(False)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")  # the transaction is open now
        sent = []
        real = connection.connection.cursor
        connection.connection.cursor = lambda *a, **k: sent.append(1) or real(*a, **k)
        assert connection.is_usable()
        assert sent, "an open transaction is checked with a query"
    finally:
        connection.rollback()
        connection.set_autocommit(True)


def test_a_connection_whose_socket_is_gone_is_not_usable(kept):
    connection.connection.pgconn.finish()  # as libpq leaves a connection it lost
    assert not connection.is_usable()
