"""`baofen-sim rules list|show|diff|explain`: the presets, TOML rule files and their differences, and the rules
in plain words."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from baofen_sim.cli.app import rules_app
from baofen_sim.cli.options import RulesSpec, SetOption, resolve_rules, shown
from baofen_sim.rules import PRESET_DESCRIPTIONS, PRESETS, diff_rules, dump_toml, load_rules
from baofen_sim.rules.explain import explain


@rules_app.command("list")
def rules_list() -> None:
    """List the rule presets with a short description.

    Example: baofen-sim rules list
    """
    width = max(map(len, PRESETS))
    for name in PRESETS:
        typer.echo(f"{name:<{width}}  {PRESET_DESCRIPTIONS[name]}")


@rules_app.command("show")
def rules_show(spec: RulesSpec, overrides: SetOption = None) -> None:
    """Print a rule set as TOML (every option), after any --set overrides.

    Example: baofen-sim rules show baofen-001 --set allow_throws=false > my-rules.toml
    """
    typer.echo(dump_toml(resolve_rules(spec, overrides)), nl=False)


@rules_app.command("diff")
def rules_diff(
    first: Annotated[str, typer.Argument(metavar="A", help="Preset name or TOML rules file.")],
    second: Annotated[str, typer.Argument(metavar="B", help="Preset name or TOML rules file.")],
) -> None:
    """Show a table of the options whose values differ between two rule sets.

    Example: baofen-sim rules diff baofen baofen-001
    """
    differences = diff_rules(load_rules(first), load_rules(second))
    if not differences:
        typer.echo(f"{first} and {second} set every option alike")
        return
    table = Table("option", first, second)
    for name, value_a, value_b in differences:
        table.add_row(name, shown(value_a), shown(value_b))
    Console(width=200 if not sys.stdout.isatty() else None).print(table)


@rules_app.command("explain")
def rules_explain(
    name: Annotated[str | None, typer.Argument(metavar="OPTION|PRESET",
                                               help="One option or preset (default: everything).")] = None,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print Markdown (docs/rules.md is this).")] = False,
) -> None:
    """Explain the rules in plain words: each preset's game (deal, auction, all-pass, bury, trump, play,
    throws, scoring, settlement), then every option (its values, default per preset, the rule it comes from
    and its seed).

    Example: baofen-sim rules explain bid_cap_pairs_min
    """
    typer.echo(explain(name, markdown=markdown), nl=False)

