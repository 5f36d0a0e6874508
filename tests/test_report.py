"""`report` on a small hand-made run whose every number is worked out by hand; Wilson intervals; plots; CLI."""

from __future__ import annotations

import json
import math

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.analysis.plot import plot_by_target
from baofen_sim.analysis.stats import Z95
from baofen_sim.cli import app
from baofen_sim.games.baofen.report import (
    ReportError,
    build_report,
    header_lines,
    mean_interval,
    print_report,
    wilson_interval,
)
from baofen_sim.games.baofen.report.sweep import compare_sweep
from baofen_sim.io.manifest import manifest_path
from baofen_sim.io.parquet import hand_part_paths
from baofen_sim.rules import preset
from tests.hand_made_runs import (
    HANDS,
    add_columns,
    drop_columns,
    hand_made_columns,
    pot_flow_columns,
    set_spec,
    write_run,
    write_sweep,
)

runner = CliRunner()


@pytest.fixture
def run_dir(tmp_path):
    """The hand-made run written by `simulate` (two chunks of one table each)."""
    return write_run(tmp_path / "run")


# ---- statistics ----


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    # Newcombe (1998), Statistics in Medicine 17:857, Table I, method 3 (Wilson score)
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_interval_matches_published_values(successes, n, low, high):
    interval = wilson_interval(successes, n)
    assert interval == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_of_no_trials_is_none():
    assert wilson_interval(0, 0) is None and mean_interval(1.0, None, 1) is None


# ---- the report ----


def test_report_counts_hands_all_passes_and_declarer_wins(run_dir):
    m = build_report(run_dir)["overall"]
    assert m["hands"] == 8 and m["declared"] == 5
    assert m["all_pass"] == {"count": 3, "rate": 3 / 8}
    assert m["declarer_win"]["count"] == 3 and m["declarer_win"]["rate"] == 3 / 5
    assert m["declarer_win"]["ci95"] == pytest.approx(wilson_interval(3, 5))


def test_report_means_settlement_by_seat_and_role(run_dir):
    settle = build_report(run_dir)["overall"]["mean_settlement"]
    assert settle["seat"] == pytest.approx([0.5 / 8, 8.5 / 8, -23.5 / 8, 9.5 / 8])
    assert settle["declarer"] == pytest.approx((3 - 14.5 - 3 + 12 + 11) / 5)  # declared hands only
    assert settle["defender"] == pytest.approx((-1 + 6.5 + 1 - 4 - 2) / 5)


def test_report_counts_categories_and_wangfen(run_dir):
    categories = build_report(run_dir)["overall"]["categories"]
    assert {k: v["count"] for k, v in categories.items()} == {
        "normal": 2, "quanji": 1, "banji": 1, "jintaiyang": 1, "all_pass": 3, "wangfen_full": 2, "wangfen_zero": 2}
    assert categories["quanji"] == {"count": 1, "per_hand": 1 / 8, "per_declared": 1 / 5}
    assert categories["all_pass"]["per_declared"] is None


def test_report_pot_splits_respect_table_boundaries(run_dir):
    m = build_report(run_dir)["overall"]
    assert m["pot"] == {"mean_after": 15 / 8, "max_after": 5.0, "splits": 1}
    assert m["failed_throws"] == {"total": 3, "per_hand": 3 / 8, "hands_with_any": 2 / 8}


def test_report_splits_are_unknown_without_a_pot(run_dir):
    manifest = json.loads(manifest_path(run_dir).read_text())
    manifest["spec"]["rules"] = preset("baofen").replace(all_pass_mode="direct_001").to_dict()
    manifest_path(run_dir).write_text(json.dumps(manifest))
    assert build_report(run_dir)["overall"]["pot"]["splits"] is None


def test_report_by_target_gives_rates_and_settlement_intervals(run_dir):
    rows = {t["target"]: t for t in build_report(run_dir)["by_target"]}
    assert sorted(rows) == [85, 90, 100, 120]
    hundred = rows[100]
    assert (hundred["hands"], hundred["wins"], hundred["win_rate"]) == (2, 2, 1.0)
    assert hundred["win_ci95"] == pytest.approx(wilson_interval(2, 2))
    assert hundred["mean_settle_declarer"] == 7.5 and hundred["mean_result"] == 260.0
    half = 1.959963984540054 * math.sqrt(40.5) / math.sqrt(2)
    assert hundred["settle_ci95"] == pytest.approx([7.5 - half, 7.5 + half])
    assert rows[90]["settle_ci95"] is None  # one hand: no spread


def test_report_by_column_groups_every_statistic(run_dir):
    report = build_report(run_dir, by="zhujiao")
    groups = {g["key"]["zhujiao"]: g for g in report["groups"]}
    assert report["by"] == ["zhujiao"] and sorted(groups) == [0, 1, 2, 3]
    assert [(g["hands"], g["declared"], g["declarer_win"]["count"]) for g in groups.values()] == [
        (3, 2, 1), (2, 1, 0), (2, 2, 2), (1, 0, 0)]
    assert groups[3]["declarer_win"]["rate"] is None and groups[3]["declarer_win"]["ci95"] is None
    assert groups[1]["pot"]["splits"] == 1 and groups[0]["pot"]["splits"] == 0
    assert [t["target"] for t in groups[2]["by_target"]] == [85, 100]


@pytest.mark.parametrize("column", ["target", "failed_throws", "category", "trump"])
def test_report_by_any_column_even_one_named_like_a_statistic(run_dir, column):
    groups = build_report(run_dir, by=column)["groups"]
    assert sum(g["hands"] for g in groups) == 8


def test_report_by_category_keys_are_labels(run_dir):
    groups = build_report(run_dir, by="category")["groups"]
    assert {g["key"]["category"] for g in groups} == {"normal", "quanji", "banji", "jintaiyang", "all_pass"}


def test_report_prints_tables(run_dir, capsys):
    from rich.console import Console

    print_report(build_report(run_dir), Console(width=200))
    print_report(build_report(run_dir, by="zhujiao"), Console(width=200))
    text = capsys.readouterr().out
    assert "declarer wins" in text and "60.00%" in text and "by zhujiao" in text


def test_plot_writes_a_png(run_dir, tmp_path):
    for by in (None, "zhujiao"):
        path = plot_by_target(build_report(run_dir, by=by), tmp_path / f"plot-{by}.png")
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ---- several --by columns, pseudo-columns, breakdowns, settlement parts, header ----


def test_report_by_several_columns_groups_by_their_combination(run_dir):
    report = build_report(run_dir, by=["zhujiao", "declarer"])
    groups = {(g["key"]["zhujiao"], g["key"]["declarer"]): g for g in report["groups"]}
    assert report["by"] == ["zhujiao", "declarer"]
    assert list(groups) == [(0, -1), (0, 0), (0, 1), (1, -1), (1, 2), (2, 1), (2, 3), (3, -1)]
    assert all(g["hands"] == 1 for g in groups.values())
    assert groups[(2, 1)]["declarer_win"]["rate"] == 1.0 and groups[(0, 1)]["declarer_win"]["rate"] == 0.0


def test_report_breaks_declared_hands_down_by_position_from_the_zhujiao(run_dir):
    rows = build_report(run_dir)["by_position"]
    # (declarer − 主叫) mod 4: hand 0 → 0; hands 2 (lost), 4 (lost), 7 (won) → 1; hand 5 → 3
    assert [(r["position"], r["hands"], r["wins"]) for r in rows] == [(0, 1, 1), (1, 3, 1), (3, 1, 1)]
    assert rows[1]["mean_settle_declarer"] == pytest.approx((-14.5 - 3 + 11) / 3)


def test_report_breaks_declared_hands_down_by_declarer_strength_buckets_of_two_points(run_dir):
    rows = build_report(run_dir)["by_declarer_strength"]
    # the declarers' own strengths: 15.9 (won), 16.0 (lost), 27.99 (lost), 28.0 (won), 21.0 (won)
    assert [(r["declarer_strength"], r["hands"], r["wins"]) for r in rows] == [
        ("<16", 1, 1), ("16–18", 1, 0), ("20–22", 1, 1), ("26–28", 1, 0), ("≥28", 1, 1)]


@pytest.mark.parametrize("pseudo", ["position", "declarer_strength"])
def test_report_by_a_pseudo_column_puts_all_pass_hands_in_a_null_group(run_dir, pseudo):
    groups = build_report(run_dir, by=pseudo)["groups"]
    assert groups[-1]["key"] == {pseudo: None} and groups[-1]["hands"] == groups[-1]["all_pass"]["count"] == 3
    assert sum(g["hands"] for g in groups) == 8


def test_report_gives_95pct_intervals_on_mean_settlements(run_dir):
    settle = build_report(run_dir)["overall"]["mean_settlement"]
    per_seat = np.array([row[12] for row in HANDS])
    for seat in range(4):
        values = per_seat[:, seat]
        half = Z95 * values.std(ddof=1) / math.sqrt(8)
        assert settle["seat_ci95"][seat] == pytest.approx([values.mean() - half, values.mean() + half])
    declarer = np.array([3, -14.5, 1 - 4, 12, 11])  # hands 0, 2, 4, 5, 7
    half = Z95 * declarer.std(ddof=1) / math.sqrt(5)
    assert settle["declarer_ci95"] == pytest.approx([declarer.mean() - half, declarer.mean() + half])


def test_report_splits_settlements_into_stakes_and_pot_only_when_recorded(run_dir):
    drop_columns(hand_part_paths(run_dir), "pot_flow_")  # a run written before the pot_flow_i columns
    settle = build_report(run_dir)["overall"]["mean_settlement"]
    assert settle["stakes"] is None and settle["pot"] is None  # unknown, not guessed
    add_columns(hand_part_paths(run_dir), pot_flow_columns())
    settle = build_report(run_dir)["overall"]["mean_settlement"]
    assert settle["pot"]["seat"] == pytest.approx([-1.5 / 8, -1.5 / 8, -5.5 / 8, 3.5 / 8])
    assert settle["stakes"]["seat"] == pytest.approx([2 / 8, 10 / 8, -18 / 8, 6 / 8])  # they add up to 0
    assert (settle["pot"]["declarer"], settle["pot"]["defender"]) == pytest.approx((2.5 / 5, 2.5 / 5))
    assert (settle["stakes"]["declarer"], settle["stakes"]["defender"]) == pytest.approx((6 / 5, -2 / 5))


def test_report_header_names_policies_parameters_and_a_forced_declarer(run_dir):
    assert header_lines(build_report(run_dir))[1:] == ["policies: heuristic at every seat"]
    set_spec(run_dir, policies=["heuristic", "heuristic", "random", "heuristic"],
             params=[{"open_threshold": 24}, {}, {}, {}], declarer=2, target=100)
    report = build_report(run_dir)
    assert (report["declarer"], report["target"], report["params"][0]) == (2, 100, {"open_threshold": 24})
    assert header_lines(report)[1:] == [
        "policies: seat 0 heuristic; seat 1 heuristic; seat 2 random; seat 3 heuristic; "
        "parameters: seat 0 open_threshold=24",
        "forced declarer: seat 2, target 100"]


def test_report_reads_a_run_of_the_old_layout(run_dir):
    """Runs written before OUT/hands/ kept their parts beside the manifest."""
    for part in hand_part_paths(run_dir):
        part.rename(run_dir / part.name)
    (run_dir / "hands").rmdir()
    report = build_report(run_dir, by="position")
    assert report["rules"] == "baofen" and sum(g["hands"] for g in report["groups"]) == 8


def test_report_reads_a_run_without_manifest_or_declarer_fields(run_dir):
    manifest_path(run_dir).unlink()
    report = build_report(run_dir)
    assert report["overall"]["hands"] == 8 and report["policies"] is None and report["declarer"] is None


# ---- too many groups, plot formats ----


@pytest.fixture
def big_run(tmp_path):
    """The hand-made table repeated: 1,008 hands, so `--by hand` has 1,008 groups."""
    return write_run(tmp_path / "big", hand_made_columns(HANDS * 126), chunk_size=1008)


def test_report_refuses_more_than_1000_groups_before_aggregating(big_run, monkeypatch):
    def no_aggregation(*args, **kwargs):
        raise AssertionError("aggregated before refusing")

    monkeypatch.setattr(pl, "collect_all", no_aggregation)
    with pytest.raises(ReportError, match="--by hand, zhujiao: 1008 groups, more than 1000"):
        build_report(big_run, by=["hand", "zhujiao"])


def test_report_by_up_to_1000_groups_is_made(big_run):
    groups = build_report(big_run, by=["table", "zhujiao"])["groups"]  # 252 tables, 3 of the 4 seats 主叫 in each
    assert len(groups) == 756 and sum(g["hands"] for g in groups) == 1008


def test_report_plot_writes_the_format_its_suffix_names(run_dir, tmp_path):
    result = run("report", run_dir, "--plot", tmp_path / "p.svg")
    assert result.exit_code == 0 and (tmp_path / "p.svg").read_text().startswith("<?xml")


@pytest.mark.parametrize("name", ["x.weird", "x"])
def test_report_plot_refuses_an_unknown_image_format_before_any_work(run_dir, tmp_path, monkeypatch, name):
    def no_report(*args, **kwargs):
        raise AssertionError("built the report before refusing")

    monkeypatch.setattr("baofen_sim.games.baofen.report.hooks.build_report", no_report)
    result = run("report", run_dir, "--json", "--plot", tmp_path / name)
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    assert "unknown image format" in result.stderr and ".png" in result.stderr
    assert not (tmp_path / name).exists()


# ---- sweeps ----

SETTLE_0_EXTRA = np.array([1, 0, 2, 0, 1, 3, 0, 1], dtype=float)  # what bid_cap_default = 200 adds to seat 0
SETTLE_1_EXTRA = 0.5  # what open_threshold_0 = 24 adds to seat 1 in every hand


def variant_columns(cap: int, threshold: int) -> dict[str, np.ndarray]:
    columns = hand_made_columns()
    columns["settle_0"] += SETTLE_0_EXTRA * (cap == 200)
    columns["settle_1"] += SETTLE_1_EXTRA * (threshold == 24)
    return columns


@pytest.fixture
def sweep_dir(tmp_path):
    """A 2 × 2 sweep over bid_cap_default and open_threshold_0, laid out as `sweep` writes it."""
    values = [{"bid_cap_default": cap, "open_threshold_0": threshold} for cap in (150, 200) for threshold in (22, 24)]
    return write_sweep(tmp_path / "sweep", ["bid_cap_default", "open_threshold_0"],
                       [(v, variant_columns(v["bid_cap_default"], v["open_threshold_0"])) for v in values])


def test_report_of_a_sweep_has_one_group_per_variant(sweep_dir):
    report = build_report(sweep_dir)
    assert report["by"] == ["bid_cap_default", "open_threshold_0"] and len(report["variants"]) == 4
    groups = {(g["key"]["bid_cap_default"], g["key"]["open_threshold_0"]): g for g in report["groups"]}
    assert list(groups) == [(150, 22), (150, 24), (200, 22), (200, 24)]
    assert all(g["hands"] == 8 and g["declared"] == 5 for g in groups.values())
    assert groups[(200, 24)]["mean_settlement"]["seat"][:2] == pytest.approx([(0.5 + 8) / 8, 8.5 / 8 + 0.5])


def test_sweep_compare_gives_each_variant_its_paired_difference_from_the_baseline(sweep_dir):
    result = compare_sweep(sweep_dir, "bid_cap_default")
    assert (result["baseline"], result["values"]) == (150, [150, 200])
    assert [(c["fixed"], c["value"], c["hands"]) for c in result["comparisons"]] == [
        ({"open_threshold_0": 22}, 200, 8), ({"open_threshold_0": 24}, 200, 8)]
    seat_0 = result["comparisons"][0]["metrics"]["settle_seat_0"]
    base = np.array([row[12][0] for row in HANDS], dtype=float)
    half = Z95 * SETTLE_0_EXTRA.std(ddof=1) / math.sqrt(8)
    unpaired = Z95 * math.sqrt((base.var(ddof=1) + (base + SETTLE_0_EXTRA).var(ddof=1)) / 8)
    assert seat_0["a"] == pytest.approx(base.mean()) and seat_0["difference"] == pytest.approx(1.0)
    assert seat_0["ci95"] == pytest.approx([1 - half, 1 + half])
    assert seat_0["ci95_unpaired"] == pytest.approx([1 - unpaired, 1 + unpaired])
    assert seat_0["variance_reduction"] == pytest.approx((unpaired / half) ** 2)
    unchanged = result["comparisons"][0]["metrics"]["declarer_win_rate"]
    assert unchanged["difference"] == 0 and unchanged["ci95"] == [0, 0] and unchanged["variance_reduction"] is None


def test_sweep_compare_against_another_baseline_and_along_another_name(sweep_dir):
    flipped = compare_sweep(sweep_dir, "bid_cap_default", baseline="200")
    assert [c["value"] for c in flipped["comparisons"]] == [150, 150]
    assert flipped["comparisons"][1]["metrics"]["settle_seat_0"]["difference"] == pytest.approx(-1.0)
    threshold = compare_sweep(sweep_dir, "open_threshold_0")
    assert [(c["fixed"], c["value"]) for c in threshold["comparisons"]] == [
        ({"bid_cap_default": 150}, 24), ({"bid_cap_default": 200}, 24)]
    assert threshold["comparisons"][0]["metrics"]["settle_seat_1"]["ci95"] == pytest.approx([0.5, 0.5])


def test_report_compare_command_prints_tables_json_and_a_plot(sweep_dir, tmp_path):
    result = run("report", sweep_dir, "--compare", "bid_cap_default", "--plot", tmp_path / "d.png")
    assert result.exit_code == 0, result.output
    assert "bid_cap_default = 200 against 150 (open_threshold_0 = 22)" in result.stdout
    assert "variance reduction" in result.stdout
    assert (tmp_path / "d.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(run("report", sweep_dir, "--compare", "open_threshold_0", "--json").stdout)
    assert data["compare"] == "open_threshold_0" and len(data["comparisons"]) == 2


@pytest.mark.parametrize(("args", "message"), [
    (["--compare", "colour"], "--compare 'colour': not varied in this sweep; it varies bid_cap_default, "
                              "open_threshold_0"),
    (["--compare", "bid_cap_default", "--baseline", "175"], "--baseline 175: bid_cap_default takes 150, 200"),
    (["--compare", "bid_cap_default", "--by", "zhujiao"], "--by does not go with --compare"),
    (["--baseline", "150"], "--baseline goes with --compare"),
])
def test_report_compare_errors_are_one_line(sweep_dir, args, message):
    result = run("report", sweep_dir, *args)
    assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1


def test_report_compare_on_a_single_run_is_refused(run_dir):
    result = run("report", run_dir, "--compare", "bid_cap_default")
    assert result.exit_code == 2 and "is a single run, not a sweep" in result.stderr


# ---- errors and the CLI ----


def test_report_errors(tmp_path, run_dir):
    with pytest.raises(ReportError, match="no such run directory"):
        build_report(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ReportError, match="no hands/part-"):
        build_report(tmp_path / "empty")
    with pytest.raises(ReportError, match="--by 'colour': no such column"):
        build_report(run_dir, by="colour")


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_report_command_json_and_plot(run_dir, tmp_path):
    result = run("report", run_dir, "--json", "--plot", tmp_path / "p.png")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["overall"]["hands"] == 8 and data["status"] == "complete" and data["rules"] == "baofen"
    assert (tmp_path / "p.png").exists()
    text = run("report", run_dir, "--by", "declarer")
    assert text.exit_code == 0 and "by declarer" in text.stdout


@pytest.mark.parametrize(("args", "message"), [(["nowhere"], "no such run directory"),
                                               (["RUN", "--by", "colour"], "no such column")])
def test_report_command_errors_are_one_line(run_dir, args, message):
    result = run("report", *[run_dir if a == "RUN" else a for a in args])
    assert result.exit_code == 2 and result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1
