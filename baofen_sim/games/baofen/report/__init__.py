"""`report`: summary statistics of a Baofen run or sweep (`build.build_report`: JSON-ready data) and their text
output (`tables.print_report`: rich tables under `tables.header_lines`). Beside them: the bid caps (`caps`), every
target of a `--target each` run (`targets`), an evaluation range of a `--declarer each` run (`selection`) and the
paired comparison of a sweep's variants (`sweep`).
"""

from __future__ import annotations

from baofen_sim.analysis.runs import ReportError
from baofen_sim.analysis.stats import mean_interval, wilson_interval
from baofen_sim.games.baofen.report.build import build_report, run_info, scan_hands
from baofen_sim.games.baofen.report.tables import header_lines, print_report

__all__ = ["ReportError", "build_report", "header_lines", "mean_interval", "print_report", "run_info", "scan_hands",
           "wilson_interval"]
