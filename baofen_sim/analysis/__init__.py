"""Analysis of run outputs: Polars reports with confidence intervals, and plots."""

from baofen_sim.analysis.report import ReportError, build_report, print_report, scan_hands, wilson_interval

__all__ = ["ReportError", "build_report", "print_report", "scan_hands", "wilson_interval"]
