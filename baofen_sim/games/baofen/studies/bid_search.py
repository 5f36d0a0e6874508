"""tune-bids' best response (`Search`): a coordinate search over a bid table's entries (TABLE_KEYS, each tried at
± SEARCH_STEPS, contest_per_5 at ± PER_5_STEPS) for the table a seat scores best with (`TableEvaluator`, the
candidate at each seat in turn), the other seats on the current table. A candidate that differs from the last one
scored in a few entries is scored by playing again only the tables where its seat may bid otherwise
(`affected_tables`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from baofen_sim.games.baofen.studies.bid_table import TABLE_KEYS, bidder_key, heuristic_row
from baofen_sim.games.baofen.studies.table_evaluator import TableEvaluator
from baofen_sim.policies.registry import BID_MODE_TABLE, HEURISTIC, TABLE_POSITIONS

Echo = Callable[[str], None]
SEARCH_STEPS = (-8.0, -4.0, -2.0, -1.0, 1.0, 2.0, 4.0, 8.0)  # evaluation points tried around a threshold
PER_5_STEPS = (-2.0, -1.0, -0.5, 0.5, 1.0, 2.0)  # ... and around contest_per_5
MIN_GAIN = 1e-5  # a move must raise the seat's mean settlement per hand by more than this
EDGE = 1e-6  # evaluation points added to each side of an affected interval (a safe margin)


@dataclass
class Search:
    evaluator: TableEvaluator
    weights: dict[str, float]
    seats: tuple[int, ...] = (0, 1, 2, 3)  # the candidate is put at each of these seats in turn
    floor: float = -math.inf  # no threshold below this (the data's --min-evaluation: lower seats did not play)
    evaluations: int = 0
    seconds: float = 0.0
    log: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._base = heuristic_row({"bid_mode": float(BID_MODE_TABLE), **self.weights})
        self._slots = {key: HEURISTIC.param_index(key) for key in TABLE_KEYS}
        self._references: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        self._sorted_cache: dict[tuple[bytes, int], tuple[np.ndarray, np.ndarray]] = {}
        self._last_trial: dict[int, tuple[tuple, tuple, tuple, np.ndarray, np.ndarray]] = {}

    def row(self, table: dict[str, float]) -> np.ndarray:
        """The heuristic's row with bid_mode 1, the weights and `table` (its keys: TABLE_KEYS)."""
        row = self._base.copy()
        for key, value in table.items():
            row[self._slots[key]] = value
        return row

    def score(self, candidate: dict[str, float], current: dict[str, float],
              reference: dict[str, float] | None = None) -> float:
        """The candidate's seat-averaged mean settlement per hand, the other seats on `current`.

        With `reference` (a table the candidate differs from in a few entries, scored before against the same
        `current`) only the tables where the candidate's seat may bid otherwise are played again
        (`affected_tables`); the others keep their totals under the reference (the same numbers, summed in
        another order)."""
        base = self.row(current)
        mine = self.row(candidate)
        total = 0.0
        for seat in self.seats:
            params = np.tile(base, (4, 1))
            params[seat] = mine
            started = time.perf_counter()
            if reference is None:
                total += self.evaluator.evaluate(params).settle[seat]
            else:
                per_table, whole = self._reference(reference, current, seat)
                order = self.affected_tables(candidate, reference, params, seat)
                rows = self.evaluator.table_totals(params, order)
                total += (whole[seat] - per_table[order, seat].sum() + rows[:, seat].sum()) / self.evaluator.data.deals
                # kept: if the candidate becomes the next reference, its tables are the reference's with these
                self._last_trial[seat] = (_key(candidate), _key(current), _key(reference), order, rows)
            self.seconds += time.perf_counter() - started
            self.evaluations += 1
        return total / len(self.seats)

    def _reference(self, reference: dict[str, float], current: dict[str, float], seat: int
                   ) -> tuple[np.ndarray, np.ndarray]:
        """(per-table totals, their sum) with `seat` on `reference` and the others on `current` (cached)."""
        key = (_key(reference), _key(current), seat)
        if key not in self._references:
            last = self._last_trial.get(seat)
            before = None if last is None else self._references.get((last[2], last[1], seat))
            if last is not None and last[:2] == key[:2] and before is not None:
                per_table = before[0].copy()  # the last candidate scored: its replayed tables on the old reference
                per_table[last[3]] = last[4]
            else:
                params = np.tile(self.row(current), (4, 1))
                params[seat] = self.row(reference)
                _, per_table, _ = self.evaluator.run_tables(params)
            if len(self._references) >= 2 * len(self.seats):
                self._references = {k: v for k, v in self._references.items() if k[2] != seat}
            self._references[key] = (per_table, per_table.sum(axis=0))
        return self._references[key]

    def affected_tables(self, candidate: dict[str, float], reference: dict[str, float], params: np.ndarray,
                        seat: int) -> np.ndarray:
        """The tables holding a hand where `seat` may open or raise otherwise with `candidate` than with
        `reference`: an opening threshold moved from a to b changes the wish only for evaluations in
        [min(a, b), max(a, b)); a raise threshold (or contest_per_5) only the limits of evaluations at or above
        the lower one."""
        sorted_e, table_of = self._sorted(params, seat)
        hit = np.zeros(len(self.evaluator.table_ids), dtype=bool)

        def mark(low: float, high: float = math.inf) -> None:  # the hands with low <= e < high
            hit[table_of[np.searchsorted(sorted_e, low, "left"):np.searchsorted(sorted_e, high, "left")]] = True

        for key in TABLE_KEYS:
            a, b = reference[key], candidate[key]
            if a == b:
                continue
            if key.startswith("open"):
                mark(min(a, b) - EDGE, max(a, b) + EDGE)
            elif key == "contest_per_5":
                mark(min(min(reference[f"contest_{p}"], candidate[f"contest_{p}"]) for p in range(TABLE_POSITIONS)))
            elif reference["contest_per_5"] == candidate["contest_per_5"] and abs(b - a) < candidate["contest_per_5"]:
                # limits 85 + 5·⌊(e − a)/k⌋ and 85 + 5·⌊(e − b)/k⌋ differ only on [a + mk, b + mk), m = 0, 1, ...
                # (a < b), widened by a hair against rounding at the edges
                low, width, k = min(a, b), abs(b - a), reference["contest_per_5"]
                for m in range(int((sorted_e[-1] - low) // k) + 1):
                    mark(low + m * k - EDGE, low + m * k + width + EDGE)
            else:
                mark(min(a, b) - EDGE)
        return np.flatnonzero(hit).astype(np.int64)

    def _sorted(self, params: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """The seat's evaluations (with its margin) in ascending order, and the table of each (cached per weight
        set, margin and seat)."""
        weights = bidder_key(params[seat])
        key = (weights, seat)
        if key not in self._sorted_cache:
            e = self.evaluator.evaluations(params)[:, seat]
            order = np.argsort(e, kind="stable")
            tables = np.searchsorted(self.evaluator.starts, np.arange(len(e)), "right") - 1
            self._sorted_cache = {k: v for k, v in self._sorted_cache.items() if k[0] == weights}
            self._sorted_cache[key] = (e[order], tables[order])
        return self._sorted_cache[key]

    def best_response(self, current: dict[str, float], echo: Echo) -> tuple[dict[str, float], float, list[dict]]:
        """Coordinate search from `current` against `current`; (best table, its score, the moves made)."""
        best = dict(current)
        best_score = self.score(best, current)
        moves = []
        improved = True
        while improved:
            improved = False
            for key in TABLE_KEYS:
                steps = PER_5_STEPS if key == "contest_per_5" else SEARCH_STEPS
                for step in steps:
                    value = best[key] + step
                    too_low = value <= 0 if key == "contest_per_5" else value < self.floor
                    if too_low:
                        continue
                    trial = {**best, key: value}
                    trial_score = self.score(trial, current, reference=best)
                    if trial_score > best_score + MIN_GAIN:
                        moves.append({"key": key, "from": best[key], "to": value, "gain": trial_score - best_score})
                        best, best_score, improved = trial, trial_score, True
            echo(f"  pass: {len(moves)} moves so far, seat mean settlement {best_score:+.5f}")
        return best, best_score, moves


def _key(table: dict[str, float]) -> tuple:
    return tuple(sorted(table.items()))

