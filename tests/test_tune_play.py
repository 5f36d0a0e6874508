"""`baofen-sim tune-play` (issue: play strength): alternating best responses on paired deals, each kept value
with a paired gain whose 95% CI is above zero, written as one `--param` file for every seat."""

from __future__ import annotations

import json
import tomllib

import pytest
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.policies import parse_policy_options
from baofen_sim.rules import preset
from baofen_sim.studies.tune_play import GRID, TuneConfig, tune_play
from tests.test_engine_hand import warm_engine


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    warm_engine()


def test_a_small_tuning_from_the_old_values(tmp_path):
    start = parse_policy_options([], ["0=heuristic-untuned"])[1][0]
    lines: list[str] = []
    tuning = tune_play(TuneConfig(preset("baofen"), deals=3000, rounds=2, seed=5, start=start), tmp_path,
                       echo=lines.append)
    record = json.loads((tmp_path / "rounds.json").read_text())
    assert record["start"] == start and len(record["rounds"]) == len(tuning.rounds) >= 1
    first = record["rounds"][0]["steps"]
    assert [(s["side"], s["parameter"]) for s in first] == [(side, name) for side in GRID for name in GRID[side]]
    assert len(lines) == len(first) * len(tuning.rounds)
    for step in (s for r in record["rounds"] for s in r["steps"]):
        tried = {t["value"]: t for t in step["tried"]}
        assert set(tried) == set(GRID[step["side"]][step["parameter"]])
        if step["kept"]:
            assert tried[step["to"]]["ci95"][0] > 0 and step["to"] != step["from"]
        else:
            assert step["to"] == step["from"]
    tuned = tomllib.loads((tmp_path / "tuned.toml").read_text())
    assert tuned == {name: tuning.params[name] for side in GRID for name in GRID[side]}
    assert parse_policy_options([], [str(tmp_path / "tuned.toml")])[1][3]["draw_trumps"] == tuned["draw_trumps"]


def test_a_bad_start_is_one_line(tmp_path):
    done = CliRunner().invoke(app, ["tune-play", "--start", "heuristic-untund", "--out", str(tmp_path / "t")])
    assert done.exit_code == 2 and "did you mean heuristic-untuned?" in done.output
    assert not (tmp_path / "t").exists()
