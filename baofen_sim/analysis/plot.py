"""Plots of a report or a sweep comparison (matplotlib, Agg backend; no display needed). The image format
follows the file's suffix; `check_plot_format` refuses one matplotlib cannot write, before any work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
from matplotlib.backend_bases import FigureCanvasBase  # noqa: E402  (after choosing the backend)
from matplotlib.figure import Figure  # noqa: E402

from baofen_sim.analysis.runs import ReportError  # noqa: E402
from baofen_sim.analysis.text import key_text  # noqa: E402

SWEEP_METRICS = (  # (metric, title, shown in percent)
    ("declarer_win_rate", "declarer win rate (pp)", True),
    ("settle_declarer", "declarer mean settlement", False),
    ("all_pass_rate", "all-pass rate (pp)", True),
)


def check_plot_format(path: str | Path) -> None:
    """ReportError unless matplotlib writes images of the format that `path`'s suffix names."""
    formats = FigureCanvasBase.get_supported_filetypes()
    suffix = Path(path).suffix.lower().removeprefix(".")
    if suffix not in formats:
        raise ReportError(f"--plot {path}: unknown image format {suffix or '(no suffix)'!r}; "
                          f"use one of {', '.join('.' + f for f in sorted(formats))}")


def plot_by_target(report: dict[str, Any], path: str | Path) -> Path:
    """The declarer win rate and the mean declarer settlement by target, with 95% CI bars; one series per
    group (with declared hands) when the report has `--by` groups. A `--target each` run: `plot_make_rates`."""
    if "every_target" in report:
        return plot_make_rates(report, path)
    if "groups" in report:
        series = [(key_text(g["key"]), g["by_target"]) for g in report["groups"] if g["by_target"]]
    else:
        series = [("all hands", report["by_target"])]
    figure = Figure(figsize=(11, 4.5), layout="constrained")
    win_axes, settle_axes = figure.subplots(1, 2)
    for (label, rows), offset in zip(series, _offsets(len(series), 3.0), strict=True):
        _errorbar(win_axes, rows, "target", "win_rate", "win_ci95", label, offset, scale=100.0)
        _errorbar(settle_axes, rows, "target", "mean_settle_declarer", "settle_ci95", label, offset)
    win_axes.set(xlabel="target (winning bid)", ylabel="declarer win rate (%)", title="Declarer win rate, 95% CI")
    settle_axes.set(xlabel="target (winning bid)", ylabel="mean declarer settlement",
                    title="Declarer settlement, 95% CI")
    settle_axes.axhline(0.0, color="grey", linewidth=0.8)
    return _save(figure, [win_axes, settle_axes], len(series) > 1, path)


def plot_make_rates(report: dict[str, Any], path: str | Path) -> Path:
    """A `--target each` run: `make_rates_figure` saved to `path`."""
    figure, axes = make_rates_figure(report)
    return _save(figure, axes, False, path)


def make_rates_figure(report: dict[str, Any]) -> tuple[Figure, list[Any]]:
    """A `--target each` run: P(make T) and the declarer's mean settlement at T against T, with 95% CI bands;
    one line per declarer evaluation bucket (per `--by` group when the report has groups)."""
    if "groups" in report:
        series = [(key_text({k: g[k] for k in report["by"]}), g["targets"]) for g in report["every_target"]]
    elif report.get("every_target_by_evaluation"):
        series = [(f"evaluation {g['evaluation']}", g["targets"]) for g in report["every_target_by_evaluation"]]
    else:
        series = [("all hands", g["targets"]) for g in report["every_target"]]
    figure = Figure(figsize=(13, 5.5), layout="constrained")
    make_axes, settle_axes = figure.subplots(1, 2)
    colours = matplotlib.colormaps["viridis"]
    for i, (label, rows) in enumerate(series):
        colour = colours(i / max(1, len(series) - 1))
        _band(make_axes, rows, "make_rate", "make_ci95", label, colour, scale=100.0)
        _band(settle_axes, rows, "mean_settle_declarer", "settle_ci95", label, colour)
    make_axes.set(xlabel="target T", ylabel="P(make T) (%)", title="Declarer makes T, 95% CI (one play per hand)")
    settle_axes.set(xlabel="target T", ylabel="mean declarer settlement at T", title="Declarer settlement at T, 95% CI")
    settle_axes.axhline(0.0, color="grey", linewidth=0.8)
    if len(series) > 1:  # one legend beside both panels: the buckets are many
        settle_axes.legend(fontsize="x-small", ncol=2 if len(series) > 12 else 1, loc="upper left",
                           bbox_to_anchor=(1.01, 1.0))
    return figure, [make_axes, settle_axes]


def plot_sweep_differences(result: dict[str, Any], path: str | Path) -> Path:
    """Per metric of `SWEEP_METRICS`, each value of the compared name's difference from the baseline with
    its paired 95% CI bar; one series per combination of the other vary names."""
    values = [str(v) for v in result["values"]]
    series: dict[str, list[dict[str, Any]]] = {}
    for c in result["comparisons"]:
        series.setdefault(key_text(c["fixed"]) or result["compare"], []).append(c)
    figure = Figure(figsize=(5 * len(SWEEP_METRICS), 4.5), layout="constrained")
    axes_row = figure.subplots(1, len(SWEEP_METRICS))
    for (label, comparisons), offset in zip(series.items(), _offsets(len(series), 0.3), strict=True):
        for axes, (metric, _, percent) in zip(axes_row, SWEEP_METRICS, strict=True):
            rows = [{"x": values.index(str(result["baseline"])), "difference": 0.0, "ci95": None}] + [
                {"x": values.index(str(c["value"])), **c["metrics"][metric]} for c in comparisons]
            rows.sort(key=lambda row: row["x"])
            _errorbar(axes, rows, "x", "difference", "ci95", label, offset, scale=100.0 if percent else 1.0)
    for axes, (_, title, _) in zip(axes_row, SWEEP_METRICS, strict=True):
        axes.set(xlabel=result["compare"], ylabel=f"difference from {result['baseline']}", title=f"{title}, 95% CI")
        axes.set_xticks(range(len(values)), values)
        axes.axhline(0.0, color="grey", linewidth=0.8)
    return _save(figure, list(axes_row), len(series) > 1, path)


def _save(figure: Figure, axes_list: list[Any], legend: bool, path: str | Path) -> Path:
    for axes in axes_list:
        axes.grid(alpha=0.3)
        if legend:
            axes.legend(fontsize="small")
    path = Path(path)
    figure.savefig(path, dpi=120)
    return path


def _offsets(n: int, spread: float) -> list[float]:
    """Small x shifts within ±spread/2 so that the CI bars of several series do not overlap."""
    return [0.0] if n == 1 else [spread * (i / (n - 1) - 0.5) for i in range(n)]


def _band(axes: Any, rows: list[dict[str, Any]], key: str, ci_key: str, label: str, colour: Any,
          scale: float = 1.0) -> None:
    """A line of `key` against the target with its CI as a shaded band."""
    rows = [r for r in rows if r[key] is not None]
    x = [r["target"] for r in rows]
    axes.plot(x, [r[key] * scale for r in rows], "-", color=colour, linewidth=1.2, label=label)
    shown = [r for r in rows if r[ci_key]]
    axes.fill_between([r["target"] for r in shown], [r[ci_key][0] * scale for r in shown],
                      [r[ci_key][1] * scale for r in shown], color=colour, alpha=0.15, linewidth=0)


def _errorbar(axes: Any, rows: list[dict[str, Any]], x_key: str, key: str, ci_key: str, label: str, offset: float,
              scale: float = 1.0) -> None:
    rows = [r for r in rows if r[key] is not None]
    x = [r[x_key] + offset for r in rows]
    y = [r[key] * scale for r in rows]
    low = [(r[key] - r[ci_key][0]) * scale if r[ci_key] else 0.0 for r in rows]
    high = [(r[ci_key][1] - r[key]) * scale if r[ci_key] else 0.0 for r in rows]
    axes.errorbar(x, y, yerr=[low, high], fmt="o-", capsize=3, markersize=4, label=label)
