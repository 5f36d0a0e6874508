"""The documentation matches the program.

README.md is a front page: its two Quick start commands are the ones .ci/run runs, and the test command ends with
pytest's summary line. Every `baofen-sim …` command shown in a bash block of README.md or docs/*.md names a real
command and only options that command has. Every command is documented in docs/cli.md, which must be what
`python scripts/cli_reference.py` writes now, and is shown somewhere in README.md or the other pages. Every relative
link points to a page, and a heading, that exist. docs/experiments.md's way of reading a sweep with pyarrow works.
(tests/test_examples.py runs the commands shown.)
"""

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
from scripts.cli_reference import reference

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
REFERENCE = ROOT / "docs" / "cli.md"
FRONT_PAGE_LINES = 150
SHELL_OPERATORS = {"&&", "||", "|", ";", "&"}
REDIRECTIONS = {">", ">>", "<"}


def command_tree() -> dict[str, object]:
    """Every command that runs something, by its name after `baofen-sim` ("simulate", "rules show")."""
    commands = {}

    def walk(command, path):
        subcommands = getattr(command, "commands", None)
        if subcommands:
            for name, sub in subcommands.items():
                walk(sub, [*path, name])
        else:
            commands[" ".join(path)] = command

    walk(typer.main.get_command(app), [])
    return commands


def quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section)


def shown_commands(page: Path) -> list[list[str]]:
    """The `baofen-sim …` commands in the page's bash blocks, as argument lists: continuation lines joined, each
    line cut at the shell's `&&`, `|`, `;`, redirections and comments dropped, `...` placeholders left out."""
    commands = []
    for block in re.findall(r"```bash\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
            lexer.whitespace_split = True
            words, skip = [], False
            for token in [*lexer, ";"]:
                if skip:
                    skip = False
                elif token in REDIRECTIONS:
                    skip = True
                elif token in SHELL_OPERATORS:
                    if words and words[0] == "baofen-sim":
                        commands.append([word for word in words[1:] if word != "..."])
                    words = []
                else:
                    words.append(token)
    return commands


def check_command(args: list[str]) -> str | None:
    """Why `baofen-sim ARGS` is not a command line the app accepts, or None. Names and counts only: the values are
    not checked, and nothing is parsed by the app itself (its eager options would act: --version prints,
    --install-completion installs)."""
    command, path = typer.main.get_command(app), ["baofen-sim"]
    while getattr(command, "commands", None) and args and args[0] in command.commands:
        command, path = command.commands[args[0]], [*path, args[0]]
        args = args[1:]
    options = {name: param for param in command.params if param.param_type_name == "option"
               for name in [*param.opts, *param.secondary_opts]}
    positional, words = [], iter(args)
    for word in words:
        if word.startswith("-") and word != "-":  # `-` is standard input
            name, has_value, _ = word.partition("=")
            if name == "--help":
                continue
            if name not in options:
                return f"`{' '.join(path)}` has no option {name}"
            if not options[name].is_flag and not has_value and next(words, None) is None:
                return f"{name} needs a value"
        else:
            positional.append(word)
    if getattr(command, "commands", None):
        if positional:
            return f"`{' '.join(path)}` has no command {positional[0]}"
        return f"`{' '.join(path)}` is a group: name one of its commands" if len(path) > 1 else None
    arguments = [param for param in command.params if param.param_type_name == "argument"]
    if not any(argument.nargs == -1 for argument in arguments) and len(positional) > len(arguments):
        return f"unexpected arguments: {' '.join(positional[len(arguments):])}"
    if len(positional) < sum(argument.required for argument in arguments):
        return f"`{' '.join(path)}` needs its arguments: {' '.join(a.metavar or a.name for a in arguments)}"
    return None


def test_the_readme_is_a_front_page():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= FRONT_PAGE_LINES, (f"README.md has {len(lines)} lines: keep it a front page (at most "
                                            f"{FRONT_PAGE_LINES}) and move the rest to a page of docs/")


def test_ci_runs_the_readme_quick_start_commands():
    commands = quick_start()
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text()
    for command in commands:
        assert command in ci


def test_the_readme_test_command_ends_with_pytest_summary_line():
    test_command = quick_start()[1]
    node = "tests/test_readme.py::test_every_command_is_in_the_cli_reference"
    result = subprocess.run([*shlex.split(test_command), node], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    last_line = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"=*\s*1 passed in [\d.]+s\s*=*", last_line), result.stdout[-500:]


def test_every_shown_command_is_a_command_with_its_options():
    problems = []
    for page in PAGES:
        for args in shown_commands(page):
            problem = check_command(args)
            if problem:
                problems.append(f"{page.relative_to(ROOT)}: baofen-sim {shlex.join(args)}\n  {problem}")
    assert not problems, "commands shown that the CLI does not accept:\n" + "\n".join(problems)


def test_the_command_check_catches_what_it_should():
    assert check_command(["simulate", "--deals", "10", "--out", "runs/x"]) is None
    assert check_command(["rules", "show", "baofen", "--set", "allow_throws=false"]) is None
    assert check_command(["--version"]) is None
    assert check_command(["judge", "-", "--json"]) is None
    assert check_command(["fit-eval", "runs/a", "runs/b", "--test", "runs/c"]) is None
    assert "no option --dealz" in check_command(["simulate", "--dealz", "10"])
    assert "no command simulat" in check_command(["simulat"])
    assert "unexpected arguments: runs/b" in check_command(["report", "runs/a", "runs/b"])
    assert "needs its arguments" in check_command(["rules", "diff", "baofen"])
    assert "needs a value" in check_command(["simulate", "--deals"])
    assert "group" in check_command(["rules"])
    commands = shown_commands(ROOT / "docs" / "records.md")
    assert ["judge", "-"] in commands  # found after a pipe


def test_every_command_is_in_the_cli_reference():
    reference_text = REFERENCE.read_text(encoding="utf-8")
    for name in command_tree():
        assert f"\n## baofen-sim {name}\n" in reference_text, f"docs/cli.md does not document `baofen-sim {name}`"


def test_the_cli_reference_is_current():
    assert REFERENCE.read_text(encoding="utf-8") == reference(), (
        "docs/cli.md differs from what the CLI says now: regenerate it with `python scripts/cli_reference.py` "
        "and commit it")


def test_every_command_is_shown_outside_the_reference():
    text = "\n".join(page.read_text(encoding="utf-8") for page in PAGES if page != REFERENCE)
    for name in command_tree():
        assert re.search(rf"baofen-sim {re.escape(name)}(?![\w-])", text), (
            f"`baofen-sim {name}` is shown in no page but docs/cli.md: show it where it is used")


def slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    seen: dict[str, int] = {}
    result = set()
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        base = slug(heading)
        result.add(base if base not in seen else f"{base}-{seen[base]}")
        seen[base] = seen.get(base, 0) + 1
    return result


def test_every_link_between_pages_resolves():
    broken = []
    for page in PAGES:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            linked = (page.parent / file).resolve() if file else page
            if not linked.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_experiments_reads_a_sweep_with_pyarrow_dataset_as_hive(tmp_path):
    """docs/experiments.md's pyarrow.dataset call for a sweep keeps the vary columns (without
    partitioning="hive" pyarrow drops them)."""
    page = (ROOT / "docs" / "experiments.md").read_text(encoding="utf-8")
    sweeps = page.split("## Sweeps\n", 1)[1].split("\n## ", 1)[0]
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
