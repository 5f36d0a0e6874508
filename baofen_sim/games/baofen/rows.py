"""Baofen's hand columns (DESIGN.md §7): the described fields of the engine's hand row (`records.HAND_ROW_FIELDS`),
the trump and the category as labels, and the fields that are null in an all-pass hand (no declarer)."""

from __future__ import annotations

from baofen_sim.codes import CATEGORY_LABELS, TRUMP_LABELS
from baofen_sim.io.schema import RowLayout
from baofen_sim.records import HAND_ROW_FIELDS

DECLARED_ONLY = frozenset(("target", "trump", "declarer_points", "wangfen_points", "penalty_points", "score",
                           "result", "declarer_won"))
ROWS = RowLayout(HAND_ROW_FIELDS, {"trump": TRUMP_LABELS, "category": CATEGORY_LABELS}, DECLARED_ONLY)
