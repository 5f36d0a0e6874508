"""Regenerate results/BIDDING_GUIDE.md, its plots (results/guide/*.png) and every number in it
(results/guide/guide.json) from scratch (issue 12): about 32 million hands at scale 1.

    python scripts/make_guide.py [--scale 1] [--strong-scale S] [--work runs/guide] [--out results] [--threads N]

Each step prints its progress; an interrupted run resumes where it stopped when run again (the data sets in
--work are kept). --scale shrinks every data set (a quick look: --scale 0.01); the guide then says so.
--strong-scale shrinks the strong-play (sampler) steps apart (default: --scale), e.g. while the sampler is slower
than the plan's speed. Only the full guide (both scales 1) may ship the strong-play table as
baofen_sim/policies/params/strong-bids.toml.
The steps and what each number means: baofen_sim/games/baofen/studies/guide/ (steps.py, numbers.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from baofen_sim.games.baofen.studies.guide.numbers import copy_calibration, guide_numbers, ship_strong_bids
from baofen_sim.games.baofen.studies.guide.plots import FIGURES, plot_all
from baofen_sim.games.baofen.studies.guide.steps import GuideError, GuidePlan, run_steps
from baofen_sim.games.baofen.studies.guide.text import write_guide
from baofen_sim.policies.registry import NAMED_PARAMS_DIR


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path("runs/guide"), help="where the data sets go")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "results",
                        help="where BIDDING_GUIDE.md and guide/ go")
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the full data sets")
    parser.add_argument("--strong-scale", type=float, default=None, help="fraction of the strong-play data sets")
    parser.add_argument("--threads", type=int, default=None, help="Numba threads (default: all cores)")
    args = parser.parse_args()
    scales = (args.scale, args.scale if args.strong_scale is None else args.strong_scale)
    if not all(0 < scale <= 1 for scale in scales) or (args.threads is not None and args.threads < 1):
        print("error: --scale and --strong-scale must be in (0, 1] and --threads at least 1", file=sys.stderr)
        return 2
    plan = GuidePlan(work=args.work, scale=args.scale, threads=args.threads, strong_scale=args.strong_scale)
    started = time.perf_counter()
    try:
        timings = run_steps(plan, echo=print)
        analysis = time.perf_counter()
        numbers = guide_numbers(plan, timings, echo=print)
        figures = args.out / FIGURES
        copy_calibration(plan, figures)
        plot_all(numbers, figures)
        numbers["timings"]["analysis"] = time.perf_counter() - analysis
        (figures / "guide.json").write_text(json.dumps(numbers, indent=1, default=str), encoding="utf-8")
        path = write_guide(numbers, args.out)
        shipped = ship_strong_bids(plan, numbers, NAMED_PARAMS_DIR)
        if shipped is not None:
            print(f"{shipped} written: the strong-play table ships as --param strong-bids")
    except GuideError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted: run the same command again to resume", file=sys.stderr)
        return 130
    print(f"{path} written ({(time.perf_counter() - started) / 60:.1f} min this run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
