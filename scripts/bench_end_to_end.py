"""End-to-end speed against the deal yardstick (issue 37.9): the yardstick (`baofen_sim/dev/yardstick.py`) and the
whole command `baofen-sim simulate --policy random --deals N --threads 1` (process start, cache load and Parquet
included, warm cache), alternating, each in a fresh process; best and median appended to results/BENCHMARKS.md
(the full `baofen-sim bench` measures the same row beside the others).

    python scripts/bench_end_to_end.py [--repeats 3] [--deals 1000000] [--results FILE]
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from baofen_sim.dev.bench import (
    END_TO_END_DEALS,
    BenchConfig,
    append_results,
    end_to_end_markdown,
    measure_end_to_end,
    results_path_problem,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="timed runs, each after a yardstick measurement")
    parser.add_argument("--deals", type=int, default=END_TO_END_DEALS, help="the command's --deals")
    parser.add_argument("--results", type=Path, default=Path("results/BENCHMARKS.md"))
    args = parser.parse_args()
    if args.repeats < 1 or args.deals < 1000:
        parser.error("--repeats must be at least 1 and --deals at least 1000")
    problem = results_path_problem(args.results)
    if problem:
        parser.error(f"--results {args.results} {problem}")
    config = BenchConfig(end_to_end_deals=args.deals, end_to_end_repeats=args.repeats)
    figures = measure_end_to_end(config)
    command = shlex.join(["python", "scripts/bench_end_to_end.py", *sys.argv[1:]])
    append_results(end_to_end_markdown(figures, command), args.results)
    print(f"appended to {args.results}")


if __name__ == "__main__":
    main()
