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
    def __init__(self, database, log, redis_url=None, beat=False, sweep_seconds=1):
        self.log = log
        env = {**os.environ, "DATABASE_URL": database, "CONN_MAX_AGE": "0", "SWEEP_SECONDS": str(sweep_seconds)}
        if redis_url:
            env["REDIS_URL"] = redis_url
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "-n",
            f"test-{uuid.uuid4().hex[:8]}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
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
