"""Baofen's example hands (`report --html`): its result categories (DESIGN.md §7 `category`, RULES.md §6.3–§6.5)
and what the page of one of its hands shows: the declarer and the 主叫, his points against his target."""

from __future__ import annotations

from typing import Any

import polars as pl

from baofen_sim.games.baofen.report.tables import CATEGORY_TITLES
from baofen_sim.games.interface import Categories

CATEGORIES = ("quanji", "banji", "jintaiyang", "normal", "all_pass")  # the order: the special hands first


def categories(rules: dict[str, Any]) -> Categories:
    """全击, 半击, 金太阳, normal and all-pass hands: the `category` column."""
    return [(CATEGORY_TITLES[name], pl.col("category") == name) for name in CATEGORIES]
