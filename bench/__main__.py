"""Run every benchmark: python -m bench [name ...]."""

import sys

from . import legality, pairing, scoring

BENCHMARKS = {"legality": legality.main, "pairing": pairing.main, "scoring": scoring.main}

if __name__ == "__main__":
    for name in sys.argv[1:] or list(BENCHMARKS):
        BENCHMARKS[name]()
