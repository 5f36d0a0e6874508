"""What shell completion offers, read from the real sources: the command tree of the CLI (`cli.app`) and the
values its options take (rule presets, policies, named parameter files, rule options, report columns).
`completion` serves them from completion.json without importing any of this; `python -m
baofen_sim.completion_data` writes the file again after a change to the CLI or to one of those lists
(tests/test_completion.py checks that it is up to date).
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

import typer.main

from baofen_sim.analysis.columns import pseudo_columns
from baofen_sim.cli import app
from baofen_sim.cli.options import shown as _shown
from baofen_sim.completion import DATA_FILE
from baofen_sim.io.schema import hand_columns
from baofen_sim.policies.registry import POLICIES, named_param_files
from baofen_sim.rules import OPTION_NAMES, PRESETS
from baofen_sim.rules.presets import DEFAULT_PRESET
from baofen_sim.rules.ruleset import FIELD_TYPES

# The values an option or argument completes (value_completers in `completion`), by option name and by the
# command path and name of an argument.
OPTION_VALUES = {"--rules": "presets", "--set": "rule_options", "--vary": "rule_options", "--policy": "policies",
                 "--param": "parameters", "--start": "parameter_files", "--by": "columns"}
ARGUMENT_VALUES = {("rules", "show", "spec"): "presets", ("rules", "diff", "first"): "presets",
                   ("rules", "diff", "second"): "presets"}
TYPER_OWN = ("install_completion", "show_completion")  # the root's completion options: Typer adds them again


def completion_data() -> dict[str, Any]:
    """The contents of completion.json."""
    mapped: set[Any] = set()
    root = _command(typer.main.get_command(app), (), mapped)
    unknown = (set(OPTION_VALUES) | set(ARGUMENT_VALUES)) - mapped
    if unknown:
        raise ValueError(f"no such option or argument in the CLI: {sorted(map(str, unknown))}")
    return {"command": root, "values": value_lists()}


def value_lists() -> dict[str, Any]:
    """The value lists the completers choose from."""
    seats = PRESETS[DEFAULT_PRESET].num_players
    columns = [column.name for column in hand_columns(seats)]
    return {
        "presets": list(PRESETS),
        "policies": list(POLICIES),
        "parameter_files": named_param_files(),
        "rule_options": {name: rule_option_values(name) for name in OPTION_NAMES},
        "columns": columns + list(pseudo_columns(columns, seats)),
    }


def rule_option_values(name: str) -> list[str]:
    """What `--set NAME=` completes: true and false, an enum's members, else the value of the default preset."""
    kind = FIELD_TYPES[name]
    if kind is bool:
        return ["true", "false"]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return [member.value for member in kind]
    return [_shown(getattr(PRESETS[DEFAULT_PRESET], name))]


def _command(command: Any, path: tuple[str, ...], mapped: set[Any]) -> dict[str, Any]:
    params = [_param(param, path, mapped) for param in command.params if param.name not in TYPER_OWN]
    data: dict[str, Any] = {"name": command.name, "short_help": command.get_short_help_str(),
                            "hidden": command.hidden, "params": params}
    if isinstance(command, typer.core.TyperGroup):
        data["commands"] = [_command(command.commands[name], (*path, name), mapped)
                            for name in command.list_commands(None)]
    return data


def _param(param: Any, path: tuple[str, ...], mapped: set[Any]) -> dict[str, Any]:
    if param.param_type_name == "argument":
        key: Any = (*path, param.name)
        return {"kind": "argument", "name": param.name, "multiple": param.nargs == -1,
                "values": _mapped(ARGUMENT_VALUES, key, mapped)}
    decls = list(param.opts)
    if param.secondary_opts:  # declared as "--flag/--no-flag"
        decls = [f"{param.opts[0]}/{param.secondary_opts[0]}", *param.opts[1:]]
    values = next((_mapped(OPTION_VALUES, opt, mapped) for opt in param.opts if opt in OPTION_VALUES), None)
    return {"kind": "option", "name": param.name, "decls": decls, "flag": param.is_flag, "multiple": param.multiple,
            "help": param.help, "hidden": param.hidden, "values": None if param.is_flag else values}


def _mapped(table: dict[Any, str], key: Any, mapped: set[Any]) -> str | None:
    if key in table:
        mapped.add(key)
    return table.get(key)


def main() -> None:
    """Write completion.json."""
    DATA_FILE.write_text(json.dumps(completion_data(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DATA_FILE}")


if __name__ == "__main__":
    main()
