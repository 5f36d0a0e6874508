"""The options and helpers every command group shares, defined once (DESIGN.md §9 spellings), so that `--rules`,
`--set`, `--deals`, `--policy`, `--param`, ... read and check alike in every command."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from baofen_sim.analysis import text
from baofen_sim.rules import RuleSet, load_rules
from baofen_sim.runs.runspec import EACH, RunSpecError

RulesOption = Annotated[
    str, typer.Option("--rules", metavar="PRESET|FILE.toml", help="Preset name or TOML rules file.")
]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", metavar="OPTION=VALUE", help="Override one rule option (repeatable)."),
]
RulesSpec = Annotated[str, typer.Argument(metavar="PRESET|FILE", help="Preset name or TOML rules file.")]
DealsOption = Annotated[int, typer.Option("--deals", metavar="N", help="Hands to play in total.")]
SeedOption = Annotated[
    int, typer.Option("--seed", metavar="N",
                      help="Seed of every random stream (hand h is the same deal for any chunking or backend).")
]
OutOption = Annotated[Path | None, typer.Option("--out", metavar="DIR", help="Output directory.")]
ThreadsOption = Annotated[
    int | None, typer.Option("--threads", metavar="N", help="Numba threads (default: all cores).")
]
PolicyOption = Annotated[
    list[str] | None,
    typer.Option("--policy", metavar="NAME|SEAT=NAME", help="Policy of every seat, or of one seat (repeatable)."),
]
DeclarerOption = Annotated[
    str | None,
    typer.Option("--declarer", metavar="SEAT|each",
                 help="Skip the auction: this seat declares every hand (each: every deal once per seat)."),
]
TargetOption = Annotated[
    str | None,
    typer.Option("--target", metavar="T|each",
                 help="The forced declarer's target (each: play once, results at every target)."),
]
MinEvaluationOption = Annotated[
    float | None,
    typer.Option("--min-evaluation", metavar="E",
                 help="With --declarer each: only the seats whose evaluation_i is at least E declare (the others "
                      "pass, nothing played), to spend strong play on the bidding range."),
]
ParamOption = Annotated[
    list[str] | None,
    typer.Option("--param", metavar="SEAT=FILE.toml|SEAT.KEY=VALUE|KEY=VALUE",
                 help="Policy parameters of one seat, or of every seat (repeatable)."),
]

ByOption = Annotated[
    list[str] | None,
    typer.Option("--by", metavar="COLUMN",
                 help="Group by this column, or by position / declarer_strength / evaluation (repeatable: by the "
                      "combination)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print plain JSON instead of tables.")]


def forced_value(option: str, text: str | None) -> int | str | None:
    """`--declarer` / `--target` text as RunSpec wants it: an int, EACH or None (RunSpec checks the range)."""
    if text is None:
        return None
    value = text.strip().lower()
    if value == EACH:
        return EACH
    try:
        return int(value)
    except ValueError:
        raise RunSpecError(f"{option} {text}: a number or each") from None


def resolve_rules(spec: str, overrides: list[str] | None = None) -> RuleSet:
    """The rule set for `--rules SPEC` with the `--set` overrides applied."""
    return load_rules(spec).with_overrides(overrides or [])


def rules_given(spec: str, overrides: list[str] | None = None) -> str:
    """`--rules SPEC` and its `--set` overrides as the command line gave them (for the reports):
    "baofen-001 --set bid_cap_default=200"."""
    return shlex.join([spec, *(word for item in overrides or [] for word in ("--set", item))])


def note(line: str) -> None:
    """A line on stderr (progress, notes)."""
    typer.echo(line, err=True)


def print_data(data: dict[str, Any], as_json: bool, print_tables: Callable[[dict[str, Any], Console], None]) -> None:
    """`data` as plain JSON, or as the tables `print_tables` makes of it."""
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False))
    else:
        print_tables(data, text.console())


def shown(value: Any) -> str:
    """An option value as a rules file writes it (none, lists without brackets, lower-case booleans)."""
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "[]"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)
