"""Benchmark the engine and append the figures to results/BENCHMARKS.md (same as `baofen-sim bench`).

    python scripts/bench.py [--hands 1000000] [--reference-hands 200]
"""

from __future__ import annotations

import sys

from baofen_sim.cli import app

if __name__ == "__main__":
    sys.argv[1:1] = ["bench"]
    app(sys.argv[1:])
