"""`baofen-sim judge` and `replay`: a game record checked against the rules, and a hand of a run played again (as
text or as its record). The record's or the run's game does the work (`Game.hooks.judge`, `Game.replay`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from baofen_sim.cli.app import app
from baofen_sim.games import game_of
from baofen_sim.io.manifest import run_spec_of
from baofen_sim.io.records import load_record
from baofen_sim.policies import select_policies
from baofen_sim.reference.judge import judge


@app.command("judge")
def judge_command(
    record_file: Annotated[
        str, typer.Argument(metavar="FILE", help="Game record JSON (docs/records.md), - for standard input.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object per event.")] = False,
) -> None:
    """Check a game record step by step against the rules: each bid (80分: each showing and 反底; 找朋友: the
    call, each overcall, the concession), bury and play, each trick's winner and points, the result and
    settlement. Exit 0 legal, 1 an illegal step (judging stops there), 2 malformed.

    Example: baofen-sim replay runs/bf-1m --hand 42 --record | baofen-sim judge - --json
    """
    report = judge(load_record(record_file))
    lines = [json.dumps(event, ensure_ascii=False) for event in report.events] if as_json else report.lines()
    for line in lines:
        typer.echo(line)
    raise typer.Exit(report.exit_code)


@app.command("replay")
def replay_command(
    out: Annotated[Path, typer.Argument(metavar="OUT", help="Run directory written by simulate.")],
    hand: Annotated[int, typer.Option("--hand", metavar="K", help="Global index of the hand to replay.")],
    record: Annotated[bool, typer.Option("--record", help="Print the game record JSON (for judge).")] = False,
    declarer: Annotated[
        int | None, typer.Option("--declarer", metavar="SEAT", help="In a --declarer each run: whose play.")
    ] = None,
) -> None:
    """Re-play hand K of a run from its manifest and print it: bids, bury, trump, every trick with its
    winner and points, the result. With --record, print its game record instead, which judge accepts (a
    forced declarer's hand as the position at the first lead).

    Example: baofen-sim replay runs/bf-1m --hand 42 --record > hand42.json && baofen-sim judge hand42.json
    """
    spec = run_spec_of(out)
    select_policies(spec.policies, spec.rules.game)
    typer.echo("\n".join(game_of(spec.rules).replay(spec, out, hand, declarer, record)))
