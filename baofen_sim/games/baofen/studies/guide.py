"""`python scripts/make_guide.py` (issue 12): the bidding guide, results/BIDDING_GUIDE.md and its plots, made
from scratch by ordinary commands of this package, each of which resumes where it stopped.

The steps (`guide_steps`), under the work directory (default runs/guide):
1. `--declarer each --target each` data: a training set (seed 11), a fresh test set (seed 12);
2. `fit-eval` (the point count) and `tune-bids` (the bid table, validated by simulation on seed 777);
3. a larger `--declarer each --target each` set (seed 13) for the make-probability curves;
4. the cap study: per bidding style (`--param STYLE` at every seat, STYLES) a `sweep` over bid_cap_default ×
   bid_cap_pairs_min on the same deals (seed 21); then all_pass_mode and kitty_points_owner, every seat on the
   tuned table and again under the bold style (seeds 22, 23);
5. a sampler-played subsample (seed 31): the forced declarer at seat 0 at 85 and 100, played by the heuristic,
   by a sampler declarer, and by samplers at every seat, paired hand by hand;
6. strong play, samplers at every seat (the sampler's play reads the target, so one run per target):
   `--declarer each --target T --min-evaluation STRONG_MIN_EVALUATION` on the same deals (seed 41) for each T of
   STRONG_TARGETS; `tune-bids --any-target` on the STRONG_TUNE_TARGET run (the sampler's play at that target
   scored at every target; no threshold below the floor, where the seats did not play); the tuned table
   validated by ordinary auctions under strong play on fresh deals (seed 43): all on the shipped table, one
   seat on the strong table, all on it, paired hand by hand.
The strong-play sizes are scaled apart (`GuidePlan.strong_scale`): the sampler is ~100x slower than the
heuristic. `step_budgets` gives every step's planned hands and minutes at the planned speeds.
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
from baofen_sim.analysis.stats import mean_summary, rate_summary

Echo = Callable[[str], None]

TRAIN = (11, 250_000)  # (seed, deals) of each data set at scale 1
TEST = (12, 50_000)
VALIDATE = (777, 50_000)
CURVES = (13, 1_250_000)
STUDY = (22, 1_250_000)  # all_pass_mode and kitty_points_owner on the tuned table
STYLES = ("cautious-bids", "default-bids", "bold-bids", "reckless-bids")  # policies/params: the bidding styles
CAP_STUDY = (21, 250_000)  # per style; every cap variant of every style on these deals
RULE_STYLE = "bold-bids"  # all_pass_mode and kitty_points_owner again under this style
RULE_STYLE_STUDY = (23, 500_000)
STRONG_TARGETS = (85, 90, 95, 100)
STRONG_MIN_EVALUATION = 65.0  # seat-hands below this are not played (about 85% of them; no table opens there)
STRONG_CURVES = (41, 30_000)  # deals of each strong target run
STRONG_CURVE_SAMPLES = 32  # the sampler's `samples` in them: stronger than its default (results/STRENGTH.md)
STRONG_TUNE_TARGET = 90
STRONG_VALIDATE = (43, 100_000)
STRONG_TUNE_ROUNDS = 6
# The planned speeds (step_budgets): hands/s on 2 cores of heuristic play (all-pass hands included), and hands/s
# per core of a sampler-played seat-hand (samplers at every seat); the share of seat-hands at or above the floor.
HEURISTIC_HANDS_PER_SECOND = 60_000.0
SAMPLER_HANDS_PER_CORE_SECOND = 40.0  # at its defaults; a run with STRONG_CURVE_SAMPLES takes that many / 16 as long
PLANNED_CORES = 2
PLANNED_FLOOR_SHARE = 0.16  # of seat-hands evaluate >= STRONG_MIN_EVALUATION (results/guide/guide.json)
PLANNED_DECLARED_SHARE = 0.2  # of auctions under the tuned tables have a declarer (the rest are not played)
SAMPLER_CHECK = (31, 750)
SAMPLER_TARGETS = (85, 100)
SAMPLER_GROUPS = ((-math.inf, 60.0), (60.0, 80.0), (80.0, math.inf))  # the declarer's evaluation
TUNE_ROUNDS = 8
CAP_DEFAULTS = (100, 120, 150, 200, 250)  # 250 = the top bid: no cap
CAP_PAIRS_MIN = (4, 5, 6)
CAP_NONE = "250"  # the baseline of the cap comparisons: a default cap at the top bid binds nobody below it
ALL_PASS_MODES = ("shuicao_shares_000", "shuicao_points_001", "direct_001")
KITTY_OWNERS = ("none", "declarer", "declarer_if_last_trick")
CURVE_TARGETS = (85, 90, 95, 100, 110, 120, 150)  # the targets drawn; every bid value is in guide.json
EVALUATION_BIN = 5.0  # evaluation points per bin of the curves
EVALUATION_RANGE = (30.0, 150.0)  # bins below and above are merged into the end bins
MIN_BIN_HANDS = 200  # a bin with fewer hands is not drawn or used for a break-even
MIN_STRONG_BIN_HANDS = 20  # ... of the strong curves at a small --strong-scale (MIN_BIN_HANDS × the scale)
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
    strong_scale: float | None = None  # the strong-play steps' own scale (default: `scale`)

    def deals(self, full: int) -> int:
        return max(64, int(round(full * self.scale)))

    def strong_deals(self, full: int) -> int:
        return max(64, int(round(full * (self.scale if self.strong_scale is None else self.strong_scale))))

    def path(self, name: str) -> Path:
        return self.work / name


@dataclass(frozen=True)
class Step:
    name: str
    args: tuple[str, ...]
    done: Path | None = None  # skipped when this file exists (commands that do not resume by themselves)
    hands: int = 0  # planned hands (heuristic) or played sampler hands (strong play)
    strong: bool = False
    cost: float = 1.0  # time per hand relative to the planned speed


def guide_steps(plan: GuidePlan) -> list[Step]:
    """Every command of the guide, in order."""
    threads = ("--threads", str(plan.threads)) if plan.threads else ()
    each = ("--declarer", "each", "--target", "each")
    bids = str(plan.path("bids") / "bids.toml")
    steps = [Step(f"each-{name}", ("simulate", *each, "--deals", str(plan.deals(deals)), "--seed", str(seed),
                                   "--out", str(plan.path(f"each-{name}")), *threads), hands=4 * plan.deals(deals))
             for name, (seed, deals) in (("train", TRAIN), ("test", TEST))]
    steps += [
        Step("fit-eval", ("fit-eval", str(plan.path("each-train")), "--test", str(plan.path("each-test")), "--out",
                          str(plan.path("eval")), *threads), plan.path("eval") / "eval.json"),
        Step("tune-bids", ("tune-bids", str(plan.path("each-train")), "--eval", str(plan.path("eval") / "eval.toml"),
                           "--rounds", str(TUNE_ROUNDS), "--validate", str(plan.deals(VALIDATE[1])),
                           "--validate-seed", str(VALIDATE[0]), "--out", str(plan.path("bids")), *threads),
             plan.path("bids") / "tune-bids.json", hands=3 * plan.deals(VALIDATE[1])),
        Step("each-curves", ("simulate", *each, "--deals", str(plan.deals(CURVES[1])), "--seed", str(CURVES[0]),
                             "--out", str(plan.path("each-curves")), *threads), hands=4 * plan.deals(CURVES[1])),
    ]
    caps = ("--vary", "bid_cap_default=" + ",".join(map(str, CAP_DEFAULTS)), "--vary",
            "bid_cap_pairs_min=" + ",".join(map(str, CAP_PAIRS_MIN)))
    cap_deals = plan.deals(CAP_STUDY[1])
    steps += [Step(f"caps-{style}", ("sweep", *caps, "--deals", str(cap_deals), "--seed", str(CAP_STUDY[0]),
                                     "--param", style, *threads, "--out", str(plan.path(f"caps-{style}"))),
                   hands=len(CAP_DEFAULTS) * len(CAP_PAIRS_MIN) * cap_deals) for style in STYLES]
    rules = (("all-pass", "all_pass_mode", ALL_PASS_MODES), ("kitty", "kitty_points_owner", KITTY_OWNERS))
    for suffix, bidder, (seed, deals) in (("", bids, STUDY), (f"-{RULE_STYLE}", RULE_STYLE, RULE_STYLE_STUDY)):
        steps += [Step(f"{name}{suffix}", ("sweep", "--vary", f"{param}=" + ",".join(values), "--deals",
                                          str(plan.deals(deals)), "--seed", str(seed), "--param", bidder, *threads,
                                          "--out", str(plan.path(f"{name}{suffix}"))),
                       hands=len(values) * plan.deals(deals)) for name, param, values in rules]
    seed, deals = SAMPLER_CHECK
    for target in SAMPLER_TARGETS:
        for name, policy in SAMPLER_PLAYERS.items():
            steps.append(Step(f"{name}-{target}", ("simulate", "--declarer", "0", "--target", str(target), *policy,
                                                   "--param", bids, "--deals", str(plan.deals(deals)), "--seed",
                                                   str(seed), "--out", str(plan.path(f"{name}-{target}")), *threads),
                              hands=plan.deals(deals), strong=bool(policy)))
    return steps + strong_steps(plan, threads)


def strong_steps(plan: GuidePlan, threads: tuple[str, ...]) -> list[Step]:
    """Strong play (samplers at every seat): the per-target `--declarer each` runs above the floor, the table
    tuned on one of them, and its validation by ordinary auctions on fresh deals."""
    sampler = ("--policy", "sampler")
    seed, deals = STRONG_CURVES[0], plan.strong_deals(STRONG_CURVES[1])
    from baofen_sim.policies.registry import DEFAULT_BIDS_FILE, SAMPLER, SAMPLER_SAMPLES

    samples = ("--param", f"samples={STRONG_CURVE_SAMPLES}")
    cost = STRONG_CURVE_SAMPLES / SAMPLER.params[SAMPLER_SAMPLES].default
    steps = [Step(f"strong-{target}", ("simulate", *sampler, *samples, "--declarer", "each", "--target", str(target),
                                       "--min-evaluation", f"{STRONG_MIN_EVALUATION:g}", "--deals", str(deals),
                                       "--seed", str(seed), "--out", str(plan.path(f"strong-{target}")), *threads),
                  hands=round(4 * deals * PLANNED_FLOOR_SHARE), strong=True, cost=cost) for target in STRONG_TARGETS]

    steps.append(Step("strong-tune", ("tune-bids", str(plan.path(f"strong-{STRONG_TUNE_TARGET}")), "--any-target",
                                      "--eval", str(DEFAULT_BIDS_FILE), "--rounds", str(STRONG_TUNE_ROUNDS), "--out",
                                      str(plan.path("strong-bids")), *threads),
                      plan.path("strong-bids") / "tune-bids.json"))
    strong = str(plan.path("strong-bids") / "bids.toml")
    seed, deals = STRONG_VALIDATE[0], plan.strong_deals(STRONG_VALIDATE[1])
    for name, bidders in STRONG_VALIDATION.items():
        params = [arg for bidder in bidders for arg in ("--param", bidder.replace("STRONG", strong))]
        steps.append(Step(f"strong-{name}", ("simulate", *sampler, *params, "--deals", str(deals), "--seed",
                                             str(seed), "--out", str(plan.path(f"strong-{name}")), *threads),
                          hands=round(deals * PLANNED_DECLARED_SHARE), strong=True))
    return steps


# The validation runs: every seat on the shipped table (no --param), seat 0 on the strong table, every seat on it.
STRONG_VALIDATION = {"shipped": (), "one-strong": ("0=STRONG",), "all-strong": ("STRONG",)}


def step_budgets(plan: GuidePlan) -> list[dict[str, Any]]:
    """Every step's planned hands and minutes at the planned speeds (HEURISTIC_HANDS_PER_SECOND on
    PLANNED_CORES cores, SAMPLER_HANDS_PER_CORE_SECOND per core for a sampler-played hand)."""
    rows = []
    for step in guide_steps(plan):
        rate = (SAMPLER_HANDS_PER_CORE_SECOND * PLANNED_CORES if step.strong else HEURISTIC_HANDS_PER_SECOND)
        rows.append({"step": step.name, "hands": step.hands, "strong": step.strong,
                     "minutes": step.hands * step.cost / rate / 60})
    return rows


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


def variant_numbers(run: Run) -> dict[str, Any]:
    """One run's auction and result figures: all-pass, 水草 (a hand with a pot flow), how often the declarer's
    bid reached his cap (§5.4.2: `capped`) and how often a cap held a bidder back (`cap_limited`), with the make
    rate and mean declarer settlement in those hands (`limited_make`, `limited_settle`), make rate and mean
    declarer settlement overall and by target."""
    seats = run.spec["rules"]["num_players"]
    hands = run.scan()
    declarer = pl.col("declarer").cast(pl.Int64)
    settle = at_declarer("settle", seats)
    flows = pl.any_horizontal([pl.col(f"pot_flow_{s}") != 0 for s in range(seats)])
    frame = hands.select(declarer.alias("declarer"), pl.col("target").cast(pl.Int64), pl.col("declarer_won"),
                         settle.alias("settle"), pl.col("cap_reached").alias("capped"), pl.col("cap_limited"),
                         flows.alias("pot"), pl.col("pot_after")).collect()
    declared = frame.filter(pl.col("declarer") >= 0)
    limited = declared.filter(pl.col("cap_limited"))
    n, d = frame.height, declared.height
    by_target = []
    for (target,), group in declared.group_by("target", maintain_order=False):
        by_target.append({"target": int(target), "make": rate(int(group["declarer_won"].sum()), group.height),
                          "settle": mean_of(group["settle"].to_numpy())})
    return {"values": run.values, "hands": n, "all_pass": rate(n - d, n), "pot_hands": rate(int(frame["pot"].sum()), n),
            "pot_after": mean_of(frame["pot_after"].to_numpy()), "capped": rate(int(declared["capped"].sum()), d),
            "cap_limited": rate(limited.height, d), "limited_make": rate(int(limited["declarer_won"].sum()),
                                                                           limited.height),
            "limited_settle": mean_of(limited["settle"].to_numpy()),
            "make": rate(int(declared["declarer_won"].sum()), d), "settle": mean_of(declared["settle"].to_numpy()),
            "by_target": sorted(by_target, key=lambda row: row["target"])}


PAIRED_METRICS = ("all_pass_rate", "declarer_win_rate", "settle_declarer", "pot_after_mean")
CAP_PAIRED_METRICS = ("cap_reached_rate", "cap_limited_rate", "target_cap_bound", "declarer_win_rate_cap_bound",
                      "settle_declarer_cap_bound")  # analysis.caps.cap_metrics
VERDICT_METRICS = ("declarer_win_rate", "settle_declarer", "all_pass_rate")  # "the cap changes something"


def sweep_numbers(directory: Path, compare: list[tuple[str, str | None]]) -> dict[str, Any]:
    """Every variant's figures and the paired differences along each (name, baseline) of `compare`."""
    from baofen_sim.games.baofen.report.sweep import compare_sweep

    source = open_output(directory)
    assert isinstance(source, Sweep), directory
    out: dict[str, Any] = {"variants": [variant_numbers(v) for v in source.variants], "paired": {}}
    for name, baseline in compare:
        result = compare_sweep(directory, name, baseline)
        out["paired"][name] = {"baseline": result["baseline"], "comparisons": [
            {"fixed": c["fixed"], "value": c["value"],
             **{m: c["metrics"][m] for m in (*PAIRED_METRICS, *CAP_PAIRED_METRICS) if m in c["metrics"]}}
            for c in result["comparisons"]]}
    return out


def excludes_zero(difference: dict[str, Any] | None, key: str = "difference") -> bool:
    """Whether a paired difference's 95% CI lies wholly on one side of zero."""
    ci = None if difference is None else difference.get("ci95")
    return bool(ci) and (ci[0] > 0 or ci[1] < 0)


def cap_verdict(study: dict[str, Any]) -> dict[str, Any]:
    """For one style's cap sweep: whether the rule (bid_cap_default 150, the pairs rule at 5) changes the
    declarer's make rate, his mean or the all-pass rate against no cap (a default cap of 250) on the same deals,
    and the highest default cap at which one of them first changes (None: at none of CAP_DEFAULTS)."""
    rows = {int(c["value"]): c for c in study["paired"]["bid_cap_default"]["comparisons"]
            if str(c["fixed"].get("bid_cap_pairs_min")) == "5"}
    changed = {cap: [m for m in VERDICT_METRICS if excludes_zero(row.get(m))] for cap, row in rows.items()}
    starts = max((cap for cap, names in changed.items() if names), default=None)
    return {"rule": rows.get(150), "rule_changes": bool(changed.get(150)), "changed_metrics": changed.get(150, []),
            "starts_at": starts}


def cap_study_numbers(plan: GuidePlan) -> dict[str, Any]:
    """Per style: every cap variant's figures, the paired differences from no cap (bid_cap_default 250) and
    from the pairs rule at 5, and the verdict."""
    out = {}
    for style in STYLES:
        study = sweep_numbers(plan.path(f"caps-{style}"), [("bid_cap_default", CAP_NONE),
                                                           ("bid_cap_pairs_min", "5")])
        out[style] = {**study, "verdict": cap_verdict(study)}
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


def strong_bids_numbers(plan: GuidePlan) -> dict[str, Any]:
    """The table tuned on strong play beside the shipped one, and its validation under strong play on fresh
    deals, paired hand by hand against all seats on the shipped table: seat 0 alone on the strong table (its
    gain: a better response?) and every seat on it (the auctions). `ship`: the table differs and the lone seat's
    gain has a 95% CI above zero."""
    from baofen_sim.analysis.compare import compare_runs
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
