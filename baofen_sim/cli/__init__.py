"""The `baofen-sim` command line: a thin Typer layer over the library (DESIGN.md §9).

Each command parses its options, calls library code and prints. User errors (bad rules, bad cards, a
missing file, a bad option) end as one line `error: ...` on stderr with exit code 2, never a traceback:
`OneLineErrors` does this for every command of the app, so commands simply let these errors rise.
To add a user-facing error type, add it to `USER_ERRORS`.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import json
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from typer.core import TyperGroup

from baofen_sim.analysis import text
from baofen_sim.analysis.compare import compare_runs, print_comparison
from baofen_sim.cards import CardError
from baofen_sim.crash import INTERRUPTED_EXIT, report_internal_error
from baofen_sim.games import game_engine
from baofen_sim.games.baofen.judge import format_event, judge
from baofen_sim.games.baofen.record import RecordError, load_record
from baofen_sim.games.baofen.report import ReportError, build_report, print_report
from baofen_sim.games.baofen.report.selection import parse_evaluation_range
from baofen_sim.games.tractor80.report import (
    is_tractor80_run,
    is_tractor80_sweep,
    print_tractor80_comparison,
    print_tractor80_report,
    print_tractor80_sweep_report,
    tractor80_comparison,
    tractor80_report,
    tractor80_sweep_report,
)
from baofen_sim.games.zhaopengyou.report import (
    is_zhaopengyou_run,
    is_zhaopengyou_sweep,
    print_zhaopengyou_comparison,
    print_zhaopengyou_report,
    print_zhaopengyou_sweep_report,
    zhaopengyou_comparison,
    zhaopengyou_report,
    zhaopengyou_sweep_report,
)
from baofen_sim.io.lock import LockedError
from baofen_sim.policies import PolicyError, describe_policies, parse_policy_options, policy_names, select_policies
from baofen_sim.policy_set import PolicySetError
from baofen_sim.records import MAX_PLAYERS
from baofen_sim.rules import PRESET_DESCRIPTIONS, PRESETS, Game, RulesError, RuleSet, diff_rules, dump_toml, load_rules
from baofen_sim.rules.explain import explain
from baofen_sim.runs.runspec import (
    DEFAULT_CHUNK_SIZE,
    DEFAULT_DEALS,
    DEFAULT_HANDS_PER_TABLE,
    EACH,
    RunSpec,
    RunSpecError,
    default_chunk_size,
    run_spec_of,
)
from baofen_sim.runs.simulate import (
    COMPILE_NOTICE,
    Backend,
    LocalBackend,
    SimulateError,
    compile_engine,
    default_out_dir,
    engine_is_compiled,
    set_threads,
    simulate,
    warm_up_engine,
)
from baofen_sim.runs.sweep import SweepError, default_sweep_dir, parse_vary, plan_variants, sweep
from baofen_sim.studies.tune_play import TUNE_PLAY_TARGET

USER_ERRORS: tuple[type[Exception], ...] = (
    RulesError, CardError, RecordError, RunSpecError, PolicyError, PolicySetError, SimulateError, SweepError,
    ReportError, LockedError, OSError,
)
USER_ERROR_EXIT = 2


def error_line(error: BaseException) -> str:
    """One line describing a user error."""
    if isinstance(error, typer.TyperException):  # Typer's (vendored click's) usage errors, BadParameter
        text = error.format_message()
        context = getattr(error, "ctx", None)
        if context is not None:
            text += f" (see {context.command_path} --help)"
    elif isinstance(error, OSError) and error.filename is not None:
        text = f"{error.strerror or error}: {error.filename}"
    else:
        text = str(error)
    return "error: " + " ".join(text.split())


class _Interrupted(Exception):
    """Ctrl-C inside a command, on its way to `OneLineErrors.main`."""


class OneLineErrors(TyperGroup):
    """Root command group: never a traceback. User errors from any command → `error: ...` and exit code 2;
    Ctrl-C → exit 130; anything else is a bug → one line naming a log file with the details, exit 3."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # before click turns it into Abort after printing an empty line
            raise _Interrupted from None

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except (_Interrupted, typer.Abort, KeyboardInterrupt):
            typer.echo("error: interrupted", err=True)
            sys.exit(INTERRUPTED_EXIT)
        except (typer.TyperException, *USER_ERRORS) as error:
            if type(error).__name__ != "NoArgsIsHelpError":  # Typer has already printed the help
                typer.echo(error_line(error), err=True)
            sys.exit(USER_ERROR_EXIT)
        except Exception as error:
            sys.exit(report_internal_error(error))
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    no_args_is_help=True,
    help="Monte Carlo simulator for 包分 (Baofen).\n\nExample: baofen-sim rules list",
)
rules_app = typer.Typer(
    no_args_is_help=True,
    help="Inspect the house rules: presets, TOML rule files, differences.\n\nExample: baofen-sim rules show baofen",
)
app.add_typer(rules_app, name="rules")

def package_version() -> str:
    try:
        return importlib.metadata.version("baofen-sim")
    except importlib.metadata.PackageNotFoundError:
        return "unknown (not installed)"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"baofen-sim {package_version()}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    pass


# ---- shared options (one definition each; DESIGN.md §9 spellings) ----

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


# ---- rules ----


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
        table.add_row(name, _shown(value_a), _shown(value_b))
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


# ---- simulate / report ----


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
    default = game_engine(rule_set.game).default_policy
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
    rules: RulesOption = "baofen",
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
        summary = run_interruptible(lambda: simulate(spec, out_dir, overwrite=overwrite, backend=runner, echo=_note),
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
    rules: RulesOption = "baofen",
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
            lambda: sweep(base, varies, out_dir, overwrite=overwrite, backend=runner, echo=_note), out_dir)
    typer.echo(f"{summary.variants} variants of {summary.hands} hands in {out_dir} ({summary.chunks_run} chunks "
               f"run, {summary.chunks_skipped} already done, {summary.seconds:.1f} s)")


@app.command("report")
def report_command(
    out: Annotated[Path, typer.Argument(metavar="OUT", help="Run or sweep directory.")],
    by: ByOption = None,
    as_json: JsonOption = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", metavar="FILE.png",
                     help="Plot win rate and settlement by target (with --compare: the differences)."),
    ] = None,
    compare: Annotated[
        str | None,
        typer.Option("--compare", metavar="NAME",
                     help="On a sweep: each variant against the baseline value of this vary name, paired by hand."),
    ] = None,
    baseline: Annotated[
        str | None,
        typer.Option("--baseline", metavar="VALUE", help="Baseline of --compare (default: its first value)."),
    ] = None,
    evaluation: Annotated[
        str | None,
        typer.Option("--evaluation", metavar="LOW-HIGH",
                     help="A --declarer each run: only the hands whose declarer's evaluation is in [LOW, HIGH)."),
    ] = None,
) -> None:
    """Summarise a run: all-pass rate, declarer win rate (Wilson 95% CI) overall, by target, by declarer
    strength, by declarer evaluation (5-point buckets) and by position from the 主叫, mean settlement per seat
    and role (95% CI; stakes and 水草 when recorded), hand categories, 水草 pot, failed throws, how often a bid
    cap is reached or holds a bidder back. On a sweep: one row per variant, or with --compare the paired
    differences of each variant from the baseline. A --target each run: P(make T) at every T (--plot: one line
    per evaluation bucket).

    Example: baofen-sim report runs/bf-1m --by zhujiao --by declarer_strength --plot by-target.png
    """
    zhaopengyou = {"run": is_zhaopengyou_run(out), "sweep": is_zhaopengyou_sweep(out)}
    if any(zhaopengyou.values()):
        if by or plot or compare or baseline or evaluation:
            raise typer.BadParameter("a 找朋友 report has no --by, --plot, --compare, --baseline or --evaluation yet "
                                     "(a sweep's report compares every variant with the first, hand by hand)")
        if zhaopengyou["run"]:
            _print(zhaopengyou_report(out), as_json, print_zhaopengyou_report)
        else:
            _print(zhaopengyou_sweep_report(out), as_json, print_zhaopengyou_sweep_report)
        return
    tractor80 = {"run": is_tractor80_run(out), "sweep": is_tractor80_sweep(out)}
    if any(tractor80.values()):
        if by or plot or compare or baseline or evaluation:
            raise typer.BadParameter("an 80分 report has no --by, --plot, --compare, --baseline or --evaluation yet "
                                     "(a sweep's report compares every variant with the first, hand by hand)")
        if tractor80["run"]:
            _print(tractor80_report(out), as_json, print_tractor80_report)
        else:
            _print(tractor80_sweep_report(out), as_json, print_tractor80_sweep_report)
        return
    if plot is not None:
        from baofen_sim.analysis.plot import check_plot_format  # matplotlib only when asked

        check_plot_format(plot)
    if compare is None:
        if baseline is not None:
            raise typer.BadParameter("--baseline goes with --compare NAME")
        report = build_report(out, by or [], None if evaluation is None else parse_evaluation_range(evaluation))
        _print(report, as_json, print_report)
        if plot is not None:
            from baofen_sim.analysis.plot import plot_by_target

            plot_by_target(report, plot)
        return
    if by:
        raise typer.BadParameter("--by does not go with --compare (the other vary names group the variants)")
    if evaluation is not None:
        raise typer.BadParameter("--evaluation does not go with --compare")
    from baofen_sim.games.baofen.report.sweep import compare_sweep, print_sweep_comparison

    result = compare_sweep(out, compare, baseline)
    _print(result, as_json, print_sweep_comparison)
    if plot is not None:
        from baofen_sim.analysis.plot import plot_sweep_differences

        plot_sweep_differences(result, plot)


@app.command("compare")
def compare_command(
    first: Annotated[Path, typer.Argument(metavar="A", help="Run directory, or a sweep's variant folder "
                                          "(SWEEP/hands/NAME=VALUE): the reference.")],
    second: Annotated[Path, typer.Argument(metavar="B", help="Run directory (or variant folder) on the same deals "
                                           "as A.")],
    by: ByOption = None,
    as_json: JsonOption = False,
) -> None:
    """Compare two runs on the same deals (same seed, deals, hands per table, seats and forced declarer),
    hand by hand: per metric A, B, the paired difference B − A with its 95% CI, the unpaired CI beside it and
    the variance reduction the pairing bought. Metrics: all-pass, declarer win rate, mean settlement per seat,
    per role and per position of the declarer from the 主叫, categories, pot.

    Two 80分 runs: each run's numbers and the paired differences of the 庄家方's win rate, T, levels per hand, 抠底
    and games ended per hand. Two 找朋友 runs: the same for the declarer's side's win rate, 1 vs 4, concessions and
    overcalls.

    Example: baofen-sim compare runs/cap150 runs/cap200 --by declarer_strength
    """
    if is_zhaopengyou_run(first) and is_zhaopengyou_run(second):
        if by:
            raise typer.BadParameter("a 找朋友 comparison has no --by yet")
        _print(zhaopengyou_comparison(first, second), as_json, print_zhaopengyou_comparison)
        return
    if is_tractor80_run(first) and is_tractor80_run(second):
        if by:
            raise typer.BadParameter("an 80分 comparison has no --by yet")
        _print(tractor80_comparison(first, second), as_json, print_tractor80_comparison)
        return
    _print(compare_runs(first, second, by or []), as_json, print_comparison)


def _note(line: str) -> None:
    typer.echo(line, err=True)


def _print(data: dict[str, Any], as_json: bool, print_tables: Callable[[dict[str, Any], Console], None]) -> None:
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False))
    else:
        print_tables(data, text.console())


# ---- judge ----


@app.command("judge")
def judge_command(
    record_file: Annotated[
        str, typer.Argument(metavar="FILE", help="Game record JSON (README: Game records), - for standard input.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object per event.")] = False,
) -> None:
    """Check a game record step by step against the rules: each bid (80分: each showing and 反底; 找朋友: the
    call, each overcall, the concession), bury and play, each trick's winner and points, the result and
    settlement. Exit 0 legal, 1 an illegal step (judging stops there), 2 malformed.

    Example: baofen-sim replay runs/bf-1m --hand 42 --record | baofen-sim judge - --json
    """
    report = judge(load_record(record_file))
    for event in report.events:
        typer.echo(json.dumps(event, ensure_ascii=False) if as_json else format_event(event))
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
    if spec.rules.game == Game.TRACTOR_80FEN:
        from baofen_sim.games.tractor80.replay import describe80, replay80  # compiles or loads on first use

        if declarer is not None:
            raise RunSpecError("--declarer: an 80分 run has no forced declarer")
        row, hand_record = replay80(spec, hand)
        lines = [json.dumps(hand_record, ensure_ascii=False)] if record else describe80(hand, row, hand_record)
        typer.echo("\n".join(lines))
        return
    if spec.rules.game == Game.ZHAOPENGYOU_5P:
        from baofen_sim.games.zhaopengyou.replay import describe_zpy, replay_zpy  # compiles or loads on first use

        if declarer is not None:
            raise RunSpecError("--declarer: a 找朋友 run has no forced declarer")
        row, hand_record = replay_zpy(spec, hand)
        lines = [json.dumps(hand_record, ensure_ascii=False)] if record else describe_zpy(hand, row, hand_record)
        typer.echo("\n".join(lines))
        return
    from baofen_sim.games.baofen.replay import describe, replay_run  # the engine compiles or loads on first use

    replayed = replay_run(out, hand, declarer)
    if record:
        typer.echo(json.dumps(replayed.record, ensure_ascii=False))
    else:
        typer.echo("\n".join(describe(replayed)))


# ---- policies, bench ----


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
    rules: RulesOption = "baofen",
) -> None:
    """Print the columns of a run's tables, OUT/hands (one row per hand) and OUT/tricks (one row per trick,
    with --tricks): name, Arrow type and description, for the game of --rules (Baofen by default). The
    descriptions also travel in the Parquet files.

    Example: baofen-sim schema --rules tractor-80fen
    """
    from baofen_sim.games import resolve
    from baofen_sim.io.schema import TRICK_COLUMNS, hand_columns

    rule_set = load_rules(rules)
    players = rule_set.num_players if players is None else players
    if not 1 <= players <= MAX_PLAYERS:
        raise typer.BadParameter(f"--players must be 1..{MAX_PLAYERS}")
    engine = game_engine(rule_set.game)
    tables = [("OUT/hands", hand_columns(players, resolve(engine.rows)))]
    if engine.tricks:
        tables.append(("OUT/tricks", TRICK_COLUMNS))
    for title, columns in tables:
        typer.echo(title)
        width = max(len(c.name) for c in columns)
        for c in columns:
            kind = f"string ({', '.join(c.labels)})" if c.labels else str(c.arrow_type)
            typer.echo(f"  {c.name:<{width}}  {kind:<18}  {c.doc}")


@app.command("warmup")
def warmup_command(policy: PolicyOption = None, rules: RulesOption = "baofen") -> None:
    """Compile the engine of the game of --rules ahead of time for the policies a simulate will name (the same
    --policy options; default heuristic), once per machine and code version, on every core (about 50 s on 2
    cores), so that the simulate starts warm. It shows the functions compiled so far and the time.

    Example: baofen-sim warmup --policy heuristic --policy 3=random
    Example: baofen-sim warmup --rules tractor-80fen
    """
    rule_set = resolve_rules(rules, None)
    game = rule_set.game
    seats = policy_names(policy or [], rule_set.num_players, game_engine(game).default_policy)
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


@app.command("tune-play")
def tune_play_command(
    rules: RulesOption = "baofen",
    overrides: SetOption = None,
    deals: Annotated[int, typer.Option("--deals", metavar="N", help="Deals per evaluation.")] = 200_000,
    target: Annotated[int | None, typer.Option(
        "--target", metavar="T", help=f"The forced declarer's target (Baofen only; default {TUNE_PLAY_TARGET}).")
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
    if rule_set.game == Game.ZHAOPENGYOU_5P:
        raise RunSpecError(f"tune-play tunes the heuristic's play of Baofen and 80分 only so far, not of "
                           f"{game_engine(rule_set.game).title}")
    if game_engine(rule_set.game).forced_declarer:
        target = TUNE_PLAY_TARGET if target is None else target
        RunSpec(rules=rule_set, deals=deals, hands_per_table=1, declarer=0, target=target)  # checks the target
    elif target is not None:
        raise RunSpecError(f"--target: {game_engine(rule_set.game).title} has no forced declarer (its deal decides "
                           "who declares); tune-play tunes its play on the deals as they come, leave it out")
    start_params = parse_policy_options([], [start] if start else [])[1][0]
    select_policies(["heuristic"])
    set_threads(threads)
    tuning = tune_play(TuneConfig(rule_set, deals, target or TUNE_PLAY_TARGET, rounds, seed, threads, start_params),
                       out, echo=typer.echo)
    typer.echo(f"{len(tuning.rounds)} round(s); parameter files in {out}")


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
    and peak memory, and the reference engine on the same hands; append the table to results/BENCHMARKS.md.

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


DataArgument = Annotated[list[Path], typer.Argument(metavar="DATA...", help="--declarer each run directories "
                                                                          "(one rule set).")]


def _each_data(dirs: list[Path], threads: int | None, any_target: bool = False):
    from baofen_sim.games.baofen.studies.each_data import load_each_data

    select_policies(["heuristic"])
    set_threads(threads)
    return load_each_data(dirs, any_target)


@app.command("fit-eval")
def fit_eval_command(
    data: DataArgument,
    test: Annotated[list[Path] | None, typer.Option("--test", metavar="DIR", help="Fresh --declarer each data to "
                                                    "report on (another seed); default: DATA itself.")] = None,
    threads: ThreadsOption = None,
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Where eval.toml, eval.json and "
                                      "calibration.png go.")] = Path("results/fit-eval"),
) -> None:
    """Fit the table bidder's hand evaluation (a Baofen point count: weights of jokers, 2s, aces, kings, point
    cards, pairs, tractor links, the best trump suit's length and quality, short suits) to the declarer's
    outcome C + Pen + the 王分 adjustment in --declarer each data, and compare it with hand_strength (R² and
    calibration deciles on --test). Writes OUT/eval.toml (a --param file of the weights), OUT/eval.json and
    OUT/calibration.png.

    Example: baofen-sim fit-eval runs/each-s1 --test runs/each-s2 --out runs/eval
    """
    from baofen_sim.games.baofen.studies.tune_bids import fit_eval

    train = _each_data(data, threads)
    fresh = _each_data(test, threads) if test else None
    if fresh is not None and fresh.rules != train.rules:
        raise typer.BadParameter("--test data is under other rules than DATA")
    report = fit_eval(train, fresh, out)
    where = "fresh data" if fresh is not None else "the fitting data (give --test for fresh data)"
    typer.echo(f"R² on {where}: evaluation {report['r2']['evaluation']:.4f}, "
               f"hand_strength {report['r2']['hand_strength']:.4f}; files in {out}")


@app.command("tune-bids")
def tune_bids_command(
    data: DataArgument,
    eval_file: Annotated[Path | None, typer.Option("--eval", metavar="FILE.toml", help="Evaluation weights "
                                                   "(fit-eval's eval.toml); default: fitted on DATA.")] = None,
    hands_per_table: Annotated[int, typer.Option("--hands-per-table", metavar="N", help="Hands per table (the "
                                                 "水草 pot and the 主叫 carry over within a table).")] = 16,
    rounds: Annotated[int, typer.Option("--rounds", metavar="N", help="Best-response rounds at most.")] = 6,
    validate_deals: Annotated[int, typer.Option("--validate", metavar="N", help="Deals of the validating "
                                                "simulations on a fresh seed (0: none).")] = 0,
    validate_seed: Annotated[int, typer.Option("--validate-seed", metavar="N", help="Their seed.")] = 1_000_003,
    seats: Annotated[int, typer.Option("--seats", metavar="N", help="A candidate is scored at seats 0..N-1 in "
                                       "turn, the others on the current table (4: every seat, the most data).")
                     ] = 4,
    any_target: Annotated[bool, typer.Option("--any-target", help="Accept DATA played by a policy whose play "
                                             "reads the target (the sampler): its play at the run's target is "
                                             "scored at every target, an approximation.")] = False,
    threads: ThreadsOption = None,
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Where bids.toml and tune-bids.json go.")
                   ] = Path("results/tune-bids"),
) -> None:
    """Tune the table bidder on --declarer each data without replaying it: per position relative to the 主叫,
    the evaluation needed to open at 85, 90, 95 and to raise in a contested auction, each candidate table
    scored by re-running the auctions and settlements (水草 pot included) of the stored deals; best responses
    are iterated to a table that is a best response to itself. Writes OUT/bids.toml (use it with --param
    SEAT=FILE) and OUT/tune-bids.json; --validate N checks it by ordinary simulation on fresh deals. On
    --min-evaluation E data no threshold goes below E (the seats below it did not play).

    Example: baofen-sim tune-bids runs/each-s1 --eval runs/eval/eval.toml --validate 100000 --out runs/bids
    """
    from baofen_sim.games.baofen.studies.tune_bids import WEIGHT_NAMES, TuneBidsConfig, fit_weights, tune_bids
    from baofen_sim.policies.registry import _load_param_file

    if hands_per_table < 1 or rounds < 1 or validate_deals < 0 or not 1 <= seats <= 4:
        raise typer.BadParameter("--hands-per-table and --rounds must be at least 1, --validate at least 0, "
                                 "--seats 1 to 4")
    each = _each_data(data, threads, any_target)
    if eval_file is not None:
        values = _load_param_file(str(eval_file), f"--eval {str(eval_file)!r}")
        missing = [name for name in WEIGHT_NAMES if name not in values]
        if missing:
            raise typer.BadParameter(f"--eval {eval_file}: no {missing[0]} (give fit-eval's eval.toml)")
        weights = {name: float(values[name]) for name in WEIGHT_NAMES}
    else:
        weights = fit_weights(each)
    config = TuneBidsConfig(hands_per_table=hands_per_table, rounds=rounds, validate_deals=validate_deals,
                            validate_seed=validate_seed, seats=tuple(range(seats)))
    summary = tune_bids(each, weights, config, out, echo=typer.echo)
    state = "a best response to itself" if summary["fixed_point"] else "not yet a fixed point"
    typer.echo(f"{summary['tables_per_second_per_million_deals']:.1f} candidate tables/s per million deals; "
               f"the table is {state}; bids.toml in {out}")


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "[]"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def main() -> None:
    """Console-script entry point (`baofen-sim`)."""
    app()
