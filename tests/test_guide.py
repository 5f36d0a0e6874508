"""The bidding guide (issues 12 and 21.5; studies/guide/, scripts/make_guide.py): what a
sweep variant's figures count, the break-even rule of the curves, the cap verdict per style, the strong-play
steps and their budget, --min-evaluation data in tune-bids, and the committed guide is the text of its
committed numbers."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from baofen_sim.analysis.runs import open_output
from baofen_sim.games.baofen.studies.bid_table import WEIGHT_NAMES
from baofen_sim.games.baofen.studies.each_data import EachDataError, load_each_data
from baofen_sim.games.baofen.studies.guide.curves import _break_even
from baofen_sim.games.baofen.studies.guide.steps import (
    STRONG_CURVE_SAMPLES,
    STRONG_MIN_EVALUATION,
    STRONG_TARGETS,
    GuidePlan,
    guide_steps,
    step_budgets,
)
from baofen_sim.games.baofen.studies.guide.sweeps import cap_verdict, variant_numbers
from baofen_sim.games.baofen.studies.guide.text import guide_markdown
from baofen_sim.games.baofen.studies.tune_bids import evaluation_floor, fit_weights
from baofen_sim.policies.selection import parse_policy_options
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
from baofen_sim.runs.sweep import parse_vary, sweep
from tests.test_engine_hand import engine  # noqa: F401  (imports the engine: built for random and heuristic)

ROOT = Path(__file__).resolve().parent.parent
# Seats 0 and 1 bid on any hand up to their caps: auctions end at a cap, or one raise above the other's.
GREEDY = ["threshold-bids", "0.open_threshold=0", "0.per_5_points=0.001", "1.open_threshold=0",
          "1.per_5_points=0.001"]


def test_a_variant_counts_the_bids_that_reach_the_declarers_cap(tmp_path, engine):  # noqa: F811
    policies, params = parse_policy_options(["heuristic"], GREEDY, 4)
    base = RunSpec(policies=policies, params=params, deals=400, hands_per_table=8, chunk_size=200, seed=3)
    sweep(base, [parse_vary("bid_cap_default=150,200", base)], tmp_path / "caps", progress=False)
    for run in open_output(tmp_path / "caps").variants:
        numbers = variant_numbers(run)
        rows = run.scan().collect().to_dicts()
        cap_default = int(run.values["bid_cap_default"])
        declared = [r for r in rows if r["declarer"] >= 0]
        capped = sum(r["target"] == (250 if r[f"pairs_{r['declarer']}"] >= 5 else cap_default) for r in declared)
        assert 0 < capped < len(declared)
        assert (numbers["capped"]["rate"], numbers["capped"]["n"]) == (capped / len(declared), len(declared))
        limited = [r for r in declared if r["cap_limited"]]
        assert 0 < len(limited) and (numbers["cap_limited"]["rate"], numbers["limited_make"]["n"]) == (
            len(limited) / len(declared), len(limited))
        assert numbers["limited_make"]["rate"] == sum(r["declarer_won"] for r in limited) / len(limited)
        assert numbers["all_pass"]["rate"] == (len(rows) - len(declared)) / len(rows)
        assert numbers["make"]["rate"] == sum(r["declarer_won"] for r in declared) / len(declared)
        by_target = {row["target"]: row["make"]["n"] for row in numbers["by_target"]}
        assert by_target == {t: sum(r["target"] == t for r in declared) for t in {r["target"] for r in declared}}


def _bins(means: list[float]) -> list[dict]:
    return [{"bin": [40.0 + 5 * i, 45.0 + 5 * i], "targets": [{"make": {"rate": 0.5}, "settle": {"mean": m}}]}
            for i, m in enumerate(means)]


def test_break_even_is_the_lowest_bin_from_which_every_bin_pays():
    assert _break_even(_bins([-1.0, 0.5, -0.1, 0.3, 0.4]), (85,))[0]["evaluation_from"] == 55.0
    assert _break_even(_bins([0.2, 0.5]), (85,))[0]["evaluation_from"] == 40.0
    assert _break_even(_bins([0.2, -0.5]), (85,))[0]["evaluation_from"] is None


def _comparison(cap: int, pairs: int, make: tuple[float, float, float], settle: tuple[float, float, float]) -> dict:
    return {"fixed": {"bid_cap_pairs_min": pairs}, "value": cap,
            "declarer_win_rate": {"difference": make[0], "ci95": list(make[1:])},
            "settle_declarer": {"difference": settle[0], "ci95": list(settle[1:])},
            "all_pass_rate": {"difference": 0.0, "ci95": [-0.001, 0.001]}}


def test_the_cap_verdict_reads_the_pairs_rule_at_5_against_no_cap_and_finds_the_cap_that_first_changes_it():
    zero, up = (0.0, -0.01, 0.01), (0.02, 0.01, 0.03)
    study = {"paired": {"bid_cap_default": {"baseline": 250, "comparisons": [
        _comparison(100, 5, up, zero), _comparison(120, 5, zero, up), _comparison(150, 5, zero, zero),
        _comparison(200, 5, zero, zero), _comparison(150, 4, up, up)]}}}
    verdict = cap_verdict(study)
    assert (verdict["rule_changes"], verdict["starts_at"], verdict["changed_metrics"]) == (False, 120, [])
    study["paired"]["bid_cap_default"]["comparisons"][2] = _comparison(150, 5, zero, up)
    verdict = cap_verdict(study)
    assert (verdict["rule_changes"], verdict["starts_at"], verdict["changed_metrics"]) == (
        True, 150, ["settle_declarer"])


def test_the_strong_play_steps_are_sampler_runs_per_target_above_the_floor_within_three_hours_at_scale_1(tmp_path):
    steps = {step.name: step.args for step in guide_steps(GuidePlan(tmp_path))}
    for target in STRONG_TARGETS:
        args = " ".join(steps[f"strong-{target}"])
        assert (f"--policy sampler --param samples={STRONG_CURVE_SAMPLES} --declarer each --target {target} "
                f"--min-evaluation {STRONG_MIN_EVALUATION:g}") in args
    assert "--any-target" in steps["strong-tune"] and str(tmp_path / "strong-90") in steps["strong-tune"]
    strong = str(tmp_path / "strong-bids" / "bids.toml")
    assert "--param" not in steps["strong-shipped"] and f"0={strong}" in steps["strong-one-strong"]
    assert strong in steps["strong-all-strong"] and "sampler" in steps["strong-all-strong"]
    for style in ("cautious-bids", "default-bids", "bold-bids", "reckless-bids"):
        args = " ".join(steps[f"caps-{style}"])
        assert f"--param {style}" in args and "bid_cap_default=100,120,150,200,250" in args
    assert "bold-bids" in steps["all-pass-bold-bids"] and "bold-bids" in steps["kitty-bold-bids"]
    budgets = step_budgets(GuidePlan(tmp_path))
    assert {row["step"] for row in budgets} == set(steps)
    assert 30 < sum(row["minutes"] for row in budgets) <= 180
    small = step_budgets(GuidePlan(tmp_path, scale=1, strong_scale=0.5))
    assert sum(r["hands"] for r in small if r["strong"]) < sum(r["hands"] for r in budgets if r["strong"])


def test_tune_bids_reads_min_evaluation_data_and_keeps_its_thresholds_at_or_above_the_floor(tmp_path, engine):  # noqa: F811
    spec = RunSpec(deals=40, seed=12, hands_per_table=1, declarer="each", target="each")
    simulate(spec, tmp_path / "every", progress=False)
    cut = 50.0
    simulate(spec.replace(min_evaluation=cut), tmp_path / "some", progress=False)
    every, some = load_each_data([tmp_path / "every"]), load_each_data([tmp_path / "some"])
    played = some.played
    assert every.played is None and some.min_evaluation == cut and 0 < played.sum() < played.size
    assert np.array_equal(some.score[played], every.score[played])
    assert np.array_equal(some.category[played], every.category[played])
    assert (some.score[~played] == 0).all() and np.isnan(some.outcome[~played]).all()
    default = parse_policy_options(["heuristic"], [], 4)[1][0]
    weights = {name: float(default[name]) for name in WEIGHT_NAMES}
    assert evaluation_floor(some, weights) == cut and evaluation_floor(every, weights) == -math.inf
    with pytest.raises(EachDataError, match="another evaluation than --eval's weights"):
        evaluation_floor(some, {**weights, "eval_intercept": weights["eval_intercept"] + 30})
    with pytest.raises(EachDataError, match="fit-eval needs every seat played"):
        fit_weights(some)


def test_the_committed_guide_is_the_text_of_its_numbers():
    numbers = json.loads((ROOT / "results" / "guide" / "guide.json").read_text(encoding="utf-8"))
    if "strong_bids" not in numbers:
        pytest.skip("results/guide/guide.json predates the two-strength guide (issue 21.5): regenerate it with "
                    "python scripts/make_guide.py")
    text = (ROOT / "results" / "BIDDING_GUIDE.md").read_text(encoding="utf-8")
    assert guide_markdown(numbers) == text
    if numbers["scale"] != 1 or numbers["strong_scale"] != 1:  # a scaled-down guide says so in its first lines
        assert f"(scale {numbers['scale']:g} of the full guide" in text.split("## Answers")[0]
    else:
        assert sum(numbers["hands"].values()) >= 30_000_000  # scale 1: about 32 million hands (scripts/make_guide.py)
    for line in guide_markdown(numbers).splitlines():
        if line.startswith("!["):
            assert (ROOT / "results" / line[line.index("(") + 1:-1]).is_file(), line


def test_make_guide_refuses_a_bad_scale_with_one_line():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_guide.py"), "--scale", "0"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.strip().splitlines() == [
        "error: --scale and --strong-scale must be in (0, 1] and --threads at least 1"]
