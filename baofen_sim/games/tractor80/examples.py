"""80分's example hands (`report --html`): the rows of the level table (§7.3.12) over the defenders' total T, and
抠底 (§7.3.11); the page of one of its hands shows the 庄 and the two sides, the 抓分方's points against 80."""

from __future__ import annotations

from typing import Any

import polars as pl

from baofen_sim.games.interface import Categories, ViewParts
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


def sides(record: dict[str, Any], declarer: int | None) -> list[tuple[list[str], str | None]]:
    """The 庄 and his partner against the 抓分方 (seats 0 and 2 against 1 and 3)."""
    return [((["庄"] if seat == declarer else []),
             None if declarer is None else ZHUANG_SIDE if seat % 2 == declarer % 2 else DEFENDERS)
            for seat in range(len(record["hands"]))]


def score(tricks: list[dict[str, Any]], declarer: int, record: dict[str, Any]) -> dict[str, Any]:
    """The card points the 抓分方 took so far (P, §7.3.11) against the threshold (80 unless the rules say)."""
    value = sum(t["points"] for t in tricks if t["winner"] is not None and t["winner"] % 2 != declarer % 2)
    threshold = record.get("options", {}).get("threshold", 80)
    return {"label": f"{DEFENDERS} points", "value": value, "target": threshold, "target_label": "to win"}


VIEW = ViewParts("80分", sides, score)
