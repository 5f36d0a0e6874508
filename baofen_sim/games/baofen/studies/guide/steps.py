"""The steps of `python scripts/make_guide.py` (issue 12): the bidding guide, results/BIDDING_GUIDE.md and its
plots, made from scratch by ordinary commands of this package, each of which resumes where it stopped.

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
Then `numbers.guide_numbers` reads every number (each with its 95% CI) into guide.json, `plots.plot_all`
draws the PNGs and `text.write_guide` writes the Markdown.

Every step is a subprocess running `python -m baofen_sim …`: simulate and sweep resume from their part
files, fit-eval and tune-bids are skipped once their last file exists. The wall time of every step is kept
in the work directory (timings.json), summed over resumes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
TUNE_ROUNDS = 8
CAP_DEFAULTS = (100, 120, 150, 200, 250)  # 250 = the top bid: no cap
CAP_PAIRS_MIN = (4, 5, 6)
ALL_PASS_MODES = ("shuicao_shares_000", "shuicao_points_001", "direct_001")
KITTY_OWNERS = ("none", "declarer", "declarer_if_last_trick")
CURVE_TARGETS = (85, 90, 95, 100, 110, 120, 150)  # the targets drawn; every bid value is in guide.json
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
