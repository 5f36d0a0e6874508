"""`baofen-sim rules list|show|diff` and the CLI's one-line user errors (DESIGN.md §9)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
import typer
import typer.main
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.rules import PRESETS, loads_toml, preset

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def assert_one_line_error(result, text: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and text in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


# ---- rules list / show / diff ----


def test_rules_list_shows_every_preset_with_its_description():
    result = run("rules", "list")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    assert "§7.2" in lines[1]


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_show_prints_the_preset_as_toml(name):
    result = run("rules", "show", name)
    assert result.exit_code == 0
    assert loads_toml(result.stdout) == preset(name)


def test_rules_show_applies_set_overrides():
    result = run("rules", "show", "baofen-001", "--set", "allow_throws=false", "--set", "bid_cap_max=200")
    assert result.exit_code == 0
    assert loads_toml(result.stdout) == preset("baofen-001").replace(allow_throws=False, bid_cap_max=200)


def test_rules_show_reads_a_toml_file(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('preset = "baofen"\nwangfen_scope = "played_only"\n')
    result = run("rules", "show", str(path))
    assert result.exit_code == 0
    assert 'wangfen_scope = "played_only"' in result.stdout


def test_rules_diff_lists_the_differing_options():
    result = run("rules", "diff", "baofen", "baofen-001")
    assert result.exit_code == 0
    for text in ("joker_tractor_mode", "r000", "r001", "settlement_mode", "cumulative_001", "all_pass_mode"):
        assert text in result.stdout
    assert "num_players" not in result.stdout


def test_rules_diff_of_equal_sets_says_so():
    result = run("rules", "diff", "baofen", "baofen")
    assert result.exit_code == 0
    assert "alike" in result.stdout


# ---- user errors: one line on stderr, exit code 2 ----


def test_unknown_preset_is_one_line_exit_2():
    assert_one_line_error(run("rules", "show", "nope"), "unknown preset 'nope'")


def test_bad_set_value_is_one_line_exit_2():
    assert_one_line_error(run("rules", "show", "baofen", "--set", "ruff_structure_rule=foo"),
                          "ruff_structure_rule: 'foo' is not one of shape, count")


def test_unknown_set_option_suggests_the_close_name():
    assert_one_line_error(run("rules", "show", "baofen", "--set", "allow_throw=false"),
                          "did you mean allow_throws?")


def test_set_without_equals_is_one_line_exit_2():
    assert_one_line_error(run("rules", "show", "baofen", "--set", "allow_throws"), "expected OPTION=VALUE")


def test_missing_file_is_one_line_exit_2():
    assert_one_line_error(run("rules", "show", "no-such-file.toml"), "no-such-file.toml")
    assert_one_line_error(run("rules", "diff", "baofen", "missing.toml"), "missing.toml")


def test_bad_toml_file_is_one_line_exit_2(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("[[[\n")
    assert_one_line_error(run("rules", "show", str(path)), f"{path}: bad TOML")


def test_usage_errors_are_one_line_exit_2():
    assert_one_line_error(run("rules", "show", "baofen", "--bogus"), "No such option: --bogus")
    assert_one_line_error(run("rules", "show"), "Missing argument")
    assert_one_line_error(run("rules", "frobnicate"), "No such command")


def test_bad_parameter_from_a_command_is_one_line_exit_2():
    extra = typer.Typer()

    @extra.command()
    def check() -> None:
        raise typer.BadParameter("seat must be 0..3")

    app.add_typer(extra, name="test-extra")
    try:
        assert_one_line_error(run("test-extra", "check"), "seat must be 0..3")
    finally:
        app.registered_groups.pop()


# ---- help, entry points ----


def _commands(command, path=()):
    """Every command and group below `command`, with its path of names (the root has path ())."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def test_every_command_help_ends_with_an_example():
    commands = list(_commands(typer.main.get_command(app)))
    assert {path for path, _ in commands} >= {(), ("rules",), ("rules", "list"), ("rules", "show"), ("rules", "diff")}
    for path, command in commands:
        result = run(*path, "--help")
        assert result.exit_code == 0, path
        assert (command.help or "").strip().splitlines()[-1].startswith("Example: baofen-sim "), path


def test_python_dash_m_runs_the_cli():
    result = subprocess.run([sys.executable, "-m", "baofen_sim", "rules", "list"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert "baofen-001" in result.stdout


@pytest.mark.skipif(shutil.which("baofen-sim") is None, reason="console script not installed")
def test_console_script_shows_a_preset():
    result = subprocess.run(["baofen-sim", "rules", "show", "baofen"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert loads_toml(result.stdout) == preset("baofen")
    bad = subprocess.run(["baofen-sim", "rules", "show", "nope"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert bad.stderr.startswith("error: unknown preset 'nope'") and bad.stderr.count("\n") == 1
