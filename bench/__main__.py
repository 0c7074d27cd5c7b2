"""Run benchmarks: python -m bench [name ...]. Several run each in its own process, so one
benchmark's Django setup (SQLite for legality, PostgreSQL for scoring) never leaks into the next."""

import importlib
import subprocess
import sys

NAMES = ("legality", "pairing", "scoring", "convention", "weekend")
# `make bench` alone runs these; the weekend (about 15 minutes) only when named.
DEFAULT = ("legality", "pairing", "scoring", "convention")


def run_alone(name):
    return importlib.import_module(f"bench.{name}").main()


def main(names):
    unknown = [name for name in names if name not in NAMES]
    if unknown:
        sys.exit(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(NAMES)}")
    if len(names) == 1:
        sys.exit(run_alone(names[0]) or 0)
    failed = [name for name in names if subprocess.run([sys.executable, "-m", "bench", name]).returncode]
    if failed:
        sys.exit(f"missed a target or failed: {', '.join(failed)}")


if __name__ == "__main__":
    main(sys.argv[1:] or list(DEFAULT))
