"""Baofen's own commands (its studies, RULES.md §5.4, §6): `fit-eval`, the hand evaluation fitted to --declarer each
data, and `tune-bids`, the table bidder tuned on it. `register` adds them to the `baofen-sim` app (`cli.studies`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from baofen_sim.cli.options import ThreadsOption
from baofen_sim.policies import select_policies
from baofen_sim.runs.simulate import set_threads


def register(app: typer.Typer) -> None:
    """Add fit-eval and tune-bids to `app`."""
    app.command("fit-eval")(fit_eval_command)
    app.command("tune-bids")(tune_bids_command)


DataArgument = Annotated[list[Path], typer.Argument(metavar="DATA...", help="--declarer each run directories "
                                                                          "(one rule set).")]


def _each_data(dirs: list[Path], threads: int | None, any_target: bool = False):
    from baofen_sim.games.baofen.studies.each_data import load_each_data

    select_policies(["heuristic"])
    set_threads(threads)
    return load_each_data(dirs, any_target)


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
