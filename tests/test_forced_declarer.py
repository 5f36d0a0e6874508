"""Forced declarer (DESIGN.md §5; `--declarer SEAT --target T`, `--declarer each`, `--target each`): the auction
skipped, every seat's hand played as declarer on the same deal, the results at every target from one play
(`analysis.targets`), and the refusals."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.codes import CAT_ALL_PASS
from baofen_sim.games.baofen.engine import run_chunk
from baofen_sim.games.baofen.report.targets import every_target
from baofen_sim.io.schema import hands_to_arrow
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import EACH, RunSpec, RunSpecError
from tests.test_engine_hand import engine  # noqa: F401  (the session fixture that compiles the engine)

runner = CliRunner()
DEALS = 300


def forced(declarer, target, policy: str = "heuristic", **changes) -> dict[str, np.ndarray]:
    spec = RunSpec(policies=(policy,) * 4, deals=DEALS, hands_per_table=1, seed=5, declarer=declarer,
                   target=target, tricks=True).replace(**changes)
    return run_chunk(spec, 0, spec.tables).hands


def declarer_settlement(hands) -> np.ndarray:
    return np.choose(hands["declarer"], [hands[f"settle_{s}"] for s in range(4)])


def test_a_forced_seat_declares_every_hand_at_its_target(engine):  # noqa: F811
    h = forced(2, 110)
    assert np.all(h["declarer"] == 2) and np.all(h["target"] == 110)
    assert np.all(h["category"] != CAT_ALL_PASS) and np.all(h["tricks_played"] > 0)
    assert np.array_equal(h["hand"], np.arange(DEALS)) and np.array_equal(h["table"], h["hand"])
    bids = hands_to_arrow(h, 4).column("bids").to_pylist()
    assert all(b == [] for b in bids)


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_each_plays_every_deal_once_per_seat_as_that_seats_forced_run(engine, policy):  # noqa: F811
    each = forced(EACH, 95, policy)
    assert np.array_equal(each["hand"], np.repeat(np.arange(DEALS), 4))
    assert np.array_equal(each["declarer"], np.tile(np.arange(4), DEALS))
    for seat in range(4):
        alone = forced(seat, 95, policy)
        rows = each["declarer"] == seat
        for name, values in alone.items():
            assert np.array_equal(each[name][rows], values), name


def test_target_each_plays_at_the_lowest_bid_as_a_forced_85(engine):  # noqa: F811
    each = forced(EACH, EACH)
    at_85 = forced(EACH, 85)
    for name, values in at_85.items():
        assert np.array_equal(each[name], values), name


@pytest.mark.parametrize("changes", [{}, {"settlement_mode": "cumulative_001", "special_scores_fixed": False}])
def test_every_target_equals_a_run_at_that_target(engine, changes):  # noqa: F811
    """The make rate and mean settlement at T derived from one `--target each` play equal a run at T."""
    rules = preset("baofen").replace(**changes)
    each = forced(EACH, EACH, rules=rules)
    derived = every_target(pl.DataFrame(hands_to_arrow(each, 4)).lazy(), rules, 4)
    assert len(derived) == 1 and [t["target"] for t in derived[0]["targets"]] == list(rules.bid_values())
    by_target = {t["target"]: t for t in derived[0]["targets"]}
    for target in (85, 120, 200):
        played = forced(EACH, target, rules=rules)
        want = by_target[target]
        assert want["hands"] == len(played["hand"]) == 4 * DEALS
        assert want["wins"] == played["declarer_won"].sum()
        assert want["mean_settle_declarer"] == pytest.approx(declarer_settlement(played).mean(), abs=1e-9)
    rates = [t["make_rate"] for t in derived[0]["targets"]]
    assert rates == sorted(rates, reverse=True) and rates[0] > rates[-1]


def test_every_target_by_declarer(engine):  # noqa: F811
    rules = preset("baofen")
    each = forced(EACH, EACH)
    groups = every_target(pl.DataFrame(hands_to_arrow(each, 4)).lazy(), rules, 4, by=["declarer"])
    assert [g["declarer"] for g in groups] == [0, 1, 2, 3]
    for g in groups:
        rows = each["declarer"] == g["declarer"]
        at_85 = g["targets"][0]
        assert at_85["hands"] == DEALS and at_85["wins"] == each["declarer_won"][rows].sum()


# ---- refusals ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("changes", "message"), [
    ({"declarer": 7, "target": 85}, "a seat 0..3 or each"),
    ({"declarer": 0, "target": 83}, "not a bid the auction allows"),
    ({"declarer": 0, "target": 255}, "above the rules' cap bid_cap_max = 250"),
    ({"declarer": 0}, "--declarer needs --target"),
    ({"target": 100}, "--target needs --declarer"),
    ({"declarer": 1, "target": 90, "hands_per_table": 4}, "one hand per table"),
    ({"declarer": EACH, "target": EACH, "policies": ("examples.plugin_policies:COPY_RANDOM",) * 4},
     "--target each: the play of examples.plugin_policies:COPY_RANDOM depends on the target"),
])
def test_bad_forced_specs_are_refused(changes, message):
    with pytest.raises(RunSpecError, match=message):
        RunSpec(**{"hands_per_table": 1, **changes})


@pytest.mark.parametrize(("args", "message"), [
    (["--declarer", "7", "--target", "85"], "--declarer 7: a seat 0..3 or each"),
    (["--declarer", "0", "--target", "83"], "--target 83: not a bid the auction allows"),
    (["--declarer", "0", "--target", "300"], "--target 300: above the rules' cap"),
    (["--declarer", "x", "--target", "85"], "--declarer x: a number or each"),
    (["--declarer", "each", "--target", "85", "--hands-per-table", "16"], "one hand per table"),
])
def test_bad_forced_options_exit_2_and_write_nothing(tmp_path, args, message):
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", "--deals", "10", "--out", str(out), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not out.exists()


# ---- replay ----


def test_a_forced_hand_replays_as_a_position_the_judge_accepts(engine):  # noqa: F811
    from baofen_sim.games.baofen.replay import replay
    from baofen_sim.io.records import parse_record
    from baofen_sim.reference.judge import judge

    spec = RunSpec(deals=20, hands_per_table=1, seed=5, declarer=EACH, target=100)
    rows = run_chunk(spec, 0, spec.tables).hands
    for hand, declarer in ((3, 1), (11, 2)):
        replayed = replay(spec, hand, declarer)
        record = replayed.record
        assert record["declarer"] == record["leader"] == declarer and record["target"] == 100
        assert all(len(cards) == 25 for cards in record["hands"]) and len(record["buried"]) == 8
        report = judge(parse_record(record))
        assert report.exit_code == 0
        result = report.events[-1]
        row = 4 * hand + declarer
        assert result["declarer_points"] == rows["declarer_points"][row]
        assert result["settlement"] == [rows[f"settle_{s}"][row] for s in range(4)]
    with pytest.raises(RunSpecError, match="give --declarer"):
        replay(spec, 3)


# ---- report ----


def test_report_of_a_target_each_run_shows_every_target(engine, tmp_path, capsys):  # noqa: F811
    from baofen_sim.games.baofen.report import build_report, print_report
    from baofen_sim.runs.simulate import simulate

    spec = RunSpec(deals=200, hands_per_table=1, seed=5, declarer=EACH, target=EACH, chunk_size=64)
    simulate(spec, tmp_path / "run", progress=False)
    report = build_report(tmp_path / "run")
    overall = report["every_target"][0]["targets"]
    assert [t["target"] for t in overall] == list(spec.rules.bid_values()) and overall[0]["hands"] == 800
    assert overall[0]["wins"] == report["overall"]["declarer_win"]["count"]  # played at 85
    buckets = report["every_target_by_strength"]
    assert sum(g["targets"][0]["hands"] for g in buckets) == 800
    print_report(report)
    assert "P(make 100)" in capsys.readouterr().out
    fixed = tmp_path / "fixed"
    simulate(spec.replace(target=100), fixed, progress=False)
    assert "every_target" not in build_report(fixed)
