"""Time `compare` on two synthetic runs on the same deals (no engine, no Numba: numpy stands in for it).

    python scripts/bench_compare.py [--hands 10000000] [--dir /tmp/bench-compare] [--by declarer_strength]

The two runs are written once by `simulate` (the real part files and manifests) from hands made up with
numpy: the same strengths per hand in both, a declarer when the best strength passes an opening threshold
(22 in A, 23 in B), a win more likely with more strength. Only the analysis is timed.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from baofen_sim.codes import CATEGORY_LABELS
from baofen_sim.games.baofen.report.compare import compare_runs
from baofen_sim.io.schema import ChunkResult, allocate, hand_columns
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate

SEATS = 4
HANDS_PER_TABLE = 16
NORMAL, QUANJI, BANJI, JINTAIYANG, ALL_PASS = (CATEGORY_LABELS.index(c) for c in
                                                ("normal", "quanji", "banji", "jintaiyang", "all_pass"))


def made_up_engine(threshold: float):
    """A chunk runner: hands whose deal depends only on the hand index, whose play depends on `threshold`."""

    def run_chunk(spec: RunSpec, first_table: int, n_tables: int) -> ChunkResult:
        first = first_table * HANDS_PER_TABLE
        n = spec.hands_in(first_table, n_tables)
        deal = np.random.default_rng([spec.seed, first])
        play = np.random.default_rng([spec.seed, first, int(threshold * 10)])
        c = allocate(hand_columns(SEATS), n, max_bids=1)
        c["hand"][:] = np.arange(first, first + n)
        c["table"][:] = c["hand"] // HANDS_PER_TABLE
        c["hand_in_table"][:] = c["hand"] % HANDS_PER_TABLE
        c["zhujiao"][:] = (c["table"] + c["hand_in_table"]) % SEATS
        strength = deal.normal(20.0, 3.7, (n, SEATS)).astype(np.float32)
        for seat in range(SEATS):
            c[f"strength_{seat}"][:] = strength[:, seat]
            c[f"pairs_{seat}"][:] = deal.integers(0, 8, n)
        best = strength.max(axis=1)
        declared = best >= threshold
        declarer = np.where(declared, strength.argmax(axis=1), -1)
        c["declarer"][:] = declarer
        c["target"][:] = np.where(declared, np.clip(85 + 5 * ((best - threshold) // 1), 85, 150), 0)
        c["bids"][:, 0] = np.where(declared, c["target"], -1)
        won = declared & (play.random(n) < 1 / (1 + np.exp(-(best - 24.0) / 2)))
        c["declarer_won"][:] = won
        roll = play.random(n)
        category = np.select([roll < 0.03, roll < 0.08, roll < 0.09], [QUANJI, BANJI, JINTAIYANG], NORMAL)
        c["category"][:] = np.where(declared, category, ALL_PASS)
        stake = np.where(won, 1.0, -1.0) * np.select([category == QUANJI, category == BANJI], [4.0, 2.0], 1.0)
        for seat in range(SEATS):
            at_declarer = declarer == seat
            c[f"settle_{seat}"][:] = np.where(declared, np.where(at_declarer, 3 * stake, -stake),
                                              np.where(c["zhujiao"] == seat, -2.0, -1.0))
        c["pot_after"][:] = np.where(declared, 0.0, 5.0)
        c["tricks_played"][:] = np.where(declared, 25, 0)
        c["failed_throws"][:] = play.integers(0, 2, n) * declared
        return ChunkResult(c)

    return run_chunk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/bench-compare"))
    parser.add_argument("--by", action="append", default=[])
    args = parser.parse_args()
    runs = []
    for name, threshold in (("a", 22.0), ("b", 23.0)):
        out = args.dir / f"{name}-{args.hands}"
        spec = RunSpec(deals=args.hands, hands_per_table=HANDS_PER_TABLE, params=({"open_threshold": threshold},) * 4)
        simulate(spec, out, progress=False, run_chunk=made_up_engine(threshold))
        runs.append(out)
    started = time.perf_counter()
    result = compare_runs(*runs, by=args.by)
    seconds = time.perf_counter() - started
    win = result["metrics"]["declarer_win_rate"] if "metrics" in result else None
    print(f"compare of two {args.hands:,}-hand runs{' by ' + ', '.join(args.by) if args.by else ''}: "
          f"{seconds:.2f} s" + (f"; declarer win rate B − A {win['difference']:+.4f}, CI {win['ci95']}" if win else ""))


if __name__ == "__main__":
    main()
