"""`sweep` (DESIGN.md §7, §9): the variants' cross product, the hive layout, resume and refusal (around a fake
engine), and with the engine: every variant plays the same deals as a plain run of it."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.analysis.runs import Run, open_output
from baofen_sim.cli import app
from baofen_sim.io.manifest import SweepManifest, read_manifest
from baofen_sim.policies.selection import parse_policy_options
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import SimulateError, simulate
from baofen_sim.runs.sweep import SweepError, parse_vary, plan_variants, sweep
from tests.test_engine_hand import engine  # noqa: F401  (imports the engine: built for random and heuristic)
from tests.test_simulate_plumbing import FakeEngine, assert_one_line_error, fake_engine, files_of  # noqa: F401

runner = CliRunner()


def base_of(**changes) -> RunSpec:
    policies, params = parse_policy_options(["heuristic"], [], 4)
    return RunSpec(policies=policies, params=params, deals=600, hands_per_table=10, chunk_size=200,
                   seed=9).replace(**changes)


def varies_of(base: RunSpec, *texts: str):
    return [parse_vary(text, base) for text in texts]


def test_variants_are_the_cross_product_in_order():
    base = base_of()
    variants = plan_variants(base, varies_of(base, "bid_cap_default=150,200", "1.open_threshold=22,24.5"))
    assert [v.dir for v in variants] == [
        "bid_cap_default=150/open_threshold_1=22", "bid_cap_default=150/open_threshold_1=24.5",
        "bid_cap_default=200/open_threshold_1=22", "bid_cap_default=200/open_threshold_1=24.5"]
    last = variants[-1].spec
    assert last.rules.bid_cap_default == 200 and last.seat_params(1)["open_threshold"] == 24.5
    assert last.seat_params(0) == base.seat_params(0) and last.seed == base.seed and last.deals == base.deals


@pytest.mark.parametrize(("text", "message"), [
    ("nosuch=1,2", "unknown option"),
    ("bid_cap_default=150,x", "bid_cap_default"),
    ("0.nosuch=1,2", "nosuch"),
    ("9.open_threshold=20", "seat"),
    ("0.per_5_points=1,-1", "per_5_points"),
    ("bid_cap_default", "expected OPTION=V1,V2"),
    ("bid_cap_default=150,,200", "expected OPTION=V1,V2"),
    ("bid_cap_default=150,150", "given twice"),
    ("all_pass_mode=a/b", "may not contain"),
])
def test_bad_vary_options_are_refused(text, message):
    with pytest.raises(SweepError, match=message):
        parse_vary(text, base_of())


def test_a_name_varied_twice_is_refused():
    base = base_of()
    with pytest.raises(SweepError, match="given twice"):
        plan_variants(base, varies_of(base, "bid_cap_default=150", "bid_cap_default=200"))


def test_a_sweep_writes_hive_folders_read_as_one_table(tmp_path):
    import pyarrow.dataset as ds

    base = base_of(tricks=True)
    out = tmp_path / "sweep"
    summary = sweep(base, varies_of(base, "kitty_points_owner=none,declarer"), out, run_chunk=FakeEngine())
    assert summary.variants == 2 and summary.chunks_run == 2 * 3
    manifest = read_manifest(out, SweepManifest)
    assert manifest.vary == ["kitty_points_owner"] and manifest.status == "complete"
    assert [v.dir for v in manifest.variants] == ["kitty_points_owner=none", "kitty_points_owner=declarer"]
    hands = pl.scan_parquet(out / "hands").collect()
    assert hands.height == 1200 and sorted(hands["kitty_points_owner"].unique()) == ["declarer", "none"]
    assert ds.dataset(out / "hands", partitioning="hive").to_table().num_rows == 1200
    assert pl.scan_parquet(out / "tricks").select("kitty_points_owner").collect().height > 0
    for value in ("none", "declarer"):  # each variant holds the run's hands in order
        variant = hands.filter(pl.col("kitty_points_owner") == value)
        assert variant["hand"].to_list() == list(range(600))


def test_an_interrupted_sweep_resumes_to_the_same_bytes(tmp_path):
    base = base_of()
    varies = varies_of(base, "bid_cap_default=150,160,170")
    whole = tmp_path / "whole"
    sweep(base, varies, whole, run_chunk=FakeEngine())
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        sweep(base, varies, out, run_chunk=FakeEngine(interrupt_at=4))
    assert read_manifest(out, SweepManifest).status == "interrupted"
    rest = FakeEngine()
    summary = sweep(base, varies, out, run_chunk=rest)
    assert len(rest.calls) == 9 - 3 and summary.chunks_skipped == 3
    assert files_of(out) == files_of(whole)


def test_another_sweep_or_a_run_in_the_same_out_is_refused(tmp_path):
    base = base_of()
    out = tmp_path / "out"
    sweep(base, varies_of(base, "bid_cap_default=150,160"), out, run_chunk=FakeEngine())
    with pytest.raises(SimulateError, match="another sweep"):
        sweep(base, varies_of(base, "bid_cap_default=150,170"), out, run_chunk=FakeEngine())
    with pytest.raises(SimulateError, match="not a baofen-sim run manifest"):
        simulate(base, out, run_chunk=FakeEngine())


def test_sweep_command(tmp_path, fake_engine):  # noqa: F811
    out = tmp_path / "sweep"
    result = runner.invoke(app, ["sweep", "--vary", "bid_cap_default=150,200", "--vary", "0.open_threshold=22,24",
                                 "--deals", "300", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("4 variants of 300 hands in")
    assert len(list((out / "hands").glob("*/*/part-*.parquet"))) == 4


@pytest.mark.parametrize(("args", "message"), [
    (["--vary", "nosuch=1,2"], "unknown option"),
    (["--vary", "bid_cap_default=150,abc"], "bid_cap_default"),
    (["--vary", "0.nosuch=1"], "nosuch"),
    (["--vary", "bid_cap_max=150,250", "--declarer", "0", "--target", "200"], "--target 200: above the rules' cap"),
    (["--deals", "10"], "Missing option '--vary'"),
])
def test_sweep_command_errors_are_one_line_and_write_nothing(tmp_path, fake_engine, args, message):  # noqa: F811
    out = tmp_path / "o"
    assert_one_line_error(runner.invoke(app, ["sweep", "--out", str(out), *args]), message)
    assert not out.exists()


# ---- with the engine ----


def test_every_variant_plays_the_deals_of_a_plain_run(tmp_path, engine):  # noqa: F811
    """Common random numbers: a variant's rows equal a simulate of its spec; two variants differ only where
    their rule or parameter changes the play (the seats' cards are the same)."""
    base = base_of(deals=400, hands_per_table=8)
    varies = varies_of(base, "0.bid_mode=0,1")  # seat 0: the threshold bidder, the (default) table bidder
    out = tmp_path / "sweep"
    sweep(base, varies, out, progress=False)
    hands = pl.scan_parquet(out / "hands").collect()
    for variant in plan_variants(base, varies):
        plain = tmp_path / variant.dir.replace("=", "-")
        simulate(variant.spec, plain, progress=False)
        mine = hands.filter(pl.col("bid_mode_0") == float(variant.values["bid_mode_0"]))
        assert mine.drop("bid_mode_0").equals(pl.read_parquet(plain / "hands"))
    threshold, table = (hands.filter(pl.col("bid_mode_0") == v) for v in (0.0, 1.0))
    assert np.array_equal(threshold["strength_0"].to_numpy(), table["strength_0"].to_numpy())
    assert (threshold["declarer"] == 0).sum() > (table["declarer"] == 0).sum()
    # a variant's folder reads as a run of its spec, so `compare` pairs it with a plain run or another variant
    first, second = (out / "hands" / variant.dir for variant in plan_variants(base, varies))
    run = open_output(first)
    assert isinstance(run, Run) and run.spec == plan_variants(base, varies)[0].spec.to_dict() and run.out == first
    same = runner.invoke(app, ["compare", str(first), str(tmp_path / first.name.replace("=", "-")), "--json"])
    assert same.exit_code == 0, same.output
    assert all(abs(value) < 1e-12 for value in _paired_means(json.loads(same.stdout)))
    other = runner.invoke(app, ["compare", str(first), str(second), "--json"])
    assert other.exit_code == 0, other.output
    assert any(abs(value) > 1e-9 for value in _paired_means(json.loads(other.stdout)))


def _paired_means(report: dict) -> list[float]:
    """Every metric's paired difference B − A in a `compare --json` report."""
    return [metric["difference"] for metric in report["metrics"].values() if metric["difference"] is not None]
