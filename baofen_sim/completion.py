"""Shell completion without the simulator: the console script answers the shell from `completion.json` (the
command tree and the values options take), in Typer's completion protocol, never importing numba, polars,
pyarrow or rich.

The scripts that `baofen-sim --show-completion` prints (and `--install-completion` installs) run the program
with `_BAOFEN_SIM_COMPLETE=complete_bash` and COMP_WORDS/COMP_CWORD (complete_zsh, complete_fish or
complete_powershell and _TYPER_COMPLETE_ARGS for the others). `serve_completion` then builds a stand-in of the
command tree with Typer, with value completers attached, and hands it to Typer's own completion, so that the
protocol and the parsing of the words are Typer's. Values: rule presets after --rules (and for `rules show` /
`rules diff`), policies after --policy (also SEAT=NAME), named parameter files after --param (also SEAT=NAME)
and --start, rule options as OPTION= after --set and --vary (then their values), hand columns and the report's
pseudo-columns after --by. completion.json is written by `completion_data` from the real app and sources.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
import typer.main
from typer import _completion_classes
from typer._click.core import Command, Context
from typer._click.shell_completion import CompletionItem, add_completion_class
from typer.completion import shell_complete

DATA_FILE = Path(__file__).with_name("completion.json")
WORD_BREAKS = frozenset("=:")  # characters of bash's COMP_WORDBREAKS that occur in this CLI's values

Completer = Callable[[str], list[str]]


def serve_completion(prog_name: str, complete_var: str, instruction: str) -> NoReturn:
    """Answer the shell's `instruction` (the value of `complete_var`, e.g. complete_bash) and exit."""
    command = completion_command(json.loads(DATA_FILE.read_text(encoding="utf-8")))
    add_completion_class(BashWords, "bash")  # after Typer registered its own, while building the command
    # Typer renders each help text with rich only to strip markup, which these help texts do not use; importing
    # rich would cost more than the whole answer
    _completion_classes._sanitize_help_text = _plain_text
    sys.exit(shell_complete(command, {}, prog_name, complete_var, instruction))


def _plain_text(text: str) -> str:
    return text


class BashWords(_completion_classes.BashComplete):
    """Typer's bash completion, with the words that bash splits at `=` and `:` (COMP_WORDBREAKS) joined again:
    `--policy 2=ra` reaches the program as `--policy 2 = ra`, and the answer replaces only `ra`."""

    kept = ""  # the start of the word being completed that bash keeps (to its last = or :); answers go without it

    def get_completion_args(self) -> tuple[list[str], str]:
        args, incomplete = super().get_completion_args()
        *args, word = joined_words([*args, incomplete])
        replaced = "" if set(incomplete) <= WORD_BREAKS else incomplete  # bash replaces what follows a break
        self.kept = word[:len(word) - len(replaced)]
        return args, word

    def format_completion(self, item: CompletionItem) -> str:
        value = str(item.value)
        return value[len(self.kept):] if value.startswith(self.kept) else value


def joined_words(words: Sequence[str]) -> list[str]:
    """The words as typed, from bash's: a word of break characters joins its neighbours (`2`, `=`, `ra` →
    `2=ra`), except an `=` after an option name, which is dropped (`--rules`, `=`, `ba` → `--rules`, `ba`)."""
    out: list[str] = []
    joining = False
    for word in words:
        breaks = bool(word) and set(word) <= WORD_BREAKS
        if breaks and word == "=" and out and out[-1].startswith("-") and not joining:
            out.append("")  # the option's value follows
        elif (breaks and out) or joining:
            out[-1] += word
        else:
            out.append(word)
        joining = breaks
    return out


# ---- the stand-in command tree ----


def completion_command(data: Mapping[str, Any]) -> Command:
    """The Click command of the stand-in app described by `data` (completion.json), values attached."""
    completers = value_completers(data["values"])
    app = typer.Typer()
    root = data["command"]
    app.callback()(_function(root["params"], completers))
    _add_commands(app, root["commands"], completers)
    command = typer.main.get_command(app)
    _take_values_as_given(command)
    return command


class _AsGiven:
    """In place of Typer's coercion of a parameter's value, which imports pydantic (0.1 s): completion needs to
    know which parameters the words fill, never their values."""

    @staticmethod
    def coerce(value: Any, param: Any, ctx: Any) -> Any:
        return value


def _take_values_as_given(command: Command) -> None:
    for param in command.get_params(Context(command)):  # with the --help option, made on first use
        param._runtime_param = _AsGiven()
    for subcommand in getattr(command, "commands", {}).values():
        _take_values_as_given(subcommand)


def _add_commands(app: typer.Typer, commands: Sequence[Mapping[str, Any]], completers: dict[str, Completer]) -> None:
    for command in commands:
        if "commands" in command:
            group = typer.Typer()
            if command["params"]:
                group.callback()(_function(command["params"], completers))
            _add_commands(group, command["commands"], completers)
            app.add_typer(group, name=command["name"], short_help=command["short_help"], hidden=command["hidden"])
        else:
            app.command(command["name"], short_help=command["short_help"], hidden=command["hidden"])(
                _function(command["params"], completers))


def _function(params: Sequence[Mapping[str, Any]], completers: dict[str, Completer]) -> Callable[..., None]:
    """A do-nothing function whose signature declares `params` to Typer."""

    def command(**_values: Any) -> None:
        pass

    parameters = [_parameter(param, completers.get(param["values"])) for param in params]
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return command


def _parameter(param: Mapping[str, Any], completer: Completer | None) -> inspect.Parameter:
    many = param["multiple"]
    if param["kind"] == "argument":
        info: Any = typer.Argument(autocompletion=completer)
        annotation, default = (list[str] if many else str), inspect.Parameter.empty
    elif param["flag"]:
        info = typer.Option(*param["decls"], help=param["help"], hidden=param["hidden"])
        annotation, default = bool, False
    else:
        info = typer.Option(*param["decls"], help=param["help"], hidden=param["hidden"], autocompletion=completer)
        annotation, default = (list[str] | None if many else str | None), None
    return inspect.Parameter(param["name"], inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=Annotated[annotation, info])


# ---- values ----


def value_completers(values: Mapping[str, Any]) -> dict[str, Completer]:
    """Completer per kind of value (the `values` of a parameter in completion.json). Typer keeps the answers
    that start with the word typed."""
    return {
        "presets": _names(values["presets"]),
        "policies": _per_seat(values["policies"]),
        "parameters": _per_seat(values["parameter_files"]),
        "parameter_files": _names(values["parameter_files"]),
        "rule_options": _rule_options(values["rule_options"]),
        "columns": _names(values["columns"]),
    }


def _names(names: list[str]) -> Completer:
    def complete(incomplete: str) -> list[str]:
        return names
    return complete


def _per_seat(names: list[str]) -> Completer:
    """NAME, or SEAT=NAME once a seat is typed."""
    def complete(incomplete: str) -> list[str]:
        seat, equals, _ = incomplete.partition("=")
        if seat.isdigit():
            return [f"{seat}={name}" for name in names]
        return [] if equals else names
    return complete


def _rule_options(options: Mapping[str, list[str]]) -> Completer:
    """OPTION= names, then OPTION=VALUE (its values: true/false, an enum's members, else the `baofen` value).
    An option named alone comes with its values too, so that the shell stops after the `=` (one answer
    would get a space)."""
    def complete(incomplete: str) -> list[str]:
        name, equals, _ = incomplete.partition("=")
        named = [name] if equals else [option for option in options if option.startswith(incomplete)]
        answers = [] if equals else [f"{option}=" for option in named]
        if len(named) == 1:
            answers += [f"{named[0]}={value}" for value in options.get(named[0], [])]
        return answers
    return complete
