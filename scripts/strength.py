"""The strength ladder: every declarer policy × every defender policy, seat 0 forced to declare at 85 and at
100 on the same deals; appends a section to results/STRENGTH.md (see baofen_sim/tools/strength.py).

    python scripts/strength.py [--deals 2000] [--seed 1] [--param 0.samples=12 ...]

The sampler is about a hundred times slower than the heuristic: 2,000 deals take a few minutes per cell
with it on the defending side.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from baofen_sim import policy_set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--param", action="append", default=[], help="SEAT.KEY=VALUE for every cell")
    parser.add_argument("--results", type=Path, default=Path("results/STRENGTH.md"))
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    from baofen_sim.tools.strength import LADDER, TARGETS, ladder_markdown, play_cell

    policy_set.select(LADDER)
    from baofen_sim.tools.bench import machine

    play_cell(LADDER[-1], LADDER[-1], TARGETS[0], 2, args.seed, args.param)  # compile (or load) before timing
    cells = []
    for target in TARGETS:
        for declarer in LADDER:
            for defenders in LADDER:
                cell = play_cell(declarer, defenders, target, args.deals, args.seed, args.param)
                print(f"target {target}: {declarer} vs {defenders}: make {100 * cell.made.mean():.1f}%, "
                      f"C {cell.points.mean():.1f}, {args.deals / cell.seconds:,.0f} hands/s", flush=True)
                cells.append(cell)
    text = ladder_markdown(cells, args.deals, args.seed, shlex.join(["python", *sys.argv]), machine())
    header = "" if args.results.exists() else "# Strength ladder\n\nAppended by `python scripts/strength.py`.\n\n"
    with args.results.open("a", encoding="utf-8") as handle:
        handle.write(header + text + "\n")
    print(f"appended to {args.results}")


if __name__ == "__main__":
    main()
