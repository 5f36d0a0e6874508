"""Scaling benchmark: hands/s with 1 and 2 threads and with Dask (2 workers), the efficiency, the overhead per
chunk and per Dask task, and a projection for 1,000,000,000 hands on 16 nodes x 32 cores; appended to
results/BENCHMARKS.md (baofen_sim/dev/scaling.py).

    python scripts/bench_scaling.py [--hands 400000] [--overhead-hands 16000] [--results results/BENCHMARKS.md]
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from baofen_sim.dev.bench import append_results, results_path_problem
from baofen_sim.dev.scaling import ScalingConfig, markdown, measure_scaling


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000, help="heuristic hands per throughput run")
    parser.add_argument("--overhead-hands", type=int, default=16_000, help="hands of the chunk-overhead runs")
    parser.add_argument("--results", type=Path, default=Path("results/BENCHMARKS.md"))
    args = parser.parse_args()
    if args.hands < 10_000 or args.overhead_hands < 1_000:
        parser.error("--hands must be at least 10000 and --overhead-hands at least 1000")
    problem = results_path_problem(args.results)
    if problem:
        parser.error(f"--results {args.results} {problem}")
    figures = measure_scaling(ScalingConfig(hands=args.hands, overhead_hands=args.overhead_hands))
    append_results(markdown(figures, shlex.join(["python", "scripts/bench_scaling.py", *sys.argv[1:]])), args.results)
    print(f"appended to {args.results}")


if __name__ == "__main__":
    main()
