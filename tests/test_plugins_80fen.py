"""Plug-in policies in 80分 (docs/policies.md, examples/plugin_policies.py, issue 22): their showings, 反底s and bury,
the fallback's for what they leave out, checked on sample positions before anything compiles. The runs are in a
process of their own (`tests.plugins_80fen`, started in the background: one compile of the 80分 engine)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from baofen_sim.games.tractor80.policies.dispatch import TRACTOR80_DISPATCH
from baofen_sim.policies.dispatch import dispatch_source
from baofen_sim.policies.plugins import FIRST_PLUGIN_ID
from baofen_sim.policy_set import is_plugin
from tests import background
from tests.plugins_80fen import CAUTIOUS, CLI_DEALS, COPY_RANDOM, EAGER, POLICY_SET

ROOT = Path(__file__).resolve().parent.parent
CLI = "from baofen_sim.cli import main; main()"


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *args], cwd=cwd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def report() -> dict:
    done = background.output("plugins-80fen")
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_80fen_dispatch_of_a_set_holds_only_its_policies():
    heuristic_only = dispatch_source(("heuristic",), TRACTOR80_DISPATCH)
    assert "heuristic_showing" in heuristic_only and "random" not in heuristic_only
    assert "def bury_decision80(policy_id, params, counts, level, trump, rng_state, out):" in heuristic_only
    both = dispatch_source(("random", "heuristic"), TRACTOR80_DISPATCH)
    assert "if policy_id == 1:" in both and "random_choice(n_options, FANDI_PROBABILITY" in both


def test_a_plug_in_that_copies_random_plays_the_same_80fen_hands_as_random(report):
    """COPY_RANDOM's showing, 反底 and bury80 (and its lead and follow) are random's, draw for draw."""
    assert report["same"][f"random / {COPY_RANDOM}"] == []


def test_a_plug_in_of_baofen_decisions_plays_80fen_as_its_fallback(report):
    """CAUTIOUS supplies only a Baofen bid: in 80分 every decision is its fallback's, the heuristic's."""
    assert report["same"][f"heuristic / {CAUTIOUS}"] == []


def test_an_80fen_plug_in_shows_at_once_and_never_challenges_the_kitty(report):
    """EAGER shows more often than the heuristic it otherwise plays as; at seats 1 and 3 among random players its
    seats never set the trump by a 反底, where random's do."""
    assert report["eager"]["declarations"] > report["heuristic"]["declarations"]
    assert "declarations" in report["eager_differs"] and "zhuang" in report["eager_differs"]
    setters = report["fandi_setters"]
    assert {1, 3} & set(setters["random"]) and set(setters["eager_1_3"]) == {0, 2}


def test_simulate_80fen_with_a_plug_in_seat_writes_parquet_the_reference_judges_legal(report):
    cli = report["cli"]
    assert cli["exit_code"] == 0, cli.get("output")
    plugins = [name for name in POLICY_SET if is_plugin(name)]
    assert cli["rows"] == cli["judged"] == CLI_DEALS and cli["disagreements"] == []
    assert cli["policy_1"] == [FIRST_PLUGIN_ID + plugins.index(EAGER)] and cli["policy_0"] == [1]
    assert cli["spec_policies"] == ["heuristic", EAGER, "heuristic", "heuristic"]


BAD_PLUGINS_80FEN = '''
from numba import njit
from baofen_sim.policies.plugins import PluginPolicy

def plain_showing(params, counts, received, level, cur_seat, cur_tier, cur_suit, seat, n_options, tiers, suits,
                  rng_state):
    return 0, 0, rng_state

@njit(cache=True)
def short_fandi(params, counts, tiers):
    return 0, 0, 0

@njit(cache=True)
def broken_showing(params, counts, received, level, cur_seat, cur_tier, cur_suit, seat, n_options, tiers, suits,
                   rng_state):
    return counts.no_such_attribute, 0, rng_state

@njit(cache=True)
def two_value_fandi(params, counts, level, set_seat, set_tier, set_suit, seat, n_options, tiers, suits, rng_state):
    return 0, rng_state

NOT_COMPILED = PluginPolicy(showing=plain_showing)
WRONG_SIGNATURE = PluginPolicy(fandi=short_fandi)
DOES_NOT_COMPILE = PluginPolicy(showing=broken_showing)
WRONG_RESULT = PluginPolicy(fandi=two_value_fandi)
'''


@pytest.mark.parametrize("name, message", [
    ("bad80:NOT_COMPILED", "showing function 'plain_showing' is not compiled"),
    ("bad80:WRONG_SIGNATURE", "fandi function 'short_fandi' takes (params, counts, tiers); a fandi function takes "
                              "(params, counts, level, set_seat"),
    ("bad80:DOES_NOT_COMPILE", "showing function 'broken_showing' fails on a sample position: TypingError"),
    ("bad80:WRONG_RESULT", "fandi function 'two_value_fandi' returns 2 value(s); a fandi function returns 3"),
])
def test_a_bad_80fen_plug_in_is_one_line_and_exit_2(tmp_path, name, message):
    (tmp_path / "bad80.py").write_text(BAD_PLUGINS_80FEN)
    done = run_cli("simulate", "--rules", "tractor-80fen", "--policy", f"1={name}", "--deals", "16", "--out",
                   str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "run").exists()


def test_a_baofen_run_compiles_no_80fen_function_of_a_plug_in(tmp_path):
    """The broken showing is 80分's: a Baofen run does not try it, and stops at its own next problem (a --target
    without --declarer) before anything compiles."""
    (tmp_path / "bad80.py").write_text(BAD_PLUGINS_80FEN)
    done = run_cli("simulate", "--policy", "1=bad80:DOES_NOT_COMPILE", "--target", "85", "--deals", "16", "--out",
                   str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == "error: --target needs --declarer SEAT|each (a forced declarer)"
