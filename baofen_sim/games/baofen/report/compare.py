"""`compare`: paired differences between two runs on the same deals (same seed, deals, table layout, seats
and forced-declarer mode), hand i of A against hand i of B.

Per metric: A, B, the difference B − A with its paired 95% CI, the unpaired CI beside it, and the variance
reduction the pairing bought (statistics in `stats.paired_difference`; where the hands agree to float
precision, JSON `variance_reduction` null with `identical_hands` true, shown as "identical hands"). Metrics:
all-pass rate; declarer win rate; mean settlement per seat, of the declarer and of the defenders (in declared
hands); per position of the declarer from the 主叫, how often it declares, its win rate and mean settlement;
quanji, banji and jintaiyang rates per hand; mean pot after the hand; and, in runs with the cap columns, how
often a cap is reached or holds a bidder back and the declarer's settlement where it does (`caps`). With `by`,
the same per group, groups matched by value: a group's metric is a ratio over all hands (its numerator and
denominator are zero outside the group), so the paired CI stays right when a hand falls in different groups in
A and B.

One lazy pass over the columns it needs: the moments of every metric are summed per pair of (A group,
B group) and then added up per group.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import polars as pl
from rich.console import Console
from rich.table import Table

from baofen_sim.analysis import text
from baofen_sim.analysis.columns import (
    EVALUATION,
    check_group_count,
    declarer_position,
    evaluation_columns,
    evaluation_range,
    with_keys,
    with_roles,
)
from baofen_sim.analysis.metric import Metric
from baofen_sim.analysis.runs import (
    ReportError,
    forced_declarer,
    naming_damaged_parts,
    open_run,
    row_keys,
    seats_of,
)
from baofen_sim.analysis.stats import RatioSums, paired_difference
from baofen_sim.games.baofen.report.caps import CAP_COLUMNS, cap_metrics, cap_weights, joint_cap_weight

SIDES = ("a", "b")
CATEGORY_RATES = (("quanji", "全击 quanji"), ("banji", "半击 banji"), ("jintaiyang", "金太阳 jintaiyang"))


def weights(seats: int) -> dict[str, pl.Expr]:
    """The per-hand denominators of the ratio metrics (expects `with_roles` columns)."""
    position = pl.col("__position")
    return {"declared": pl.col("__declared"), **{f"position_{p}": position == p for p in range(seats)},
            **cap_weights()}


def metrics(seats: int, caps: bool = False) -> tuple[Metric, ...]:
    """Every metric `compare` reports, in display order (expects `with_roles` columns and `__position`); with
    `caps`, also the cap metrics (`caps.cap_metrics`: runs with the cap columns)."""
    declared = pl.col("__declared")
    won = declared & pl.col("declarer_won").fill_null(False)
    position = pl.col("__position")
    return (
        Metric("all_pass_rate", "all-pass rate", ~declared, None, percent=True),
        Metric("declarer_win_rate", "declarer win rate", won, "declared", percent=True),
        *[Metric(f"settle_seat_{s}", f"mean settlement, seat {s}", pl.col(f"settle_{s}"), None)
          for s in range(seats)],
        Metric("settle_declarer", "mean settlement, declarer", pl.col("__settle_declarer"), "declared"),
        Metric("settle_defender", "mean settlement, defender", pl.col("__settle_defender"), "declared"),
        *[metric for p in range(seats) for metric in (
            Metric(f"declare_rate_position_{p}", f"hands declared from position {p}", position == p, None,
                   percent=True),
            Metric(f"declarer_win_rate_position_{p}", f"declarer win rate, position {p}", won & (position == p),
                   f"position_{p}", percent=True),
            Metric(f"settle_declarer_position_{p}", f"mean declarer settlement, position {p}",
                   pl.when(position == p).then(pl.col("__settle_declarer")), f"position_{p}"))],
        *[Metric(f"{label}_rate", f"{title} rate", pl.col("category") == label, None, percent=True)
          for label, title in CATEGORY_RATES],
        Metric("pot_after_mean", "mean pot after the hand", pl.col("pot_after"), None),
        *(cap_metrics() if caps else ()),
    )


# ---- checks ----


def deal_differences(spec_a: dict[str, Any], spec_b: dict[str, Any]) -> list[str]:
    """What keeps two runs from being on the same deals, e.g. ["seed 7 vs 8"]; [] when nothing does."""
    fields_a, fields_b = _deal_fields(spec_a), _deal_fields(spec_b)
    return [f"{name} {_shown(fields_a[name])} vs {_shown(fields_b[name])}" for name in fields_a
            if fields_a[name] != fields_b[name]]


def check_same_deals(spec_a: dict[str, Any] | None, spec_b: dict[str, Any] | None, name_a: str = "A",
                     name_b: str = "B") -> None:
    """ReportError naming what differs when two runs are not on the same deals, or when one has no spec."""
    if spec_a is None or spec_b is None:
        name = name_a if spec_a is None else name_b
        raise ReportError(f"{name}: no readable manifest.json, so its deals are unknown; cannot pair it")
    differences = deal_differences(spec_a, spec_b)
    if differences:
        raise ReportError(f"{name_a} and {name_b} are not on the same deals: {'; '.join(differences)}")


def _shown(value: Any) -> str:
    return "none" if value is None else str(value)


def _deal_fields(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec fields that fix which cards each seat holds in each row."""
    return {"seed": spec.get("seed"), "deals": spec.get("deals"), "hands_per_table": spec.get("hands_per_table"),
            "seats": spec.get("rules", {}).get("num_players"), "forced declarer": forced_declarer(spec)}


# ---- comparing ----


@naming_damaged_parts
def compare_runs(a: str | Path, b: str | Path, by: Sequence[str] = ()) -> dict[str, Any]:
    """The paired comparison of runs `a` and `b` (JSON-ready), overall or per group of the `by` columns."""
    run_a, run_b = open_run(a), open_run(b)
    check_same_deals(run_a.spec, run_b.spec, str(a), str(b))
    return {"a": str(a), "b": str(b), **compare_frames(run_a.scan(), run_b.scan(), row_keys(run_a.spec), by)}


def compare_frames(hands_a: pl.LazyFrame, hands_b: pl.LazyFrame, keys: Sequence[str],
                   by: Sequence[str] = ()) -> dict[str, Any]:
    """Paired differences B − A of every metric, row i of `hands_a` against row i of `hands_b`; ReportError
    unless both have the same number of rows with equal `keys` (e.g. hand) row by row."""
    seats = _common_seats(hands_a, hands_b)
    by = list(dict.fromkeys(by))
    columns = set(hands_a.collect_schema().names()) & set(hands_b.collect_schema().names())
    defined = metrics(seats, caps=set(CAP_COLUMNS) <= columns)
    evaluations = (evaluation_range([hands_a, hands_b], seats)
                   if EVALUATION in by and set(evaluation_columns(seats)) <= columns else None)
    sides = [_per_hand(hands, seats, keys, by, defined, side, evaluations)
             for hands, side in zip((hands_a, hands_b), SIDES, strict=True)]
    rows = _check_sizes(sides, by)
    terms = _Terms()
    sums = [terms.ratio_sums(m) for m in defined]
    hands_a_term, hands_b_term = terms.count("a"), terms.count("b")
    mismatch = pl.any_horizontal([pl.col(f"{k}_a").ne_missing(pl.col(f"{k}_b")) for k in keys]).sum()
    aggregates = [*terms.expressions(), mismatch.alias("__mismatches")]
    paired = joint_cap_weight(pl.concat(sides, how="horizontal"), defined)
    by_columns = [f"__by{j}_{side}" for side in SIDES for j in range(len(by))]
    joint = (paired.group_by(by_columns).agg(aggregates) if by else paired.select(aggregates)).collect()
    mismatches = joint["__mismatches"].sum()
    if mismatches:
        raise ReportError(f"{mismatches} of {rows} rows of A and B hold different {'/'.join(keys)}: "
                          "they do not pair up hand by hand")

    def compared(row: dict[str, Any]) -> dict[str, Any]:
        return {m.name: paired_difference(RatioSums(rows, **{f: row[t] for f, t in s.items()}))
                for m, s in zip(defined, sums, strict=True)}

    result: dict[str, Any] = {"seats": seats, "hands": rows}
    if not by:
        return {**result, "metrics": compared(joint.row(0, named=True))}
    groups = []
    for row in _per_group(joint, terms, len(by)).iter_rows(named=True):
        groups.append({"key": {key: text.plain(row[f"__by{j}"]) for j, key in enumerate(by)},
                       "hands_a": int(row[hands_a_term]), "hands_b": int(row[hands_b_term]), "metrics": compared(row)})
    return {**result, "by": by, "groups": groups}


def _common_seats(hands_a: pl.LazyFrame, hands_b: pl.LazyFrame) -> int:
    seats_a, seats_b = (seats_of(h.collect_schema().names()) for h in (hands_a, hands_b))
    if seats_a != seats_b:
        raise ReportError(f"A has {seats_a} seats and B {seats_b}")
    return seats_a


def _check_sizes(sides: list[pl.LazyFrame], by: Sequence[str]) -> int:
    """The rows of each side, once ReportError has refused sides of different lengths or too many groups."""
    rows_a, rows_b = (frame.item() for frame in pl.collect_all([side.select(pl.len()) for side in sides]))
    if rows_a != rows_b:
        raise ReportError(f"A has {rows_a} rows and B {rows_b}: they do not pair up hand by hand")
    if by:
        keyed = [frame.select(pl.col(f"__by{j}_{side}").alias(key) for j, key in enumerate(by))
                 for frame, side in zip(sides, SIDES, strict=True)]
        check_group_count(pl.concat(keyed, how="vertical_relaxed"), by)
    return rows_a


def _per_hand(hands: pl.LazyFrame, seats: int, keys: Sequence[str], by: Sequence[str],
              defined: Sequence[Metric], side: str, evaluations: tuple[float, float] | None) -> pl.LazyFrame:
    """Key, group, metric and weight columns of one run, suffixed by its side (`hand_a`, `__by0_a`,
    `declarer_win_rate_a`, `w_declared_a`, ...); a metric's value and weight as floats, 0 where null.
    `evaluations`: the range of both runs' evaluations, so that both get the same evaluation buckets."""
    hands = with_keys(with_roles(hands, seats), by, seats, evaluations).with_columns(
        declarer_position(seats).alias("__position"))
    used = {m.weight for m in defined if m.weight is not None}
    return hands.select(
        *[pl.col(k).alias(f"{k}_{side}") for k in keys],
        *[pl.col(key).alias(f"__by{j}_{side}") for j, key in enumerate(by)],
        *[m.value.cast(pl.Float64).fill_null(0.0).alias(f"{m.name}_{side}") for m in defined],
        *[w.cast(pl.Float64).fill_null(0.0).alias(f"w_{name}_{side}") for name, w in weights(seats).items()
          if name in used],
    )


class _Terms:
    """The sums Σ p·q the paired differences need, each once: factors are per-hand columns of side a or b,
    or the constant 1 (column None)."""

    def __init__(self) -> None:
        self._sides: dict[str, str] = {}  # term name → "a", "b" or "ab" (both runs)
        self._expressions: dict[str, pl.Expr] = {}

    def term(self, p: tuple[str | None, str], q: tuple[str | None, str]) -> str:
        columns = [f"{column}_{side}" for column, side in (p, q) if column is not None]
        name = "*".join(sorted(f"{column or '1'}_{side}" for column, side in (p, q)))
        if name not in self._expressions:
            if not columns:
                expression = pl.len().cast(pl.Float64)
            elif len(columns) == 1:
                expression = pl.col(columns[0]).sum()
            else:
                expression = (pl.col(columns[0]) * pl.col(columns[1])).sum()
            self._expressions[name] = expression.alias(name)
            self._sides[name] = p[1] if p[1] == q[1] else "ab"
        return name

    def count(self, side: str) -> str:
        """The term that counts the rows (of a group, on this side)."""
        return self.term((None, side), (None, side))

    def ratio_sums(self, metric: Metric) -> dict[str, str]:
        """RatioSums field → term name, for one metric."""
        x_a, x_b = (metric.name, "a"), (metric.name, "b")
        weight = None if metric.weight is None else f"w_{metric.weight}"
        w_a, w_b = (weight, "a"), (weight, "b")
        one_a, one_b = (None, "a"), (None, "b")
        pairs = {"x_a": (x_a, one_a), "w_a": (w_a, one_a), "xx_a": (x_a, x_a), "xw_a": (x_a, w_a),
                 "ww_a": (w_a, w_a), "x_b": (x_b, one_b), "w_b": (w_b, one_b), "xx_b": (x_b, x_b),
                 "xw_b": (x_b, w_b), "ww_b": (w_b, w_b), "xa_xb": (x_a, x_b), "xa_wb": (x_a, w_b),
                 "wa_xb": (w_a, x_b), "wa_wb": (w_a, w_b)}
        return {field: self.term(p, q) for field, (p, q) in pairs.items()}

    def expressions(self) -> list[pl.Expr]:
        return list(self._expressions.values())

    def of_side(self, side: str) -> list[str]:
        return [name for name, s in self._sides.items() if s == side]


def _per_group(joint: pl.DataFrame, terms: _Terms, n_keys: int) -> pl.DataFrame:
    """Sums per group (`__by<j>` columns) from sums per (A group, B group): a side's own sums over the
    pairs whose group on that side is the group, the sums across A and B over the pairs equal on both."""
    def keyed(side: str) -> list[pl.Expr]:
        return [pl.col(f"__by{j}_{side}").alias(f"__by{j}") for j in range(n_keys)]

    same_group = pl.all_horizontal([pl.col(f"__by{j}_a").eq_missing(pl.col(f"__by{j}_b")) for j in range(n_keys)])
    parts = [joint.select(*keyed("a"), *terms.of_side("a")), joint.select(*keyed("b"), *terms.of_side("b")),
             joint.filter(same_group).select(*keyed("a"), *terms.of_side("ab"))]
    keys = [f"__by{j}" for j in range(n_keys)]
    return (pl.concat(parts, how="diagonal_relaxed").group_by(keys).agg(pl.all().sum())
            .sort(keys, nulls_last=True))


# ---- text output ----


def print_comparison(result: dict[str, Any], console: Console | None = None) -> None:
    """A comparison as rich tables: one per group with `by`."""
    console = console or text.console()
    console.print(f"B = {result['b']} against A = {result['a']}: {result['hands']} hands paired")
    if "groups" not in result:
        console.print(comparison_table(result["metrics"], result["seats"], "B − A, paired by hand"))
        return
    for group in result["groups"]:
        title = f"{text.key_text(group['key'])} (hands: A {group['hands_a']}, B {group['hands_b']})"
        console.print(comparison_table(group["metrics"], result["seats"], title))


def comparison_table(compared: dict[str, dict[str, Any]], seats: int, title: str,
                     names: tuple[str, str] = ("A", "B")) -> Table:
    """One row per metric: A, B, B − A, its paired and unpaired 95% CIs, the variance reduction."""
    name_a, name_b = names
    table = Table("metric", name_a, name_b, f"{name_b} − {name_a}", "95% CI", "unpaired 95% CI",
                  "variance reduction", title=title)
    for metric in metrics(seats, caps=True):
        if metric.name not in compared:  # runs without the cap columns
            continue
        c = compared[metric.name]
        show = text.pct if metric.percent else text.num
        reduction = ("identical hands" if c["identical_hands"] else "-" if c["variance_reduction"] is None
                     else f"{c['variance_reduction']:.2f}×")
        table.add_row(metric.title, show(c["a"]), show(c["b"]), text.signed(c["difference"], metric.percent),
                      text.signed_ci(c["ci95"], metric.percent), text.signed_ci(c["ci95_unpaired"], metric.percent),
                      reduction)
    return table
