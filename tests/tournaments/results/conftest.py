"""Fixtures of the results tests."""

import pytest


@pytest.fixture
def sent(monkeypatch):
    """Every task sent, recorded instead of run: [(task path, object id)], with the queue when
    the sender names one: [(task path, object id, queue)]."""
    calls = []

    def record(task_path, *args, queue=None):
        calls.append((task_path, *args) if queue is None else (task_path, *args, queue))
        return object()

    monkeypatch.setattr("core.tasks.send_now", record)
    return calls
