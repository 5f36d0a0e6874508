"""Baofen's example hands (`report --html`): its result categories (DESIGN.md §7 `category`, RULES.md §6.3–§6.5)
and what the page of one of its hands shows: the declarer and the 主叫, his points against his target."""

from __future__ import annotations

from typing import Any

import polars as pl

from baofen_sim.games.baofen.report.tables import CATEGORY_TITLES
from baofen_sim.games.interface import Categories, ViewParts

CATEGORIES = ("quanji", "banji", "jintaiyang", "normal", "all_pass")  # the order: the special hands first


def categories(rules: dict[str, Any]) -> Categories:
    """全击, 半击, 金太阳, normal and all-pass hands: the `category` column."""
    return [(CATEGORY_TITLES[name], pl.col("category") == name) for name in CATEGORIES]


def sides(record: dict[str, Any], declarer: int | None) -> list[tuple[list[str], str | None]]:
    """The declarer against the other three; the 主叫 (who bid first) where the record has an auction."""
    seats = []
    for seat in range(len(record["hands"])):
        roles = (["declarer"] if seat == declarer else []) + (["主叫"] if record.get("zhujiao") == seat else [])
        side = None if declarer is None else "declarer" if seat == declarer else "defenders"
        seats.append((roles, side))
    return seats


def score(tricks: list[dict[str, Any]], declarer: int, record: dict[str, Any]) -> dict[str, Any]:
    """The declarer's card points so far (C before the kitty and the penalties, §6.1) against his target."""
    target = record.get("target") or next((b for b in reversed(record.get("bids", [])) if b != "pass"), None)
    won = sum(t["points"] for t in tricks if t["winner"] == declarer)
    return {"label": "declarer's points", "value": won, "target": target, "target_label": "target"}


VIEW = ViewParts("包分 Baofen", sides, score)
