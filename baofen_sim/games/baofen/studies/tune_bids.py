"""`baofen-sim fit-eval` and `baofen-sim tune-bids` (issue 12): a fitted hand evaluation and bid tables that
are a best response to themselves, from `--declarer each` data.

fit-eval: least squares of the declarer's outcome (C + Pen + the §6.3 王分 adjustment: `each_data`) on a
seat's 25-card features (`features.eval_features`), every seat of every deal a sample; compared with
`hand_strength` (the same least squares on strength alone) by R² and a calibration table on fresh data.

tune-bids: the table bidder (`bidding.table_bid_at`, the heuristic with bid_mode = 1) per position relative to
the 主叫: the evaluation needed to open at 85, 90, 95, and to raise (contest_p, contest_per_5). A candidate is
scored by the fast evaluator (`bid_eval`) on the stored deals: its seat's mean settlement per hand with the
other seats on the current table, the candidate put at each seat in turn (seat-averaged). A best response is
a coordinate search over the table's entries (each tried at ± SEARCH_STEPS); the current table becomes the
best response to itself, round after round, until a round changes nothing (a fixed point: a best response
to itself) or `rounds` is reached.

Validation (`validate_deals` > 0) is ordinary simulation on a fresh seed: one tuned seat among threshold
bidders (`threshold-bids`) against all threshold bidders, and all tuned against all threshold, paired by
table, with 95% CIs.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from baofen_sim.analysis.stats import mean_interval
from baofen_sim.games.baofen.studies.each_data import EachData
from baofen_sim.policies.registry import (
    BID_MODE_TABLE,
    EVAL_FEATURE_NAMES,
    HEURISTIC,
    HEURISTIC_BID_MARGIN,
    HEURISTIC_EVAL_WEIGHTS,
    NAMED_PARAMS_DIR,
    TABLE_POSITIONS,
    _load_param_file,
)

Echo = Callable[[str], None]
WEIGHT_NAMES = ("eval_intercept", *(f"eval_{name}" for name in EVAL_FEATURE_NAMES))
OPEN_BIDS = (85, 90, 95)
TABLE_KEYS = (*(f"open{bid}_{p}" for bid in OPEN_BIDS for p in range(TABLE_POSITIONS)),
              *(f"contest_{p}" for p in range(TABLE_POSITIONS)), "contest_per_5")
SEARCH_STEPS = (-8.0, -4.0, -2.0, -1.0, 1.0, 2.0, 4.0, 8.0)  # evaluation points tried around a threshold
PER_5_STEPS = (-2.0, -1.0, -0.5, 0.5, 1.0, 2.0)  # ... and around contest_per_5
MIN_GAIN = 1e-5  # a move must raise the seat's mean settlement per hand by more than this
EDGE = 1e-6  # evaluation points added to each side of an affected interval (a safe margin)
CALIBRATION_QUANTILES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0)
WEIGHT_DECIMALS = 3
FIT_CHUNK = 1 << 18  # samples per block of the normal equations
# The parameter slots that fix what a table bidder reads (bidding.bidder_evaluation): the weights and its margin.
BIDDER_INPUTS = [*range(HEURISTIC_EVAL_WEIGHTS, HEURISTIC_EVAL_WEIGHTS + len(WEIGHT_NAMES)), HEURISTIC_BID_MARGIN]


def bidder_key(params: np.ndarray) -> bytes:
    """The cache key of what the table bidders of `params` (rows, or one row) read."""
    return np.ascontiguousarray(params[..., BIDDER_INPUTS]).tobytes()


# ----- fit-eval ---------------------------------------------------------------------------------------------


def fit_weights(data: EachData) -> dict[str, float]:
    """Least-squares evaluation weights (intercept first), rounded to WEIGHT_DECIMALS: every (deal, seat) as
    declarer a sample. Normal equations summed in chunks, so a million deals need no big design matrix."""
    if data.played is not None:
        from baofen_sim.games.baofen.studies.each_data import EachDataError

        raise EachDataError(f"fit-eval needs every seat played as declarer; {data.runs[0][0]} let the seats below "
                            f"--min-evaluation {data.min_evaluation:g} pass")
    features = data.features.reshape(-1, data.features.shape[2])
    y = data.outcome.reshape(-1)
    size = features.shape[1] + 1
    xtx = np.zeros((size, size))
    xty = np.zeros(size)
    for start in range(0, len(y), FIT_CHUNK):
        x = np.column_stack([np.ones(len(features[start:start + FIT_CHUNK])), features[start:start + FIT_CHUNK]])
        xtx += x.T @ x
        xty += x.T @ y[start:start + FIT_CHUNK]
    solution = np.linalg.lstsq(xtx, xty, rcond=None)[0]
    return {name: round(float(w), WEIGHT_DECIMALS) for name, w in zip(WEIGHT_NAMES, solution, strict=True)}


def predict(weights: dict[str, float], data: EachData) -> np.ndarray:
    """The evaluation of every (deal, seat), flattened in (deal, seat) order."""
    w = np.array([weights[name] for name in WEIGHT_NAMES])
    return data.features.reshape(-1, data.features.shape[2]) @ w[1:] + w[0]


def r_squared(y: np.ndarray, prediction: np.ndarray) -> float:
    return float(1.0 - np.sum((y - prediction) ** 2) / np.sum((y - y.mean()) ** 2))


def calibration(prediction: np.ndarray, y: np.ndarray, made85: np.ndarray) -> list[dict[str, float]]:
    """Quantile bins of the prediction (deciles, the top one cut at the 95th and 99th percentiles, where bids
    are made): mean predicted, mean outcome, the declarer's make rate at the lowest bid."""
    order = np.argsort(prediction, kind="stable")
    edges = np.rint(np.array(CALIBRATION_QUANTILES) * len(order)).astype(int)
    rows = []
    for low, high in zip(edges[:-1], edges[1:], strict=True):
        chunk = order[low:high]
        rows.append({"quantiles": [float(low / len(order)), float(high / len(order))],
                     "predicted": float(prediction[chunk].mean()), "outcome": float(y[chunk].mean()),
                     "make85": float(made85[chunk].mean()), "n": int(len(chunk))})
    return rows


def _made_at(data: EachData, target: int) -> np.ndarray:
    from baofen_sim.kernels.scoring import result_at_target
    from baofen_sim.materialize import hand_rules

    hr = hand_rules(data.rules)
    score, category = data.score.reshape(-1), data.category.reshape(-1)
    pairs = {key: bool(result_at_target.py_func(hr, key[0], key[1], target)[1])
             for key in set(zip(score.tolist(), category.tolist(), strict=True))}
    return np.array([pairs[key] for key in zip(score.tolist(), category.tolist(), strict=True)], dtype=np.float64)


def evaluation_report(train: EachData, test: EachData, weights: dict[str, float]) -> dict[str, Any]:
    """R² on `test` of the fitted evaluation and of hand_strength (fitted on `train` by least squares), with
    calibration tables."""
    strength_fit = np.polyfit(train.strength.reshape(-1), train.outcome.reshape(-1), 1)
    y = test.outcome.reshape(-1)
    fitted = predict(weights, test)
    by_strength = np.polyval(strength_fit, test.strength.reshape(-1))
    made = _made_at(test, min(test.rules.bid_values()))
    return {
        "train_deals": train.deals, "test_deals": test.deals, "samples": int(y.size),
        "weights": weights,
        "strength_fit": {"slope": float(strength_fit[0]), "intercept": float(strength_fit[1])},
        "r2": {"evaluation": r_squared(y, fitted), "hand_strength": r_squared(y, by_strength)},
        "rmse": {"evaluation": float(np.sqrt(np.mean((y - fitted) ** 2))),
                 "hand_strength": float(np.sqrt(np.mean((y - by_strength) ** 2)))},
        "calibration": {"evaluation": calibration(fitted, y, made),
                        "hand_strength": calibration(by_strength, y, made)},
    }


def plot_calibration(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(5.5, 5))
    for name, marker in (("evaluation", "o"), ("hand_strength", "s")):
        rows = report["calibration"][name]
        axes.plot([r["predicted"] for r in rows], [r["outcome"] for r in rows], marker=marker,
                  label=f"{name} (R² {report['r2'][name]:.3f})")
    low = min(r["predicted"] for rows in report["calibration"].values() for r in rows)
    high = max(r["predicted"] for rows in report["calibration"].values() for r in rows)
    axes.plot([low, high], [low, high], color="grey", linestyle=":", label="perfect calibration")
    axes.set_xlabel("predicted declarer outcome C + Pen + wangfen adj.")
    axes.set_ylabel("actual, mean per quantile bin")
    axes.set_title(f"calibration: deciles, 90-95-99-100%; {report['test_deals']} deals x 4 seats", fontsize=9)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def weights_toml(weights: dict[str, float], comment: str) -> str:
    return "\n".join([f"# {comment}", *(f"{name} = {value!r}" for name, value in weights.items())]) + "\n"


def _write(out: Path, files: dict[str, str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        temp = out / f".{name}.tmp"
        temp.write_text(text, encoding="utf-8")
        temp.replace(out / name)


def fit_eval(train: EachData, test: EachData | None, out: Path) -> dict[str, Any]:
    """Fit on `train`, report on `test` (or on `train` when None); writes eval.toml, eval.json, calibration.png."""
    weights = fit_weights(train)
    report = evaluation_report(train, test if test is not None else train, weights)
    report["fresh_test"] = test is not None
    _write(out, {"eval.toml": weights_toml(weights, f"hand evaluation fitted by baofen-sim fit-eval on "
                                                    f"{train.deals} deals"),
                 "eval.json": json.dumps(report, indent=1) + "\n"})
    plot_calibration(report, out / "calibration.png")
    return report


# ----- the fast evaluator -------------------------------------------------------------------------------------


@dataclass
class Evaluation:
    settle: np.ndarray  # float64[N]: each seat's mean settlement per hand
    stats: dict[str, float]


class TableEvaluator:
    """Bid tables scored on stored deals (`bid_eval.evaluate`), tables of `hands_per_table` hands."""

    def __init__(self, data: EachData, hands_per_table: int):
        from baofen_sim.games.baofen.studies import bid_eval, bid_inputs
        from baofen_sim.materialize import hand_rules_array

        self.data = data
        self.bid_eval = bid_eval
        self.bid_inputs = bid_inputs
        self.hr = hand_rules_array(data.rules)
        self.starts, self.table_ids = data.tables(hands_per_table)
        self.all_tables = np.arange(len(self.table_ids), dtype=np.int64)
        self.blocks = -(-len(self.table_ids) // bid_eval.TABLES_PER_BLOCK)
        self.deals = bid_inputs.stored_deals(int(self.hr[0].cap_max), data.caps, data.score, data.category, data.rest,
                                             self.starts, self.table_ids)
        self._evals: dict[bytes, np.ndarray] = {}
        self._bidders: dict[tuple[bytes, bytes], Any] = {}

    def evaluations(self, params: np.ndarray) -> np.ndarray:
        """What each seat's table bidder reads of its hands: the evaluation with its own weights plus its
        bid_margin (bidding.bidder_evaluation; cached per weight set and margins)."""
        key = bidder_key(params)
        if key not in self._evals:
            out = np.zeros(self.data.strength.shape, dtype=np.float64)
            self.bid_inputs.evaluations_nb(params, self.data.features, out)
            out += params[None, :, HEURISTIC_BID_MARGIN]
            self._evals = {key: out}  # one weight set at a time during a search
        return self._evals[key]

    def stored(self, params: np.ndarray) -> Any:
        """The stored deals with the values and levels of the bidders of `params` (`bid_inputs.with_bidders`),
        cached per weight set, margins and bid modes: only those change what the evaluator reads."""
        from baofen_sim.policies.registry import HEURISTIC_BID_MODE

        key = (bidder_key(params), params[:, HEURISTIC_BID_MODE].tobytes())
        if key not in self._bidders:
            deals = self.bid_inputs.with_bidders(self.deals, params, self.evaluations(params), self.data.strength)
            self._bidders = {k: v for k, v in self._bidders.items() if k[0] == key[0]}  # the search's weights
            self._bidders[key] = deals
        return self._bidders[key]

    def _call(self, params: np.ndarray, order: np.ndarray, detail: bool
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """(block totals, per-table totals of `order`, block stats, detail rows) of the tables in `order`."""
        players = params.shape[0]
        blocks = -(-len(order) // self.bid_eval.TABLES_PER_BLOCK)
        totals = np.zeros((blocks, players))
        table_totals = np.zeros((len(order), players))
        stats = np.zeros((blocks, self.bid_eval.NUM_STATS))
        size = self.data.deals if detail else 1
        rows = {"declarer": np.zeros(size, dtype=np.int64), "target": np.zeros(size, dtype=np.int64),
                "settle": np.zeros((size, players))}
        self.bid_eval.evaluate(self.hr, params, self.stored(params), order, totals, table_totals, stats, detail,
                               rows["declarer"], rows["target"], rows["settle"])
        return totals, table_totals, stats, rows

    def run(self, params: np.ndarray, detail: bool = False) -> tuple[Evaluation, dict[str, np.ndarray] | None]:
        evaluation, _, rows = self.run_tables(params, detail)
        return evaluation, rows

    def run_tables(self, params: np.ndarray, detail: bool = False
                   ) -> tuple[Evaluation, np.ndarray, dict[str, np.ndarray] | None]:
        """Every table: the Evaluation, each table's totals per seat, the detail rows (when asked for)."""
        n = self.data.deals
        totals, table_totals, stats, rows = self._call(params, self.all_tables, detail)
        s = stats.sum(axis=0)
        declared = s[self.bid_eval.STAT_HANDS] - s[self.bid_eval.STAT_ALL_PASS]
        summary = {"hands": float(s[self.bid_eval.STAT_HANDS]),
                   "all_pass_rate": float(s[self.bid_eval.STAT_ALL_PASS] / n),
                   "make_rate": float(s[self.bid_eval.STAT_MADE] / declared) if declared else math.nan,
                   "mean_target": float(s[self.bid_eval.STAT_TARGET] / declared) if declared else math.nan,
                   "declarer_settle": float(s[self.bid_eval.STAT_DECLARER_SETTLE] / declared) if declared else math.nan,
                   "contested_rate": float(s[self.bid_eval.STAT_CONTESTED] / declared) if declared else math.nan}
        return Evaluation(totals.sum(axis=0) / n, summary), table_totals, (rows if detail else None)

    def table_totals(self, params: np.ndarray, order: np.ndarray) -> np.ndarray:
        """The totals per seat of the tables in `order` only (float64[len(order), N])."""
        return self._call(params, order, False)[1]

    def evaluate(self, params: np.ndarray) -> Evaluation:
        return self.run(params)[0]


# ----- parameter rows ---------------------------------------------------------------------------------------


def heuristic_row(values: dict[str, float]) -> np.ndarray:
    """A heuristic parameter row with `values` over its defaults."""
    from baofen_sim.policies.selection import policy_arrays

    return policy_arrays(("heuristic",), (values,))[1][0]


def threshold_values() -> dict[str, float]:
    """The threshold bidder (the bundled threshold-bids file)."""
    return {key: float(value) for key, value in _load_param_file(str(NAMED_PARAMS_DIR / "threshold-bids.toml"),
                                                                  "threshold-bids").items()}


def initial_table() -> dict[str, float]:
    """A start: open 85 with an evaluation of 90 (the expected score beats the target with some room), 90 and
    95 ten and twenty points later; raise while the evaluation is 5 points above the bid."""
    table = {}
    for p in range(TABLE_POSITIONS):
        table[f"open85_{p}"], table[f"open90_{p}"], table[f"open95_{p}"] = 90.0, 100.0, 110.0
        table[f"contest_{p}"] = 90.0
    table["contest_per_5"] = 5.0
    return table


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


def table_toml(weights: dict[str, float], table: dict[str, float], comment: list[str]) -> str:
    lines = [f"# {line}" for line in comment]
    lines += ["bid_mode = 1"]
    lines += [f"{name} = {value!r}" for name, value in weights.items()]
    lines += [f"{name} = {value!r}" for name, value in table.items()]
    return "\n".join(lines) + "\n"


def expanded_table(table: dict[str, float], levels: np.ndarray) -> list[dict[str, Any]]:
    """The table as actions per position and evaluation level: the opening (0 = pass) and the contest limit."""
    rows = []
    for p in range(TABLE_POSITIONS):
        for e in levels:
            wish = 0
            for bid in OPEN_BIDS:
                if e >= table[f"open{bid}_{p}"]:
                    wish = bid
            limit = 0
            if e >= table[f"contest_{p}"]:
                limit = 85 + 5 * int(math.floor((e - table[f"contest_{p}"]) / table["contest_per_5"]))
            rows.append({"position": p, "evaluation": float(e), "open": wish, "contest_to": limit})
    return rows


@dataclass
class TuneBidsConfig:
    hands_per_table: int = 16
    rounds: int = 6
    validate_deals: int = 0
    validate_seed: int = 1_000_003
    seats: tuple[int, ...] = (0, 1, 2, 3)


def tune_bids(data: EachData, weights: dict[str, float], config: TuneBidsConfig, out: Path,
              echo: Echo = print) -> dict[str, Any]:
    """Iterate best responses from `initial_table` to a fixed point; write bids.toml and tune-bids.json."""
    if config.validate_deals > 0:
        check_validatable(data)
    floor = evaluation_floor(data, weights)
    evaluator = TableEvaluator(data, config.hands_per_table)
    search = Search(evaluator, weights, config.seats, floor=floor)
    threshold = heuristic_row(threshold_values())
    baseline = evaluator.evaluate(np.tile(threshold, (4, 1)))
    echo(f"{data.deals} stored deals; threshold bidders: all-pass {baseline.stats['all_pass_rate']:.3f}, "
         f"declarer mean {baseline.stats['declarer_settle']:+.3f}, make rate {baseline.stats['make_rate']:.3f}")
    table = {key: value if key == "contest_per_5" else max(value, floor) for key, value in initial_table().items()}
    rounds = []
    fixed = False
    for index in range(config.rounds):
        echo(f"round {index}: best response to the current table")
        response, value, moves = search.best_response(table, echo)
        stats = evaluator.evaluate(np.tile(search.row(response), (4, 1))).stats
        rounds.append({"round": index, "moves": moves, "seat_settle": value, "table": response,
                       "all_tuned": stats})
        fixed = not moves
        table = response
        echo(f"round {index}: {len(moves)} moves; all on it: all-pass {stats['all_pass_rate']:.3f}, "
             f"mean target {stats['mean_target']:.1f}, make rate {stats['make_rate']:.3f}, "
             f"declarer mean {stats['declarer_settle']:+.3f}")
        summary = _summary(data, config, search, baseline, weights, table, rounds, fixed)
        _write(out, {"bids.toml": table_toml(weights, table, summary["comment"]),
                     "tune-bids.json": json.dumps(summary, indent=1, default=float) + "\n"})  # after every round
        if fixed:
            break
    if config.validate_deals > 0:
        summary["validation"] = validate(data, {"bid_mode": 1.0, **weights, **table}, config, echo)
        _write(out, {"tune-bids.json": json.dumps(summary, indent=1, default=float) + "\n"})
    return summary


def evaluation_floor(data: EachData, weights: dict[str, float]) -> float:
    """The lowest threshold the data can judge: −inf, or under a --min-evaluation E the E itself, provided the
    weights are the ones the run's seats passed by (every played seat-hand evaluates at least E, every passed
    one below: the run's evaluation_i). A table cannot be judged below E: a seat there did not play."""
    if data.min_evaluation is None:
        return -math.inf
    from baofen_sim.games.baofen.studies.each_data import EachDataError

    evaluation = predict(weights, data).reshape(data.played.shape)
    tolerance = 1e-6 * max(1.0, abs(data.min_evaluation))
    if np.any(evaluation[data.played] < data.min_evaluation - tolerance) or np.any(
            evaluation[~data.played] >= data.min_evaluation + tolerance):
        raise EachDataError(f"--min-evaluation {data.min_evaluation:g} data: the seats passed by another "
                            f"evaluation than --eval's weights; give --eval the weights the run used (the "
                            f"default: baofen_sim/policies/params/default-bids.toml)")
    return float(data.min_evaluation)


def _summary(data: EachData, config: TuneBidsConfig, search: Search, baseline: Evaluation, weights: dict[str, float],
             table: dict[str, float], rounds: list[dict[str, Any]], fixed: bool) -> dict[str, Any]:
    speed = search.evaluations / search.seconds if search.seconds else math.nan
    levels = np.arange(60.0, 161.0, 5.0)
    state = "a fixed point: a best response to itself" if fixed else f"not a fixed point after {len(rounds)} rounds"
    return {"deals": data.deals, "runs": [[str(d), s, n] for d, s, n in data.runs], "rules": data.rules.name,
            "hands_per_table": config.hands_per_table, "seats": list(config.seats), "fixed_point": fixed,
            "policies": list(data.policies), "min_evaluation": data.min_evaluation,
            "threshold_floor": search.floor if math.isfinite(search.floor) else None,
            "rounds": rounds, "weights": weights, "table": table, "expanded_table": expanded_table(table, levels),
            "threshold_bidders": baseline.stats, "candidate_evaluations": search.evaluations,
            "tables_per_second": speed, "tables_per_second_per_million_deals": speed * data.deals / 1e6,
            "comment": [f"table bidder tuned by baofen-sim tune-bids on {data.deals} deals ({state}); use with",
                        "--param SEAT=FILE, or copy over baofen_sim/policies/params/default-bids.toml to ship it"]}


# ----- validation by ordinary simulation ----------------------------------------------------------------------


def _simulate(data: EachData, bidders: list[dict[str, float]], config: TuneBidsConfig) -> dict[str, np.ndarray]:
    """An ordinary run of fresh deals: the stored runs' policies and parameters, each seat's bidder on top."""
    from baofen_sim.games.baofen.engine import run_chunk
    from baofen_sim.runs.runspec import RunSpec

    policies = data.policies or ("heuristic",) * 4
    params = [{**(data.params[seat] if seat < len(data.params) else {}), **bidder}
              for seat, bidder in enumerate(bidders)]
    spec = RunSpec(rules=data.rules, policies=policies, params=tuple(params), deals=config.validate_deals,
                   hands_per_table=config.hands_per_table, seed=config.validate_seed)
    return run_chunk(spec, 0, spec.tables).hands


def _per_table(values: np.ndarray, tables: np.ndarray) -> np.ndarray:
    return np.bincount(tables, weights=values)


def _paired(a: np.ndarray, b: np.ndarray, tables: np.ndarray, hands_per_table: int) -> dict[str, Any]:
    """Mean per hand of a − b, paired by table (the unit that shares a ledger), with its 95% CI."""
    diff = _per_table(a - b, tables) / hands_per_table
    mean = float(diff.mean())
    interval = mean_interval(mean, float(diff.std(ddof=1)), len(diff))
    return {"mean": mean, "ci95": None if interval is None else list(interval), "tables": len(diff)}


def _auction_stats(hands: dict[str, np.ndarray]) -> dict[str, float]:
    declarer = hands["declarer"]
    declared = declarer >= 0
    settle = np.column_stack([hands[f"settle_{s}"] for s in range(4)])
    return {"all_pass_rate": float(1 - declared.mean()),
            "make_rate": float(hands["declarer_won"][declared].mean()),
            "mean_target": float(hands["target"][declared].mean()),
            "declarer_settle": float(settle[declared, declarer[declared]].mean())}


def check_validatable(data: EachData) -> None:
    """EachDataError unless every seat of the stored runs plays a policy with the table bidder."""
    from baofen_sim.games.baofen.studies.each_data import EachDataError

    others = sorted({name for name in data.policies if name not in ("heuristic", "sampler")})
    if others:
        raise EachDataError(f"--validate: the stored runs play {others[0]}, which has no table bidder; "
                            f"validate with heuristic play")


def validate(data: EachData, tuned: dict[str, float], config: TuneBidsConfig, echo: Echo) -> dict[str, Any]:
    """Ordinary simulations on a fresh seed: tuned seat 0 among threshold bidders, and all tuned, each against
    all threshold bidders on the same deals."""
    check_validatable(data)
    threshold = threshold_values()
    base = _simulate(data, [threshold] * 4, config)
    one = _simulate(data, [tuned] + [threshold] * 3, config)
    every = _simulate(data, [tuned] * 4, config)
    tables = base["table"].astype(np.int64)
    result = {"deals": config.validate_deals, "seed": config.validate_seed,
              "one_tuned_seat_gain": _paired(one["settle_0"], base["settle_0"], tables, config.hands_per_table),
              "one_tuned_others_change": _paired((one["settle_1"] + one["settle_2"] + one["settle_3"]) / 3,
                                                 (base["settle_1"] + base["settle_2"] + base["settle_3"]) / 3,
                                                 tables, config.hands_per_table),
              "all_tuned_seat_change": [_paired(every[f"settle_{s}"], base[f"settle_{s}"], tables,
                                                config.hands_per_table) for s in range(4)],
              "auctions": {"threshold": _auction_stats(base), "one_tuned": _auction_stats(one),
                           "all_tuned": _auction_stats(every)}}
    gain = result["one_tuned_seat_gain"]
    echo(f"validation on {config.validate_deals} fresh deals (seed {config.validate_seed}): a tuned seat among "
         f"threshold bidders gains {gain['mean']:+.4f} per hand, 95% CI "
         f"[{gain['ci95'][0]:+.4f}, {gain['ci95'][1]:+.4f}]" if gain["ci95"] else "")
    for name, stats in result["auctions"].items():
        echo(f"  {name:9}: all-pass {stats['all_pass_rate']:.3f}, mean target {stats['mean_target']:.1f}, "
             f"make rate {stats['make_rate']:.3f}, declarer mean {stats['declarer_settle']:+.3f}")
    return result


assert set(TABLE_KEYS) | set(WEIGHT_NAMES) | {"bid_mode"} <= {p.name for p in HEURISTIC.params}
