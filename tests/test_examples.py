"""Every example a user is shown runs, and a sweep example of the help varies something that changes the hands
(the cap studies of docs/baofen.md show, on purpose, that the shipped bidders never reach a cap: issue 21).

The examples are the `Example:` lines of every command's `--help` and the `baofen-sim` and `python -c` lines of the
bash blocks of README.md and the pages of docs/ (`SHOWN_IN`). They run in order (README first, then the pages, then
the help texts: the help examples read runs the pages made) in one scratch directory, through the installed
`baofen-sim` command, with their sizes scaled down (`--deals`, `--validate`) so that the whole walk costs a few
minutes, not hours; a command shown twice runs once. The few that cannot run here are listed in `NOT_RUN` with the
reason, and the test checks that the list names real examples."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import typer

from baofen_sim.analysis.runs import Sweep, open_output
from baofen_sim.cli import app
from tests import background

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_DEALS = 1500  # enough for every tool to fit and for a bold bidder's cap to bind in a sweep
VALIDATE_DEALS = 500
# The pages whose commands run, in this order (a page's commands may read the runs of the pages before it).
SHOWN_IN = ["README.md", "docs/baofen.md", "docs/tractor80.md", "docs/zhaopengyou.md", "docs/experiments.md",
            "docs/tuning.md", "docs/runs.md", "docs/records.md", "docs/development.md"]
# The pages whose commands do not run here, and why.
NOT_SHOWN_IN = {
    "docs/cli.md": "its examples are the help examples, which run anyway",
    "docs/policies.md": "each plug-in run compiles an engine of its own (minutes); tests/test_plugins*.py run them",
    "docs/rules.md": "generated from the rules; it shows no commands to run",
    "docs/architecture.md": "the layout of the code; it shows no commands to run",
}
NOT_RUN = {
    "--scheduler tcp://head:8786": "needs a Dask cluster at host `head`",
    "baofen-sim bench": "measures a cold compile of every engine into a fresh cache (minutes); scripts/bench.py",
}


def help_examples() -> list[str]:
    """The `Example:` line of every command's help, in the order of the command tree."""
    examples = []

    def walk(command) -> None:
        for line in (command.help or "").splitlines():
            if line.strip().startswith("Example:"):
                examples.append(line.split("Example:", 1)[1].strip())
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(typer.main.get_command(app))
    return examples


def readme_examples() -> list[str]:
    """The `baofen-sim …` and `python -c …` command lines of the bash blocks of the SHOWN_IN pages, continuation
    lines joined."""
    lines = []
    for page in SHOWN_IN:
        text = (ROOT / page).read_text(encoding="utf-8")
        for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
            for line in block.replace("\\\n", " ").splitlines():
                if line.startswith(("baofen-sim ", "python -c ")):
                    lines.append(line)
    return lines


def scaled(command: str) -> str:
    """The example with its sizes scaled down and `...` placeholders dropped."""
    command = re.sub(r"--deals \d+", f"--deals {EXAMPLE_DEALS}", command)
    command = re.sub(r"--validate \d+", f"--validate {VALIDATE_DEALS}", command)
    return re.sub(r"\s\.\.\.(\s|$)", " ", command)


def not_run_reason(command: str) -> str | None:
    return next((why for marker, why in NOT_RUN.items() if marker in command), None)


def sweep_out(command: str) -> str | None:
    match = re.search(r"baofen-sim sweep .*--out (\S+)", command)
    return match.group(1) if match else None


def test_every_page_is_walked_or_says_why_not():
    pages = {str(page.relative_to(ROOT)) for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]}
    assert pages == set(SHOWN_IN) | set(NOT_SHOWN_IN), "add the page to SHOWN_IN, or to NOT_SHOWN_IN with a reason"


def test_every_not_run_entry_names_a_shown_example():
    examples = help_examples() + readme_examples()
    for marker in NOT_RUN:
        assert any(marker in example for example in examples), f"NOT_RUN entry {marker!r} matches no example"


def test_every_command_has_a_help_example():
    def walk(command, path):
        subcommands = getattr(command, "commands", None)
        if subcommands:
            for name, sub in subcommands.items():
                yield from walk(sub, [*path, name])
        else:
            yield " ".join(path), command.help or ""

    for name, text in walk(typer.main.get_command(app), []):
        assert "Example:" in text, f"`baofen-sim {name} --help` shows no example"


@pytest.fixture(scope="module")
def example_walk(tmp_path_factory):
    """Run every example once; (command, completed process) for each, in order."""
    cwd = tmp_path_factory.mktemp("examples")
    background.output("cli-80fen")  # its 80分 engine compiled in the background first
    done = []
    for command in dict.fromkeys(scaled(example) for example in readme_examples() + help_examples()):
        if not_run_reason(command):
            continue
        result = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, capture_output=True,
                                text=True, check=False, timeout=900)
        done.append((command, result, cwd))
    return done


def test_every_example_runs(example_walk):
    failures = [f"{command}\n  exit {result.returncode}: {result.stderr.strip()[-400:]}"
                for command, result, _ in example_walk if result.returncode != 0]
    assert not failures, "examples that fail:\n" + "\n".join(failures)


def test_every_sweep_help_example_changes_the_hands(example_walk):
    shown_in_help = {scaled(example) for example in help_examples()}
    sweeps = [(command, cwd / out) for command, result, cwd in example_walk
              if command in shown_in_help and result.returncode == 0 and (out := sweep_out(command))]
    assert sweeps, "no sweep example ran"
    for command, out in sweeps:
        sweep = open_output(out)
        assert isinstance(sweep, Sweep)
        base = sweep.variants[0].scan().collect()
        shown = [column for column in ("declarer", "target", "result", "settle_0", "declarer_won")
                 if column in base.columns]
        differs = [not variant.scan().collect().select(shown).equals(base.select(shown))
                   for variant in sweep.variants[1:]]
        assert all(differs), f"`{command}`: some variants play exactly the hands of the first ({differs})"


def test_the_scaled_examples_are_small():
    for example in readme_examples() + help_examples():
        for count in re.findall(r"--(?:deals|validate) (\d+)", scaled(example)):
            assert int(count) <= EXAMPLE_DEALS
