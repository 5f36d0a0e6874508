"""The strength ladder: every declarer player × every defender player (random, the heuristic with its old
and its tuned parameters, sampler), seat 0 forced to declare at 85 and at 100 on the same deals; appends a
section to results/STRENGTH.md (see baofen_sim/games/baofen/studies/strength.py).

    python scripts/strength.py [--deals 2000] [--sampler-defender-deals 500] [--seed 1] [--sampler samples=16 ...]

The sampler is a few hundred times slower than the heuristic, and three sampler defenders three times slower
again: the cells with sampler defenders play the first --sampler-defender-deals deals (paired with the same
deals of the baseline).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--sampler-defender-deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sampler", action="append", default=[], metavar="KEY=VALUE",
                        help="a parameter of every sampler seat (samples, candidates, ...)")
    parser.add_argument("--targets", default="85,100", help="comma-separated targets")
    parser.add_argument("--results", type=Path, default=Path("results/STRENGTH.md"))
    args = parser.parse_args()
    if args.deals < 2 or not 2 <= args.sampler_defender_deals <= args.deals:
        parser.error("--deals must be at least 2 and --sampler-defender-deals between 2 and --deals")
    from baofen_sim.dev.bench import machine
    from baofen_sim.games.baofen.studies.strength import PLAYERS, ladder_markdown, play_cell, prepared_targets

    try:
        targets = prepared_targets(args.targets, args.seed, [args.sampler], "sampler")
    except ValueError as error:
        parser.error(str(error))
    cells = []
    for target in targets:
        for declarer in PLAYERS:
            for defenders in PLAYERS:
                deals = args.sampler_defender_deals if defenders == "sampler" else args.deals
                cell = play_cell(declarer, defenders, target, deals, args.seed, args.sampler)
                print(f"target {target}: {declarer} vs {defenders}: make {100 * cell.made.mean():.1f}%, "
                      f"C {cell.points.mean():.1f}, {deals / cell.seconds:,.0f} hands/s", flush=True)
                cells.append(cell)
    text = ladder_markdown(cells, args.deals, args.seed, shlex.join(["python", *sys.argv]), machine())
    header = "" if args.results.exists() else "# Strength ladder\n\nAppended by `python scripts/strength.py`.\n\n"
    with args.results.open("a", encoding="utf-8") as handle:
        handle.write(header + text + "\n")
    print(f"appended to {args.results}")


if __name__ == "__main__":
    main()
