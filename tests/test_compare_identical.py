"""The variance-reduction column when the paired variance is 0 or below the float noise of its moment sums:
"identical hands" (JSON: `variance_reduction` null and `identical_hands` true) instead of a ratio made of
rounding; a real difference, even in one hand of many, keeps its ratio."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest
from rich.console import Console
from typer.testing import CliRunner

from baofen_sim.analysis.stats import RatioSums, paired_difference
from baofen_sim.cli import app
from baofen_sim.games.baofen.report.compare import compare_frames, comparison_table
from baofen_sim.games.baofen.report.sweep import compare_sweep
from baofen_sim.io.schema import hands_to_arrow
from tests.hand_made_runs import hand_made_columns, write_run, write_sweep

runner = CliRunner()


def moment_sums(x_a, w_a, x_b, w_b) -> RatioSums:
    x_a, w_a, x_b, w_b = (np.asarray(v, dtype=float) for v in (x_a, w_a, x_b, w_b))
    return RatioSums(len(x_a), x_a.sum(), w_a.sum(), (x_a * x_a).sum(), (x_a * w_a).sum(), (w_a * w_a).sum(),
                     x_b.sum(), w_b.sum(), (x_b * x_b).sum(), (x_b * w_b).sum(), (w_b * w_b).sum(),
                     (x_a * x_b).sum(), (x_a * w_b).sum(), (w_a * x_b).sum(), (w_a * w_b).sum())


def frame(columns: dict[str, np.ndarray]) -> pl.LazyFrame:
    return pl.from_arrow(hands_to_arrow(columns)).lazy()


def pots_one_ulp_apart(offset: float, shift: float) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """The hand-made runs with pots far from 0 (`offset` + a little), B's pot one ulp above A's in every other
    hand: the same hands to float precision."""
    a, b = hand_made_columns(), hand_made_columns()
    a["pot_after"][:] = offset + np.arange(8) * 0.1 + shift
    b["pot_after"][:] = a["pot_after"]
    b["pot_after"][::2] = np.nextafter(a["pot_after"][::2], np.inf)
    return a, b


# ---- the statistics ----


@pytest.mark.parametrize("offset", [1e3, 1e4, 1e5, 1e6])
def test_values_equal_to_the_last_bit_are_identical_hands_whatever_their_size(offset):
    """Values far from 0 that agree hand by hand up to one ulp: the moment sums' cancellation left a paired
    variance of pure rounding, which the old share-of-the-unpaired test printed as ratios up to 10^9."""
    rng = np.random.default_rng(5)
    for n in (8, 1000, 100_000):
        x_a = offset + rng.normal(size=n)
        x_b = x_a * (1 + rng.choice([-1, 0, 1], size=n) * np.finfo(float).eps)
        compared = paired_difference(moment_sums(x_a, np.ones(n), x_b, np.ones(n)))
        assert compared["identical_hands"] is True, (n, compared)
        assert compared["variance_reduction"] is None and compared["ci95"][0] == compared["ci95"][1]


def test_one_hand_of_a_hundred_thousand_differing_by_one_point_keeps_its_ratio():
    """The noise floor scales with the values' size, not with the unpaired variance: one settlement point in
    one hand of 100,000 is a real (tiny) paired variance, well above the rounding of sums of ±40."""
    rng = np.random.default_rng(6)
    n = 100_000
    x_a = rng.integers(-40, 41, size=n).astype(float)
    x_b = x_a.copy()
    x_b[17] += 1.0
    compared = paired_difference(moment_sums(x_a, np.ones(n), x_b, np.ones(n)))
    unpaired = 2 * x_a.var(ddof=1) / n
    paired = np.var(x_b - x_a, ddof=1) / n
    assert compared["identical_hands"] is False
    assert compared["variance_reduction"] == pytest.approx(unpaired / paired, rel=1e-6)


def test_a_constant_shift_has_no_paired_spread_but_is_not_identical_hands():
    """B = A + 2 on every hand: the paired variance is 0 (no ratio), the hands are not the same."""
    x_a = np.array([3.0, -1.0, 4.0, 1.0, -5.0, 9.0])
    compared = paired_difference(moment_sums(x_a, np.ones(6), x_a + 2, np.ones(6)))
    assert compared["difference"] == pytest.approx(2.0) and compared["ci95"] == pytest.approx([2.0, 2.0])
    assert compared["variance_reduction"] is None and compared["identical_hands"] is False


def test_a_rate_over_the_same_declared_hands_is_identical_hands():
    won, declared = np.array([1, 0, 1, 1, 0, 0, 1, 0.0]), np.array([1, 1, 1, 1, 0, 1, 1, 0.0])
    compared = paired_difference(moment_sums(won, declared, won, declared))
    assert compared["identical_hands"] is True and compared["variance_reduction"] is None


# ---- compare and report --compare ----


@pytest.mark.parametrize("offset", [1e3, 1e4, 1e5])
def test_compare_of_pots_one_ulp_apart_says_identical_hands(offset):
    for shift in (0.0, 0.013, 0.026):
        a, b = pots_one_ulp_apart(offset, shift)
        compared = compare_frames(frame(a), frame(b), ["hand"])["metrics"]["pot_after_mean"]
        assert compared["identical_hands"] is True and compared["variance_reduction"] is None, (shift, compared)


def test_the_table_prints_identical_hands_instead_of_a_ratio():
    a, b = pots_one_ulp_apart(1e4, 0.026)
    other = hand_made_columns()
    other["settle_0"][3] += 1.0  # one real difference
    metrics = compare_frames(frame(a), frame(other), ["hand"])["metrics"]
    metrics["pot_after_mean"] = compare_frames(frame(a), frame(b), ["hand"])["metrics"]["pot_after_mean"]
    out = Console(width=200)
    with out.capture() as captured:
        out.print(comparison_table(metrics, 4, "B − A"))
    rows = {cells[1].strip(): cells[-2].strip() for cells in (line.split("│") for line in captured.get().splitlines())
            if len(cells) > 2}
    assert rows["mean pot after the hand"] == "identical hands" and rows["mean settlement, seat 1"] == "identical hands"
    assert rows["mean settlement, seat 0"].endswith("×")


def test_compare_json_has_a_null_ratio_and_the_flag(tmp_path):
    a = write_run(tmp_path / "a")
    changed = hand_made_columns()
    changed["settle_0"][3] += 1.0
    b = write_run(tmp_path / "b", changed)
    result = runner.invoke(app, ["compare", str(a), str(b), "--json"])
    assert result.exit_code == 0, result.output
    metrics = json.loads(result.stdout)["metrics"]
    assert metrics["settle_seat_1"]["variance_reduction"] is None and metrics["settle_seat_1"]["identical_hands"]
    assert metrics["settle_seat_0"]["variance_reduction"] > 0 and metrics["settle_seat_0"]["identical_hands"] is False
    text = runner.invoke(app, ["compare", str(a), str(b)])
    assert "identical hands" in text.stdout


def test_sweep_compare_flags_variants_identical_to_the_baseline(tmp_path):
    columns = hand_made_columns()
    out = write_sweep(tmp_path / "sweep", ["bid_cap_default"],
                      [({"bid_cap_default": 150}, columns), ({"bid_cap_default": 200}, columns)])
    (comparison,) = compare_sweep(out, "bid_cap_default")["comparisons"]
    assert all(m["identical_hands"] and m["variance_reduction"] is None for m in comparison["metrics"].values()
               if m["difference"] is not None)
    result = runner.invoke(app, ["report", str(out), "--compare", "bid_cap_default"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("identical hands") >= 10
