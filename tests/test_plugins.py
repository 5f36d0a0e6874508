"""Plug-in policies (docs/policies.md, examples/plugin_policies.py): the engine of a process is compiled
for one policy set, so every plug-in run happens in a child process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from baofen_sim.policies.dispatch import dispatch_source
from baofen_sim.policies.plugins import FIRST_PLUGIN_ID
from tests import background

ROOT = Path(__file__).resolve().parent.parent
CLI = "from baofen_sim.cli import main; main()"


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *args], cwd=cwd, capture_output=True, text=True,
                          check=False)


def test_a_set_compiles_only_its_policies():
    heuristic_only = dispatch_source(("heuristic",))
    assert "heuristic_lead" in heuristic_only and "random" not in heuristic_only
    random_only = dispatch_source(("random",))
    assert "sample" not in random_only and "heuristic" not in random_only and "random_lead" in random_only
    both = dispatch_source(("random", "heuristic"))
    assert "if policy_id == 1:" in both and "random_follow" in both


BAD_PLUGINS = '''
from numba import njit
from baofen_sim.policies.plugins import PluginPolicy

def plain_bid(params, hand_counts, legal, n_legal, auction_state, rng_state):
    return 0, rng_state

@njit(cache=True)
def short_bid(params, legal):
    return 0

@njit(cache=True)
def broken_trump(params, hand_counts, rng_state):
    return hand_counts.no_such_attribute, rng_state

@njit(cache=True)
def one_value_trump(params, hand_counts, rng_state):
    return 1

NOT_COMPILED = PluginPolicy(bid=plain_bid)
WRONG_SIGNATURE = PluginPolicy(bid=short_bid)
DOES_NOT_COMPILE = PluginPolicy(trump=broken_trump)
WRONG_RESULT = PluginPolicy(trump=one_value_trump)
NO_FALLBACK = PluginPolicy(fallback="smart")
A_NUMBER = 3
'''


@pytest.mark.parametrize("name, message", [
    ("no_such_module:X", "plug-in 'no_such_module:X': no module named 'no_such_module'"),
    ("bad_plugins:MISSING", "module bad_plugins has no attribute 'MISSING'"),
    ("bad_plugins:A_NUMBER", "A_NUMBER (of type int) is not a baofen_sim.policies.plugins.PluginPolicy"),
    ("bad_plugins:NOT_COMPILED", "bid function 'plain_bid' is not compiled"),
    ("bad_plugins:WRONG_SIGNATURE", "bid function 'short_bid' takes (params, legal); a bid function takes"),
    ("bad_plugins:DOES_NOT_COMPILE", "trump function 'broken_trump' fails on a sample position: TypingError"),
    ("bad_plugins:WRONG_RESULT", "trump function 'one_value_trump' returns 1 value(s)"),
    ("bad_plugins:NO_FALLBACK", "fallback 'smart' is not one of random, heuristic"),
])
def test_a_bad_plug_in_is_one_line_and_exit_2(tmp_path, name, message):
    (tmp_path / "bad_plugins.py").write_text(BAD_PLUGINS)
    done = run_cli("simulate", "--policy", f"1={name}", "--deals", "16", "--out", str(tmp_path / "run"),
                   cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "run" / "manifest.json").exists()


def test_an_unknown_parameter_of_a_plug_in_names_its_parameters(tmp_path):
    done = run_cli("simulate", "--policy", "0=examples.plugin_policies:CAUTIOUS", "--param", "0.min_pair=4",
                   "--deals", "16", "--out", str(tmp_path / "run"))
    assert done.returncode == 2
    assert "unknown parameter 'min_pair'" in done.stderr and "did you mean min_pairs?" in done.stderr


def test_a_plug_in_that_copies_random_plays_the_same_hands_as_random():
    """Differential run (`tests.plugins_baofen`, in the background: one compile of the engine for the set random +
    COPY_RANDOM): every column of the hand and trick tables but the policy ids is equal, under both presets."""
    done = background.output("plugins-baofen")
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    for rules, result in report.items():
        assert result["differ"] == [], rules
        assert result["plugin_ids"] == [FIRST_PLUGIN_ID]
        assert result["tricks"] > 10_000 and result["failed_throws"] > 1000


def test_simulate_with_a_plug_in_records_it_in_the_manifest(tmp_path):
    """Reuses the engine compiled by `tests.plugins_baofen` (the same policy set: random + COPY_RANDOM)."""
    background.output("plugins-baofen")
    out = tmp_path / "run"
    done = run_cli("simulate", "--policy", "random", "--policy", "2=examples.plugin_policies:COPY_RANDOM",
                   "--param", "2.pass_weight=3", "--deals", "64", "--out", str(out))
    assert done.returncode == 0, done.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["spec"]["policies"][2] == "examples.plugin_policies:COPY_RANDOM"
    replay = run_cli("replay", str(out), "--hand", "5", "--record")
    assert replay.returncode == 0, replay.stderr
    (tmp_path / "hand5.json").write_text(replay.stdout)
    judged = run_cli("judge", str(tmp_path / "hand5.json"))
    assert judged.returncode == 0, judged.stdout + judged.stderr


def test_warmup_refuses_an_unknown_policy_in_one_line():
    from typer.testing import CliRunner

    from baofen_sim.cli import app

    result = CliRunner().invoke(app, ["warmup", "--policy", "heuristc"])
    assert result.exit_code == 2 and "unknown policy 'heuristc'; did you mean heuristic?" in result.output
