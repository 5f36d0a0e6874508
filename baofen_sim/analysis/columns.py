"""Per-hand columns the analysis derives from a hand table (DESIGN.md §7), as lazy Polars expressions.

- Roles: `__declared`, `__settle_declarer` (the declarer's settlement, null in an all-pass hand) and
  `__settle_defender` (the defenders' mean); with `pot_flow_<i>` columns also `__pot_declarer` and
  `__pot_defender`, the 水草 part of those (the stakes part is the settlement less it).
- Pseudo-columns, usable like data columns in `--by`: `position`, the declarer's seat counted from the 主叫
  ((declarer − zhujiao) mod seats), `declarer_strength`, the declarer's own `strength_<i>` in buckets
  of 2 points, and `evaluation`, the declarer's own `evaluation_<i>` (the fitted point count) in 5-point
  buckets [5k, 5k + 5) labelled "30–35" as in the guide's table, every bucket closed (the labels run over the
  range of the data's evaluations, so no bucket is open-ended); all null in an all-pass hand. A data column of
  the same name wins.

Derived names start with "__" so that they never meet a data column or a --by key.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Sequence
from itertools import pairwise

import polars as pl

from baofen_sim.analysis.runs import ReportError

POSITION = "position"
DECLARER_STRENGTH = "declarer_strength"
STRENGTH_EDGES = tuple(range(16, 30, 2))  # strength buckets: <16, 16–18, …, 26–28, ≥28 (mean ≈ 20, sd ≈ 3.7)
STRENGTH_BUCKETS = (f"<{STRENGTH_EDGES[0]}", *(f"{low}–{high}" for low, high in pairwise(STRENGTH_EDGES)),
                    f"≥{STRENGTH_EDGES[-1]}")
EVALUATION = "evaluation"
EVALUATION_STEP = 5  # card points per evaluation bucket (the guide's table)
MAX_GROUPS = 1000  # a --by with more groups is refused: it would print for minutes
DERIVED_PREFIX = "__"  # the analysis' own per-hand columns; never offered to the user


def at_declarer(prefix: str, seats: int) -> pl.Expr:
    """The declarer's value of the per-seat column `<prefix>_<i>`; null in an all-pass hand."""
    declarer = pl.col("declarer")
    return pl.coalesce([pl.when(declarer == s).then(pl.col(f"{prefix}_{s}")) for s in range(seats)])


def defenders_mean(prefix: str, seats: int) -> pl.Expr:
    """The defenders' mean of the per-seat column `<prefix>_<i>`; null in an all-pass hand."""
    total = pl.sum_horizontal([pl.col(f"{prefix}_{s}") for s in range(seats)])
    return (total - at_declarer(prefix, seats)) / (seats - 1)


def declarer_position(seats: int) -> pl.Expr:
    """The declarer's seat counted from the 主叫 (0 = the 主叫 declares); null in an all-pass hand."""
    position = (pl.col("declarer").cast(pl.Int16) - pl.col("zhujiao") + seats) % seats
    return pl.when(pl.col("declarer") >= 0).then(position.cast(pl.Int8))


def has_pot_flow(columns: Sequence[str], seats: int) -> bool:
    """Whether the run records the 水草 part of each settlement (`pot_flow_<i>`)."""
    return all(f"pot_flow_{s}" in columns for s in range(seats))


def with_roles(hands: pl.LazyFrame, seats: int) -> pl.LazyFrame:
    """Adds `__declared`, `__settle_declarer`, `__settle_defender`, and `__pot_declarer`, `__pot_defender`
    when the run has `pot_flow_<i>` columns."""
    roles = [(pl.col("declarer") >= 0).alias("__declared"),
             at_declarer("settle", seats).alias("__settle_declarer"),
             defenders_mean("settle", seats).alias("__settle_defender")]
    if has_pot_flow(hands.collect_schema().names(), seats):
        roles += [at_declarer("pot_flow", seats).alias("__pot_declarer"),
                  defenders_mean("pot_flow", seats).alias("__pot_defender")]
    return hands.with_columns(roles)


def pseudo_columns(columns: Sequence[str], seats: int) -> dict[str, pl.Expr]:
    """The pseudo-columns a hand table with these columns can give (those not already data columns)."""
    pseudo = {}
    if POSITION not in columns and {"declarer", "zhujiao"} <= set(columns):
        pseudo[POSITION] = declarer_position(seats)
    if DECLARER_STRENGTH not in columns and all(f"strength_{s}" in columns for s in range(seats)):
        bucket = ((at_declarer("strength", seats) - STRENGTH_EDGES[0]) / 2 + 1).floor()
        bucket = bucket.clip(0, len(STRENGTH_BUCKETS) - 1).cast(pl.Int8)
        pseudo[DECLARER_STRENGTH] = bucket.replace_strict(list(range(len(STRENGTH_BUCKETS))), STRENGTH_BUCKETS,
                                                          return_dtype=pl.Enum(STRENGTH_BUCKETS))
    if EVALUATION not in columns and all(c in columns for c in evaluation_columns(seats)):
        pseudo[EVALUATION] = at_declarer(EVALUATION, seats)  # bucketed by `with_keys`, over the data's range
    return pseudo


def evaluation_columns(seats: int) -> list[str]:
    return [f"{EVALUATION}_{s}" for s in range(seats)]


def evaluation_range(frames: Sequence[pl.LazyFrame], seats: int) -> tuple[float, float]:
    """The lowest and highest evaluation of any seat in `frames` (0, 0 when they hold no rows)."""
    columns = evaluation_columns(seats)
    bounds = pl.collect_all([frame.select(pl.min_horizontal(columns).min().alias("low"),
                                          pl.max_horizontal(columns).max().alias("high")) for frame in frames])
    lows = [b.item(0, "low") for b in bounds if b.item(0, "low") is not None]
    highs = [b.item(0, "high") for b in bounds if b.item(0, "high") is not None]
    return (min(lows), max(highs)) if lows else (0.0, 0.0)


def evaluation_buckets(low: float, high: float) -> list[str]:
    """The labels of the 5-point buckets from the one holding `low` to the one holding `high`: "30–35" is
    [30, 35)."""
    first = math.floor(low / EVALUATION_STEP) * EVALUATION_STEP
    last = math.floor(high / EVALUATION_STEP) * EVALUATION_STEP
    return [f"{edge}–{edge + EVALUATION_STEP}" for edge in range(first, last + 1, EVALUATION_STEP)]


def evaluation_bucket(value: pl.Expr, low: float, high: float) -> pl.Expr:
    """`value` (an evaluation, between `low` and `high`) as its bucket of `evaluation_buckets(low, high)`, an
    ordered Enum; null stays null."""
    labels = evaluation_buckets(low, high)
    first = math.floor(low / EVALUATION_STEP)
    index = ((value.cast(pl.Float64) / EVALUATION_STEP).floor() - first).cast(pl.Int32)
    return index.replace_strict(list(range(len(labels))), labels, return_dtype=pl.Enum(labels))


def with_keys(hands: pl.LazyFrame, keys: Sequence[str], seats: int,
              evaluations: tuple[float, float] | None = None) -> pl.LazyFrame:
    """`hands` with the pseudo-columns among `keys` added; ReportError naming a key that is neither, with the
    nearest column and the columns a user can group by (the data columns and pseudo-columns). The `evaluation`
    buckets span `evaluations` (low, high), by default the range of `hands`' own evaluations."""
    columns = hands.collect_schema().names()
    pseudo = pseudo_columns(columns, seats)
    unknown = [k for k in keys if k not in columns and k not in pseudo]
    if unknown:
        offered = [name for name in [*columns, *pseudo] if not name.startswith(DERIVED_PREFIX)]
        close = difflib.get_close_matches(unknown[0], offered, n=1)
        hint = f"did you mean {close[0]}? " if close else ""
        raise ReportError(f"--by {unknown[0]!r}: no such column; {hint}columns: {', '.join(offered)}")
    if EVALUATION in keys and EVALUATION in pseudo:
        low, high = evaluations or evaluation_range([hands], seats)
        pseudo[EVALUATION] = evaluation_bucket(at_declarer(EVALUATION, seats), low, high)
    return hands.with_columns(pseudo[k].alias(k) for k in dict.fromkeys(keys) if k in pseudo)


def check_group_count(keyed: pl.LazyFrame, keys: Sequence[str], limit: int = MAX_GROUPS) -> None:
    """ReportError when the key columns of `keyed` take more than `limit` combinations (one cheap pass)."""
    if not keys:
        return
    groups = keyed.select(pl.struct(list(keys)).n_unique()).collect().item()
    if groups > limit:
        raise ReportError(f"--by {', '.join(keys)}: {groups} groups, more than {limit}; group by fewer or "
                          f"coarser columns (e.g. {DECLARER_STRENGTH} rather than strength_<i>)")
