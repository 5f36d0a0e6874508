"""80分's example hands (`report --html`): the rows of the level table (§7.3.12) over the defenders' total T, and
抠底 (§7.3.11); the page of one of its hands shows the 庄 and the two sides, the 抓分方's points against 80."""

from __future__ import annotations

from typing import Any

import polars as pl

from baofen_sim.games.interface import Categories
from baofen_sim.games.tractor80.report import total_rows

ZHUANG_SIDE, DEFENDERS = "庄家方", "抓分方"


def categories(rules: dict[str, Any]) -> Categories:
    """Each row of the level table (low ≤ T < high, as the report counts them), then 抠底 (the 抓分方 won the last
    trick: m > 0)."""
    rows = []
    for label, low, high in total_rows(rules.get("threshold", 80), rules.get("level_step", 40)):
        total = pl.col("defenders_total")
        rows.append((label, (total >= low) if high is None else (total >= low) & (total < high)))
    return rows + [("抠底 (the 抓分方 win the last trick)", pl.col("kitty_multiplier") > 0)]
