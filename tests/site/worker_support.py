"""Real Celery worker processes on the test database, for CI's PostgreSQL + Redis run."""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Worker:
    def __init__(
        self, database, log, redis_url=None, beat=False, sweep_seconds=1, production=False, queues=None, conn_max_age=0
    ):
        self.log = log
        env = {
            **os.environ,
            "DATABASE_URL": database,
            "CONN_MAX_AGE": str(conn_max_age),
            "SWEEP_SECONDS": str(sweep_seconds),
        }
        if redis_url:
            env["REDIS_URL"] = redis_url
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--loglevel=INFO",
            "-n",
            f"test-{uuid.uuid4().hex[:8]}@%h",
        ]
        if production:  # as docs/deploy.md runs it: prefork processes, with heartbeats
            command += ["--concurrency=2", "--without-gossip", "--without-mingle"]
        else:
            command += ["--pool=solo", "--without-gossip", "--without-mingle", "--without-heartbeat"]
        if queues:
            command += ["-Q", queues]
        if beat:
            command += ["-B", "--scheduler", "celery.beat:Scheduler"]  # in memory: nothing to lock on disk
        self.offset = log.stat().st_size if log.exists() else 0
        with open(log, "ab") as output:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
        self._wait_ready()

    def _wait_ready(self):
        deadline = time.monotonic() + 60
        while "ready." not in self.log.read_text(errors="replace")[self.offset :]:
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                raise RuntimeError(f"the Celery worker did not start:\n{self.log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)

    def kill(self):
        """SIGKILL: no clean shutdown, tasks in flight are lost to this process."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()


def database_url(connection):
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def wait_for(check, timeout=60, interval=0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(interval)
    return False


def spare_port():
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """A redis-server of the test's own on a spare port, which the test may kill and start again
    (nothing saved to disk: a killed server comes back empty, as after a crash)."""

    def __init__(self, binary, directory):
        self.port = spare_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.command = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.directory = directory
        self.process = None
        self.start()

    def answers(self):
        import redis

        try:
            return redis.Redis(port=self.port, socket_connect_timeout=0.5).ping()
        except redis.RedisError:
            return False

    def start(self):
        self.process = subprocess.Popen(
            [*self.command, "--dir", str(self.directory)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        if not wait_for(self.answers, timeout=10):
            raise RuntimeError("redis-server did not start")

    def kill(self):
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.kill()
