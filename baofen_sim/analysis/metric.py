"""A metric of the paired comparisons (`compare`, `report --compare`): a ratio Σ value / Σ weight over the
hands of a run, with per-hand value and weight as Polars expressions (`stats.paired_difference` gives its
paired difference between two runs)."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl


@dataclass(frozen=True, slots=True)
class Metric:
    """A ratio Σ value / Σ weight over the hands of a run."""

    name: str  # key in the output
    title: str  # shown in text
    value: pl.Expr  # per hand, zero where the weight is zero
    weight: str | None  # a key of `compare.weights()`; None: every hand weighs 1 (a mean over hands)
    percent: bool = False  # a rate, shown as a percentage
