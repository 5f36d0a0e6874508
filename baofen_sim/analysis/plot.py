"""Plots of a report (matplotlib, Agg backend; no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
from matplotlib.figure import Figure  # noqa: E402  (after choosing the backend)


def plot_by_target(report: dict[str, Any], path: str | Path) -> Path:
    """PNG of the declarer win rate and the mean declarer settlement by target, with 95% CI bars;
    one series per group (with declared hands) when the report has `--by` groups."""
    if "groups" in report:
        series = [(f"{report['by']} = {g[report['by']]}", g["by_target"]) for g in report["groups"] if g["by_target"]]
    else:
        series = [("all hands", report["by_target"])]
    figure = Figure(figsize=(11, 4.5), layout="constrained")
    win_axes, settle_axes = figure.subplots(1, 2)
    offsets = _offsets(len(series))
    for (label, rows), offset in zip(series, offsets, strict=True):
        _errorbar(win_axes, rows, "win_rate", "win_ci95", label, offset, scale=100.0)
        _errorbar(settle_axes, rows, "mean_settle_declarer", "settle_ci95", label, offset)
    win_axes.set(xlabel="target (winning bid)", ylabel="declarer win rate (%)", title="Declarer win rate, 95% CI")
    settle_axes.set(xlabel="target (winning bid)", ylabel="mean declarer settlement",
                    title="Declarer settlement, 95% CI")
    settle_axes.axhline(0.0, color="grey", linewidth=0.8)
    for axes in (win_axes, settle_axes):
        axes.grid(alpha=0.3)
        if len(series) > 1:
            axes.legend(fontsize="small")
    path = Path(path)
    figure.savefig(path, dpi=120)
    return path


def _offsets(n: int) -> list[float]:
    """Small x shifts (in target points) so that the CI bars of several series do not overlap."""
    return [0.0] if n == 1 else [-1.5 + 3.0 * i / (n - 1) for i in range(n)]


def _errorbar(axes: Any, rows: list[dict[str, Any]], key: str, ci_key: str, label: str, offset: float,
              scale: float = 1.0) -> None:
    rows = [r for r in rows if r[key] is not None]
    x = [r["target"] + offset for r in rows]
    y = [r[key] * scale for r in rows]
    low = [(r[key] - r[ci_key][0]) * scale if r[ci_key] else 0.0 for r in rows]
    high = [(r[ci_key][1] - r[key]) * scale if r[ci_key] else 0.0 for r in rows]
    axes.errorbar(x, y, yerr=[low, high], fmt="o-", capsize=3, markersize=4, label=label)
