"""Candidate bid tables per second of the tune-bids fast evaluator on 1,000,000 stored deals (issue 12).

The stored arrays are synthesized in memory (no simulation): each seat's evaluation and hand strength drawn
around the fitted scales, the declarer's score from his evaluation plus noise, a few special categories,
caps of 150 (250 with 5+ pairs for one hand in twenty). The evaluator's cost does not depend on where the
numbers came from, only on the auctions they make, so the bench scores the tables tune-bids meets: the
threshold bidders, a table that passes most hands, and one that opens most hands.

    NUMBA_NUM_THREADS=1 python scripts/bench_tune_bids.py [--deals 1000000] [--repeats 20] [--data DIR]
        [--append]

`--data DIR` also times real stored deals: a `--declarer each` run (e.g. runs/guide/each-train, made by
scripts/make_guide.py) scored with the shipped table (every seat the default bidder) and with the threshold
bidders, in tables of 16 hands.

Threads: `bid_eval.evaluate` runs blocks of tables in parallel, so run it once with NUMBA_NUM_THREADS=1 and once
with the default (every core); the heading records which. On a shared machine the 2-thread figure is only as
good as the second core is idle, hence the median beside the best. Timed: `evaluate` alone; `with_bidders` (the
stored deals' values and levels for the bid modes, made once per weight set and modes in tune-bids) is shown
apart.

`--append` adds the figures to results/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import time
from pathlib import Path

import numpy as np

from baofen_sim.policies import select_policies

select_policies(["heuristic"])

from baofen_sim.codes import CAT_BANJI, CAT_JINTAIYANG, CAT_NORMAL, CAT_QUANJI  # noqa: E402
from baofen_sim.games.baofen.studies import bid_eval, bid_inputs  # noqa: E402
from baofen_sim.games.baofen.studies.bid_table import heuristic_row, initial_table, threshold_values  # noqa: E402
from baofen_sim.games.baofen.studies.each_data import load_each_data  # noqa: E402
from baofen_sim.games.baofen.studies.table_evaluator import TableEvaluator  # noqa: E402
from baofen_sim.materialize import hand_rules_array  # noqa: E402
from baofen_sim.policies.registry import default_params  # noqa: E402
from baofen_sim.rules import preset  # noqa: E402

PLAYERS = 4
HANDS_PER_TABLE = 16


def synthesize(deals: int, seed: int = 7) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    evals = rng.normal(35.0, 25.0, (deals, PLAYERS))
    strength = 20.2 + 3.7 * (evals - 35.0) / 25.0 + rng.normal(0, 1.5, (deals, PLAYERS))
    score = np.rint(evals + rng.normal(0, 50.0, (deals, PLAYERS)) / 5).astype(np.int64) * 5
    u = rng.random((deals, PLAYERS))
    category = np.where(u < 0.002, CAT_QUANJI, np.where(u < 0.006, CAT_BANJI, np.where(
        u < 0.03, CAT_JINTAIYANG, CAT_NORMAL))).astype(np.int64)
    score = np.where(category == CAT_QUANJI, 500, np.where(category == CAT_BANJI, 250, np.where(
        category == CAT_JINTAIYANG, -1500, score)))
    caps = np.where(rng.random((deals, PLAYERS)) < 0.05, 250, 150).astype(np.int64)
    return {"evals": evals, "strength": strength, "score": score, "category": category, "caps": caps}


Figure = tuple[str, list[float], dict[str, float]]


def scored(name: str, hr: np.ndarray, params: np.ndarray, stored, prepare: float, repeats: int) -> Figure:
    """`repeats` timed evaluations of `params` on every table of `stored`, after one to compile or load the
    kernel: (name, seconds of each, its all-pass rate and the `with_bidders` seconds)."""
    order = np.arange(len(stored.table_ids), dtype=np.int64)
    blocks = -(-len(order) // bid_eval.TABLES_PER_BLOCK)
    totals, per_table = np.zeros((blocks, PLAYERS)), np.zeros((len(order), PLAYERS))
    stats = np.zeros((blocks, bid_eval.NUM_STATS))
    times = []
    for i in range(repeats + 1):
        started = time.perf_counter()
        bid_eval.evaluate(hr, params, stored, order, totals, per_table, stats)
        if i:
            times.append(time.perf_counter() - started)
    s = stats.sum(axis=0)
    return name, times, {"all_pass_rate": s[bid_eval.STAT_ALL_PASS] / s[bid_eval.STAT_HANDS], "prepare": prepare}


def measure(deals: int, repeats: int) -> list[Figure]:
    arrays = synthesize(deals)
    hr = hand_rules_array(preset("baofen"))
    tables = -(-deals // HANDS_PER_TABLE)
    starts = np.minimum(np.arange(tables + 1, dtype=np.int64) * HANDS_PER_TABLE, deals)
    base = bid_inputs.stored_deals(int(hr[0].cap_max), arrays["caps"], arrays["score"], arrays["category"], None,
                                   starts, np.arange(tables, dtype=np.int64))
    passing = {"bid_mode": 1.0, "eval_intercept": 0.0, **initial_table()}
    opening = {**passing, **{f"open85_{p}": 30.0 for p in range(4)}, **{f"contest_{p}": 40.0 for p in range(4)}}
    candidates = {"threshold bidders": threshold_values(), "table passing ~90%": passing,
                  "table opening ~60%": opening}
    figures = []
    for name, values in candidates.items():
        params = np.tile(heuristic_row(values), (PLAYERS, 1))
        started = time.perf_counter()  # once per weight set and bid modes in tune-bids, not per candidate
        stored = bid_inputs.with_bidders(base, params, arrays["evals"], arrays["strength"])
        figures.append(scored(f"synthesized: {name}", hr, params, stored, time.perf_counter() - started, repeats))
    return figures


def measure_stored(data_dir: Path, repeats: int) -> list[Figure]:
    """The shipped table and the threshold bidders on the stored deals of a `--declarer each` run."""
    evaluator = TableEvaluator(load_each_data([data_dir]), HANDS_PER_TABLE)
    candidates = {"shipped table": np.tile(default_params("heuristic"), (PLAYERS, 1)),
                  "threshold bidders": np.tile(heuristic_row(threshold_values()), (PLAYERS, 1))}
    figures = []
    for name, params in candidates.items():
        started = time.perf_counter()
        stored = evaluator.stored(params)
        figures.append(scored(f"stored deals ({evaluator.data.deals:,}): {name}", evaluator.hr, params, stored,
                              time.perf_counter() - started, repeats))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--data", type=Path, help="a --declarer each run directory to time as well")
    parser.add_argument("--append", action="store_true")
    args = parser.parse_args()
    threads = os.environ.get("NUMBA_NUM_THREADS", "default")
    lines = [f"### tune-bids fast evaluator, {datetime.date.today()} ({platform.processor() or platform.machine()}, "
             f"NUMBA_NUM_THREADS={threads})", "",
             f"`python scripts/bench_tune_bids.py --deals {args.deals}"
             f"{f' --data {args.data}' if args.data else ''}` ({HANDS_PER_TABLE} hands per table, "
             f"{args.repeats} repeats)", "",
             "| candidate | all-pass | best ms per table | median ms | candidate tables/s (best) | "
             "with_bidders ms (once) |",
             "|---|---|---|---|---|---|"]
    figures = measure(args.deals, args.repeats)
    if args.data:
        figures += measure_stored(args.data, args.repeats)
    for name, times, stats in figures:
        best, median = min(times), float(np.median(times))
        lines.append(f"| {name} | {stats['all_pass_rate']:.2f} | {best * 1e3:.1f} | {median * 1e3:.1f} | "
                     f"{1 / best:.0f} | {stats['prepare'] * 1e3:.0f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.append:
        path = Path(__file__).resolve().parent.parent / "results" / "BENCHMARKS.md"
        with path.open("a", encoding="utf-8") as handle:
            handle.write("\n" + text)


if __name__ == "__main__":
    main()
