"""`baofen-sim policies`, `schema` and `warmup`: what the policies and the output columns are, and the engine compiled
ahead of time."""

from __future__ import annotations

from typing import Annotated

import typer

from baofen_sim.cli.app import app
from baofen_sim.cli.options import PolicyOption, RulesOption, resolve_rules
from baofen_sim.games import game_of
from baofen_sim.policies import describe_policies, policy_names, select_policies
from baofen_sim.records import MAX_PLAYERS
from baofen_sim.rules import DEFAULT_PRESET, load_rules
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import COMPILE_NOTICE, compile_engine, engine_is_compiled, warm_up_engine


@app.command("policies")
def policies_command() -> None:
    """List the built-in policies with their ids and parameters (defaults and meaning).

    Example: baofen-sim policies
    """
    typer.echo(describe_policies())


@app.command("schema")
def schema_command(
    players: Annotated[int | None, typer.Option(
        "--players", metavar="N", help="Seats at the table (per-seat columns); default: the game's.")] = None,
    rules: RulesOption = DEFAULT_PRESET,
) -> None:
    """Print the columns of a run's tables, OUT/hands (one row per hand) and OUT/tricks (one row per trick,
    with --tricks): name, Arrow type and description, for the game of --rules (Baofen by default). The
    descriptions also travel in the Parquet files.

    Example: baofen-sim schema --rules tractor-80fen
    """
    from baofen_sim.io.schema import TRICK_COLUMNS, hand_columns

    rule_set = load_rules(rules)
    players = rule_set.num_players if players is None else players
    if not 1 <= players <= MAX_PLAYERS:
        raise typer.BadParameter(f"--players must be 1..{MAX_PLAYERS}")
    game = game_of(rule_set)
    tables = [("OUT/hands", hand_columns(players, game.rows()))]
    if game.tricks:
        tables.append(("OUT/tricks", TRICK_COLUMNS))
    for title, columns in tables:
        typer.echo(title)
        width = max(len(c.name) for c in columns)
        for c in columns:
            kind = f"string ({', '.join(c.labels)})" if c.labels else str(c.arrow_type)
            typer.echo(f"  {c.name:<{width}}  {kind:<18}  {c.doc}")


@app.command("warmup")
def warmup_command(policy: PolicyOption = None, rules: RulesOption = DEFAULT_PRESET) -> None:
    """Compile the engine of the game of --rules ahead of time for the policies a simulate will name (the same
    --policy options; default heuristic), once per machine and code version, on every core (about 50 s on 2
    cores), so that the simulate starts warm. It shows the functions compiled so far and the time.

    Example: baofen-sim warmup --policy heuristic --policy 3=random
    Example: baofen-sim warmup --rules tractor-80fen
    """
    rule_set = resolve_rules(rules, None)
    game = rule_set.game
    seats = policy_names(policy or [], rule_set.num_players, game_of(rule_set).default_policy)
    RunSpec(rules=rule_set, policies=tuple(seats))  # the game plays these policies (else exit 2)
    names = select_policies(seats)
    if engine_is_compiled(game):
        typer.echo(f"the engine for {', '.join(names)} is compiled; loading it took "
                   f"{warm_up_engine(names, game):.1f} s")
        return
    typer.echo(COMPILE_NOTICE, err=True)
    report = compile_engine(game=game)
    for line in report.notes:
        typer.echo(f"note: {line}", err=True)
    typer.echo(f"{report.summary(names)}; later commands start warm")
