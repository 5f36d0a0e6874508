"""README.md documents every CLI command, and .ci/run runs the README's two Quick start commands."""

from __future__ import annotations

import re
from pathlib import Path

import typer

from baofen_sim.cli import app

ROOT = Path(__file__).resolve().parent.parent


def command_names() -> list[str]:
    group = typer.main.get_command(app)
    names = []
    for name, command in group.commands.items():
        subcommands = getattr(command, "commands", None)
        names += [f"{name} {sub}" for sub in subcommands] if subcommands else [name]
    return names


def test_every_command_is_documented_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    for name in command_names():
        assert f"baofen-sim {name}" in readme, f"README.md does not document `baofen-sim {name}`"


def test_ci_runs_the_readme_quick_start_commands():
    readme = (ROOT / "README.md").read_text()
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.+?)\n```", quick_start)
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text()
    for command in commands:
        assert command in ci
