"""README.md documents every CLI command, .ci/run runs the README's two Quick start commands, the test command
ends with pytest's summary line, and the README's way of reading a sweep with pyarrow works."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset
import pyarrow.parquet as pq
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


def test_the_readme_test_command_ends_with_pytest_summary_line():
    readme = (ROOT / "README.md").read_text()
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    test_command = re.findall(r"```bash\n(.+?)\n```", quick_start)[1]
    node = "tests/test_readme.py::test_every_command_is_documented_in_the_readme"
    result = subprocess.run([*shlex.split(test_command), node], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    last_line = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"=*\s*1 passed in [\d.]+s\s*=*", last_line), result.stdout[-500:]


def test_readme_reads_a_sweep_with_pyarrow_dataset_as_hive(tmp_path):
    """The README's pyarrow.dataset call for a sweep keeps the vary columns (without partitioning="hive"
    pyarrow drops them)."""
    readme = (ROOT / "README.md").read_text()
    sweeps = readme.split("### Sweeps", 1)[1].split("\n### ", 1)[0]
    call = re.search(r"pyarrow\.dataset\.dataset\(([^)]*)\)", sweeps)
    assert call and 'partitioning="hive"' in call.group(1), "the Sweeps section shows no hive pyarrow.dataset call"
    hands = tmp_path / "hands"
    for value in (150, 200):
        folder = hands / f"bid_cap_default={value}"
        folder.mkdir(parents=True)
        pq.write_table(pa.table({"hand": [0, 1]}), folder / "part-000000000000.parquet")
    table = pyarrow.dataset.dataset(str(hands), partitioning="hive").to_table()
    assert "bid_cap_default" in table.column_names
    assert "bid_cap_default" not in pyarrow.dataset.dataset(str(hands)).to_table().column_names
