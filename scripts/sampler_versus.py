"""One sampler setting against another on the same deals (issue 21: strong play where it decides): the sampler
declaring against heuristic defenders, and heuristic declarer against sampler defenders, seat 0 forced to
declare at each target, once with --sampler (the setting tried) and once with --base (the setting it is
compared with); paired differences of the declarer's make rate and card points C per deal, with 95% CIs and
each cell's hands/s; appends a section to results/STRENGTH.md.

    python scripts/sampler_versus.py --deals 2000 --base stop_behind=0 [--sampler samples=32 ...] [--targets 85]
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sampler", action="append", default=[], metavar="KEY=VALUE",
                        help="a parameter of the setting tried (default: the sampler's defaults)")
    parser.add_argument("--base", action="append", default=[], metavar="KEY=VALUE",
                        help="a parameter of the setting it is compared with (default: the sampler's defaults)")
    parser.add_argument("--targets", default="85", help="comma-separated targets")
    parser.add_argument("--results", type=Path, default=Path("results/STRENGTH.md"))
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    from baofen_sim.dev.bench import machine
    from baofen_sim.games.baofen.studies.strength import interval_text, paired, play_cell, prepared_targets

    try:
        targets = prepared_targets(args.targets, args.seed, [args.sampler, args.base], "heuristic")
    except ValueError as error:
        parser.error(str(error))
    tried = " ".join(args.sampler) or "defaults"
    base = " ".join(args.base) or "defaults"
    lines = [f"## {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} — sampler {tried} against sampler {base}",
             "", f"- machine: {machine()}", f"- command: `{shlex.join(['python', *sys.argv])}`",
             f"- {args.deals:,} deals (seed {args.seed}), seat 0 forced to declare; each row plays the same deals "
             f"with the setting tried ({tried}) and the base ({base}); differences are paired per deal, tried − "
             "base, for the declarer", "",
             "| target | declarer | defenders | make tried | make base | Δ make | 95% CI | C tried | C base | Δ C "
             "| 95% CI | hands/s tried | hands/s base |",
             "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for target in targets:
        for declarer, defenders in (("sampler", "heuristic"), ("heuristic", "sampler")):
            new = play_cell(declarer, defenders, target, args.deals, args.seed, args.sampler)
            old = play_cell(declarer, defenders, target, args.deals, args.seed, args.base)
            d_made, ci_made = paired(new.made, old.made)
            d_points, ci_points = paired(new.points, old.points)
            row = (f"| {target} | {declarer} | {defenders} | {100 * new.made.mean():.1f}% | "
                   f"{100 * old.made.mean():.1f}% | {100 * d_made:+.1f} pp | {interval_text(ci_made, 100)} | "
                   f"{new.points.mean():.1f} | "
                   f"{old.points.mean():.1f} | {d_points:+.2f} | {interval_text(ci_points, 1)} | "
                   f"{args.deals / new.seconds:,.0f} | {args.deals / old.seconds:,.0f} |")
            print(row, flush=True)
            lines.append(row)
    header = "" if args.results.exists() else "# Strength ladder\n\nAppended by `python scripts/strength.py`.\n\n"
    with args.results.open("a", encoding="utf-8") as handle:
        handle.write(header + "\n".join(lines) + "\n\n")
    print(f"appended to {args.results}")


if __name__ == "__main__":
    main()
