"""Analysis of run outputs: Polars reports with confidence intervals, paired comparisons of runs and of a
sweep's variants, and plots."""

from baofen_sim.analysis.compare import compare_frames, compare_runs
from baofen_sim.analysis.runs import open_output
from baofen_sim.games.baofen.report import ReportError, build_report, print_report, scan_hands, wilson_interval

__all__ = ["ReportError", "build_report", "compare_frames", "compare_runs", "open_output", "print_report", "scan_hands",
           "wilson_interval"]
