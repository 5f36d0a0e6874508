"""`compare`: paired differences between two hand-made runs on the same deals, checked against the delta-method
linearisation computed directly with numpy; the refusals; the CLI."""

from __future__ import annotations

import json
import math

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.analysis.runs import ReportError
from baofen_sim.analysis.stats import Z95, RatioSums, paired_difference
from baofen_sim.cli import app
from baofen_sim.games.baofen.report.compare import compare_frames, compare_runs
from baofen_sim.io.parquet import hand_part_paths
from tests.hand_made_runs import (
    HANDS,
    NORMAL,
    D,
    S,
    add_columns,
    hand_made_columns,
    set_spec,
    write_run,
    write_sweep,
)

runner = CliRunner()

# Run B plays the deals of run A (tests.hand_made_runs.HANDS) otherwise: hand 1, passed in A, is declared at 85
# and won; hand 4, lost in A, is won.
HANDS_B = list(HANDS)
HANDS_B[1] = (0, 2, 85, S, [0, 0, 85, 0], 20, 100, 0, 15, 15, NORMAL, True, [-1, -1, 3, -1], 0, 0, 20.0)
HANDS_B[4] = (0, 1, 90, D, [0, 90, 0, 0], 0, 100, 0, 10, 10, NORMAL, True, [-1, 3, -1, -1], 0, 1, 27.99)


def reference(x_a, w_a, x_b, w_b) -> dict:
    """R_B − R_A and its intervals from the per-hand linearisation u = (x − R w) / w̄, computed directly."""
    x_a, w_a, x_b, w_b = (np.asarray(v, dtype=float) for v in (x_a, w_a, x_b, w_b))
    n = len(x_a)
    ratio_a, ratio_b = x_a.sum() / w_a.sum(), x_b.sum() / w_b.sum()
    u_a = (x_a - ratio_a * w_a) / w_a.mean()
    u_b = (x_b - ratio_b * w_b) / w_b.mean()
    paired = np.var(u_b - u_a, ddof=1) / n
    unpaired = np.var(u_a, ddof=1) / n + np.var(u_b, ddof=1) / n
    difference = ratio_b - ratio_a
    return {"a": ratio_a, "b": ratio_b, "difference": difference,
            "ci95": [difference - Z95 * math.sqrt(paired), difference + Z95 * math.sqrt(paired)],
            "ci95_unpaired": [difference - Z95 * math.sqrt(unpaired), difference + Z95 * math.sqrt(unpaired)],
            "variance_reduction": unpaired / paired}


def assert_matches(compared: dict, expected: dict) -> None:
    for key, value in expected.items():
        assert compared[key] == pytest.approx(value, rel=1e-9, abs=1e-12), key


@pytest.fixture
def runs(tmp_path):
    return write_run(tmp_path / "a"), write_run(tmp_path / "b", hand_made_columns(HANDS_B))


def declared_and_won(hands):
    declared = np.array([row[1] >= 0 for row in hands])
    return declared, declared & np.array([row[11] for row in hands])


# ---- the statistics ----


def test_paired_difference_of_moment_sums_matches_the_linearisation_computed_directly():
    rng = np.random.default_rng(3)
    n = 500
    w_a, w_b = rng.random(n) < 0.7, rng.random(n) < 0.6
    x_a = w_a * rng.normal(1.0, 2.0, n)
    x_b = w_b * (x_a + rng.normal(0.3, 1.0, n))  # correlated with A, on a different set of hands
    sums = RatioSums(n, x_a.sum(), w_a.sum(), (x_a * x_a).sum(), (x_a * w_a).sum(), (w_a * w_a).sum(),
                     x_b.sum(), w_b.sum(), (x_b * x_b).sum(), (x_b * w_b).sum(), (w_b * w_b).sum(),
                     (x_a * x_b).sum(), (x_a * w_b).sum(), (w_a * x_b).sum(), (w_a * w_b).sum())
    assert_matches(paired_difference(sums), reference(x_a, w_a, x_b, w_b))


def test_paired_difference_without_hands_in_a_run_is_undefined():
    sums = RatioSums(8, 0, 0, 0, 0, 0, 3, 4, 3, 3, 4, 0, 0, 0, 0)
    assert paired_difference(sums) == {"a": None, "b": 0.75, "difference": None, "ci95": None,
                                       "ci95_unpaired": None, "variance_reduction": None, "identical_hands": False}


# ---- comparing runs ----


def test_compare_declarer_win_rate_is_paired_when_the_declared_hands_differ(runs):
    compared = compare_runs(*runs)["metrics"]["declarer_win_rate"]
    declared_a, won_a = declared_and_won(HANDS)
    declared_b, won_b = declared_and_won(HANDS_B)
    assert (compared["a"], compared["b"]) == pytest.approx((3 / 5, 5 / 6))
    assert_matches(compared, reference(won_a, declared_a, won_b, declared_b))


def test_compare_mean_settlement_per_seat_is_the_paired_mean_difference(runs):
    metrics = compare_runs(*runs)["metrics"]
    for seat in range(4):
        settle_a = np.array([row[12][seat] for row in HANDS], dtype=float)
        settle_b = np.array([row[12][seat] for row in HANDS_B], dtype=float)
        difference = settle_b - settle_a
        half = Z95 * difference.std(ddof=1) / math.sqrt(8)
        compared = metrics[f"settle_seat_{seat}"]
        assert compared["difference"] == pytest.approx(difference.mean())
        assert compared["ci95"] == pytest.approx([difference.mean() - half, difference.mean() + half])
        assert_matches(compared, reference(settle_a, np.ones(8), settle_b, np.ones(8)))


def test_compare_roles_positions_categories_and_pot(runs):
    metrics = compare_runs(*runs)["metrics"]
    declared_a, _ = declared_and_won(HANDS)
    declared_b, _ = declared_and_won(HANDS_B)
    settle_declarer = [[row[12][row[1]] if row[1] >= 0 else 0.0 for row in hands] for hands in (HANDS, HANDS_B)]
    expected = reference(settle_declarer[0], declared_a, settle_declarer[1], declared_b)
    assert_matches(metrics["settle_declarer"], expected)
    # hand 1 in B is declared by seat 2 with seat 0 as 主叫: position 2
    assert metrics["declare_rate_position_2"]["difference"] == pytest.approx(1 / 8)
    assert metrics["declarer_win_rate_position_2"]["a"] is None and metrics["declarer_win_rate_position_2"]["b"] == 1
    assert metrics["all_pass_rate"]["difference"] == pytest.approx(-1 / 8)
    assert metrics["quanji_rate"]["difference"] == 0 and metrics["quanji_rate"]["variance_reduction"] is None
    assert metrics["pot_after_mean"]["a"] == pytest.approx(15 / 8)


def test_compare_by_a_column_whose_groups_differ_between_the_runs(runs):
    """Hand 1 has no target in A and target 85 in B: group 85 holds hand 7 in A, hands 1 and 7 in B."""
    result = compare_runs(*runs, by=["target"])
    groups = {g["key"]["target"]: g for g in result["groups"]}
    assert list(groups) == [85, 90, 100, 120, None]
    assert (groups[85]["hands_a"], groups[85]["hands_b"], groups[None]["hands_a"], groups[None]["hands_b"]) == (
        1, 2, 3, 2)
    target_a, target_b = ([row[2] if row[1] >= 0 else None for row in hands] for hands in (HANDS, HANDS_B))
    in_a, in_b = np.array([t == 85 for t in target_a]), np.array([t == 85 for t in target_b])
    settle_a, settle_b = (np.array([row[12][row[1]] if row[1] >= 0 else 0.0 for row in hands])
                          for hands in (HANDS, HANDS_B))
    compared = groups[85]["metrics"]["settle_declarer"]
    assert (compared["a"], compared["b"]) == (11.0, (3 + 11) / 2)
    assert_matches(compared, reference(settle_a * in_a, in_a, settle_b * in_b, in_b))


def test_compare_by_pseudo_columns(runs):
    result = compare_runs(*runs, by=["position", "declarer_strength"])
    assert result["by"] == ["position", "declarer_strength"]
    assert sum(g["hands_a"] for g in result["groups"]) == sum(g["hands_b"] for g in result["groups"]) == 8


def test_compare_of_a_run_with_itself_has_no_spread(runs):
    compared = compare_runs(runs[0], runs[0])["metrics"]["settle_seat_2"]
    assert compared["difference"] == 0 and compared["ci95"] == [0, 0] and compared["variance_reduction"] is None


def test_compare_reads_runs_of_the_old_layout(runs):
    for run_dir in runs:
        for part in hand_part_paths(run_dir):
            part.rename(run_dir / part.name)
        (run_dir / "hands").rmdir()
    assert compare_runs(*runs)["hands"] == 8


# ---- refusals ----


@pytest.mark.parametrize(("fields", "message"), [
    ({"seed": 1}, "seed 0 vs 1"),
    ({"deals": 9}, "deals 8 vs 9"),
    ({"hands_per_table": 2}, "hands_per_table 4 vs 2"),
    ({"declarer": "each"}, "forced declarer none vs each"),
    ({"seed": 1, "declarer": 2}, "seed 0 vs 1; forced declarer none vs 2"),
])
def test_compare_refuses_runs_on_other_deals_naming_what_differs(runs, fields, message):
    set_spec(runs[1], **fields)
    result = run(*runs)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr == f"error: {runs[0]} and {runs[1]} are not on the same deals: {message}\n"


def test_compare_refuses_rows_whose_hands_do_not_line_up(runs):
    shuffled = [1, 0, *range(2, 8)]
    add_columns(hand_part_paths(runs[1]), {"hand": shuffled})
    with pytest.raises(ReportError, match="2 of 8 rows of A and B hold different hand"):
        compare_runs(*runs)


def test_compare_pairs_by_hand_and_declarer_when_every_seat_declares_each_deal(runs):
    """With `declarer = "each"` a row is a (hand, declarer): B's hand 1 has another declarer, so it pairs with
    nothing; in an auction run a different declarer is just an outcome (the tests above)."""
    for run_dir in runs:
        set_spec(run_dir, declarer="each")
    assert compare_runs(runs[0], runs[0])["hands"] == 8
    with pytest.raises(ReportError, match="1 of 8 rows of A and B hold different hand/declarer"):
        compare_runs(*runs)


def test_compare_refuses_runs_of_different_lengths(runs):
    hands = pl.scan_parquet(hand_part_paths(runs[0]))
    with pytest.raises(ReportError, match="A has 8 rows and B 4"):
        compare_frames(hands, hands.head(4), ["hand"])


def test_compare_refuses_more_than_1000_groups(tmp_path):
    big = write_run(tmp_path / "big", hand_made_columns(HANDS * 126), chunk_size=1008)
    result = run(big, big, "--by", "hand")
    assert result.exit_code == 2 and "--by hand: 1008 groups, more than 1000" in result.stderr


def test_compare_refuses_a_sweep_and_a_run_without_manifest(runs, tmp_path):
    sweep = write_sweep(tmp_path / "sweep", ["bid_cap_default"], [({"bid_cap_default": 150}, hand_made_columns())])
    with pytest.raises(ReportError, match="is a sweep over bid_cap_default"):
        compare_runs(sweep, runs[0])
    (runs[1] / "manifest.json").unlink()
    with pytest.raises(ReportError, match="no readable manifest.json"):
        compare_runs(*runs)


# ---- the CLI ----


def run(*args):
    return runner.invoke(app, ["compare", *[str(a) for a in args]])


def test_compare_command_prints_tables(runs):
    result = run(*runs)
    assert result.exit_code == 0, result.output
    assert "declarer win rate" in result.stdout and "variance reduction" in result.stdout
    assert "60.00%" in result.stdout and "83.33%" in result.stdout


def test_compare_command_json_is_plain(runs):
    result = run(*runs, "--by", "zhujiao", "--json")
    data = json.loads(result.stdout)  # the CLI writes it with allow_nan=False: no NaN anywhere
    groups = {g["key"]["zhujiao"]: g for g in data["groups"]}
    assert groups[3]["metrics"]["declarer_win_rate"] == {"a": None, "b": None, "difference": None, "ci95": None,
                                                         "ci95_unpaired": None, "variance_reduction": None,
                                                         "identical_hands": False}
    assert data["a"] == str(runs[0]) and groups[0]["hands_a"] == 3
