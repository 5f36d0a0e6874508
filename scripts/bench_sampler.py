"""Sampler speed (issue: play strength): hands/s with one `sampler` seat (K samples, M candidates) and the
heuristic elsewhere, ordinary auctions, one thread; and the cost model behind it, appended to
results/BENCHMARKS.md.

    python scripts/bench_sampler.py [--deals 400] [--four-deals 200] [--repeats 3] [--seed 1]

Cost model: a hand with one sampler seat costs the heuristic hand plus, over its D searched plays (plays with
two or more candidates), K deals × (d + P × c): d the cost of drawing a deal (for a defender, redrawn until
the declarer's cards name his trump), P the playouts per deal — at most P(M), what successive halving leaves
of M candidates (`playouts_per_deal`), and fewer when fewer plays are legal — and c the mean playout from the
searched play to the end of the hand. The per-deal cost a = D × (d + P × c) is fitted by least squares over
the settings; the table shows how well K alone predicts the time.

Then the issue's measure of strong play at scale: four `sampler` seats at their defaults, seat 0 forced to
declare at 85, --four-deals deals, one thread; and the same with the early stop off (`stop_behind = 0`: the
search before it, with the exact speed-ups).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

import numpy as np

from baofen_sim import policy_set

SETTINGS = ((16, 8), (16, 4), (8, 8), (4, 4), (16, 2))  # (K samples, M candidates); the first is the target


def playouts_per_deal(samples: int, candidates: int) -> float:
    """Mean playouts per sampled deal for M candidates under the sampler's successive halving."""
    from baofen_sim.policies.sampler import FINALISTS, HALVING_FIRST, HALVING_SECOND

    alive, total = candidates, 0
    for i in range(samples):
        if i > 0 and i in (samples // HALVING_FIRST, samples // HALVING_SECOND):
            alive = max(min(FINALISTS, alive), (alive + 1) // 2)
        total += alive
    return total / samples


def seconds_per_hand(policies: list[str], params: list[str], deals: int, seed: int, declarer: int | None = None,
                     target: int | None = None) -> float:
    """Seconds per hand of one thread (after a first hand that compiles or loads the engine); ordinary auctions,
    or `declarer` forced to declare at `target`."""
    from baofen_sim.games.baofen.engine import run_chunk
    from baofen_sim.policies import parse_policy_options
    from baofen_sim.runs.runspec import RunSpec

    names, values = parse_policy_options(policies, params)
    forced = {} if declarer is None else {"declarer": declarer, "target": target}
    spec = RunSpec(policies=names, params=values, deals=deals, hands_per_table=4 if declarer is None else 1,
                   seed=seed, threads=1, **forced)
    run_chunk(spec, 0, 1)  # compile or load first
    started = time.perf_counter()
    run_chunk(spec, 0, spec.tables)
    return (time.perf_counter() - started) / deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--four-deals", type=int, default=200, help="deals of the four-sampler measure")
    parser.add_argument("--repeats", type=int, default=3, help="repeats of the four-sampler measure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results", type=Path, default=Path("results/BENCHMARKS.md"))
    args = parser.parse_args()
    if args.deals < 4 or args.four_deals < 2 or args.repeats < 1:
        parser.error("--deals must be at least 4, --four-deals at least 2 and --repeats at least 1")
    policy_set.select(["heuristic", "sampler"])
    from baofen_sim.dev.bench import append_results, machine
    from baofen_sim.runs.simulate import set_threads

    set_threads(1)
    heuristic = seconds_per_hand([], [], 20 * args.deals, args.seed)
    rows = []
    for samples, candidates in SETTINGS:
        per_hand = seconds_per_hand(["0=sampler"], [f"0.samples={samples}", f"0.candidates={candidates}"],
                                    args.deals, args.seed)
        rows.append((samples, candidates, per_hand, samples * playouts_per_deal(samples, candidates)))
        print(f"K={samples} M={candidates}: {1 / per_hand:,.1f} hands/s", flush=True)
    samples_column = np.array([float(k) for k, _, _, _ in rows])
    extra = np.array([per_hand - heuristic for _, _, per_hand, _ in rows])
    per_deal = float(samples_column @ extra / (samples_column @ samples_column))  # a, seconds per hand per deal
    lines = [f"## {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} — sampler speed", "",
             f"- machine: {machine()}", f"- command: `{shlex.join(['python', *sys.argv])}`",
             f"- seat 0 plays `sampler`, seats 1–3 the heuristic, ordinary auctions, 1 thread, {args.deals:,} deals "
             f"(the heuristic alone: {1 / heuristic:,.0f} hands/s on {20 * args.deals:,} deals)",
             f"- cost model: time per hand = heuristic hand + K × a, a = D × (d + P × c) (D searched plays per hand, "
             f"d a deal drawn, P playouts per deal, at most P(M), c a playout); fitted a = {1e3 * per_deal:.3f} ms",
             "",
             "| K | M | playouts per decision, at most K·P(M) | hands/s | ms per hand | model ms per hand |",
             "|---:|---:|---:|---:|---:|---:|"]
    for samples, candidates, per_hand, playouts in rows:
        model = heuristic + per_deal * samples
        lines.append(f"| {samples} | {candidates} | {playouts:.1f} | {1 / per_hand:,.1f} | {1e3 * per_hand:.2f} | "
                     f"{1e3 * model:.2f} |")
    four: dict[str, list[float]] = {"defaults": [], "stop_behind = 0": []}
    for _ in range(args.repeats):  # interleaved: this VM's speed swings from minute to minute
        for label, options in (("defaults", []), ("stop_behind = 0", [f"{seat}.stop_behind=0" for seat in range(4)])):
            rate = 1 / seconds_per_hand(["sampler"], options, args.four_deals, args.seed, declarer=0, target=85)
            four[label].append(rate)
            print(f"four sampler seats, {label}: {rate:,.1f} hands/s", flush=True)
    lines += ["", f"Four `sampler` seats, seat 0 forced to declare at 85, 1 thread, {args.four_deals:,} deals, "
              f"{args.repeats} interleaved repeats (best / median hands/s): "
              + "; ".join(f"{label} {max(rates):,.1f} / {float(np.median(rates)):,.1f}"
                          for label, rates in four.items())]
    append_results("\n".join(lines) + "\n", args.results)
    print(f"appended to {args.results}")


if __name__ == "__main__":
    main()
