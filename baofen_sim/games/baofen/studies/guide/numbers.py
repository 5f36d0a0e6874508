"""Every number of the bidding guide (`guide_numbers`, written to guide.json), each with its 95% CI, from the
guide's data sets (`steps`): the point count (fitted weights with deal-clustered errors, R² against hand_strength on
fresh deals, a counted example hand), the bid table, the curves (`curves`), the cap and rule studies (`sweeps`), the
sampler check, and the table tuned on strong play with its validation (`ship_strong_bids` ships it when the full
guide says so).
"""

from __future__ import annotations

import datetime
import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from baofen_sim.analysis.runs import open_output, open_run
from baofen_sim.analysis.stats import mean_summary, rate_summary
from baofen_sim.games.baofen.studies.guide.curves import make_curves, strong_curves
from baofen_sim.games.baofen.studies.guide.steps import (
    RULE_STYLE,
    SAMPLER_CHECK,
    SAMPLER_PLAYERS,
    SAMPLER_TARGETS,
    STRONG_VALIDATION,
    Echo,
    GuidePlan,
    guide_steps,
    step_budgets,
)
from baofen_sim.games.baofen.studies.guide.sweeps import (
    PAIRED_METRICS,
    cap_study_numbers,
    excludes_zero,
    sweep_numbers,
    variant_numbers,
)

SAMPLER_GROUPS = ((-math.inf, 60.0), (60.0, 80.0), (80.0, math.inf))  # the declarer's evaluation
BOOTSTRAP = 200  # resamples of the R² intervals
BOOTSTRAP_SEED = 5

rate = rate_summary
mean_of = mean_summary


def point_count(plan: GuidePlan) -> dict[str, Any]:
    """The fitted weights with deal-clustered (sandwich) standard errors, and R² of the evaluation and of
    hand_strength on the fresh test deals with deal-bootstrap 95% CIs."""
    from baofen_sim.games.baofen.studies.bid_table import WEIGHT_NAMES
    from baofen_sim.games.baofen.studies.each_data import load_each_data
    from baofen_sim.games.baofen.studies.tune_bids import predict, r_squared

    report = json.loads((plan.path("eval") / "eval.json").read_text())
    weights = report["weights"]
    train = load_each_data([plan.path("each-train")])
    errors = _clustered_errors(train, np.array([weights[name] for name in WEIGHT_NAMES]))
    test = load_each_data([plan.path("each-test")])
    y = test.outcome
    fitted = predict(weights, test).reshape(y.shape)
    fit = report["strength_fit"]
    by_strength = fit["slope"] * test.strength + fit["intercept"]
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    samples = []
    for _ in range(BOOTSTRAP):
        deals = rng.integers(0, len(y), len(y))
        yy = y[deals].reshape(-1)
        samples.append((r_squared(yy, fitted[deals].reshape(-1)), r_squared(yy, by_strength[deals].reshape(-1))))
    boot = np.array(samples)
    r2 = (r_squared(y.reshape(-1), fitted.reshape(-1)), r_squared(y.reshape(-1), by_strength.reshape(-1)))

    def bootstrap_ci(column: np.ndarray) -> list[float]:
        return [float(np.quantile(column, 0.025)), float(np.quantile(column, 0.975))]

    return {"weights": {name: {"value": weights[name], "se": float(se)}
                        for name, se in zip(WEIGHT_NAMES, errors, strict=True)},
            "r2": {"evaluation": {"value": r2[0], "ci95": bootstrap_ci(boot[:, 0])},
                   "hand_strength": {"value": r2[1], "ci95": bootstrap_ci(boot[:, 1])},
                   "gain": {"value": r2[0] - r2[1], "ci95": bootstrap_ci(boot[:, 0] - boot[:, 1])}},
            "train_deals": train.deals, "test_deals": test.deals, "calibration": report["calibration"],
            "example": _example_hand(plan, train, weights)}


def _clustered_errors(data: Any, w: np.ndarray) -> np.ndarray:
    """Standard errors of least-squares weights, clustered by deal (the four seats of a deal share cards)."""
    n, seats, k = data.features.shape
    x = np.concatenate([np.ones((n, seats, 1)), data.features], axis=2)
    residual = data.outcome - x @ w
    xtx = np.einsum("nsk,nsl->kl", x, x)
    score = np.einsum("nsk,ns->nk", x, residual)
    meat = score.T @ score
    bread = np.linalg.inv(xtx)
    return np.sqrt(np.diag(bread @ meat @ bread))


def _example_hand(plan: GuidePlan, data: Any, weights: dict[str, float]) -> dict[str, Any]:
    """A hand near the opening level, counted feature by feature: the first (deal, seat) of the training data
    whose evaluation lies in [85, 90)."""
    from baofen_sim.cards import NUM_KINDS, PACK_SIZE, format_cards
    from baofen_sim.games.baofen.studies.tune_bids import predict
    from baofen_sim.kernels.rng import deal_hands, deal_pack
    from baofen_sim.policies.registry import EVAL_FEATURE_NAMES

    evaluation = predict(weights, data).reshape(data.outcome.shape)
    deal, seat = (int(i) for i in np.argwhere((evaluation >= 85) & (evaluation < 90))[0])
    seed = data.runs[0][1]
    players = data.rules.num_players
    pack = np.empty(PACK_SIZE, dtype=np.int64)
    ge1 = np.zeros(players, dtype=np.uint64)
    eq2 = np.zeros(players, dtype=np.uint64)
    deal_pack(seed, deal, pack)
    deal_hands(pack, players, data.rules.hand_size, ge1, eq2)
    kinds = [k for k in range(NUM_KINDS) for copy in (ge1[seat], eq2[seat]) if (int(copy) >> k) & 1]
    features = data.features[deal, seat]
    terms = [{"feature": name, "count": float(f), "weight": weights[f"eval_{name}"],
              "points": float(f) * weights[f"eval_{name}"]}
             for name, f in zip(EVAL_FEATURE_NAMES, features, strict=True)]
    return {"seed": seed, "deal": deal, "seat": seat, "cards": format_cards(sorted(kinds)),
            "intercept": weights["eval_intercept"], "terms": terms, "evaluation": float(evaluation[deal, seat])}


def strong_bids_numbers(plan: GuidePlan) -> dict[str, Any]:
    """The table tuned on strong play beside the shipped one, and its validation under strong play on fresh
    deals, paired hand by hand against all seats on the shipped table: seat 0 alone on the strong table (its
    gain: a better response?) and every seat on it (the auctions). `ship`: the table differs and the lone seat's
    gain has a 95% CI above zero."""
    from baofen_sim.games.baofen.report.compare import compare_runs
    from baofen_sim.games.baofen.studies.bid_table import TABLE_KEYS
    from baofen_sim.policies.registry import DEFAULT_BIDS_FILE, _load_param_file

    tuned = json.loads((plan.path("strong-bids") / "tune-bids.json").read_text())
    shipped = _load_param_file(str(DEFAULT_BIDS_FILE), "guide")
    table = tuned["table"]
    differs = [key for key in TABLE_KEYS if float(table[key]) != float(shipped[key])]
    base = plan.path("strong-shipped")
    one = compare_runs(base, plan.path("strong-one-strong"))["metrics"]
    every = compare_runs(base, plan.path("strong-all-strong"))["metrics"]
    auctions = {name: variant_numbers(open_run(plan.path(f"strong-{name}"))) for name in STRONG_VALIDATION}
    gain = one["settle_seat_0"]
    return {"table": table, "shipped": {key: float(shipped[key]) for key in TABLE_KEYS}, "differs": differs,
            "fixed_point": tuned["fixed_point"], "rounds": len(tuned["rounds"]), "deals": tuned["deals"],
            "floor": tuned.get("threshold_floor"), "validation_deals": int(open_run(base).spec["deals"]),
            "one_strong_seat_gain": gain, "one_strong_others": {s: one[f"settle_seat_{s}"] for s in (1, 2, 3)},
            "all_strong": {m: every[m] for m in PAIRED_METRICS}, "auctions": auctions,
            "ship": bool(differs) and excludes_zero(gain) and gain["difference"] > 0}


def ship_strong_bids(plan: GuidePlan, numbers: dict[str, Any], params_dir: Path) -> Path | None:
    """params_dir/strong-bids.toml: the strong-play table, when the full guide (scale 1) says it ships."""
    strong = numbers["strong_bids"]
    if plan.scale != 1 or (plan.strong_scale or 1) != 1 or not strong["ship"]:
        return None
    gain = strong["one_strong_seat_gain"]
    text = (plan.path("strong-bids") / "bids.toml").read_text(encoding="utf-8").splitlines()
    header = ["# The table bidder tuned on strong play (samplers at every seat; scripts/make_guide.py,",
              f"# results/BIDDING_GUIDE.md): one seat on it among shipped-table seats gains {gain['difference']:+.4f}",
              f"# per hand, 95% CI [{gain['ci95'][0]:+.4f}, {gain['ci95'][1]:+.4f}], under strong play on "
              f"{strong['validation_deals']:,} fresh deals. Use it as --param strong-bids or --param SEAT=strong-bids."]
    path = params_dir / "strong-bids.toml"
    temp = params_dir / ".strong-bids.toml.tmp"
    temp.write_text("\n".join(header + [line for line in text if not line.startswith("#")]) + "\n", encoding="utf-8")
    temp.replace(path)
    return path


def sampler_numbers(plan: GuidePlan, weights: dict[str, float]) -> list[dict[str, Any]]:
    """Per target and per group of the declarer's evaluation (SAMPLER_GROUPS, and all hands): the make rate
    under each player set, and each sampler set's paired difference from the heuristic (hand by hand)."""
    from baofen_sim.games.baofen.studies.bid_table import WEIGHT_NAMES
    from baofen_sim.games.baofen.studies.each_data import deal_features
    from baofen_sim.rules import preset

    seed, deals = SAMPLER_CHECK[0], plan.deals(SAMPLER_CHECK[1])
    features = deal_features(preset("baofen"), seed, deals)[0][:, 0]
    w = np.array([weights[name] for name in WEIGHT_NAMES])
    evaluation = features @ w[1:] + w[0]
    out = []
    for target in SAMPLER_TARGETS:
        won = {name: open_run(plan.path(f"{name}-{target}")).scan().select("declarer_won").collect()[
            "declarer_won"].to_numpy().astype(np.float64) for name in SAMPLER_PLAYERS}
        for low, high in ((-math.inf, math.inf), *SAMPLER_GROUPS):
            members = (evaluation >= low) & (evaluation < high)
            row: dict[str, Any] = {"target": target, "evaluation": [low, high]}
            for name, made in won.items():
                row[name] = rate(int(made[members].sum()), int(members.sum()))
                if name != "heuristic":
                    row[f"{name}_paired"] = mean_of(made[members] - won["heuristic"][members])
            out.append(row)
    return out


def hands_played(plan: GuidePlan) -> dict[str, int]:
    """Rows (hands) of every data set of the guide."""
    counts = {}
    for step in guide_steps(plan):
        if step.args[0] in ("simulate", "sweep"):
            source = open_output(plan.path(step.name))
            counts[step.name] = int(source.scan().select(pl.len()).collect().item())
    bids = json.loads((plan.path("bids") / "tune-bids.json").read_text())
    validation = bids.get("validation") or {}
    counts["tune-bids validation"] = 3 * int(validation.get("deals", 0))
    return counts


def guide_numbers(plan: GuidePlan, timings: dict[str, float], echo: Echo) -> dict[str, Any]:
    echo("reading the point count ...")
    points = point_count(plan)
    weights = {name: w["value"] for name, w in points["weights"].items()}
    bids = json.loads((plan.path("bids") / "tune-bids.json").read_text())
    echo("the make-probability curves ...")
    curves = make_curves(plan, weights)
    echo("the cap study ...")
    caps = cap_study_numbers(plan)
    rules = {f"{name}{suffix}": sweep_numbers(plan.path(f"{name}{suffix}"), [(param, None)])
             for suffix in ("", f"-{RULE_STYLE}") for name, param in (("all-pass", "all_pass_mode"),
                                                                        ("kitty", "kitty_points_owner"))}
    echo("the sampler check ...")
    sampler = sampler_numbers(plan, weights)
    echo("strong play ...")
    return {"date": str(datetime.date.today()), "commit": git_commit(), "scale": plan.scale,
            "strong_scale": plan.strong_scale if plan.strong_scale is not None else plan.scale,
            "hands": hands_played(plan), "timings": timings, "budgets": step_budgets(GuidePlan(plan.work)),
            "point_count": points, "bids": bids, "shipped": _shipped_equals(plan), "curves": curves, "caps": caps,
            "rule_style": RULE_STYLE, "rules": rules, "sampler": sampler, "strong": strong_curves(plan),
            "strong_bids": strong_bids_numbers(plan)}


def git_commit() -> str:
    """The checkout's commit (short), or "unknown" outside a git checkout."""
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True,
                              cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _shipped_equals(plan: GuidePlan) -> bool:
    """Whether the tuned table is the heuristic's shipped default bidder (policies/params/default-bids.toml)."""
    from baofen_sim.policies.registry import DEFAULT_BIDS_FILE, _load_param_file

    return _load_param_file(str(plan.path("bids") / "bids.toml"), "guide") == _load_param_file(
        str(DEFAULT_BIDS_FILE), "guide")


def copy_calibration(plan: GuidePlan, figures: Path) -> None:
    figures.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(plan.path("eval") / "calibration.png", figures / "calibration.png")
