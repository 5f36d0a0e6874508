"""`baofen-sim replay OUT --hand K [--record]` (DESIGN.md §8): a run simulated by the real engine, one hand
re-played from its manifest, printed readably or as a game record that `baofen-sim judge` accepts."""

from __future__ import annotations

import json

import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.games.baofen.replay import replay
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
from tests.test_engine_hand import PASS_OFTEN, warm_engine

runner = CliRunner()


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    warm_engine()
    out = tmp_path_factory.mktemp("replay") / "run"
    spec = RunSpec(rules=preset("baofen"), policies=("random",) * 4, params=PASS_OFTEN, deals=48,
                   hands_per_table=12, chunk_size=24, seed=17)
    simulate(spec, out, progress=False)
    return out


def rows(out) -> pl.DataFrame:
    return pl.read_parquet(out / "hands" / "part-*.parquet").sort("hand")


def invoke(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def test_a_replayed_record_is_judged_legal(run_dir, tmp_path):
    frame = rows(run_dir)
    declared = frame.filter((pl.col("declarer") >= 0) & (pl.col("hand_in_table") > 0) & (pl.col("failed_throws") > 0))
    for hand in (declared["hand"][0], frame.filter(pl.col("declarer") < 0)["hand"][0], 0):
        result = invoke("replay", run_dir, "--hand", hand, "--record")
        assert result.exit_code == 0, result.output
        record = json.loads(result.output)
        path = tmp_path / f"hand{hand}.json"
        path.write_text(result.output)
        judged = invoke("judge", path, "--json")
        assert judged.exit_code == 0, judged.output
        last = json.loads(judged.output.splitlines()[-1])
        row = frame.filter(pl.col("hand") == hand).row(0, named=True)
        assert last["event"] == "result" and last["category"] == row["category"]
        assert last["settlement"] == [row[f"settle_{s}"] for s in range(4)] and last["pot_after"] == row["pot_after"]
        assert ("table" in record) == (row["hand_in_table"] > 0)


def test_replay_prints_every_trick_and_the_result(run_dir):
    frame = rows(run_dir)
    row = frame.filter((pl.col("declarer") >= 0) & (pl.col("failed_throws") > 0)).row(0, named=True)
    result = invoke("replay", run_dir, "--hand", row["hand"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    tricks = [line for line in lines if line.startswith("trick") and "wins" in line]
    assert len(tricks) == row["tricks_played"]
    assert sum("FAILED" in line for line in lines) == row["failed_throws"]
    assert any(line.startswith("bids") for line in lines) and any("trump" in line for line in lines)
    assert lines[-2].startswith("result:") and f"R {row['result']:+d}" in lines[-2]


def test_an_all_pass_hand_replays_as_all_pass(run_dir):
    hand = rows(run_dir).filter(pl.col("declarer") < 0)["hand"][0]
    result = invoke("replay", run_dir, "--hand", hand)
    assert result.exit_code == 0 and "all pass" in result.output.splitlines()[-1]


def test_replay_matches_the_simulated_row(run_dir):
    frame = rows(run_dir)
    spec = RunSpec.from_dict(json.loads((run_dir / "manifest.json").read_text())["spec"])
    for hand in (5, 30, 47):
        replayed = replay(spec, hand).row
        row = frame.filter(pl.col("hand") == hand).row(0, named=True)
        for name in ("zhujiao", "declarer", "category", "kitty_points", "pot_after", "failed_throws",
                     "tricks_played", "settle_0", "settle_3", "bids"):
            if name == "category":
                assert ["normal", "quanji", "banji", "jintaiyang", "all_pass"][replayed[name]] == row[name]
            else:
                assert replayed[name] == row[name], name


def test_replay_errors_are_one_line(run_dir, tmp_path):
    result = invoke("replay", run_dir, "--hand", 48)
    assert result.exit_code == 2 and result.output.strip().startswith("error:") and "0..47" in result.output
    result = invoke("replay", tmp_path, "--hand", 0)
    assert result.exit_code == 2 and "manifest" in result.output
