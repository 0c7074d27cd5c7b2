"""Run every benchmark: python -m bench [name ...]."""

import sys

from . import legality, pairing

BENCHMARKS = {"legality": legality.main, "pairing": pairing.main}

if __name__ == "__main__":
    for name in sys.argv[1:] or list(BENCHMARKS):
        BENCHMARKS[name]()
