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

Beside this module: the table bidder's parameters (`bid_table`), the evaluator (`table_evaluator`) and the best
response (`bid_search`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from baofen_sim.analysis.stats import mean_interval
from baofen_sim.games.baofen.studies.bid_search import Search
from baofen_sim.games.baofen.studies.bid_table import (
    WEIGHT_NAMES,
    expanded_table,
    heuristic_row,
    initial_table,
    table_toml,
    threshold_values,
)
from baofen_sim.games.baofen.studies.each_data import EachData
from baofen_sim.games.baofen.studies.table_evaluator import Evaluation, TableEvaluator

Echo = Callable[[str], None]
CALIBRATION_QUANTILES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0)
WEIGHT_DECIMALS = 3
FIT_CHUNK = 1 << 18  # samples per block of the normal equations


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


# ----- tune-bids --------------------------------------------------------------------------------------------


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
