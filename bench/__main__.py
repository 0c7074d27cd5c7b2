"""Run every benchmark: python -m bench [name ...]."""

import sys

from . import legality

BENCHMARKS = {"legality": legality.main}

if __name__ == "__main__":
    for name in sys.argv[1:] or list(BENCHMARKS):
        BENCHMARKS[name]()
