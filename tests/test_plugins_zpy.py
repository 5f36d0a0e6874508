"""Plug-in policies in 找朋友 (docs/policies.md, examples/plugin_policies.py, issue 23 item 4): their call with a 7,
forced call, overcall, concession and bury, the fallback's for what they leave out, checked on sample positions
before anything compiles. The runs are in a process of their own (`tests.plugins_zpy`, started in the background:
one compile of the 找朋友 engine)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from baofen_sim.games.zhaopengyou.policies.dispatch import ZPY_DISPATCH
from baofen_sim.policies.dispatch import dispatch_source
from baofen_sim.policies.plugins import FIRST_PLUGIN_ID, every_decision, game_decisions
from tests import background
from tests.plugins_zpy import BOLD, CLI_DEALS, COPY_RANDOM

ROOT = Path(__file__).resolve().parent.parent
CLI = "from baofen_sim.cli import main; main()"


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *args], cwd=cwd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def report() -> dict:
    done = background.output("plugins-zpy")
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_zhaopengyou_decision_point_is_a_plug_in_decision_with_the_engines_arguments():
    """The dispatchers' arguments (games.zhaopengyou.policies.dispatch) are the plug-in signatures after the policy
    id."""
    own = [d for d in game_decisions("zhaopengyou_5p") if d not in ("lead", "follow")]
    assert own == list(ZPY_DISPATCH.dispatchers) == list(ZPY_DISPATCH.plugin_bodies)
    for decision in own:
        signature = ZPY_DISPATCH.dispatchers[decision][0]
        arguments = tuple(a.strip() for a in signature[signature.index("(") + 1:-1].split(","))
        assert arguments == ("policy_id", *every_decision()[decision][0]), decision
    both = dispatch_source(("random", "heuristic"), ZPY_DISPATCH)
    assert "if policy_id == 1:" in both and "heuristic_call(counts, received" in both


def test_a_plug_in_that_copies_random_plays_the_same_zhaopengyou_hands_as_random(report):
    """COPY_RANDOM's call7, forced_call, overcall, concede and bury_zpy (and its lead and follow) are random's, draw
    for draw."""
    assert report["same"] == []


def test_a_zhaopengyou_plug_in_calls_at_once_and_never_overcalls_or_concedes(report):
    """BOLD calls earlier than the heuristic it otherwise plays as; at seats 1 and 3 among random players its seats
    never overcall or concede, where random's do."""
    assert report["bold"]["call_after"] < report["heuristic"]["call_after"]
    assert report["bold"]["overcalls"] == report["bold"]["conceded"] == 0
    for kind in ("overcallers", "conceders"):
        seats = report[kind]
        assert {1, 3} & set(seats["random"]) and seats["bold_1_3"] and not {1, 3} & set(seats["bold_1_3"])


def test_simulate_zhaopengyou_with_plug_in_seats_writes_parquet_the_reference_judges_legal(report):
    cli = report["cli"]
    assert cli["exit_code"] == 0, cli.get("output")
    assert cli["rows"] == cli["judged"] == CLI_DEALS and cli["disagreements"] == []
    assert cli["policy_ids"] == [[0], [FIRST_PLUGIN_ID + 1], [0], [FIRST_PLUGIN_ID], [0]]
    assert cli["spec_policies"] == ["random", BOLD, "random", COPY_RANDOM, "random"]


BAD_PLUGINS_ZPY = '''
from numba import njit
from baofen_sim.policies.plugins import PluginPolicy

def plain_call(params, counts, received, n_options, options, rng_state):
    return -1, rng_state

@njit(cache=True)
def short_overcall(params, counts, rng_state):
    return -1, rng_state

@njit(cache=True)
def one_value_forced_call(params, counts, n_options, options, option_trumps, rng_state):
    return options[0]

NOT_COMPILED = PluginPolicy(call7=plain_call)
WRONG_SIGNATURE = PluginPolicy(overcall=short_overcall)
WRONG_RESULT = PluginPolicy(forced_call=one_value_forced_call)
NO_SUCH_DECISION = PluginPolicy(call=plain_call)
'''


@pytest.mark.parametrize("name, message", [
    ("badzpy:NOT_COMPILED", "call7 function 'plain_call' is not compiled"),
    ("badzpy:WRONG_SIGNATURE", "overcall function 'short_overcall' takes (params, counts, rng_state); an overcall "
                               "function takes (params, counts, n_options, options, rng_state)"),
    ("badzpy:WRONG_RESULT", "forced_call function 'one_value_forced_call' returns 1 value(s); a forced_call function "
                            "returns 2"),
    ("badzpy:NO_SUCH_DECISION", "importing badzpy failed: TypeError: "),
])
def test_a_bad_zhaopengyou_plug_in_is_one_line_and_exit_2(tmp_path, name, message):
    (tmp_path / "badzpy.py").write_text(BAD_PLUGINS_ZPY.replace("NO_SUCH_DECISION = ", "# ")
                                        if name != "badzpy:NO_SUCH_DECISION" else BAD_PLUGINS_ZPY)
    done = run_cli("simulate", "--rules", "zhaopengyou-5p", "--policy", f"1={name}", "--deals", "16", "--out",
                   str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "run").exists()
