"""`baofen-sim simulate` and `sweep`: play hands into a run directory, on this machine or a Dask cluster."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from baofen_sim.cli.app import app
from baofen_sim.cli.options import (
    DealsOption,
    DeclarerOption,
    MinEvaluationOption,
    OutOption,
    ParamOption,
    PolicyOption,
    RulesOption,
    SeedOption,
    SetOption,
    TargetOption,
    ThreadsOption,
    forced_value,
    note,
    resolve_rules,
    rules_given,
)
from baofen_sim.games import game_of
from baofen_sim.policies import parse_policy_options, policy_names, select_policies
from baofen_sim.rules import DEFAULT_PRESET
from baofen_sim.runs.runspec import (
    DEFAULT_CHUNK_SIZE,
    DEFAULT_DEALS,
    DEFAULT_HANDS_PER_TABLE,
    RunSpec,
    default_chunk_size,
)
from baofen_sim.runs.simulate import Backend, LocalBackend, default_out_dir, simulate
from baofen_sim.runs.sweep import default_sweep_dir, parse_vary, plan_variants, sweep

HandsPerTableOption = Annotated[
    int | None,
    typer.Option("--hands-per-table", metavar="N",
                 help=f"Hands per table (the 水草 pot and the 主叫 carry over); default {DEFAULT_HANDS_PER_TABLE}, "
                      "1 with --declarer."),
]
ChunkSizeOption = Annotated[
    int | None, typer.Option("--chunk-size", metavar="N",
                             help=f"Hands per part file (whole tables); default {DEFAULT_CHUNK_SIZE:,}, fewer for "
                                  "a slow policy (sampler: 1,024).")
]
TricksOption = Annotated[bool, typer.Option("--tricks", help="Also write one row per trick to OUT/tricks/.")]


def run_spec(rules: str, overrides: list[str] | None, deals: int, hands_per_table: int | None, seed: int,
             policy: list[str] | None, param: list[str] | None, threads: int | None, chunk_size: int | None,
             tricks: bool, declarer: str | None, target: str | None,
             min_evaluation: float | None = None) -> RunSpec:
    """The RunSpec of simulate's (and sweep's) options; selects the run's policy set."""
    rule_set = resolve_rules(rules, overrides)
    default = game_of(rule_set).default_policy
    select_policies(policy_names(policy or [], rule_set.num_players, default), rule_set.game)
    policies, params = parse_policy_options(policy or [], param or [], rule_set.num_players, default)
    forced = forced_value("--declarer", declarer)
    if hands_per_table is None:
        hands_per_table = DEFAULT_HANDS_PER_TABLE if forced is None else 1
    if chunk_size is None:
        chunk_size = default_chunk_size(policies)
    return RunSpec(rules=rule_set, policies=policies, params=params, seed=seed, deals=deals,
                   hands_per_table=hands_per_table, chunk_size=chunk_size, tricks=tricks, threads=threads,
                   declarer=forced, target=forced_value("--target", target), min_evaluation=min_evaluation,
                   rules_given=rules_given(rules, overrides))


OverwriteOption = Annotated[
    bool, typer.Option("--overwrite", help="Replace a run of another spec in OUT (never files that are not a run's).")
]
BackendOption = Annotated[
    str | None,
    typer.Option("--backend", metavar="local|dask",
                 help="local: this process, over Numba's threads (default); dask: each chunk a Dask task.")
]
SchedulerOption = Annotated[
    str | None,
    typer.Option("--scheduler", metavar="ADDR",
                 help="Dask scheduler address (tcp://host:8786) or scheduler file (.json); implies --backend dask.")
]
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", metavar="N",
                 help="Worker processes of the local Dask cluster that --backend dask starts (default: one per core).")
]


@contextlib.contextmanager
def execution_backend(backend: str | None, scheduler: str | None, workers: int | None) -> Iterator[Backend]:
    """The backend of the --backend, --scheduler and --workers options, closed afterwards."""
    name = (backend or ("dask" if scheduler else "local")).strip().lower()
    if name not in ("local", "dask"):
        raise typer.BadParameter(f"--backend {backend}: local or dask")
    if name == "local":
        if scheduler is not None or workers is not None:
            raise typer.BadParameter("--scheduler and --workers go with --backend dask")
        yield LocalBackend()
        return
    from baofen_sim.runs.distributed import DaskBackend

    with DaskBackend(scheduler, workers, echo=lambda line: typer.echo(line, err=True)) as dask:
        yield dask


def run_interruptible(play: Callable[[], Any], out_dir: Path) -> Any:
    """`play()`; Ctrl-C → exit 130 with a word on resuming."""
    try:
        return play()
    except KeyboardInterrupt:
        typer.echo(f"interrupted: complete chunks are kept in {out_dir}; rerun the same command to resume", err=True)
        raise typer.Exit(130) from None


@app.command("simulate")
def simulate_command(
    rules: RulesOption = DEFAULT_PRESET,
    overrides: SetOption = None,
    deals: DealsOption = DEFAULT_DEALS,
    hands_per_table: HandsPerTableOption = None,
    seed: SeedOption = 0,
    policy: PolicyOption = None,
    param: ParamOption = None,
    out: OutOption = None,
    threads: ThreadsOption = None,
    chunk_size: ChunkSizeOption = None,
    tricks: TricksOption = False,
    declarer: DeclarerOption = None,
    target: TargetOption = None,
    min_evaluation: MinEvaluationOption = None,
    overwrite: OverwriteOption = False,
    backend: BackendOption = None,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
) -> None:
    """Play hands and write one Parquet row per hand to OUT (default runs/<rules>-<policy>-n<N>-s<seed>-<hash>).
    Rerunning the same command resumes an interrupted run (parts found truncated or altered play again); more
    --deals extend it. With --declarer the auction is skipped: that seat (or, with each, every seat in turn: one
    row per hand and declarer) declares at --target. --backend dask plays the chunks on a Dask cluster.

    Example: baofen-sim simulate --rules baofen --deals 1000000 --seed 7 --out runs/bf-1m
    """
    spec = run_spec(rules, overrides, deals, hands_per_table, seed, policy, param, threads, chunk_size, tricks,
                    declarer, target, min_evaluation)
    out_dir = out or default_out_dir(spec)
    with execution_backend(backend, scheduler, workers) as runner:
        summary = run_interruptible(lambda: simulate(spec, out_dir, overwrite=overwrite, backend=runner, echo=note),
                                    out_dir)
    typer.echo(f"{summary.hands} hands in {out_dir} ({summary.chunks_run} chunks run, "
               f"{summary.chunks_skipped} already done, {summary.seconds:.1f} s)")


@app.command("sweep")
def sweep_command(
    vary: Annotated[
        list[str],
        typer.Option("--vary", metavar="OPTION=V1,V2|SEAT.PARAM=V1,V2|PARAM=V1,V2",
                     help="A rules option, a seat's policy parameter or every seat's, and its values (repeatable: "
                          "the cross product)."),
    ],
    rules: RulesOption = DEFAULT_PRESET,
    overrides: SetOption = None,
    deals: DealsOption = DEFAULT_DEALS,
    hands_per_table: HandsPerTableOption = None,
    seed: SeedOption = 0,
    policy: PolicyOption = None,
    param: ParamOption = None,
    out: OutOption = None,
    threads: ThreadsOption = None,
    chunk_size: ChunkSizeOption = None,
    tricks: TricksOption = False,
    declarer: DeclarerOption = None,
    target: TargetOption = None,
    min_evaluation: MinEvaluationOption = None,
    overwrite: OverwriteOption = False,
    backend: BackendOption = None,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
) -> None:
    """Play the same deals under every combination of the --vary values (the other options as in simulate),
    into hive folders OUT/hands/NAME=VALUE/...; rerunning the same command resumes, more --deals extend it.
    Compare the variants with report OUT --compare NAME.

    Example: baofen-sim sweep --vary kitty_points_owner=none,declarer --vary 0.open85_0=70,83 --out runs/ko
    """
    base = run_spec(rules, overrides, deals, hands_per_table, seed, policy, param, threads, chunk_size, tricks,
                    declarer, target, min_evaluation)
    varies = [parse_vary(text, base, policy or [], param or [], overrides or []) for text in vary]
    plan_variants(base, varies)  # every variant's spec checked before anything is written
    out_dir = out or default_sweep_dir(base, varies)
    with execution_backend(backend, scheduler, workers) as runner:
        summary = run_interruptible(
            lambda: sweep(base, varies, out_dir, overwrite=overwrite, backend=runner, echo=note), out_dir)
    typer.echo(f"{summary.variants} variants of {summary.hands} hands in {out_dir} ({summary.chunks_run} chunks "
               f"run, {summary.chunks_skipped} already done, {summary.seconds:.1f} s)")
