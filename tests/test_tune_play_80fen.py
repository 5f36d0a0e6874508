"""`baofen-sim tune-play --rules tractor-80fen` (issue 22): the 80分 heuristic's play parameters, the last-trick guards
included, tuned on the 庄家方's 积分 over paired first hands, written as one `--param` file."""

from __future__ import annotations

import json
import tomllib

import numpy as np
import pytest
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.games.tractor80.tuning import GRID80, TUNING
from baofen_sim.policies import parse_policy_options
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.studies.tune_play import TuneConfig, declarer_settlements, tune_play
from tests import background

TRACTOR_80FEN = preset("tractor-80fen")


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    background.output("engine-80fen")  # fills the compile cache of the 80分 engine (random, heuristic)


def test_the_objective_is_the_zhuang_sides_score_on_each_first_hand():
    """Each deal's value is the 庄家方's 积分 change: + score_per_level per level when it holds, − per level the
    抓分方 go up (0 on a bare take-over), on the hands a one-hand-per-table 80分 run plays."""
    from baofen_sim.games.tractor80.engine.chunk import run_chunk80

    config = TuneConfig(TRACTOR_80FEN, deals=300)
    values = declarer_settlements(config, {}, seed=4)
    spec = RunSpec(rules=TRACTOR_80FEN, deals=300, hands_per_table=1, seed=4)
    hands = run_chunk80(spec, 0, spec.tables).hands
    sign = np.where(hands["declarer_won"], 1, -1)
    assert np.array_equal(values, sign * hands["up_levels"] * TRACTOR_80FEN.score_per_level)
    assert hands["first_hand"].all() and (values > 0).any() and (values < 0).any()


def test_a_small_80fen_tuning_writes_a_param_file_of_the_80fen_grid(tmp_path):
    lines: list[str] = []
    tuning = tune_play(TuneConfig(TRACTOR_80FEN, deals=200, rounds=1, seed=3), tmp_path, echo=lines.append)
    record = json.loads((tmp_path / "rounds.json").read_text(encoding="utf-8"))
    assert record["objective"] == TUNING.objective and record["target"] is None
    assert record["rules"] == "tractor-80fen"
    steps = record["rounds"][0]["steps"]
    assert [(s["side"], s["parameter"]) for s in steps] == [(side, name) for side in GRID80 for name in GRID80[side]]
    assert {"declarer_last_trick", "defender_last_trick"} <= {s["parameter"] for s in steps}
    assert len(lines) == len(steps)
    for step in steps:
        assert {t["value"] for t in step["tried"]} == set(GRID80[step["side"]][step["parameter"]])
    tuned = tomllib.loads((tmp_path / "tuned.toml").read_text(encoding="utf-8"))
    assert tuned == {name: tuning.params[name] for side in GRID80 for name in GRID80[side]}
    loaded = parse_policy_options([], [str(tmp_path / "tuned.toml")])[1][2]
    assert loaded["declarer_last_trick"] == tuned["declarer_last_trick"]
    assert loaded["defender_last_trick"] == tuned["defender_last_trick"]


def test_a_baofen_only_option_with_80fen_is_one_line(tmp_path):
    done = CliRunner().invoke(app, ["tune-play", "--rules", "tractor-80fen", "--target", "90", "--out",
                                    str(tmp_path / "t")])
    assert done.exit_code == 2
    assert done.output.strip().splitlines() == [
        "error: --target: 80分 has no forced declarer (its deal decides who declares); tune-play tunes its play on "
        "the deals as they come, leave it out"]
    assert not (tmp_path / "t").exists()
