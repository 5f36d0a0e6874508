"""The bid caps in the analysis (RULES.md §5.4.2): how often the final bid is the declarer's cap (the hand
column `cap_reached`), how often a cap holds a bidder back (`cap_limited`: some seat's bidder would have bid
above its cap), and what the declarer makes in the hands where a cap is reached or holds someone back.

- `cap_aggregates` and `cap_summary`: the report's figures (the rates with Wilson 95% intervals, the declarer's
  win rate and mean settlement in those hands with their 95% intervals); `cap_table` and `cap_groups_table`
  show them.
- `cap_metrics`, `cap_weights` and `joint_cap_weight`: paired metrics of `compare` and `report --compare`, the
  declarer's results over the same hands in both runs: those where a cap holds a bidder back in either.

Both rates are per declared hand: a cap is never below an opening bid (RULES.md §9.3), so it can hold a seat back
only from a raise, in a hand somebody declares. Runs written before these columns existed have none of this
(`has_cap_columns`). Every expression here expects the `columns.with_roles` columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl
from rich.table import Table

from baofen_sim.analysis import text
from baofen_sim.analysis.metric import Metric
from baofen_sim.analysis.stats import interval_list, mean_interval, wilson_interval

CAP_COLUMNS = ("cap_reached", "cap_limited")
CAP_TITLES = {"cap_reached": "cap reached (target = the declarer's cap)",
              "cap_limited": "cap held a bidder back (would have bid above it)"}


def has_cap_columns(columns: Sequence[str]) -> bool:
    return all(name in columns for name in CAP_COLUMNS)


def _in_declared(name: str) -> pl.Expr:
    return pl.col("__declared") & pl.col(name)


def cap_aggregates() -> list[pl.Expr]:
    """Per group of hands: the declared hands of each cap column, their wins and the declarer's settlement (its
    mean and standard deviation)."""
    won = pl.col("declarer_won").fill_null(False)
    settle = pl.col("__settle_declarer")
    aggregates = []
    for name in CAP_COLUMNS:
        declared = _in_declared(name)
        aggregates += [declared.sum().alias(f"__{name}"), (declared & won).sum().alias(f"__{name}_wins"),
                       settle.filter(declared).mean().alias(f"__{name}_settle"),
                       settle.filter(declared).std().alias(f"__{name}_settle_std")]
    return aggregates


def cap_summary(row: dict[str, Any]) -> dict[str, Any]:
    """{"caps": {column: its rate among the declared hands with a 95% CI, and the declarer's win rate and mean
    settlement in those hands}} from a row of `cap_aggregates` (and the report's `__declared`); {} without."""
    if f"__{CAP_COLUMNS[0]}" not in row:
        return {}
    caps = {}
    declared = row["__declared"]
    for name in CAP_COLUMNS:
        count, wins, mean = row[f"__{name}"], row[f"__{name}_wins"], text.plain(row[f"__{name}_settle"])
        std = text.plain(row[f"__{name}_settle_std"])
        caps[name] = {"count": count, "rate": count / declared if declared else None,
                      "ci95": interval_list(wilson_interval(count, declared)),
                      "win_rate": wins / count if count else None,
                      "win_ci95": interval_list(wilson_interval(wins, count)),
                      "mean_settle_declarer": mean, "settle_ci95": interval_list(mean_interval(mean, std, count))}
    return {"caps": caps}


CAP_BOUND = "cap_bound"  # the joint weight of `cap_metrics`: a cap held a bidder back in either run


def cap_weights() -> dict[str, pl.Expr]:
    """The per-side denominators of `cap_metrics` beside those of `compare.weights`; CAP_BOUND is made joint
    by `joint_cap_weight`."""
    return {CAP_BOUND: pl.col("cap_limited")}


def joint_cap_weight(paired: pl.LazyFrame, metrics: Sequence[Metric]) -> pl.LazyFrame:
    """`paired` (the two runs' per-hand columns side by side, `compare._per_hand`) with the CAP_BOUND weight of
    both sides set to "a cap held a bidder back in A or in B", and the values of its metrics zero elsewhere: the
    same hands on both sides, so that their difference is paired."""
    bound = [m.name for m in metrics if m.weight == CAP_BOUND]
    if not bound:
        return paired
    either = pl.max_horizontal(pl.col(f"w_{CAP_BOUND}_a"), pl.col(f"w_{CAP_BOUND}_b"))
    return paired.with_columns(*[either.alias(f"w_{CAP_BOUND}_{side}") for side in "ab"],
                               *[(pl.col(f"{name}_{side}") * either).alias(f"{name}_{side}") for name in bound
                                 for side in "ab"])


def cap_metrics() -> tuple[Metric, ...]:
    """The paired metrics of the caps: the mean target; how often a cap is reached and holds a bidder back; and
    in the hands where a cap holds a bidder back in either run (CAP_BOUND: the same hands in both), the target,
    the declarer's win rate and his mean settlement."""
    declared = pl.col("__declared")
    where = "where a cap holds a bidder back in either run"
    return (
        Metric("target_mean", "mean target (declared hands)", pl.when(declared).then(pl.col("target")), "declared"),
        *[Metric(f"{name}_rate", f"{CAP_TITLES[name].split(' (')[0]} (declared hands)", _in_declared(name),
                 "declared", percent=True) for name in CAP_COLUMNS],
        Metric("target_cap_bound", f"mean target {where}", pl.when(declared).then(pl.col("target")), CAP_BOUND),
        Metric("declarer_win_rate_cap_bound", f"declarer win rate {where}",
               declared & pl.col("declarer_won").fill_null(False), CAP_BOUND, percent=True),
        Metric("settle_declarer_cap_bound", f"mean settlement, declarer, {where}", pl.col("__settle_declarer"),
               CAP_BOUND),
    )


# ---- text output ----


def cap_table(caps: dict[str, Any]) -> Table:
    """The report's caps: each rate with its CI, and how the declarer fares in those hands."""
    table = Table("bid cap (§5.4.2)", "hands", "of declared", "95% CI", "declarer win", "95% CI", "mean settle decl",
                  "95% CI", title="bid caps")
    for name, c in caps.items():
        table.add_row(CAP_TITLES[name], str(c["count"]), text.pct(c["rate"]), text.ci(c["ci95"]),
                      text.pct(c["win_rate"]), text.ci(c["win_ci95"]), text.num(c["mean_settle_declarer"]),
                      text.ci(c["settle_ci95"], percent=False))
    return table


def cap_groups_table(keys: list[str], groups: list[dict[str, Any]]) -> Table:
    """The caps per group (a sweep's variants, --by groups): each rate with its CI and the declarer's mean
    settlement in those hands."""
    columns = [heading for name in CAP_COLUMNS for heading in (name.removeprefix("cap_"), "95% CI", "settle decl")]
    table = Table(*keys, *columns, title=f"bid caps by {', '.join(keys)} (rates among the declared hands)")
    for g in groups:
        cells = []
        for name in CAP_COLUMNS:
            c = g["caps"][name]
            cells += [text.pct(c["rate"]), text.ci(c["ci95"]), text.num(c["mean_settle_declarer"])]
        table.add_row(*(str(g["key"][k]) for k in keys), *cells)
    return table
