"""What `report` shows a user (issue 20, points 6, 7, 8, 13): the rules as the command line gave them, mean R
and the 水草 explained, deals and seat-hands, legends that leave the data visible, --by suggestions."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from rich.console import Console

from baofen_sim.analysis.plot import by_target_figure, sweep_differences_figure
from baofen_sim.cli.options import rules_given
from baofen_sim.cli.run import run_spec
from baofen_sim.games.baofen.report import ReportError, build_report, header_lines, print_report
from baofen_sim.games.baofen.report.sweep import compare_sweep
from baofen_sim.io.manifest import manifest_path
from baofen_sim.io.parquet import hand_part_paths
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from tests.hand_made_runs import (
    HANDS,
    add_columns,
    hand_made_columns,
    pot_flow_columns,
    write_run,
    write_sweep,
)


def shown(report: dict) -> str:
    """The report as `report` prints it."""
    out = io.StringIO()
    print_report(report, Console(file=out, width=200))
    return out.getvalue()


def flat(text: str) -> str:
    """`text` with its wrapped lines joined: one space between words."""
    return " ".join(text.split())


# ---- point 6: the rules as given ----


def test_simulate_records_the_rules_as_the_command_line_gave_them(tmp_path):
    toml = tmp_path / "my rules.toml"
    toml.write_text('preset = "baofen-001"\nbid_cap_default = 200\n')
    spec = run_spec(str(toml), ["allow_throws=false"], 16, None, 0, None, None, None, 16, False, None, None)
    assert spec.rules_given == f"'{toml}' --set allow_throws=false" and spec.rules.name == "custom"
    assert rules_given("baofen") == "baofen"


def test_the_rules_as_given_are_no_part_of_the_run_identity():
    given = RunSpec(rules_given="baofen-001 --set bid_cap_default=200")
    assert given.spec_hash() == RunSpec().spec_hash() and given == RunSpec()
    assert RunSpec.from_dict(given.to_dict()).rules_given == given.rules_given


def test_report_header_names_the_preset_and_its_set_overrides(tmp_path):
    rules = preset("baofen-001").with_overrides(["bid_cap_default=200"])
    out = write_run(tmp_path / "run", rules=rules, rules_given=rules_given("baofen-001", ["bid_cap_default=200"]))
    report = build_report(out)
    assert report["rules"] == "custom" and report["rules_given"] == "baofen-001 --set bid_cap_default=200"
    assert header_lines(report)[0] == f"{out}: rules baofen-001 --set bid_cap_default=200"
    assert "custom" not in shown(report)


def test_report_of_a_run_written_before_the_rules_were_recorded_says_what_it_knows(tmp_path):
    out = write_run(tmp_path / "run", rules=preset("baofen").with_overrides(["bid_cap_default=200"]))
    manifest = json.loads(manifest_path(out).read_text())
    manifest["spec"].pop("rules_given")  # as older versions wrote it
    manifest_path(out).write_text(json.dumps(manifest))
    assert header_lines(build_report(out))[0] == f"{out}: custom rules"


def test_sweep_header_names_the_rules_as_given(tmp_path):
    variants = [({"bid_cap_default": cap}, hand_made_columns()) for cap in (150, 200)]
    out = write_sweep(tmp_path / "sweep", ["bid_cap_default"], variants)
    manifest = json.loads(manifest_path(out).read_text())
    for variant in manifest["variants"]:
        variant["spec"]["rules_given"] = "baofen --set shuicao_share_value=2"
    manifest_path(out).write_text(json.dumps(manifest))
    for report in (build_report(out), compare_sweep(out, "bid_cap_default")):
        lines = header_lines(report)
        assert lines[0] == f"{out}: rules baofen --set shuicao_share_value=2"
        assert lines[-1] == "sweep over bid_cap_default: 2 variants on the same deals"


# ---- point 6: all-pass once, mean R, stakes + 水草 ----


@pytest.fixture
def pot_run(tmp_path):
    """The hand-made run with its 水草 flows recorded."""
    out = write_run(tmp_path / "run")
    add_columns(hand_part_paths(out), pot_flow_columns())
    return out


def test_overall_table_counts_the_all_pass_hands_once(pot_run):
    overall = shown(build_report(pot_run)).split("mean settlement per hand")[0]
    names = [line.split("│")[1].strip() for line in overall.splitlines() if line.startswith("│")]
    assert [name for name in names if "all-pass" in name] == ["all-pass"]
    assert overall.count("3 (37.50%)") == 1


def test_role_means_are_stakes_plus_a_pot_taken_paid_and_split(pot_run):
    report = build_report(pot_run)
    settle = report["overall"]["mean_settlement"]
    pot = settle["pot"]
    # declared hands 0, 2, 4, 5, 7: hand 2's declarer pays the pot (5) and gets 2.5 back from its split, as
    # each defender does; hand 7's declarer takes the pot (5)
    assert (pot["declarer_taken"], pot["declarer_paid"], pot["split_share"]) == pytest.approx((1.0, 1.0, 0.5))
    assert pot["declarer"] == pytest.approx(pot["declarer_taken"] - pot["declarer_paid"] + pot["split_share"])
    assert pot["defender"] == pytest.approx(pot["split_share"])
    # all-pass hands 1, 3, 6 each put 5 into the pot: -1.25 per seat; their stakes are nothing
    assert settle["all_pass"] == pot["all_pass"] == pytest.approx(-1.25) and settle["stakes"]["all_pass"] == 0
    assert settle["declarer"] == pytest.approx(settle["stakes"]["declarer"] + pot["declarer"])
    text = shown(report)
    assert "= stakes" in text and "+ 水草" in text
    assert ("the declarer's 0.500 = the pot he took when he won 1.000 − the pot he paid in when he lost 1.000 + "
            "his split share 0.500; a defender's 0.500 is his split share") in text
    assert "each seat, all-pass hands (mean) │ 3" in text and "filled in the 3 all-pass hands" in text


def test_mean_r_is_explained_and_special_scores_are_counted(pot_run):
    report = build_report(pot_run)
    special = {t["target"]: t["special_hands"] for t in report["by_target"]}
    assert special == {85: 1, 90: 0, 100: 1, 120: 1}  # 半击, -, 全击 (of two), 金太阳
    text = flat(shown(report))
    assert text.count("mean R: the declarer's result (§6.5), R = S − target") == 1
    assert "whose R is fixed (+500, +250, -1500) whatever the target" in text
    assert "not its size (§6.6)" in text


def test_mean_r_caption_follows_the_rules(tmp_path):
    rules = preset("baofen").with_overrides(["special_scores_fixed=false", "settlement_mode=cumulative_001"])
    text = flat(shown(build_report(write_run(tmp_path / "run", rules=rules))))
    assert "where S = +500, +250, -1500 takes the place of C" in text and "§6.6" not in text


# ---- point 7: deals and seat-hands ----


def test_every_seat_declaring_each_deal_reports_deals_and_seat_hands(tmp_path):
    columns = hand_made_columns()
    columns["hand"][:] = np.arange(len(HANDS)) // 4  # two deals, each played once per seat
    out = write_run(tmp_path / "each", columns, deals=2, hands_per_table=1, chunk_size=1, declarer="each", target=85)
    report = build_report(out)
    assert (report["overall"]["deals"], report["overall"]["hands"]) == (2, 8)
    text = shown(report)
    assert "│ deals " in text and "│ seat-hands " in text and "every deal played once with each seat" in text
    assert "│ hands " not in text and "┃ hands " not in text


def test_a_plain_run_has_as_many_deals_as_hands(pot_run):
    m = build_report(pot_run)["overall"]
    assert m["deals"] == m["hands"] == 8 and "seat-hands" not in shown(build_report(pot_run))


# ---- point 8: legends stay off the data ----

GROUPS = 20


def legend_clear_of_the_data(figure) -> None:
    """Draw `figure`; its one legend lies inside it and overlaps no axes' data area; its series look distinct."""
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    assert len(figure.legends) == 1
    legend = figure.legends[0]
    box = legend.get_window_extent(renderer)
    assert len(legend.get_texts()) == GROUPS
    assert figure.bbox.contains(box.x0, box.y0) and figure.bbox.contains(box.x1, box.y1)
    for axes in figure.axes:
        assert not box.overlaps(axes.get_window_extent(renderer))
        assert not axes.get_legend()
        styles = {(tuple(c.lines[0].get_color()), c.lines[0].get_marker()) for c in axes.containers}
        assert len(styles) == GROUPS


def test_by_target_plot_of_20_groups_keeps_its_legend_off_the_data(tmp_path):
    out = write_run(tmp_path / "run", hand_made_columns(HANDS * 4), chunk_size=32)  # 20 declared hands
    report = build_report(out, by="hand")
    assert sum(1 for g in report["groups"] if g["by_target"]) == GROUPS
    legend_clear_of_the_data(by_target_figure(report))


def test_sweep_difference_plot_of_20_series_keeps_its_legend_off_the_data(tmp_path):
    variants = [({"bid_cap_default": cap, "open_threshold_0": threshold}, hand_made_columns())
                for cap in (150, 200) for threshold in range(GROUPS)]
    out = write_sweep(tmp_path / "sweep", ["bid_cap_default", "open_threshold_0"], variants)
    legend_clear_of_the_data(sweep_differences_figure(compare_sweep(out, "bid_cap_default")))


# ---- point 13: --by suggestions ----


def test_an_unknown_by_column_is_answered_with_the_nearest_and_the_users_columns(pot_run):
    with pytest.raises(ReportError) as raised:
        build_report(pot_run, by="tarjet")
    message = str(raised.value)
    assert message.startswith("--by 'tarjet': no such column; did you mean target? columns: hand, table,")
    assert "__" not in message and "declarer_strength" in message and "pot_flow_0" in message
