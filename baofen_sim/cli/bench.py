"""`baofen-sim bench`: the engine's speed measured (`dev.bench`) and appended to results/BENCHMARKS.md."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from baofen_sim.cli.app import app


@app.command("bench")
def bench_command(
    hands: Annotated[int, typer.Option("--hands", metavar="N", help="Hands per engine measurement.")] = 1_000_000,
    reference_hands: Annotated[
        int, typer.Option("--reference-hands", metavar="N", help="Hands replayed through the reference engine.")
    ] = 200,
    results: Annotated[Path, typer.Option("--results", help="Markdown file to append to.")] = Path(
        "results/BENCHMARKS.md"),
) -> None:
    """Measure hands/s (random and heuristic, 1 and 2 threads), cold compile and warm start, Parquet size
    and peak memory, the reference engine on the same hands, and the whole simulate command end to end; every
    1-thread rate also as a ratio to the deal yardstick (a bare one-thread Numba deal loop, so that figures of two
    machines compare); append the table to results/BENCHMARKS.md.

    Example: baofen-sim bench --hands 200000
    """
    from baofen_sim.dev.bench import BenchConfig, append_results, markdown, measure, results_path_problem

    if hands < 1000 or reference_hands < 1:
        raise typer.BadParameter("--hands must be at least 1000 and --reference-hands at least 1")
    problem = results_path_problem(results)
    if problem:
        raise typer.BadParameter(f"--results {results} {problem}")
    config = BenchConfig(hands=hands, reference_hands=reference_hands, results=results)
    figures = measure(config, echo=typer.echo)
    append_results(markdown(figures, config, shlex.join(["baofen-sim", *sys.argv[1:]])), results)
    typer.echo(f"appended to {results}")

