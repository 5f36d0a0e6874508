"""Plots of a report or a sweep comparison (matplotlib, Agg backend; no display needed). The image format
follows the file's suffix; `check_plot_format` refuses one matplotlib cannot write, before any work.

Several series (groups) share one legend below the axes, in as many columns as fit, so that it never covers
the data; up to `DISTINCT_SERIES` series each get their own colour and marker.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
from matplotlib.backend_bases import FigureCanvasBase  # noqa: E402  (after choosing the backend)
from matplotlib.figure import Figure  # noqa: E402

from baofen_sim.analysis.runs import ReportError  # noqa: E402
from baofen_sim.analysis.text import key_text  # noqa: E402

DISTINCT_SERIES = 20  # tab20's colours, with dark circles and light squares of each hue
LEGEND_FONT = "small"
LEGEND_CHAR_INCHES = 0.065  # about the width of one character of the legend's font
LEGEND_ENTRY_INCHES = 0.6  # an entry's marker, padding and column gap
LEGEND_ROW_INCHES = 0.22

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
    group (with declared hands) when the report has `--by` groups. A `--target each` run: `make_rates_figure`."""
    return _save(by_target_figure(report), path)


def by_target_figure(report: dict[str, Any]) -> Figure:
    """The figure of `plot_by_target`."""
    if "every_target" in report:
        return make_rates_figure(report)
    if "groups" in report:
        series = [(key_text(g["key"]), g["by_target"]) for g in report["groups"] if g["by_target"]]
    else:
        series = [("all hands", report["by_target"])]
    figure = _figure(11, [label for label, _ in series])
    win_axes, settle_axes = figure.subplots(1, 2)
    offsets = _offsets([[r["target"] for r in rows] for _, rows in series], 3.0)
    for index, ((label, rows), offset) in enumerate(zip(series, offsets, strict=True)):
        style = _style(index, len(series))
        _errorbar(win_axes, rows, "target", "win_rate", "win_ci95", label, offset, style, scale=100.0)
        _errorbar(settle_axes, rows, "target", "mean_settle_declarer", "settle_ci95", label, offset, style)
    win_axes.set(xlabel="target (winning bid)", ylabel="declarer win rate (%)", title="Declarer win rate, 95% CI")
    settle_axes.set(xlabel="target (winning bid)", ylabel="mean declarer settlement",
                    title="Declarer settlement, 95% CI")
    settle_axes.axhline(0.0, color="grey", linewidth=0.8)
    _finish(figure, [win_axes, settle_axes])
    return figure


def make_rates_figure(report: dict[str, Any]) -> Figure:
    """A `--target each` run: P(make T) and the declarer's mean settlement at T against T, with 95% CI bands;
    one line per declarer evaluation bucket (per `--by` group when the report has groups)."""
    if "groups" in report:
        series = [(key_text({k: g[k] for k in report["by"]}), g["targets"]) for g in report["every_target"]]
    elif report.get("every_target_by_evaluation"):
        series = [(f"evaluation {g['evaluation']}", g["targets"]) for g in report["every_target_by_evaluation"]]
    else:
        series = [("all hands", g["targets"]) for g in report["every_target"]]
    figure = _figure(13, [label for label, _ in series])
    make_axes, settle_axes = figure.subplots(1, 2)
    colours = matplotlib.colormaps["viridis"]
    for i, (label, rows) in enumerate(series):
        colour = colours(i / max(1, len(series) - 1))
        _band(make_axes, rows, "make_rate", "make_ci95", label, colour, scale=100.0)
        _band(settle_axes, rows, "mean_settle_declarer", "settle_ci95", label, colour)
    make_axes.set(xlabel="target T", ylabel="P(make T) (%)", title="Declarer makes T, 95% CI (one play per hand)")
    settle_axes.set(xlabel="target T", ylabel="mean declarer settlement at T", title="Declarer settlement at T, 95% CI")
    settle_axes.axhline(0.0, color="grey", linewidth=0.8)
    _finish(figure, [make_axes, settle_axes])
    return figure


def plot_sweep_differences(result: dict[str, Any], path: str | Path) -> Path:
    """Per metric of `SWEEP_METRICS`, each value of the compared name's difference from the baseline with
    its paired 95% CI bar; one series per combination of the other vary names."""
    return _save(sweep_differences_figure(result), path)


def sweep_differences_figure(result: dict[str, Any]) -> Figure:
    """The figure of `plot_sweep_differences`."""
    values = [str(v) for v in result["values"]]
    series: dict[str, list[dict[str, Any]]] = {}
    for c in result["comparisons"]:
        series.setdefault(key_text(c["fixed"]) or result["compare"], []).append(c)
    figure = _figure(5 * len(SWEEP_METRICS), list(series))
    axes_row = figure.subplots(1, len(SWEEP_METRICS))
    offsets = _offsets([values] * len(series), 0.3)  # every series has a point at every value
    for index, ((label, comparisons), offset) in enumerate(zip(series.items(), offsets, strict=True)):
        for axes, (metric, _, percent) in zip(axes_row, SWEEP_METRICS, strict=True):
            rows = [{"x": values.index(str(result["baseline"])), "difference": 0.0, "ci95": None}] + [
                {"x": values.index(str(c["value"])), **c["metrics"][metric]} for c in comparisons]
            rows.sort(key=lambda row: row["x"])
            _errorbar(axes, rows, "x", "difference", "ci95", label, offset, _style(index, len(series)),
                      scale=100.0 if percent else 1.0)
    for axes, (_, title, _) in zip(axes_row, SWEEP_METRICS, strict=True):
        axes.set(xlabel=result["compare"], ylabel=f"difference from {result['baseline']}", title=f"{title}, 95% CI")
        axes.set_xticks(range(len(values)), values)
        axes.axhline(0.0, color="grey", linewidth=0.8)
    _finish(figure, list(axes_row))
    return figure


def _figure(width: float, labels: list[str]) -> Figure:
    """A figure `width` inches wide, taller by the rows its legend of `labels` needs (none for one series)."""
    rows = math.ceil(len(labels) / _legend_columns(width, labels)) if len(labels) > 1 else 0
    return Figure(figsize=(width, 4.5 + rows * LEGEND_ROW_INCHES), layout="constrained")


def _legend_columns(width: float, labels: list[str]) -> int:
    """As many legend columns as entries of the longest label fit across `width` inches (at least one)."""
    entry = max(map(len, labels)) * LEGEND_CHAR_INCHES + LEGEND_ENTRY_INCHES
    return max(1, min(len(labels), int(width // entry)))


def _finish(figure: Figure, axes_list: list[Any]) -> None:
    """Grids, and with several series one legend below every axes (constrained layout makes room for it)."""
    for axes in axes_list:
        axes.grid(alpha=0.3)
    handles, labels = axes_list[0].get_legend_handles_labels()
    if len(labels) > 1:
        width = figure.get_figwidth()
        figure.legend(handles, labels, loc="outside lower center", ncols=_legend_columns(width, labels),
                      fontsize=LEGEND_FONT)


def _save(figure: Figure, path: str | Path) -> Path:
    path = Path(path)
    figure.savefig(path, dpi=120)
    return path


def _offsets(xs: list[list[Any]], spread: float) -> list[float]:
    """Small x shifts within ±spread/2 so that the CI bars of several series (their x values `xs`) do not
    overlap; none when no two series share an x."""
    n = len(xs)
    shared = any(count > 1 for count in Counter(x for series in xs for x in set(series)).values())
    return [0.0] * n if n == 1 or not shared else [spread * (i / (n - 1) - 0.5) for i in range(n)]


def _style(index: int, n: int) -> dict[str, Any]:
    """Colour and marker of series `index` of `n`: matplotlib's own colours up to 10 series, else tab20's dark
    (circles) and light (squares) shade of each hue, distinct up to DISTINCT_SERIES."""
    if n <= 10:
        return {"color": f"C{index}", "marker": "o"}
    return {"color": matplotlib.colormaps["tab20"](index % DISTINCT_SERIES), "marker": "os"[index % 2]}


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
              style: dict[str, Any], scale: float = 1.0) -> None:
    rows = [r for r in rows if r[key] is not None]
    x = [r[x_key] + offset for r in rows]
    y = [r[key] * scale for r in rows]
    # an interval of equal values (a constant settlement) may sit a rounding error past its mean: no bar, not a crash
    low = [max(0.0, (r[key] - r[ci_key][0]) * scale) if r[ci_key] else 0.0 for r in rows]
    high = [max(0.0, (r[ci_key][1] - r[key]) * scale) if r[ci_key] else 0.0 for r in rows]
    axes.errorbar(x, y, yerr=[low, high], fmt="-", capsize=3, markersize=4, label=label, **style)
