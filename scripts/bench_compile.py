"""Cold compile benchmark: each policy set's engine compiled on an empty cache in one process (the compile
before issue 20.10) and on every core (`baofen-sim warmup`), sets and modes alternating, best and median; appended to
results/BENCHMARKS.md (baofen_sim/dev/bench.py).

    python scripts/bench_compile.py [--repeats 2] [--policies heuristic random sampler] [--rules tractor-80fen]
                                    [--every-core-only] [--results FILE]
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from baofen_sim.dev.bench import (
    COMPILE_MODES,
    append_results,
    cold_compile_markdown,
    measure_cold_compiles,
    results_path_problem,
)
from baofen_sim.rules import preset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=2, help="cold compiles of each set in each mode")
    parser.add_argument("--policies", nargs="+", default=["heuristic", "random", "sampler"],
                        help="policy sets, each NAME or NAME+NAME")
    parser.add_argument("--rules", default="baofen", help="a preset of the game whose engines compile")
    parser.add_argument("--every-core-only", action="store_true",
                        help="only the compile on every core (`baofen-sim warmup`), not the one-process compile")
    parser.add_argument("--results", type=Path, default=Path("results/BENCHMARKS.md"))
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    problem = results_path_problem(args.results)
    if problem:
        parser.error(f"--results {args.results} {problem}")
    mixes = tuple(tuple(name.split("+")) for name in args.policies)
    modes = ("every core",) if args.every_core_only else tuple(COMPILE_MODES)
    figures = measure_cold_compiles(mixes, args.repeats, game=preset(args.rules).game, modes=modes)
    command = shlex.join(["python", "scripts/bench_compile.py", *sys.argv[1:]])
    append_results(cold_compile_markdown(figures, command), args.results)
    print(f"appended to {args.results}")


if __name__ == "__main__":
    main()
