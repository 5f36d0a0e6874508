"""`report`'s numbers: summary statistics of a run or a sweep, read lazily from `OUT/hands/` (`OUT/part-*.parquet` in
a run of the layout before hands/) and OUT/manifest.json.

Per run, or per group of the `by` columns (data columns or the pseudo-columns `position` and
`declarer_strength`, see `columns`; a sweep is grouped by its vary names first):
- hands, all-pass count and rate;
- declarer win rate with a Wilson 95% interval, overall and by target; in the overall report also by the
  declarer's strength bucket and by the declarer's position from the 主叫;
- mean settlement per seat (95% CI, hands taken as independent) and per role (declarer; defender = mean
  over the defenders) in declared hands; split into stakes and 水草 when the run has `pot_flow_<i>` columns;
- category counts: normal, 全击 quanji, 半击 banji, 金太阳 jintaiyang, all_pass, and 王分全抓 (W = 50) and
  倒扣王分 (W = 0) among declared hands; each with its rate per hand and per declared hand;
- 水草 pot: mean and max `pot_after`, and the number of splits (§5.7) where the rules make it derivable;
- failed throws: total, per hand, share of hands with one.

The header names the rules, the policies and parameters per seat, and a forced declarer or target. A run
with `--target each` also gets P(make T) and the declarer's mean settlement at every bid value T, overall
and by declarer strength and evaluation (`targets.every_target`). The bid caps: how often one is reached or holds
a bidder back, and the declarer's results there (`caps`). `evaluation` restricts a `--declarer each` run to the
hands of an evaluation range (`selection`).
`build_report` returns plain JSON-ready data; `tables.print_report` shows it as rich tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import polars as pl

from baofen_sim.analysis import text
from baofen_sim.analysis.columns import (
    DECLARER_STRENGTH,
    EVALUATION,
    POSITION,
    check_group_count,
    has_pot_flow,
    pseudo_columns,
    with_keys,
    with_roles,
)
from baofen_sim.analysis.runs import (
    EACH,
    Run,
    Sweep,
    forced_declarer,
    forced_target,
    naming_damaged_parts,
    open_output,
    seats_of,
)
from baofen_sim.analysis.stats import mean_interval, wilson_interval
from baofen_sim.codes import CATEGORY_LABELS
from baofen_sim.games.baofen.report.caps import cap_aggregates, cap_summary, has_cap_columns
from baofen_sim.games.baofen.report.selection import select_evaluation
from baofen_sim.games.baofen.report.targets import every_target
from baofen_sim.rules import RuleSet

WANGFEN_FULL = 50  # RULES.md §6.3: all six trump-suit point cards (5+10+10+5+10+10)
EXTRA_CATEGORIES = ("wangfen_full", "wangfen_zero")  # 王分全抓, 倒扣王分
SPECIAL_CATEGORIES = ("quanji", "banji", "jintaiyang")  # §6.5: their R is a special score, not S − target
SCORING_OPTIONS = ("wangfen_full_bonus", "wangfen_zero_penalty", "special_scores_fixed", "quanji_score", "banji_score",
                   "jintaiyang_declarer_score", "settlement_mode")  # what the explanation of R says (§6.3–§6.6)
BREAKDOWNS = ("target", DECLARER_STRENGTH, EVALUATION, POSITION)  # declared hands by these, in the overall report


# ---- reading ----


def scan_hands(out_dir: str | Path) -> pl.LazyFrame:
    """The hands of a run (every variant's, with the vary columns, for a sweep), lazily, in hand order;
    ReportError if OUT or its part files are missing."""
    return open_output(out_dir).scan()


def _splits_derivable(source: Run | Sweep) -> bool:
    """水草 splits can be read off `pot_after` only in the pot modes (§5.7.1, §5.7.3)."""
    specs = [v.spec for v in source.variants] if isinstance(source, Sweep) else [source.spec]
    return all(spec is not None and str(spec["rules"].get("all_pass_mode", "")).startswith("shuicao")
               for spec in specs)


def _with_pot_split(hands: pl.LazyFrame) -> pl.LazyFrame:
    """Adds `__pot_split` (needs hand order): a split empties the pot without a winning declarer, after an
    all-pass hand or a lost hand that doubled it."""
    pot_before = pl.when(pl.col("hand_in_table") == 0).then(0.0).otherwise(pl.col("pot_after").shift(1))
    won = pl.col("declarer_won").fill_null(False)
    split = (pl.col("pot_after") == 0) & ~won & ((pl.col("declarer") < 0) | (pot_before > 0))
    return hands.with_columns(split.alias("__pot_split"))


def _aggregates(seats: int, pot_flow: bool, per_seat: bool) -> list[pl.Expr]:
    """`per_seat`: every deal is played once per seat (rows are seat-hands), so also count the deals."""
    declared = pl.col("__declared")
    won = declared & pl.col("declarer_won").fill_null(False)
    wangfen = pl.col("wangfen_points")
    roles = ("declarer", "defender")
    flows = ([pl.col(f"pot_flow_{s}").mean().alias(f"__pot_{s}") for s in range(seats)]
             + [pl.col(f"__pot_{role}").filter(declared).mean().alias(f"__pot_{role}") for role in roles]
             + _pot_parts(seats) if pot_flow else [])
    return [
        pl.len().alias("__hands"),
        *([pl.col("hand").n_unique().alias("__deals")] if per_seat else []),
        declared.sum().alias("__declared"),
        won.sum().alias("__wins"),
        *[pl.col(f"settle_{s}").mean().alias(f"__settle_{s}") for s in range(seats)],
        *[pl.col(f"settle_{s}").std().alias(f"__settle_std_{s}") for s in range(seats)],
        *[pl.col(f"__settle_{role}").filter(declared).mean().alias(f"__settle_{role}") for role in roles],
        *[pl.col(f"__settle_{role}").filter(declared).std().alias(f"__settle_std_{role}") for role in roles],
        _seat_mean("settle", seats).filter(~declared).mean().alias("__settle_all_pass"),
        *flows,
        *[(pl.col("category") == label).sum().alias(f"__n_{label}") for label in CATEGORY_LABELS],
        (declared & (wangfen == WANGFEN_FULL)).sum().alias("__n_wangfen_full"),
        (declared & (wangfen == 0)).sum().alias("__n_wangfen_zero"),
        pl.col("pot_after").mean().alias("__pot_mean"),
        pl.col("pot_after").max().alias("__pot_max"),
        pl.col("__pot_split").sum().alias("__pot_splits"),
        pl.col("failed_throws").cast(pl.Int64).sum().alias("__failed_throws"),
        (pl.col("failed_throws") > 0).sum().alias("__hands_with_failed_throw"),
    ]


def _seat_mean(prefix: str, seats: int) -> pl.Expr:
    """The mean over the seats of the per-seat column `<prefix>_<i>`, per hand."""
    return pl.sum_horizontal([pl.col(f"{prefix}_{s}") for s in range(seats)]) / seats


def _pot_parts(seats: int) -> list[pl.Expr]:
    """The 水草 flows of declared hands taken apart (§5.7): a defender neither pays in nor takes the pot, so his
    flow is his split share (a split pays every seat alike); the declarer's flow less that share is the pot he
    took (> 0, he won) or paid (< 0, he lost). And the flows of all-pass hands, per seat (pay-ins, splits)."""
    declared = pl.col("__declared")
    own = (pl.col("__pot_declarer") - pl.col("__pot_defender")).filter(declared)
    return [own.clip(lower_bound=0).mean().alias("__pot_taken"),
            (-own).clip(lower_bound=0).mean().alias("__pot_paid"),
            _seat_mean("pot_flow", seats).filter(~declared).mean().alias("__pot_all_pass")]


def _declared_aggregates() -> list[pl.Expr]:
    """Per group of declared hands (a target, a strength bucket, a position)."""
    return [
        pl.len().alias("__hands"),
        pl.col("category").cast(pl.String).is_in(SPECIAL_CATEGORIES).sum().alias("__special"),
        pl.col("declarer_won").fill_null(False).sum().alias("__wins"),
        pl.col("__settle_declarer").mean().alias("__settle_mean"),
        pl.col("__settle_declarer").std().alias("__settle_std"),
        pl.col("result").cast(pl.Float64).mean().alias("__result_mean"),
    ]


# ---- the report ----


@naming_damaged_parts
def build_report(out_dir: str | Path, by: str | Sequence[str] | None = None,
                 evaluation: tuple[float, float] | None = None) -> dict[str, Any]:
    """Summary statistics of the run or sweep in `out_dir`: overall, or per group of the `by` columns (and of
    a sweep's vary names); with `evaluation` (low, high), of the hands whose declarer's evaluation is in
    [low, high) only (`selection`). ReportError for an unknown column or more than `columns.MAX_GROUPS` groups."""
    source = open_output(out_dir)
    keys = list(dict.fromkeys([*(source.vary if isinstance(source, Sweep) else ()), *_names(by)]))
    hands = source.scan()
    columns = hands.collect_schema().names()
    seats = seats_of(columns)
    if evaluation is not None:
        hands = select_evaluation(source, hands, seats, evaluation)
    caps = cap_aggregates() if has_cap_columns(columns) and forced_declarer(source.spec) is None else []  # auctions
    pot_flow = has_pot_flow(columns, seats)
    breakdowns = ["target"] if keys else [k for k in BREAKDOWNS if k in columns or k in pseudo_columns(columns, seats)]
    hands = with_keys(_with_pot_split(with_roles(hands, seats)), [*keys, *breakdowns], seats)
    check_group_count(hands, keys)
    declared = hands.filter(pl.col("__declared"))
    aggregates = [*_aggregates(seats, pot_flow, forced_declarer(source.spec) == EACH), *caps]
    frames = [hands.group_by(keys).agg(aggregates) if keys else hands.select(aggregates),
              *[declared.group_by(list(dict.fromkeys([*keys, k]))).agg(_declared_aggregates()) for k in breakdowns]]
    summary, *by_key = pl.collect_all(frames)
    splits = _splits_derivable(source)
    report: dict[str, Any] = {"out": str(out_dir), **run_info(source), "scoring": _scoring(source),
                              "evaluation": None if evaluation is None else list(evaluation)}
    if forced_target(source.spec) == EACH:  # the play ignored the target: the results at every target
        rules = RuleSet.from_dict(source.spec["rules"])
        report["every_target"] = every_target(hands, rules, seats, keys)
        if not keys:
            report["every_target_by_strength"] = every_target(hands, rules, seats, [DECLARER_STRENGTH])
            if EVALUATION in breakdowns:
                report["every_target_by_evaluation"] = every_target(hands, rules, seats, [EVALUATION])
    if not keys:
        report["overall"] = _metrics(summary.row(0, named=True), seats, splits, pot_flow)
        for key, frame in zip(breakdowns, by_key, strict=True):
            report[f"by_{key}"] = [_declared_metrics(row, key) for row in frame.sort(key).iter_rows(named=True)]
        return report
    targets = by_key[0].sort([*keys, "target"], nulls_last=True).partition_by(keys, as_dict=True)
    groups = []
    for row in summary.sort(keys, nulls_last=True).iter_rows(named=True):
        key = tuple(row[k] for k in keys)
        in_group = targets.get(key)
        groups.append({"key": {k: text.plain(row[k]) for k in keys}, **_metrics(row, seats, splits, pot_flow),
                       "by_target": [] if in_group is None else
                       [_declared_metrics(t, "target") for t in in_group.iter_rows(named=True)]})
    report.update(by=keys, groups=groups)
    return report


def _names(by: str | Sequence[str] | None) -> list[str]:
    if by is None:
        return []
    return [by] if isinstance(by, str) else list(by)


def run_info(source: Run | Sweep) -> dict[str, Any]:
    """The header: rules, status, policies and parameters per seat, a forced declarer or target, a sweep's
    vary names and variants (from the manifest; None where there is none)."""
    spec = source.spec
    info: dict[str, Any] = {
        "spec_hash": source.spec_hash if isinstance(source, Run) else None,
        "status": source.status,
        "resume": source.resume,  # an interrupted run's resume command, where one was recorded
        "rules": None if spec is None else spec["rules"]["name"],
        "rules_given": None if spec is None else spec.get("rules_given"),
        "hands_planned": None if spec is None else spec["deals"],
        "policies": None if spec is None else spec["policies"],
        "params": None if spec is None else spec["params"],
        "declarer": forced_declarer(spec),
        "target": forced_target(spec),
        "min_evaluation": None if spec is None else spec.get("min_evaluation"),
    }
    if isinstance(source, Sweep):
        info["vary"] = list(source.vary)
        info["variants"] = [v.values for v in source.variants]
    return info


def _scoring(source: Run | Sweep) -> dict[str, Any] | None:
    """The rules' options that say what R is (`SCORING_OPTIONS`); None when unknown or not alike in every variant."""
    specs = [v.spec for v in source.variants] if isinstance(source, Sweep) else [source.spec]
    if any(spec is None for spec in specs):
        return None
    values = [{name: spec["rules"].get(name) for name in SCORING_OPTIONS} for spec in specs]
    alike = all(v == values[0] for v in values) and None not in values[0].values()
    return values[0] if alike else None


def _metrics(row: dict[str, Any], seats: int, splits_derivable: bool, pot_flow: bool) -> dict[str, Any]:
    hands, declared, wins = row["__hands"], row["__declared"], row["__wins"]
    categories = {}
    for label in (*CATEGORY_LABELS, *EXTRA_CATEGORIES):
        count = row[f"__n_{label}"]
        categories[label] = {"count": count, "per_hand": _ratio(count, hands),
                             "per_declared": None if label == "all_pass" else _ratio(count, declared)}
    return {
        "hands": hands,
        "deals": row.get("__deals", hands),  # fewer than the hands (seat-hands) when every seat declares each deal
        "all_pass": {"count": hands - declared, "rate": _ratio(hands - declared, hands)},
        "declared": declared,
        "declarer_win": {"count": wins, "rate": _ratio(wins, declared), "ci95": _pair(wilson_interval(wins, declared))},
        "mean_settlement": _settlement(row, seats, hands, declared, pot_flow),
        "categories": categories,
        "pot": {"mean_after": text.plain(row["__pot_mean"]), "max_after": text.plain(row["__pot_max"]),
                "splits": row["__pot_splits"] if splits_derivable else None},
        "failed_throws": {"total": row["__failed_throws"], "per_hand": _ratio(row["__failed_throws"], hands),
                          "hands_with_any": _ratio(row["__hands_with_failed_throw"], hands)},
        **cap_summary(row),
    }


def _settlement(row: dict[str, Any], seats: int, hands: int, declared: int, pot_flow: bool) -> dict[str, Any]:
    """Mean settlement per seat (all hands), per role (declared hands) with 95% CIs, and per seat in all-pass
    hands (`all_pass`); with `pot_flow`, its 水草 part (`pot`, with the declarer's pot taken and paid and the
    split share of declared hands, see `_pot_parts`) and the rest (`stakes`), else those are None (unknown)."""
    seat = [text.plain(row[f"__settle_{s}"]) for s in range(seats)]
    declarer, defender = text.plain(row["__settle_declarer"]), text.plain(row["__settle_defender"])
    all_pass = text.plain(row["__settle_all_pass"])
    pot = stakes = None
    if pot_flow:
        pot = {"seat": [text.plain(row[f"__pot_{s}"]) for s in range(seats)],
               "declarer": text.plain(row["__pot_declarer"]), "defender": text.plain(row["__pot_defender"]),
               "all_pass": text.plain(row["__pot_all_pass"]), "declarer_taken": text.plain(row["__pot_taken"]),
               "declarer_paid": text.plain(row["__pot_paid"]), "split_share": text.plain(row["__pot_defender"])}
        stakes = {"seat": [_minus(total, part) for total, part in zip(seat, pot["seat"], strict=True)],
                  "declarer": _minus(declarer, pot["declarer"]), "defender": _minus(defender, pot["defender"]),
                  "all_pass": _minus(all_pass, pot["all_pass"])}
    return {
        "seat": seat,
        "seat_ci95": [_pair(mean_interval(seat[s], text.plain(row[f"__settle_std_{s}"]), hands)) for s in range(seats)],
        "declarer": declarer,
        "declarer_ci95": _pair(mean_interval(declarer, text.plain(row["__settle_std_declarer"]), declared)),
        "defender": defender,
        "defender_ci95": _pair(mean_interval(defender, text.plain(row["__settle_std_defender"]), declared)),
        "all_pass": all_pass,
        "stakes": stakes,
        "pot": pot,
    }


def _declared_metrics(row: dict[str, Any], key: str) -> dict[str, Any]:
    n, wins, mean = row["__hands"], row["__wins"], text.plain(row["__settle_mean"])
    return {key: text.plain(row[key]), "hands": n, "wins": wins, "win_rate": _ratio(wins, n),
            "win_ci95": _pair(wilson_interval(wins, n)), "mean_settle_declarer": mean,
            "settle_ci95": _pair(mean_interval(mean, text.plain(row["__settle_std"]), n)),
            "mean_result": text.plain(row["__result_mean"]), "special_hands": row["__special"]}


def _ratio(a: int | float, b: int) -> float | None:
    return a / b if b else None


def _minus(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def _pair(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [interval[0], interval[1]]
