"""Where the cold compile goes: compile the whole engine (both policies) into an empty cache and print, per
jitted function, the compile time Numba spent on it (inclusive of the callees it compiled, and exclusive),
the number of specialisations, and the time LLVM held its lock. Markdown, for results/BENCHMARKS.md.

    python scripts/compile_profile.py [--top 25] [--policies random,heuristic]

Uses Numba's event API (`numba:compile`, `numba:llvm_lock`); the figures are wall time on this machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter, defaultdict


def _spans(buffer) -> list[tuple[str, float, float]]:
    """(function, inclusive s, exclusive s) per compile, from the nested start/end events of one recorder."""
    stack: list[list] = []
    spans = []
    for timestamp, event in buffer:
        function = event.data["dispatcher"].py_func
        name = f"{function.__module__.removeprefix('baofen_sim.')}.{function.__qualname__}"
        if event.is_start:
            stack.append([name, timestamp, 0.0])
            continue
        name, started, children = stack.pop()
        inclusive = timestamp - started
        spans.append((name, inclusive, inclusive - children))
        if stack:
            stack[-1][2] += inclusive
    return spans


def _held(buffer) -> float:
    """Seconds during which the LLVM lock was held (outermost spans only)."""
    total, depth, started = 0.0, 0, 0.0
    for timestamp, event in buffer:
        if event.is_start:
            depth += 1
            if depth == 1:
                started = timestamp
        else:
            depth -= 1
            if depth == 0:
                total += timestamp - started
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=25, help="functions listed, by exclusive time")
    parser.add_argument("--policies", default="random,heuristic",
                        help="the policy set the engine is compiled for, each played by four seats")
    args = parser.parse_args(argv)
    policies = tuple(args.policies.split(","))
    os.environ["BAOFEN_SIM_CACHE_DIR"] = tempfile.mkdtemp(prefix="baofen-compile-profile-")
    from baofen_sim import policy_set

    policy_set.select(policies)
    from numba.core import event

    started = time.perf_counter()
    with event.install_recorder("numba:compile") as compiles, event.install_recorder("numba:llvm_lock") as llvm:
        from baofen_sim.games.baofen.engine import run_chunk
        from baofen_sim.runs.runspec import RunSpec

        for policy in policies:
            run_chunk(RunSpec(policies=(policy,) * 4, deals=16, seed=1), 0, 1)
    total = time.perf_counter() - started
    inclusive: dict[str, float] = defaultdict(float)
    exclusive: dict[str, float] = defaultdict(float)
    count: Counter = Counter()
    for name, incl, excl in _spans(compiles.buffer):
        inclusive[name] += incl
        exclusive[name] += excl
        count[name] += 1
    ours = [name for name in count if not name.startswith("numba.")]
    print(f"- cold compile of the engine for {', '.join(policies)}: {total:.1f} s; "
          f"LLVM lock held {_held(llvm.buffer):.1f} s")
    print(f"- {sum(count.values())} compiles of {len(count)} functions ({len(ours)} of them baofen_sim's, "
          f"{sum(count[n] for n in ours)} compiles)")
    print("\n| function | exclusive s | inclusive s | compiles |\n|---|---:|---:|---:|")
    for name in sorted(exclusive, key=exclusive.get, reverse=True)[:args.top]:
        print(f"| `{name}` | {exclusive[name]:.2f} | {inclusive[name]:.2f} | {count[name]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
