"""Issue 21: the point count as data. The hand columns `evaluation_0..3` (the fitted evaluation of each seat's 25
dealt cards, whatever its policy), `report --by evaluation` in closed 5-point buckets (plain and `--declarer each`
runs), P(make T) by evaluation and its plot for `--target each`, and `report --evaluation LOW-HIGH`."""

from __future__ import annotations

import json
import re

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.analysis.plot import make_rates_figure
from baofen_sim.cli import app
from baofen_sim.engine.deal import deal
from baofen_sim.games.baofen.engine import run_chunk
from baofen_sim.games.baofen.report import build_report, print_report
from baofen_sim.games.baofen.report.compare import compare_runs
from baofen_sim.policies import selection
from baofen_sim.policies.features import counts_of, hand_evaluation
from baofen_sim.runs.runspec import EACH, RunSpec
from baofen_sim.runs.simulate import simulate
from tests.hand_made_runs import HANDS, hand_made_columns, write_run
from tests.test_engine_hand import warm_engine
from tests.test_simulate_plumbing import assert_one_line_error

runner = CliRunner()
BUCKET = re.compile(r"^(-?\d+)–(-?\d+)$")


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    warm_engine()


def test_evaluation_columns_are_the_fitted_count_of_each_seats_dealt_cards_whatever_its_policy():
    policies, params = selection.parse_policy_options(["heuristic", "1=random", "3=random"],
                                                     ["0.eval_intercept=500", "2=threshold-bids"])
    spec = RunSpec(policies=policies, params=params, deals=120, hands_per_table=4, seed=8)
    hands = run_chunk(spec, 0, spec.tables).hands
    default = selection.default_params("heuristic")  # the weights of default-bids.toml, the guide's count
    for h in range(spec.deals):
        dealt, _ = deal(spec.seed, h)
        for seat in range(4):
            assert hands[f"evaluation_{seat}"][h] == np.float32(hand_evaluation(default, counts_of(dealt[seat])))
    each = run_chunk(spec.replace(hands_per_table=1, declarer=EACH, target=85), 0, spec.deals).hands
    for seat in range(4):  # one row per hand and declarer: the same dealt cards in each
        assert np.array_equal(each[f"evaluation_{seat}"], np.repeat(hands[f"evaluation_{seat}"], 4))


def with_evaluations(declarer_values: list[float]) -> dict[str, np.ndarray]:
    """The hand-made hands with the declarer's evaluation set per hand (every other seat at 40)."""
    columns = hand_made_columns()
    for i, (_, declarer, *_) in enumerate(HANDS):
        for seat in range(4):
            columns[f"evaluation_{seat}"][i] = declarer_values[i] if seat == declarer else 40.0
    return columns


def test_by_evaluation_groups_declared_hands_in_closed_five_point_buckets(tmp_path):
    # declared hands 0, 2, 4, 5, 7: evaluations on and just under bucket edges, negative and high
    values = [29.99, 0.0, 30.0, 0.0, -3.5, 150.0, 0.0, 34.99]
    out = write_run(tmp_path / "run", with_evaluations(values))
    groups = build_report(out, by=["evaluation"])["groups"]
    labels = [g["key"]["evaluation"] for g in groups]
    assert labels == ["-5–0", "25–30", "30–35", "150–155", None]  # in numeric order; all-pass hands: no declarer
    assert [g["hands"] for g in groups] == [1, 1, 2, 1, 3]
    for label in labels[:-1]:
        low, high = map(int, BUCKET.match(label).groups())
        assert high - low == 5  # no open-ended bucket at either end
    overall = build_report(out)["by_evaluation"]  # also in the plain report
    assert [row["evaluation"] for row in overall] == labels[:-1]
    result = runner.invoke(app, ["report", str(out), "--by", "evaluation"])
    assert result.exit_code == 0 and "150–155" in result.output


@pytest.fixture(scope="module")
def each_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("each") / "run"
    simulate(RunSpec(deals=300, hands_per_table=1, seed=5, declarer=EACH, target=EACH, chunk_size=100), out,
             progress=False)
    return out


def test_every_target_by_evaluation_gives_p_make_t_per_bucket_and_plots_one_line_each(each_run, tmp_path):
    report = build_report(each_run)
    buckets = report["every_target_by_evaluation"]
    hands = pl.read_parquet(each_run / "hands")
    evaluation = np.choose(hands["declarer"].to_numpy(), [hands[f"evaluation_{s}"].to_numpy() for s in range(4)])
    edges = np.floor(evaluation.astype(np.float64) / 5) * 5
    assert [g["evaluation"] for g in buckets] == [f"{int(e)}–{int(e) + 5}" for e in np.unique(edges)]
    for group in buckets:
        low = int(BUCKET.match(group["evaluation"])[1])
        rows = hands.filter(pl.Series(edges == low))
        made_85 = group["targets"][0]
        assert made_85["target"] == 85 and made_85["hands"] == rows.height
        assert made_85["wins"] == rows["declarer_won"].sum()  # the play was at 85
        rates = [t["make_rate"] for t in group["targets"]]
        assert rates == sorted(rates, reverse=True)  # a higher target is never made more often
    make_axes = make_rates_figure(report).axes[0]
    lines = make_axes.get_lines()
    assert len(lines) == len(buckets)  # one line per evaluation bucket, P(make T) against T
    assert list(lines[0].get_xdata()) == [t["target"] for t in buckets[0]["targets"]]
    assert list(lines[-1].get_ydata()) == pytest.approx([100 * t["make_rate"] for t in buckets[-1]["targets"]])
    result = runner.invoke(app, ["report", str(each_run), "--plot", str(tmp_path / "make.png")])
    assert result.exit_code == 0 and (tmp_path / "make.png").stat().st_size > 0
    assert "P(make T) by declarer evaluation" in result.output


def test_evaluation_filter_keeps_the_hands_of_a_range_of_a_declarer_each_run(each_run, capsys):
    whole = build_report(each_run, by=["evaluation"])
    part = build_report(each_run, evaluation=(40.0, 60.0))
    kept = [g for g in whole["groups"] if g["key"]["evaluation"] in ("40–45", "45–50", "50–55", "55–60")]
    assert part["overall"]["hands"] == sum(g["hands"] for g in kept) > 0
    assert part["overall"]["declarer_win"]["count"] == sum(g["declarer_win"]["count"] for g in kept)
    assert [row["evaluation"] for row in part["by_evaluation"]] == [g["key"]["evaluation"] for g in kept]
    print_report(part)
    assert "only the hands whose declarer's evaluation is at least 40 and below 60" in capsys.readouterr().out
    as_json = json.loads(runner.invoke(app, ["report", str(each_run), "--evaluation", "40-60", "--json"]).output)
    assert as_json["evaluation"] == [40.0, 60.0] and as_json["overall"]["hands"] == part["overall"]["hands"]


@pytest.mark.parametrize(("args", "message"), [
    (["--evaluation", "40-60"], "--evaluation 40-60: needs a --declarer each run"),
    (["--evaluation", "sixty"], "--evaluation 'sixty': expected LOW-HIGH"),
    (["--evaluation", "60-40"], "LOW must be below HIGH"),
])
def test_an_evaluation_filter_without_declarer_each_or_malformed_is_one_line(tmp_path, args, message):
    out = write_run(tmp_path / "run", with_evaluations([50.0] * 8))
    assert_one_line_error(runner.invoke(app, ["report", str(out), *args]), message)


def test_compare_by_evaluation_pairs_the_same_buckets(tmp_path):
    a = write_run(tmp_path / "a", with_evaluations([29.99, 0.0, 30.0, 0.0, -3.5, 150.0, 0.0, 34.99]))
    b = write_run(tmp_path / "b", with_evaluations([29.99, 0.0, 30.0, 0.0, -3.5, 150.0, 0.0, 34.99]))
    groups = compare_runs(a, b, by=["evaluation"])["groups"]
    assert [g["key"]["evaluation"] for g in groups] == ["-5–0", "25–30", "30–35", "150–155", None]
    assert all(g["hands_a"] == g["hands_b"] for g in groups)


def test_min_evaluation_plays_only_the_seats_that_reach_it_and_the_others_pass():
    spec = RunSpec(deals=60, seed=12, hands_per_table=1, declarer=EACH, target=90)
    every = run_chunk(spec, 0, spec.tables).hands
    cut = float(np.median(every["evaluation_0"]))
    some = run_chunk(spec.replace(min_evaluation=cut), 0, spec.tables).hands
    seat = np.tile(np.arange(4), spec.deals)  # row r: hand r // 4 declared by seat r % 4
    evaluation = np.choose(seat, [every[f"evaluation_{s}"] for s in range(4)])
    plays = evaluation >= np.float32(cut)
    assert 0 < plays.sum() < plays.size
    for name in ("declarer", "declarer_won", "declarer_points", "settle_0", "settle_3", "evaluation_2"):
        assert np.array_equal(some[name][plays], every[name][plays]), name  # the same play where it plays
    assert (some["declarer"][~plays] == -1).all() and (every["declarer"][~plays] == seat[~plays]).all()
    assert all((some[f"settle_{s}"][~plays] == 0).all() for s in range(4))  # passing: nothing played or paid


def test_min_evaluation_needs_declarer_each(tmp_path):
    result = runner.invoke(app, ["simulate", "--deals", "10", "--min-evaluation", "60", "--out", str(tmp_path / "r")])
    assert_one_line_error(result, "--min-evaluation 60.0: needs --declarer each")
    result = runner.invoke(app, ["simulate", "--deals", "10", "--declarer", "0", "--target", "85",
                                 "--min-evaluation", "60", "--out", str(tmp_path / "r")])
    assert_one_line_error(result, "needs --declarer each")
    assert not (tmp_path / "r").exists()
    with pytest.raises(ValueError, match="not a finite number"):
        RunSpec(declarer=EACH, target=85, hands_per_table=1, min_evaluation=float("nan"))
