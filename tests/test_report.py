"""`report` on a small hand-made run whose every number is worked out by hand; Wilson intervals; plots; CLI."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from baofen_sim.analysis.plot import plot_by_target
from baofen_sim.analysis.report import ReportError, build_report, mean_interval, print_report, wilson_interval
from baofen_sim.cli import app
from baofen_sim.io.manifest import manifest_path
from baofen_sim.io.schema import ChunkResult, allocate, hand_columns
from baofen_sim.rules import preset
from baofen_sim.runspec import RunSpec
from baofen_sim.simulate import simulate

runner = CliRunner()

S, H, C, D = range(4)
NORMAL, QUANJI, BANJI, JINTAIYANG, ALL_PASS = range(5)
# Two tables of four hands. Columns: zhujiao, declarer, target, trump, bids, kitty, C, W, score, result,
# category, won, settlement per seat, pot after, failed throws.
HANDS = [
    # table 0
    (0, 0, 100, H, [100, 0, 0, 0], 10, 120, 30, 120, 20, NORMAL, True, [3, -1, -1, -1], 0, 0),
    (0, -1, 0, -1, [0, 0, 0, 0], 20, 0, 0, 0, 0, ALL_PASS, False, [-2, -1, -1, -1], 5, 0),
    # jintaiyang: the declarer pays the pot (5) too, it doubles to 10 and is split (+2.5 each)
    (1, 2, 120, S, [0, 120, 0, 0], 30, 0, 0, -1500, -1500, JINTAIYANG, False, [6.5, 6.5, -14.5, 6.5], 0, 2),
    (3, -1, 0, -1, [0, 0, 0, 0], 5, 0, 0, 0, 0, ALL_PASS, False, [-1, -1, -1, -2], 5, 0),
    # table 1 starts with an empty pot: this lost hand is no split
    (0, 1, 90, D, [0, 90, 0, 0], 0, 60, 0, -40, -130, NORMAL, False, [1, -3, 1, 1], 0, 1),
    (2, 1, 100, C, [0, 0, 0, 100], 0, 200, 50, 500, 500, QUANJI, True, [-4, 12, -4, -4], 0, 0),
    (1, -1, 0, -1, [0, 0, 0, 0], 10, 0, 0, 0, 0, ALL_PASS, False, [-1, -2, -1, -1], 5, 0),
    # banji; the winner takes the pot (5): no split
    (2, 3, 85, H, [0, 85, 0, 0], 15, 185, 50, 250, 250, BANJI, True, [-2, -2, -2, 11], 0, 0),
]


def hand_made_columns() -> dict[str, np.ndarray]:
    c = allocate(hand_columns(4), len(HANDS), max_bids=6)
    c["hand"][:] = np.arange(len(HANDS))
    c["table"][:] = c["hand"] // 4
    c["hand_in_table"][:] = c["hand"] % 4
    for i, (zj, d, t, trump, bids, k, pts, w, score, r, cat, won, settle, pot, ft) in enumerate(HANDS):
        c["zhujiao"][i], c["declarer"][i], c["target"][i], c["trump"][i] = zj, d, t, trump
        c["bids"][i, : len(bids)] = bids
        c["kitty_points"][i], c["declarer_points"][i], c["wangfen_points"][i] = k, pts, w
        c["score"][i], c["result"][i], c["category"][i], c["declarer_won"][i] = score, r, cat, won
        for seat in range(4):
            c[f"settle_{seat}"][i] = settle[seat]
        c["pot_after"][i], c["failed_throws"][i] = pot, ft
        c["tricks_played"][i] = 0 if d < 0 else 25
    return c


@pytest.fixture
def run_dir(tmp_path):
    """The hand-made run written by `simulate` (two chunks of one table each)."""
    columns = hand_made_columns()

    def engine(spec, first_table, n_tables):
        rows = slice(first_table * 4, (first_table + n_tables) * 4)
        return ChunkResult({name: values[rows] for name, values in columns.items()})

    out = tmp_path / "run"
    simulate(RunSpec(deals=8, hands_per_table=4, chunk_size=4), out, run_chunk=engine)
    return out


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
    groups = {g["zhujiao"]: g for g in report["groups"]}
    assert report["by"] == "zhujiao" and sorted(groups) == [0, 1, 2, 3]
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
    assert {g["category"] for g in groups} == {"normal", "quanji", "banji", "jintaiyang", "all_pass"}


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
