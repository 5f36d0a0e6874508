"""Write docs/cli.md, the command-line reference, from the Typer app itself.

Every command and sub-command of `baofen-sim` with its help text, its arguments and options (name, value,
default, help) and the `Example:` lines of its help. Nothing is written by hand: after changing a command,
run

    python scripts/cli_reference.py

and commit docs/cli.md; tests/test_readme.py fails while the committed file differs from what this writes.
`--check` only compares (exit 1 when docs/cli.md is out of date).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "cli.md"
PROGRAM = "baofen-sim"

HEADER = f"""# Command-line reference

Generated from the command-line app by `python scripts/cli_reference.py`; do not edit docs/cli.md by hand.
`{PROGRAM} COMMAND --help` prints the same help in the terminal. Errors in input print one line `error: …`
and exit with code 2 (see [runs.md](runs.md#exit-codes-crash-logs-completion)).
"""


# Typer builds on its own copy of click: the kinds are told apart by attributes, not by click's classes.
Command = Any


def is_group(command: Command) -> bool:
    return hasattr(command, "commands")


def is_option(param: Any) -> bool:
    return param.param_type_name == "option"


def is_argument(param: Any) -> bool:
    return param.param_type_name == "argument"


def walk(command: Command, path: list[str]):
    """(path, command) for the root, every group and every command, in the order of the command tree."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from walk(sub, [*path, name])


def prose(text: str) -> str:
    """Help text as Markdown prose: `<` escaped, so that `runs/<rules>-…` is not taken for an HTML tag."""
    return text.replace("<", "\\<")


def help_parts(command: Command) -> tuple[str, list[str]]:
    """The help text without its `Example:` lines (as Markdown prose), and the examples."""
    text, examples = [], []
    for line in (command.help or "").splitlines():
        if line.strip().startswith("Example:"):
            examples.append(line.split("Example:", 1)[1].strip())
        else:
            text.append(line.strip())
    paragraphs = " ".join(line or "\n\n" for line in text).replace(" \n\n ", "\n\n").strip()
    return prose(paragraphs), examples


def argument_metavar(argument: Any) -> str:
    name = argument.metavar or argument.name.upper()
    if argument.nargs == -1 and not name.endswith("..."):
        name += "..."
    return name if argument.required else f"[{name}]"


def usage(path: list[str], command: Command) -> str:
    words = [PROGRAM, *path, "[OPTIONS]"]
    if is_group(command):
        words.append("COMMAND [ARGS]...")
    words += [argument_metavar(p) for p in command.params if is_argument(p)]
    return " ".join(words)


def shown_default(option: Any) -> str | None:
    """The default as a user would type it, or None where there is nothing to show."""
    default = option.default
    if option.is_flag or default is None or option.multiple or callable(default):
        return None
    if isinstance(default, bool):
        return str(default).lower()
    return str(default)


def value_name(option: Any, command: Command) -> str:
    """What the option's value is called: its metavar, else its type (`--results PATH`)."""
    if option.metavar:
        return option.metavar
    context = command.make_context(PROGRAM, [], resilient_parsing=True)  # the type's name needs a context
    return option.display_type(context).strip("<>").upper()


def option_line(option: Any, command: Command) -> str:
    names = ", ".join(f"`{name}`" for name in [*option.opts, *option.secondary_opts])
    if not option.is_flag:
        names = names[:-1] + f" {value_name(option, command)}`"
    text = prose(" ".join((option.help or "").split()))
    notes = []
    if option.required:
        notes.append("required")
    if option.multiple and "repeatable" not in text:
        notes.append("repeatable")
    default = shown_default(option)
    if default is not None:
        notes.append(f"default `{default}`")
    note = f" ({'; '.join(notes)})" if notes else ""
    return f"- {names}{note}: {text}"


def argument_line(argument: Any) -> str:
    name = argument.metavar or argument.name.upper()
    return f"- `{name}`: {prose(' '.join((getattr(argument, 'help', None) or '').split()))}"


def section(path: list[str], command: Command) -> list[str]:
    title = " ".join([PROGRAM, *path])
    text, examples = help_parts(command)
    lines = [f"## {title}", "", "```", usage(path, command), "```", "", text, ""]
    arguments = [p for p in command.params if is_argument(p)]
    options = [p for p in command.params if is_option(p) and not p.hidden]
    if arguments:
        lines += ["Arguments:", "", *map(argument_line, arguments), ""]
    if options:
        lines += ["Options:", "", *(option_line(option, command) for option in options), ""]
    if is_group(command) and path:
        lines += ["Commands: " + ", ".join(f"[`{name}`](#{anchor([*path, name])})" for name in command.commands), ""]
    if examples:
        lines += ["Example:" if len(examples) == 1 else "Examples:", "", "```bash", *examples, "```", ""]
    return lines


def anchor(path: list[str]) -> str:
    """GitHub's anchor of the heading `## baofen-sim PATH`."""
    return "-".join([PROGRAM, *path]).lower()


def reference() -> str:
    """docs/cli.md as the app describes itself now."""
    from baofen_sim.cli import app

    root = typer.main.get_command(app)
    commands = [(path, command) for path, command in walk(root, []) if path]
    lines = [HEADER, "Commands:", ""]
    lines += [f"- [`{' '.join([PROGRAM, *path])}`](#{anchor(path)}): {command_summary(command)}"
              for path, command in commands]
    lines.append("")
    for path, command in walk(root, []):
        lines += section(path, command)
    return "\n".join(lines).rstrip() + "\n"


def command_summary(command: Command) -> str:
    """The help's first sentence, or its first clause before a colon (outside brackets)."""
    text = help_parts(command)[0].split("\n\n", 1)[0]
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and (text.startswith(". ", i) or text.startswith(": ", i)):
            return text[:i] + "."
    return text.rstrip(".") + "."


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))  # this checkout's CLI, whichever copy of the package is installed
    text = reference()
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run python scripts/cli_reference.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
