"""`report`: summary statistics of a run, read lazily from `OUT/hands/part-*.parquet` (OUT/part-*.parquet in
a run of the layout before hands/) and OUT/manifest.json.

Per run, or per value of any column (`by`):
- hands, all-pass count and rate;
- declarer win rate with a Wilson 95% interval, overall and by target;
- mean settlement per seat and per role (declarer; defender = mean over the defenders), in declared hands;
- category counts: normal, 全击 quanji, 半击 banji, 金太阳 jintaiyang, all_pass, and 王分全抓 (W = 50) and
  倒扣王分 (W = 0) among declared hands; each with its rate per hand and per declared hand;
- 水草 pot: mean and max `pot_after`, and the number of splits (§5.7) where the rules make it derivable;
- failed throws: total, per hand, share of hands with one.

`build_report` returns plain JSON-ready data; `print_report` shows it as rich tables.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import polars as pl
from rich.console import Console
from rich.table import Table

from baofen_sim.codes import CATEGORY_LABELS
from baofen_sim.io.manifest import ManifestError, read_manifest
from baofen_sim.io.parquet import hand_part_paths

Z95 = 1.959963984540054  # two-sided 95% normal quantile
WANGFEN_FULL = 50  # RULES.md §6.3: all six trump-suit point cards (5+10+10+5+10+10)
EXTRA_CATEGORIES = ("wangfen_full", "wangfen_zero")  # 王分全抓, 倒扣王分
CATEGORY_TITLES = {  # shown in text output
    "normal": "normal hands",
    "quanji": "全击 quanji",
    "banji": "半击 banji",
    "jintaiyang": "金太阳 jintaiyang",
    "all_pass": "all-pass (水草)",
    "wangfen_full": "王分全抓 (W = 50)",
    "wangfen_zero": "倒扣王分 (W = 0)",
}


class ReportError(Exception):
    """A report that cannot be made: no such OUT, no part files, an unknown --by column."""


# ---- statistics ----


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson score interval for a binomial proportion; None when n = 0."""
    if n <= 0:
        return None
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(mean: float | None, std: float | None, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Normal-approximation interval mean ± z·sd/√n; None without a standard deviation."""
    if mean is None or std is None or n < 2 or math.isnan(std):
        return None
    half = z * std / math.sqrt(n)
    return mean - half, mean + half


# ---- reading ----


def scan_hands(out_dir: str | Path) -> pl.LazyFrame:
    """The hands of a run, lazily, in hand order; ReportError if OUT or its part files are missing."""
    out = Path(out_dir)
    if not out.is_dir():
        raise ReportError(f"{out}: no such run directory")
    parts = hand_part_paths(out)
    if not parts:
        raise ReportError(f"{out}: no hands/part-*.parquet files (has the run started?)")
    return pl.scan_parquet(parts)


def _seats(columns: list[str]) -> int:
    return sum(1 for name in columns if name.startswith("settle_") and name[7:].isdigit())


def _splits_derivable(out: Path) -> bool:
    """水草 splits can be read off `pot_after` only in the pot modes (§5.7.1, §5.7.3)."""
    try:
        manifest = read_manifest(out)
    except ManifestError:
        return False
    return manifest is not None and str(manifest.spec["rules"].get("all_pass_mode", "")).startswith("shuicao")


def with_derived(hands: pl.LazyFrame, seats: int) -> pl.LazyFrame:
    """Adds `__declared`, `__settle_declarer`, `__settle_defender` and `__pot_split` (needs hand order).

    Derived and aggregate names start with "__" so that they never meet a data column (or a --by key).
    """
    declarer = pl.col("declarer")
    settle_declarer = pl.coalesce([pl.when(declarer == s).then(pl.col(f"settle_{s}")) for s in range(seats)])
    settle_total = pl.sum_horizontal([pl.col(f"settle_{s}") for s in range(seats)])
    pot_before = pl.when(pl.col("hand_in_table") == 0).then(0.0).otherwise(pl.col("pot_after").shift(1))
    won = pl.col("declarer_won").fill_null(False)
    # A split empties the pot without a winning declarer: after an all-pass hand, or a lost hand that doubled it.
    pot_split = (pl.col("pot_after") == 0) & ~won & ((declarer < 0) | (pot_before > 0))
    return hands.with_columns(
        (declarer >= 0).alias("__declared"),
        settle_declarer.alias("__settle_declarer"),
        ((settle_total - settle_declarer) / (seats - 1)).alias("__settle_defender"),
        pot_split.alias("__pot_split"),
    )


def _aggregates(seats: int) -> list[pl.Expr]:
    declared = pl.col("__declared")
    won = declared & pl.col("declarer_won").fill_null(False)
    wangfen = pl.col("wangfen_points")
    return [
        pl.len().alias("__hands"),
        declared.sum().alias("__declared"),
        won.sum().alias("__wins"),
        *[pl.col(f"settle_{s}").mean().alias(f"__settle_{s}") for s in range(seats)],
        pl.col("__settle_declarer").filter(declared).mean().alias("__settle_declarer"),
        pl.col("__settle_defender").filter(declared).mean().alias("__settle_defender"),
        *[(pl.col("category") == label).sum().alias(f"__n_{label}") for label in CATEGORY_LABELS],
        (declared & (wangfen == WANGFEN_FULL)).sum().alias("__n_wangfen_full"),
        (declared & (wangfen == 0)).sum().alias("__n_wangfen_zero"),
        pl.col("pot_after").mean().alias("__pot_mean"),
        pl.col("pot_after").max().alias("__pot_max"),
        pl.col("__pot_split").sum().alias("__pot_splits"),
        pl.col("failed_throws").cast(pl.Int64).sum().alias("__failed_throws"),
        (pl.col("failed_throws") > 0).sum().alias("__hands_with_failed_throw"),
    ]


def _by_target_aggregates() -> list[pl.Expr]:
    return [
        pl.len().alias("__hands"),
        pl.col("declarer_won").fill_null(False).sum().alias("__wins"),
        pl.col("__settle_declarer").mean().alias("__settle_mean"),
        pl.col("__settle_declarer").std().alias("__settle_std"),
        pl.col("result").cast(pl.Float64).mean().alias("__result_mean"),
    ]


# ---- the report ----


def build_report(out_dir: str | Path, by: str | None = None) -> dict[str, Any]:
    """Summary statistics of the run in `out_dir`, overall and (with `by`) per value of column `by`."""
    out = Path(out_dir)
    hands = scan_hands(out)
    columns = hands.collect_schema().names()
    if by is not None and by not in columns:
        raise ReportError(f"--by {by!r}: no such column; columns: {', '.join(columns)}")
    seats = _seats(columns)
    splits = _splits_derivable(out)
    hands = with_derived(hands, seats)
    keys = [by] if by else []
    target_keys = list(dict.fromkeys([*keys, "target"]))
    frames = [
        (hands.group_by(keys).agg(_aggregates(seats)) if keys else hands.select(_aggregates(seats))),
        hands.filter(pl.col("__declared")).group_by(target_keys).agg(_by_target_aggregates()),
    ]
    summary, targets = pl.collect_all(frames)
    report: dict[str, Any] = {"out": str(out), **_run_info(out)}
    if not keys:
        report.update(overall=_metrics(summary.row(0, named=True), seats, splits),
                      by_target=[_target_metrics(row) for row in targets.sort("target").iter_rows(named=True)])
        return report
    groups = []
    for row in summary.sort(by, nulls_last=True).iter_rows(named=True):
        value = row[by]
        in_group = targets.filter(pl.col(by).is_null() if value is None else pl.col(by) == value).sort("target")
        groups.append({by: _plain(value), **_metrics(row, seats, splits),
                       "by_target": [_target_metrics(t) for t in in_group.iter_rows(named=True)]})
    report.update(by=by, groups=groups)
    return report


def _run_info(out: Path) -> dict[str, Any]:
    try:
        manifest = read_manifest(out)
    except ManifestError:
        manifest = None
    if manifest is None:
        return {"spec_hash": None, "status": None, "rules": None, "hands_planned": None}
    return {"spec_hash": manifest.spec_hash, "status": manifest.status, "rules": manifest.spec["rules"]["name"],
            "hands_planned": manifest.spec["deals"]}


def _metrics(row: dict[str, Any], seats: int, splits_derivable: bool) -> dict[str, Any]:
    hands, declared, wins = row["__hands"], row["__declared"], row["__wins"]
    categories = {}
    for label in (*CATEGORY_LABELS, *EXTRA_CATEGORIES):
        count = row[f"__n_{label}"]
        categories[label] = {"count": count, "per_hand": _ratio(count, hands),
                             "per_declared": None if label == "all_pass" else _ratio(count, declared)}
    return {
        "hands": hands,
        "all_pass": {"count": hands - declared, "rate": _ratio(hands - declared, hands)},
        "declared": declared,
        "declarer_win": {"count": wins, "rate": _ratio(wins, declared), "ci95": _pair(wilson_interval(wins, declared))},
        "mean_settlement": {
            "seat": [_plain(row[f"__settle_{s}"]) for s in range(seats)],
            "declarer": _plain(row["__settle_declarer"]),
            "defender": _plain(row["__settle_defender"]),
        },
        "categories": categories,
        "pot": {"mean_after": _plain(row["__pot_mean"]), "max_after": _plain(row["__pot_max"]),
                "splits": row["__pot_splits"] if splits_derivable else None},
        "failed_throws": {"total": row["__failed_throws"], "per_hand": _ratio(row["__failed_throws"], hands),
                          "hands_with_any": _ratio(row["__hands_with_failed_throw"], hands)},
    }


def _target_metrics(row: dict[str, Any]) -> dict[str, Any]:
    n, wins, mean = row["__hands"], row["__wins"], _plain(row["__settle_mean"])
    return {"target": row["target"], "hands": n, "wins": wins, "win_rate": _ratio(wins, n),
            "win_ci95": _pair(wilson_interval(wins, n)), "mean_settle_declarer": mean,
            "settle_ci95": _pair(mean_interval(mean, row["__settle_std"], n)),
            "mean_result": _plain(row["__result_mean"])}


def _ratio(a: int | float, b: int) -> float | None:
    return a / b if b else None


def _pair(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [interval[0], interval[1]]


def _plain(value: Any) -> Any:
    """JSON-ready: NaN/inf → None, other values as they are."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


# ---- text output ----


def print_report(report: dict[str, Any], console: Console | None = None) -> None:
    """The report as rich tables (plain text when not a terminal)."""
    console = console or Console()
    head = f"{report['out']}: {report.get('rules') or '?'} rules"
    if report.get("status") and report["status"] != "complete":
        head += f" (run {report['status']}, {report.get('hands_planned')} hands planned)"
    console.print(head)
    if "groups" in report:
        console.print(_groups_table(report["by"], report["groups"]))
        by = report["by"]
        for group in report["groups"]:
            console.print(_targets_table(group["by_target"], title=f"by target, {by} = {group[by]}"))
        return
    console.print(_overall_table(report["overall"]))
    console.print(_targets_table(report["by_target"], title="by target"))


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.2f}%"


def _num(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _ci(interval: list[float] | None, pct: bool = True) -> str:
    if interval is None:
        return "-"
    show = _pct if pct else _num
    return f"[{show(interval[0])}, {show(interval[1])}]"


def _overall_table(m: dict[str, Any]) -> Table:
    table = Table("statistic", "value", title="overall")
    win = m["declarer_win"]
    settle = m["mean_settlement"]
    rows = [
        ("hands", str(m["hands"])),
        ("all-pass", f"{m['all_pass']['count']} ({_pct(m['all_pass']['rate'])})"),
        ("declarer wins", f"{win['count']} of {m['declared']}: {_pct(win['rate'])} 95% CI {_ci(win['ci95'])}"),
        ("mean settlement by seat", " ".join(_num(v) for v in settle["seat"])),
        ("mean settlement declarer / defender", f"{_num(settle['declarer'])} / {_num(settle['defender'])}"),
    ]
    for label, c in m["categories"].items():
        share = _pct(c["per_hand"]) if c["per_declared"] is None else f"{_pct(c['per_declared'])} of declared"
        rows.append((CATEGORY_TITLES.get(label, label), f"{c['count']} ({share})"))
    pot = m["pot"]
    splits = "-" if pot["splits"] is None else str(pot["splits"])
    rows.append(("pot after: mean / max / splits", f"{_num(pot['mean_after'])} / {_num(pot['max_after'])} / {splits}"))
    ft = m["failed_throws"]
    rows.append(("failed throws: per hand / hands with any",
                 f"{_num(ft['per_hand'], 4)} / {_pct(ft['hands_with_any'])}"))
    for row in rows:
        table.add_row(*row)
    return table


def _groups_table(by: str, groups: list[dict[str, Any]]) -> Table:
    table = Table(by, "hands", "all-pass", "declarer win", "95% CI", "settle decl", "settle def", "quanji",
                  "banji", "jintaiyang", "failed throws/hand", title=f"by {by}")
    for g in groups:
        c = g["categories"]
        table.add_row(str(g[by]), str(g["hands"]), _pct(g["all_pass"]["rate"]), _pct(g["declarer_win"]["rate"]),
                      _ci(g["declarer_win"]["ci95"]), _num(g["mean_settlement"]["declarer"]),
                      _num(g["mean_settlement"]["defender"]), str(c["quanji"]["count"]), str(c["banji"]["count"]),
                      str(c["jintaiyang"]["count"]), _num(g["failed_throws"]["per_hand"], 4))
    return table


def _targets_table(rows: list[dict[str, Any]], title: str) -> Table:
    table = Table("target", "hands", "declarer win", "95% CI", "mean settle decl", "95% CI", "mean R", title=title)
    for t in rows:
        table.add_row(str(t["target"]), str(t["hands"]), _pct(t["win_rate"]), _ci(t["win_ci95"]),
                      _num(t["mean_settle_declarer"]), _ci(t["settle_ci95"], pct=False), _num(t["mean_result"], 1))
    return table
