"""`baofen-sim report` and `compare`: a run's or a sweep's numbers, and two runs compared hand by hand. The game of
the output decides what its report holds (`Game.report`, `Game.compare`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from baofen_sim.cli.app import app
from baofen_sim.cli.options import ByOption, JsonOption, print_data
from baofen_sim.games import GameFeatureError, ReportRequest


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
    html: Annotated[
        Path | None,
        typer.Option("--html", metavar="FILE.html",
                     help="Also write the report as one self-contained page: its tables, its plots, and two example "
                          "hands of each result category to step through (a sweep: of its first variant)."),
    ] = None,
) -> None:
    """Summarise a run: all-pass rate, declarer win rate (Wilson 95% CI) overall, by target, by declarer
    strength, by declarer evaluation (5-point buckets) and by position from the 主叫, mean settlement per seat
    and role (95% CI; stakes and 水草 when recorded), hand categories, 水草 pot, failed throws, how often a bid
    cap is reached or holds a bidder back. On a sweep: one row per variant, or with --compare the paired
    differences of each variant from the baseline. A --target each run: P(make T) at every T (--plot: one line
    per evaluation bucket). --html writes all of it as one page that reads offline, with example hands.

    Example: baofen-sim report runs/bf-1m --by zhujiao --by declarer_strength --plot by-target.png
    """
    from baofen_sim.analysis.runs import output_game  # Polars loads only for the commands that read runs

    game, is_sweep = output_game(out)
    if html is not None:
        from baofen_sim.analysis.report_html import check_writable

        check_writable(html)
    request = ReportRequest(out, tuple(by or ()), plot, compare, baseline, evaluation)
    data, printer = game.report(request, sweep=is_sweep)
    print_data(data, as_json, printer)
    if html is not None:
        from baofen_sim.analysis.report_html import write_report_page

        page = write_report_page(game, request, is_sweep, data, printer, html)
        typer.echo(f"wrote {page.path}: {page.size / 1024:,.0f} KB, {page.examples} example hands", err=True)


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
    from baofen_sim.analysis.runs import output_game

    game, _ = output_game(first)
    other, _ = output_game(second)
    if other != game:
        raise GameFeatureError(f"{first} is a run of {game.title}, {second} of {other.title}: compare two runs of "
                               "one game on the same deals")
    data, printer = game.compare(first, second, tuple(by or ()))
    print_data(data, as_json, printer)
