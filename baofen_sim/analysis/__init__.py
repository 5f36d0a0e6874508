"""Analysis of run outputs: Polars reports with confidence intervals, and plots."""

from baofen_sim.analysis.report import ReportError, build_report, print_report, scan_hands, wilson_interval
from baofen_sim.analysis.runs import open_output

__all__ = ["ReportError", "build_report", "open_output", "print_report", "scan_hands", "wilson_interval"]
