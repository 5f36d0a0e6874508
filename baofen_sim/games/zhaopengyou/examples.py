"""找朋友's example hands (`report --html`): hands with a friend, 1 vs 4 by its cause (§7.4.7–§7.4.8) and conceded
hands (§7.4.9); the page of one of its hands shows the 庄 (his friend joins him when he reveals himself) and the
defenders' points against the 80 line."""

from __future__ import annotations

from typing import Any

import polars as pl

from baofen_sim.games.interface import Categories
from baofen_sim.games.zhaopengyou.report import ONE_VS_FOUR_CAUSES

ONE_VS_FOUR_TITLES = {"overcall": "1 vs 4: overcalled (no friend card)", "own_card": "1 vs 4: the 庄 holds the "
                      "other copy", "buried": "1 vs 4: the friend card is buried"}


def categories(rules: dict[str, Any]) -> Categories:
    """A friend (played out), 1 vs 4 for each cause (played out), and conceded hands."""
    played = ~pl.col("conceded")
    rows = [("with a friend", played & (pl.col("friend") >= 0))]
    rows += [(ONE_VS_FOUR_TITLES[cause], played & (pl.col("friend") < 0) & (pl.col("friend_status") == cause))
             for cause in ONE_VS_FOUR_CAUSES]
    return rows + [("conceded", pl.col("conceded"))]
