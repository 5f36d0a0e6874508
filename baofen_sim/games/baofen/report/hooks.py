"""Baofen's report, sweep report and comparison as the game interface asks for them (`Game.report`,
`Game.compare`): the request's options checked, the numbers built, and the printer of their tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from baofen_sim.games.baofen.report import build_report, print_report
from baofen_sim.games.baofen.report.compare import compare_runs, print_comparison
from baofen_sim.games.baofen.report.selection import parse_evaluation_range
from baofen_sim.games.interface import GameFeatureError, Printer, ReportRequest


def run_report(request: ReportRequest) -> tuple[dict[str, Any], Printer]:
    """A run's or a sweep's report (one row per variant), grouped `--by` and cut to an `--evaluation` range, with
    its `--plot`; on a sweep with `--compare NAME`, each variant against the baseline value of NAME instead."""
    if request.plot is not None:
        from baofen_sim.analysis.plot import check_plot_format  # matplotlib only when asked

        check_plot_format(request.plot)
    if request.compare is None:
        if request.baseline is not None:
            raise GameFeatureError("--baseline goes with --compare NAME")
        evaluation = None if request.evaluation is None else parse_evaluation_range(request.evaluation)
        report = build_report(request.out, list(request.by), evaluation)
        if request.plot is not None:
            from baofen_sim.analysis.plot import plot_by_target

            plot_by_target(report, request.plot)
        return report, print_report
    if request.by:
        raise GameFeatureError("--by does not go with --compare (the other vary names group the variants)")
    if request.evaluation is not None:
        raise GameFeatureError("--evaluation does not go with --compare")
    from baofen_sim.games.baofen.report.sweep import compare_sweep, print_sweep_comparison

    result = compare_sweep(request.out, request.compare, request.baseline)
    if request.plot is not None:
        from baofen_sim.analysis.plot import plot_sweep_differences

        plot_sweep_differences(result, request.plot)
    return result, print_sweep_comparison


sweep_report = run_report  # a sweep's report is the run report with one row per variant


def figures(request: ReportRequest, data: dict[str, Any]) -> list[tuple[str, Any]]:
    """The figure `--plot` draws of this report: by target (a `--target each` run: P(make T)), or with `--compare`
    each variant's differences from the baseline."""
    from baofen_sim.analysis.plot import by_target_figure, sweep_differences_figure  # matplotlib only when asked

    if request.compare is not None:
        return [(f"Each value of {data['compare']} against {data['baseline']}, paired by hand",
                 sweep_differences_figure(data))]
    if "every_target" in data:
        return [("P(make T) and the declarer's settlement at every target T", by_target_figure(data))]
    return [("Declarer win rate and settlement by target", by_target_figure(data))]


def compare(a: Path, b: Path, by: tuple[str, ...]) -> tuple[dict[str, Any], Printer]:
    """Two runs on the same deals, hand by hand, grouped `--by`."""
    return compare_runs(a, b, list(by)), print_comparison
