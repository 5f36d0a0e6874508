"""The guide's make-probability curves (sections 3 and 3b): P(make T) and the declarer's mean settlement at T by
bin of his evaluation, from `--declarer each` data (the heuristic's play: one play gives every target; strong play:
one run per target), and the break-even evaluation per target: the lowest bin from which the mean settlement stays
above zero.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import polars as pl

from baofen_sim.analysis.columns import at_declarer
from baofen_sim.analysis.runs import open_run
from baofen_sim.analysis.stats import mean_summary, rate_summary
from baofen_sim.games.baofen.studies.guide.steps import (
    STRONG_CURVE_SAMPLES,
    STRONG_MIN_EVALUATION,
    STRONG_TARGETS,
    GuidePlan,
)

EVALUATION_BIN = 5.0  # evaluation points per bin of the curves
EVALUATION_RANGE = (30.0, 150.0)  # bins below and above are merged into the end bins
MIN_BIN_HANDS = 200  # a bin with fewer hands is not drawn or used for a break-even
MIN_STRONG_BIN_HANDS = 20  # ... of the strong curves at a small --strong-scale (MIN_BIN_HANDS × the scale)

rate = rate_summary
mean_of = mean_summary


def make_curves(plan: GuidePlan, weights: dict[str, float]) -> dict[str, Any]:
    """P(make T) and the declarer's mean settlement at T by evaluation bin, for every bid value T, from the
    curves data; and per T the break-even evaluation: the lowest bin from which the mean settlement at T stays
    above zero (a lone declarer at T, no 水草 pot)."""
    from baofen_sim.games.baofen.report.targets import target_outcomes
    from baofen_sim.games.baofen.studies.each_data import load_each_data
    from baofen_sim.games.baofen.studies.tune_bids import predict

    data = load_each_data([plan.path("each-curves")])
    evaluation = predict(weights, data)
    targets = data.rules.bid_values()
    pairs = np.stack([data.score.reshape(-1), data.category.reshape(-1)], axis=1)
    unique, pair_of = np.unique(pairs, axis=0, return_inverse=True)
    won, change = target_outcomes(data.rules, unique, targets)
    rest = np.zeros(len(evaluation)) if data.rest is None else np.einsum("nss->ns", data.rest).reshape(-1)
    bins = evaluation_bins(evaluation)
    rows = []
    for b in np.unique(bins):
        members = bins == b
        n = int(members.sum())
        if n < MIN_BIN_HANDS:
            continue
        centre = float(np.mean(evaluation[members]))
        lower, upper = bin_bounds(int(b))
        counts = np.bincount(pair_of[members].reshape(-1), minlength=len(unique))
        per_target = []
        for j, target in enumerate(targets):
            wins = int((counts * won[:, j]).sum())
            settle = change[pair_of[members].reshape(-1), j] + rest[members]
            per_target.append({"target": target, "make": rate(wins, n), "settle": mean_of(settle)})
        rows.append({"bin": [lower, upper], "mean_evaluation": centre, "hands": n, "targets": per_target})
    share = {str(t): rate(int((evaluation >= t).sum()), len(evaluation)) for t in (70, 80, 85, 90, 100, 110, 120)}
    return {"deals": data.deals, "hands": int(evaluation.size), "targets": list(targets), "bins": rows,
            "break_even": _break_even(rows, targets), "evaluation_at_least": share}


def evaluation_bins(evaluation: np.ndarray) -> np.ndarray:
    """The bin of every evaluation: EVALUATION_BIN wide from EVALUATION_RANGE's low end; −1 and the last bin
    take everything beyond the range."""
    low, high = EVALUATION_RANGE
    return np.clip(np.floor((evaluation - low) / EVALUATION_BIN), -1, (high - low) / EVALUATION_BIN).astype(int)


def bin_bounds(b: int) -> tuple[float, float]:
    low, high = EVALUATION_RANGE
    lower = -math.inf if b < 0 else low + b * EVALUATION_BIN
    upper = math.inf if b * EVALUATION_BIN >= high - low else low + (b + 1) * EVALUATION_BIN
    return lower, upper


def _break_even(rows: list[dict[str, Any]], targets: tuple[int, ...]) -> list[dict[str, Any]]:
    out = []
    for j, target in enumerate(targets):
        found = None
        for i in range(len(rows)):
            if all(r["targets"][j]["settle"]["mean"] > 0 for r in rows[i:]):
                found = rows[i]
                break
        out.append({"target": target, "evaluation_from": None if found is None else found["bin"][0],
                    "make_there": None if found is None else found["targets"][j]["make"],
                    "settle_there": None if found is None else found["targets"][j]["settle"]})
    return out


def strong_curves(plan: GuidePlan) -> dict[str, Any]:
    """Strong play (samplers at every seat) per target T of STRONG_TARGETS, from its `--declarer each
    --target T --min-evaluation E` run: P(make T) and the declarer's mean settlement by bin of his evaluation
    (the run's evaluation_i: the shipped weights), bins at or above E only, and the break-even evaluation
    (`_break_even`; `at_floor` when already the lowest bin pays: the break-even is at E or below)."""
    min_hands = max(MIN_STRONG_BIN_HANDS, round(MIN_BIN_HANDS * (plan.strong_scale or plan.scale)))
    out: dict[str, Any] = {"min_evaluation": STRONG_MIN_EVALUATION, "targets": list(STRONG_TARGETS), "curves": [],
                           "min_bin_hands": min_hands, "samples": STRONG_CURVE_SAMPLES}
    for target in STRONG_TARGETS:
        run = open_run(plan.path(f"strong-{target}"))
        seats = run.spec["rules"]["num_players"]
        frame = (run.scan().filter(pl.col("declarer") >= 0)
                 .select(at_declarer("evaluation", seats).alias("evaluation"), pl.col("declarer_won"),
                         at_declarer("settle", seats).alias("settle")).collect())
        evaluation = frame["evaluation"].to_numpy()
        won = frame["declarer_won"].to_numpy().astype(bool)
        settle = frame["settle"].to_numpy().astype(np.float64)
        bins = evaluation_bins(evaluation)
        rows = []
        for b in np.unique(bins):
            lower, upper = bin_bounds(int(b))
            members = bins == b
            if lower < STRONG_MIN_EVALUATION or int(members.sum()) < min_hands:
                continue
            rows.append({"bin": [lower, upper], "mean_evaluation": float(evaluation[members].mean()),
                         "hands": int(members.sum()), "targets": [
                             {"target": target, "make": rate(int(won[members].sum()), int(members.sum())),
                              "settle": mean_of(settle[members])}]})
        even = _break_even(rows, (target,))[0]
        even["at_floor"] = bool(rows) and even["evaluation_from"] == rows[0]["bin"][0]
        out["curves"].append({"target": target, "deals": int(run.spec["deals"]), "declared": int(len(frame)),
                              "bins": rows, "break_even": even})
    return out
