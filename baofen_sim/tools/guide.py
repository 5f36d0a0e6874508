"""`python scripts/make_guide.py` (issue 12): the bidding guide, results/BIDDING_GUIDE.md and its plots, made
from scratch by ordinary commands of this package, each of which resumes where it stopped.

The steps (`guide_steps`), under the work directory (default runs/guide):
1. `--declarer each --target each` data: a training set (seed 11), a fresh test set (seed 12);
2. `fit-eval` (the point count) and `tune-bids` (the bid table, validated by simulation on seed 777);
3. a larger `--declarer each --target each` set (seed 13) for the make-probability curves;
4. the cap study: `sweep` over bid_cap_default × bid_cap_pairs_min, then all_pass_mode and kitty_points_owner,
   every seat on the tuned table (seed 21);
5. a sampler-played subsample (seed 31): the forced declarer at seat 0 at 85 and 100, played by the heuristic,
   by a sampler declarer, and by samplers at every seat, paired hand by hand.
Then `guide_numbers` reads every number (each with its 95% CI) into guide.json, `plots` draws the PNGs and
`guide_text` (tools/guide_text.py) writes the Markdown.

Every step is a subprocess running `python -m baofen_sim …`: simulate and sweep resume from their part
files, fit-eval and tune-bids are skipped once their last file exists. The wall time of every step is kept
in the work directory (timings.json), summed over resumes.
"""

from __future__ import annotations

import datetime
import json
import math
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from baofen_sim.analysis.columns import at_declarer
from baofen_sim.analysis.runs import Run, Sweep, open_output, open_run
from baofen_sim.analysis.stats import mean_interval, wilson_interval

Echo = Callable[[str], None]

TRAIN = (11, 1_000_000)  # (seed, deals) of each data set at scale 1
TEST = (12, 200_000)
VALIDATE = (777, 200_000)
CURVES = (13, 5_000_000)
STUDY = (21, 5_000_000)
SAMPLER_CHECK = (31, 3_000)
SAMPLER_TARGETS = (85, 100)
SAMPLER_GROUPS = ((-math.inf, 60.0), (60.0, 80.0), (80.0, math.inf))  # the declarer's evaluation
TUNE_ROUNDS = 8
CAP_DEFAULTS = (150, 175, 200, 250)
CAP_PAIRS_MIN = (4, 5, 6)
ALL_PASS_MODES = ("shuicao_shares_000", "shuicao_points_001", "direct_001")
KITTY_OWNERS = ("none", "declarer", "declarer_if_last_trick")
CURVE_TARGETS = (85, 90, 95, 100, 110, 120, 150)  # the targets drawn; every bid value is in guide.json
EVALUATION_BIN = 5.0  # evaluation points per bin of the curves
EVALUATION_RANGE = (30.0, 150.0)  # bins below and above are merged into the end bins
MIN_BIN_HANDS = 200  # a bin with fewer hands is not drawn or used for a break-even
BOOTSTRAP = 200  # resamples of the R² intervals
BOOTSTRAP_SEED = 5
SAMPLER_PLAYERS = {"heuristic": [], "sampler-declarer": ["--policy", "0=sampler"],
                   "sampler-all": ["--policy", "sampler"]}


class GuideError(Exception):
    """A step that failed (its command is named)."""


@dataclass(frozen=True)
class GuidePlan:
    work: Path
    scale: float = 1.0
    threads: int | None = None

    def deals(self, full: int) -> int:
        return max(64, int(round(full * self.scale)))

    def path(self, name: str) -> Path:
        return self.work / name


@dataclass(frozen=True)
class Step:
    name: str
    args: tuple[str, ...]
    done: Path | None = None  # skipped when this file exists (commands that do not resume by themselves)


def guide_steps(plan: GuidePlan) -> list[Step]:
    """Every command of the guide, in order."""
    threads = ("--threads", str(plan.threads)) if plan.threads else ()
    each = ("--declarer", "each", "--target", "each")
    bids = str(plan.path("bids") / "bids.toml")
    steps = [Step(f"each-{name}", ("simulate", *each, "--deals", str(plan.deals(deals)), "--seed", str(seed),
                                   "--out", str(plan.path(f"each-{name}")), *threads))
             for name, (seed, deals) in (("train", TRAIN), ("test", TEST))]
    steps += [
        Step("fit-eval", ("fit-eval", str(plan.path("each-train")), "--test", str(plan.path("each-test")), "--out",
                          str(plan.path("eval")), *threads), plan.path("eval") / "eval.json"),
        Step("tune-bids", ("tune-bids", str(plan.path("each-train")), "--eval", str(plan.path("eval") / "eval.toml"),
                           "--rounds", str(TUNE_ROUNDS), "--validate", str(plan.deals(VALIDATE[1])),
                           "--validate-seed", str(VALIDATE[0]), "--out", str(plan.path("bids")), *threads),
             plan.path("bids") / "tune-bids.json"),
        Step("each-curves", ("simulate", *each, "--deals", str(plan.deals(CURVES[1])), "--seed", str(CURVES[0]),
                             "--out", str(plan.path("each-curves")), *threads)),
    ]
    study = ("--deals", str(plan.deals(STUDY[1])), "--seed", str(STUDY[0]), "--param", bids, *threads)
    steps += [
        Step("caps", ("sweep", "--vary", "bid_cap_default=" + ",".join(map(str, CAP_DEFAULTS)), "--vary",
                      "bid_cap_pairs_min=" + ",".join(map(str, CAP_PAIRS_MIN)), *study, "--out",
                      str(plan.path("caps")))),
        Step("all-pass", ("sweep", "--vary", "all_pass_mode=" + ",".join(ALL_PASS_MODES), *study, "--out",
                          str(plan.path("all-pass")))),
        Step("kitty", ("sweep", "--vary", "kitty_points_owner=" + ",".join(KITTY_OWNERS), *study, "--out",
                       str(plan.path("kitty")))),
    ]
    seed, deals = SAMPLER_CHECK
    for target in SAMPLER_TARGETS:
        for name, policy in SAMPLER_PLAYERS.items():
            steps.append(Step(f"{name}-{target}", ("simulate", "--declarer", "0", "--target", str(target), *policy,
                                                   "--param", bids, "--deals", str(plan.deals(deals)), "--seed",
                                                   str(seed), "--out", str(plan.path(f"{name}-{target}")), *threads)))
    return steps


def run_steps(plan: GuidePlan, echo: Echo) -> dict[str, float]:
    """Run (or resume) every step; returns the wall seconds of each, summed over resumes."""
    plan.work.mkdir(parents=True, exist_ok=True)
    timings_path = plan.path("timings.json")
    timings: dict[str, float] = json.loads(timings_path.read_text()) if timings_path.exists() else {}
    steps = guide_steps(plan)
    for i, step in enumerate(steps, 1):
        if step.done is not None and step.done.exists():
            echo(f"[{i}/{len(steps)}] {step.name}: done")
            continue
        echo(f"[{i}/{len(steps)}] {step.name}: baofen-sim {' '.join(step.args)}")
        started = time.perf_counter()
        try:
            completed = subprocess.run([sys.executable, "-m", "baofen_sim", *step.args], check=False)
        finally:
            timings[step.name] = timings.get(step.name, 0.0) + time.perf_counter() - started
            timings_path.write_text(json.dumps(timings, indent=1))
        if completed.returncode != 0:
            raise GuideError(f"step {step.name} failed (exit {completed.returncode}): baofen-sim {' '.join(step.args)}")
    return timings


# ----- the numbers ------------------------------------------------------------------------------------------


def _interval(pair: tuple[float, float] | None) -> list[float] | None:
    return None if pair is None else [float(pair[0]), float(pair[1])]


def rate(successes: int, n: int) -> dict[str, Any]:
    """A proportion with its Wilson 95% CI."""
    return {"rate": successes / n if n else None, "ci95": _interval(wilson_interval(int(successes), int(n))),
            "n": int(n)}


def mean_of(values: np.ndarray) -> dict[str, Any]:
    """A mean with its 95% CI."""
    n = len(values)
    mean = float(values.mean()) if n else None
    std = float(values.std(ddof=1)) if n > 1 else None
    return {"mean": mean, "ci95": _interval(mean_interval(mean, std, n)), "n": int(n)}


def point_count(plan: GuidePlan) -> dict[str, Any]:
    """The fitted weights with deal-clustered (sandwich) standard errors, and R² of the evaluation and of
    hand_strength on the fresh test deals with deal-bootstrap 95% CIs."""
    from baofen_sim.tools.each_data import load_each_data
    from baofen_sim.tools.tune_bids import WEIGHT_NAMES, predict, r_squared

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
    from baofen_sim.kernels.rng import deal_hands, deal_pack
    from baofen_sim.policies.registry import EVAL_FEATURE_NAMES
    from baofen_sim.tools.tune_bids import predict

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


def make_curves(plan: GuidePlan, weights: dict[str, float]) -> dict[str, Any]:
    """P(make T) and the declarer's mean settlement at T by evaluation bin, for every bid value T, from the
    curves data; and per T the break-even evaluation: the lowest bin from which the mean settlement at T stays
    above zero (a lone declarer at T, no 水草 pot)."""
    from baofen_sim.analysis.targets import target_outcomes
    from baofen_sim.tools.each_data import load_each_data
    from baofen_sim.tools.tune_bids import predict

    data = load_each_data([plan.path("each-curves")])
    evaluation = predict(weights, data)
    targets = data.rules.bid_values()
    pairs = np.stack([data.score.reshape(-1), data.category.reshape(-1)], axis=1)
    unique, pair_of = np.unique(pairs, axis=0, return_inverse=True)
    won, change = target_outcomes(data.rules, unique, targets)
    rest = np.zeros(len(evaluation)) if data.rest is None else np.einsum("nss->ns", data.rest).reshape(-1)
    low, high = EVALUATION_RANGE
    bins = np.clip(np.floor((evaluation - low) / EVALUATION_BIN), -1, (high - low) / EVALUATION_BIN).astype(int)
    rows = []
    for b in np.unique(bins):
        members = bins == b
        n = int(members.sum())
        if n < MIN_BIN_HANDS:
            continue
        centre = float(np.mean(evaluation[members]))
        lower = -math.inf if b < 0 else low + b * EVALUATION_BIN
        upper = math.inf if b * EVALUATION_BIN >= high - low else low + (b + 1) * EVALUATION_BIN
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


def variant_numbers(run: Run) -> dict[str, Any]:
    """One run's auction and result figures: all-pass, 水草 (a hand with a pot flow), how often the declarer's
    bid reached his cap (§5.4.2), make rate and mean declarer settlement overall and by target."""
    rules = run.spec["rules"]
    seats = rules["num_players"]
    hands = run.scan()
    declarer = pl.col("declarer").cast(pl.Int64)
    pairs, settle = at_declarer("pairs", seats), at_declarer("settle", seats)
    cap = pl.when(pairs >= rules["bid_cap_pairs_min"]).then(rules["bid_cap_max"]).otherwise(rules["bid_cap_default"])
    flows = pl.any_horizontal([pl.col(f"pot_flow_{s}") != 0 for s in range(seats)])
    frame = hands.select(declarer.alias("declarer"), pl.col("target").cast(pl.Int64), pl.col("declarer_won"),
                         settle.alias("settle"), (pl.col("target") >= cap).alias("capped"), flows.alias("pot"),
                         pl.col("pot_after")).collect()
    declared = frame.filter(pl.col("declarer") >= 0)
    n, d = frame.height, declared.height
    by_target = []
    for (target,), group in declared.group_by("target", maintain_order=False):
        by_target.append({"target": int(target), "make": rate(int(group["declarer_won"].sum()), group.height),
                          "settle": mean_of(group["settle"].to_numpy())})
    return {"values": run.values, "hands": n, "all_pass": rate(n - d, n), "pot_hands": rate(int(frame["pot"].sum()), n),
            "pot_after": mean_of(frame["pot_after"].to_numpy()), "capped": rate(int(declared["capped"].sum()), d),
            "make": rate(int(declared["declarer_won"].sum()), d), "settle": mean_of(declared["settle"].to_numpy()),
            "by_target": sorted(by_target, key=lambda row: row["target"])}


PAIRED_METRICS = ("all_pass_rate", "declarer_win_rate", "settle_declarer", "pot_after_mean")


def sweep_numbers(directory: Path, compare: list[tuple[str, str | None]]) -> dict[str, Any]:
    """Every variant's figures and the paired differences along each (name, baseline) of `compare`."""
    from baofen_sim.analysis.sweep import compare_sweep

    source = open_output(directory)
    assert isinstance(source, Sweep), directory
    out: dict[str, Any] = {"variants": [variant_numbers(v) for v in source.variants], "paired": {}}
    for name, baseline in compare:
        result = compare_sweep(directory, name, baseline)
        out["paired"][name] = {"baseline": result["baseline"], "comparisons": [
            {"fixed": c["fixed"], "value": c["value"], **{m: c["metrics"][m] for m in PAIRED_METRICS}}
            for c in result["comparisons"]]}
    return out


def sampler_numbers(plan: GuidePlan, weights: dict[str, float]) -> list[dict[str, Any]]:
    """Per target and per group of the declarer's evaluation (SAMPLER_GROUPS, and all hands): the make rate
    under each player set, and each sampler set's paired difference from the heuristic (hand by hand)."""
    from baofen_sim.rules import preset
    from baofen_sim.tools.each_data import deal_features
    from baofen_sim.tools.tune_bids import WEIGHT_NAMES

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
    caps = sweep_numbers(plan.path("caps"), [("bid_cap_default", None), ("bid_cap_pairs_min", "5")])
    all_pass = sweep_numbers(plan.path("all-pass"), [("all_pass_mode", None)])
    kitty = sweep_numbers(plan.path("kitty"), [("kitty_points_owner", None)])
    echo("the sampler check ...")
    sampler = sampler_numbers(plan, weights)
    return {"date": str(datetime.date.today()), "commit": git_commit(), "scale": plan.scale,
            "hands": hands_played(plan), "timings": timings, "point_count": points, "bids": bids,
            "shipped": _shipped_equals(plan), "curves": curves, "caps": caps, "all_pass": all_pass, "kitty": kitty,
            "sampler": sampler}


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
