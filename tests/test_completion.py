"""Shell completion (`baofen_sim.completion`): the console script answers in Typer's protocol from
completion.json, without importing the simulator, and completes values too: presets, policies, named parameter
files, rule options as OPTION=, report columns."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer._completion_classes import BashComplete

from baofen_sim.analysis.columns import DECLARER_STRENGTH, EVALUATION, POSITION
from baofen_sim.cli import app
from baofen_sim.completion import DATA_FILE, completion_command, joined_words
from baofen_sim.completion_data import completion_data
from baofen_sim.io.schema import hand_columns
from baofen_sim.policies.registry import POLICIES, named_param_files
from baofen_sim.rules import OPTION_NAMES, PRESETS, TrumpSelection

ROOT = Path(__file__).resolve().parent.parent
COMPLETE_VAR = "_BAOFEN_SIM_COMPLETE"
# the console script as installed (`baofen-sim`: its name picks the environment variable); with MODULES set,
# it also prints the modules it imported
LAUNCHER = """
import atexit, os, sys
if os.environ.get("MODULES"):
    atexit.register(lambda: print(sorted(sys.modules), file=sys.stderr))
sys.argv[0] = "baofen-sim"
from baofen_sim.console import main
main()
"""
HEAVY = ("numba", "numpy", "polars", "pyarrow", "rich", "pydantic", "matplotlib", "dask")


def run_completion(env: dict[str, str]) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k != COMPLETE_VAR and not k.startswith("_TYPER_COMPLETE")}
    return subprocess.run([sys.executable, "-c", LAUNCHER], env={**base, **env}, cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


def run_cli(*args: str, home: Path | None = None) -> subprocess.CompletedProcess:
    """The console script with `args`, the shell named rather than detected."""
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1", **({"HOME": str(home)} if home else {})}
    return subprocess.run([sys.executable, "-c", LAUNCHER, *args], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


def bash(line: str) -> list[str]:
    """What the program answers bash for `line` (cursor at its end): bash splits words at spaces and at = and :
    (COMP_WORDBREAKS), and the completion script passes them in COMP_WORDS and COMP_CWORD."""
    words = re.findall(r"[=:]+|[^\s=:]+", line)
    cword = len(words) if line.endswith(" ") else len(words) - 1
    result = run_completion({COMPLETE_VAR: "complete_bash", "COMP_WORDS": " ".join(words),
                             "COMP_CWORD": str(cword)})
    assert result.returncode == 0, result.stderr
    answers = result.stdout.rstrip("\n")  # as the script's $( ) reads it
    return answers.split("\n") if answers else []


def zsh(line: str) -> str:
    result = run_completion({COMPLETE_VAR: "complete_zsh", "_TYPER_COMPLETE_ARGS": line})
    assert result.returncode == 0, result.stderr
    return result.stdout


def fish(line: str) -> list[str]:
    result = run_completion({COMPLETE_VAR: "complete_fish", "_TYPER_COMPLETE_ARGS": line,
                             "_TYPER_COMPLETE_FISH_ACTION": "get-args"})
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


# ---- values ----


def test_rules_and_rule_set_arguments_complete_the_presets():
    assert bash("baofen-sim simulate --rules ") == list(PRESETS)
    assert bash("baofen-sim sweep --vary allow_throws=true,false --rules=baofen-") == ["baofen-001"]
    assert bash("baofen-sim rules show b") == [name for name in PRESETS if name.startswith("b")]
    assert bash("baofen-sim rules diff baofen ") == list(PRESETS)


def test_policy_completes_the_policy_names_also_after_a_seat():
    assert bash("baofen-sim simulate --policy ") == list(POLICIES)
    assert bash("baofen-sim warmup --policy 3=ra") == ["random"]  # bash replaces the word after the =
    assert bash("baofen-sim simulate --policy 2=") == list(POLICIES)
    assert bash("baofen-sim simulate --policy 2") == [f"2={name}" for name in POLICIES]
    assert zsh("baofen-sim simulate --policy 2=") == (
        "_arguments '*: :((" + "\n".join(f'"2={name}"' for name in POLICIES) + "))'\n")
    assert fish("baofen-sim simulate --policy 1=h") == ["1=heuristic"]


def test_param_and_start_complete_the_named_parameter_files():
    names = named_param_files()
    assert names and bash("baofen-sim simulate --param ") == names
    assert bash("baofen-sim sweep --vary allow_throws=true,false --param 0=heu") == ["heuristic-untuned"]
    assert bash("baofen-sim tune-play --start ") == names
    assert bash("baofen-sim tune-play --start 0") == []  # --start takes no seat


def test_set_completes_rule_options_as_option_equals_then_their_values():
    assert bash("baofen-sim simulate --set ") == [f"{name}=" for name in OPTION_NAMES]
    # one option named: its values come too, so that bash stops after the = instead of adding a space
    assert bash("baofen-sim simulate --set bid_cap_d") == ["bid_cap_default=", "bid_cap_default=150"]
    assert bash("baofen-sim rules show baofen --set allow_thr") == [
        "allow_throws=", "allow_throws=true", "allow_throws=false"]
    assert bash("baofen-sim simulate --set allow_throws=") == ["true", "false"]
    assert bash("baofen-sim sweep --vary trump_selection=") == [member.value for member in TrumpSelection]
    assert fish("baofen-sim simulate --set allow_throws=f") == ["allow_throws=false"]


def test_by_completes_the_hand_columns_and_the_report_pseudo_columns():
    columns = [column.name for column in hand_columns()] + [POSITION, DECLARER_STRENGTH, EVALUATION]
    assert bash("baofen-sim report runs/x --by ") == columns
    assert bash("baofen-sim compare runs/a runs/b --by declarer_") == [
        name for name in columns if name.startswith("declarer_")]
    assert "declarer_strength" in bash("baofen-sim report runs/x --json --by decl")


def test_words_split_by_bash_are_joined_again():
    assert joined_words(["--policy", "2", "=", "ra"]) == ["--policy", "2=ra"]
    assert joined_words(["--policy", "2", "="]) == ["--policy", "2="]
    assert joined_words(["--rules", "=", "ba"]) == ["--rules", "ba"]
    assert joined_words(["--rules", "="]) == ["--rules", ""]
    assert joined_words(["--set", "=", "a", "=", "b"]) == ["--set", "a=b"]
    assert joined_words(["--policy", "0", "=", "mod", ":", "P", "--seed"]) == ["--policy", "0=mod:P", "--seed"]


# ---- the protocol, the data, the cost ----


def _paths(command, path=()):
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _paths(sub, (*path, name))


def test_commands_and_option_names_complete_as_typer_completes_the_real_app():
    real = typer.main.get_command(app)
    stand_in = completion_command(completion_data())
    cases = []
    for path, command in _paths(real):
        cases += [(path, "-"), (path, "--")]
        if hasattr(command, "commands"):
            cases += [(path, "")] + [(path, name[0]) for name in command.commands]
    for path, incomplete in cases:
        items = [[(item.value, item.help) for item in
                  BashComplete(cli, {}, "baofen-sim", COMPLETE_VAR).get_completions(list(path), incomplete)]
                 for cli in (real, stand_in)]
        assert items[0] == items[1], (path, incomplete)
        assert items[0] or incomplete == "-" and not path  # something was compared


def test_completion_json_is_up_to_date_with_the_cli_and_the_sources():
    stored = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    assert stored == completion_data(), "completion.json is stale: run python -m baofen_sim.completion_data"


def test_completion_imports_no_numerical_library():
    result = run_completion({COMPLETE_VAR: "complete_bash", "COMP_WORDS": "baofen-sim simulate --rules ",
                             "COMP_CWORD": "3", "MODULES": "1"})
    assert result.stdout.splitlines() == list(PRESETS)
    modules = set(ast.literal_eval(result.stderr.strip().splitlines()[-1]))
    assert "typer" in modules and "baofen_sim.completion" in modules
    assert not {name.split(".")[0] for name in modules} & set(HEAVY)
    assert "baofen_sim.cli" not in modules


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_the_script_that_the_completion_path_sources(shell):
    shown = run_cli("--show-completion", shell)
    assert shown.returncode == 0, shown.stderr
    assert f"{COMPLETE_VAR}=complete_{shell}" in shown.stdout
    sourced = run_completion({COMPLETE_VAR: f"source_{shell}"})
    assert sourced.returncode == 0 and sourced.stdout.strip() == shown.stdout.strip()


def test_install_completion_installs_the_bash_script(tmp_path):
    installed = run_cli("--install-completion", "bash", home=tmp_path)
    assert installed.returncode == 0, installed.stderr
    script = (tmp_path / ".bash_completions" / "baofen-sim.sh").read_text()
    assert f"{COMPLETE_VAR}=complete_bash" in script and "baofen-sim.sh" in (tmp_path / ".bashrc").read_text()
