"""`baofen-sim tune-play`, and each game's own studies: a game with commands of its own (`Game.hooks.commands`,
such as Baofen's fit-eval and tune-bids) adds them through `register_game_commands`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from baofen_sim.cli.app import app
from baofen_sim.cli.options import RulesOption, SeedOption, SetOption, ThreadsOption, resolve_rules
from baofen_sim.games import GAMES, game_of
from baofen_sim.policies import parse_policy_options, select_policies
from baofen_sim.rules import DEFAULT_PRESET
from baofen_sim.runs.runspec import RunSpec, RunSpecError
from baofen_sim.runs.simulate import set_threads


@app.command("tune-play")
def tune_play_command(
    rules: RulesOption = DEFAULT_PRESET,
    overrides: SetOption = None,
    deals: Annotated[int, typer.Option("--deals", metavar="N", help="Deals per evaluation.")] = 200_000,
    target: Annotated[int | None, typer.Option(
        "--target", metavar="T", help="The forced declarer's target, in a game with forced declarers (default: the "
                                       "game's, 85 in Baofen).")
    ] = None,
    rounds: Annotated[int, typer.Option("--rounds", metavar="N", help="Rounds at most.")] = 4,
    seed: SeedOption = 1,
    threads: ThreadsOption = None,
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Where rounds.json and tuned.toml go.")
                   ] = Path("results/tune-play"),
    start: Annotated[str | None, typer.Option(
        "--start", metavar="FILE.toml|NAME", help="Parameters to start from (default: the heuristic's defaults).")
    ] = None,
) -> None:
    """Tune the heuristic's play parameters by self-play: seat 0 declares every deal at --target, and the
    declarer's and the defenders' parameters take turns as best responses to each other (a value is kept
    only when its paired gain has a 95% CI above zero), until a round changes nothing. Writes
    OUT/rounds.json and OUT/tuned.toml (use it with --param OUT/tuned.toml). With --rules tractor-80fen it tunes
    the 80分 play (the last-trick guards too) on the 庄家方's 积分, each deal a first hand, no --target.

    Example: baofen-sim tune-play --deals 100000 --target 85 --start heuristic-untuned --out runs/tuned
    """
    from baofen_sim.studies.tune_play import TuneConfig, tune_play

    if deals < 100 or rounds < 1:
        raise typer.BadParameter("--deals must be at least 100 and --rounds at least 1")
    rule_set = resolve_rules(rules, overrides)
    game = game_of(rule_set)
    if not game.has("tune_play"):
        tuned = " and ".join(other.title for other in GAMES if other.has("tune_play"))
        raise RunSpecError(f"tune-play tunes the heuristic's play of {tuned} only so far, not of {game.title}")
    start_params = parse_policy_options([], [start] if start else [])[1][0]
    config = TuneConfig(rule_set, deals, target, rounds, seed, threads, start_params)
    if config.forced_target is not None:
        RunSpec(rules=rule_set, deals=deals, hands_per_table=1, declarer=0, target=config.forced_target)  # checks it
    elif target is not None:
        raise RunSpecError(f"--target: {game.title} has no forced declarer (its deal decides who declares); "
                           "tune-play tunes its play on the deals as they come, leave it out")
    select_policies(["heuristic"])
    set_threads(threads)
    tuning = tune_play(config, out, echo=typer.echo)
    typer.echo(f"{len(tuning.rounds)} round(s); parameter files in {out}")


def register_game_commands() -> None:
    """Add each game's own commands (its `commands` hook), in the registry's order."""
    for game in GAMES:
        if game.has("commands"):
            game.hook("commands")(app)
