"""`baofen-sim report` of a 5-player 找朋友 run (RULES.md §7.4; issue 23): every rate with its Wilson 95% CI and every
mean with its normal 95% CI (hands of one table are not independent: the intervals treat them as if they were, as
the other reports do).

- the declarer's side's win rate, overall and with a friend or 1 vs 4;
- 1 vs 4 and its causes: an overcall (no friend card), the declarer holds the other copy, it is buried;
- the friend's reveal: the trick in which he plays the friend card, the points cleared then (§7.4.10);
- the call: forced calls, overcalls and concessions;
- the defenders' total over the 80 line, the share at exactly the threshold (§7.4.12);
- the kitty: how often a defender wins the last trick, and the bonus then (§7.4.11).

On a sweep (`zhaopengyou_sweep_report`): each variant's headline numbers, and each variant's paired difference from
the first variant, hand by hand on the same deals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
from rich.console import Console

from baofen_sim.analysis.runs import (
    ReportError,
    Run,
    Sweep,
    open_output,
    open_paired_runs,
    open_run,
    paired_metric_differences,
)
from baofen_sim.analysis.stats import mean_summary as mean
from baofen_sim.analysis.stats import rate_summary as rate
from baofen_sim.analysis.text import mean_text, rate_text
from baofen_sim.games.interface import GameFeatureError, Printer, ReportRequest
from baofen_sim.rules.options import TrumpSelection

ReportZpy = dict[str, Any]
ONE_VS_FOUR_CAUSES = ("overcall", "own_card", "buried")
STEP = 40  # the width of the defenders' total bins below and above the threshold


PAIRED_METRICS = (  # per hand, for a sweep's paired differences
    ("declarer's side wins", pl.col("declarer_won").cast(pl.Float64)),
    ("1 vs 4", (pl.col("friend") < 0).cast(pl.Float64)),
    ("conceded", pl.col("conceded").cast(pl.Float64)),
    ("overcalls", pl.col("overcalls").cast(pl.Float64)),
)


def is_zhaopengyou_run(out: str | Path) -> bool:
    """Whether `out` holds a run (not a sweep) of 找朋友 rules."""
    try:
        output = open_output(out, warn=lambda _: None)
    except ReportError:
        return False
    rules = (output.spec or {}).get("rules", {}) if isinstance(output, Run) else {}
    return rules.get("trump_selection") == TrumpSelection.DEAL_CALL_7


def zhaopengyou_report(out: str | Path) -> ReportZpy:
    """The numbers of the 找朋友 run in `out`."""
    return run_numbers(open_run(out))


def total_rows(threshold: int) -> list[tuple[str, int, int | None]]:
    """Bins of the defenders' total T: (label, low, high) with low ≤ T < high (None: open), the threshold alone."""
    return [(f"T < {threshold - STEP}", 0, threshold - STEP), (f"{threshold - STEP} ≤ T < {threshold}",
                                                               threshold - STEP, threshold),
            (f"T = {threshold}", threshold, threshold + 1),
            (f"{threshold} < T < {threshold + STEP}", threshold + 1, threshold + STEP),
            (f"T ≥ {threshold + STEP}", threshold + STEP, None)]


def run_numbers(run: Run) -> ReportZpy:
    """The numbers of a 找朋友 run."""
    rules = (run.spec or {}).get("rules", {})
    threshold = rules.get("zpy_threshold", 80)
    hands = run.scan().collect()
    n = hands.height
    report: ReportZpy = {"out": str(run.out), "hands": n, "tables": hands["table"].n_unique(), "threshold": threshold,
                         "declarer_side_wins": rate(int(hands["declarer_won"].sum()), n)}
    has_friend = hands.filter(pl.col("friend") >= 0)
    alone = hands.filter(pl.col("friend") < 0)
    report["wins_by_side"] = {"with a friend": rate(int(has_friend["declarer_won"].sum()), has_friend.height),
                              "1 vs 4": rate(int(alone["declarer_won"].sum()), alone.height)}
    status = hands["friend_status"].cast(pl.Utf8)
    report["one_vs_four"] = rate(alone.height, n)
    report["one_vs_four_causes"] = {cause: rate(int((status == cause).sum()), n) for cause in ONE_VS_FOUR_CAUSES}
    played_friend = has_friend.filter(~pl.col("conceded"))
    revealed = played_friend.filter(pl.col("reveal_trick") >= 0)
    report["reveal"] = {"revealed": rate(revealed.height, played_friend.height),
                        "trick": mean(revealed["reveal_trick"].cast(pl.Float64)),
                        "points_cleared": mean(revealed["points_cleared"].cast(pl.Float64)),
                        "some_points_cleared": rate(int((revealed["points_cleared"] > 0).sum()), revealed.height)}
    report["forced_calls"] = rate(int(hands["call_forced"].sum()), n)
    report["overcalled"] = rate(int((hands["overcalls"] > 0).sum()), n)
    report["overcalls_per_hand"] = mean(hands["overcalls"].cast(pl.Float64))
    report["conceded"] = rate(int(hands["conceded"].sum()), n)
    played = hands.filter(~pl.col("conceded"))
    m = played.height
    total = played["defenders_total"]
    report["played"] = m
    report["defenders_total"] = [{"row": label, **rate(int(((total >= low) & (total < high if high else True)).sum()),
                                                      m)} for label, low, high in total_rows(threshold)]
    report["defenders_total_mean"] = mean(total.cast(pl.Float64))
    report["at_threshold"] = rate(int((total == threshold).sum()), m)
    won_last = played.filter(pl.col("kitty_multiplier") > 0)
    report["kitty"] = {"rate": rate(won_last.height, m),
                       "bonus_when_won": mean(won_last["kitty_bonus"].cast(pl.Float64)),
                       "multiplier_when_won": mean(won_last["kitty_multiplier"].cast(pl.Float64)),
                       "bonus_per_hand": mean(played["kitty_bonus"].cast(pl.Float64))}
    return report


def print_zhaopengyou_report(report: ReportZpy, console: Console) -> None:
    """The report as text on `console`: one line per number, CIs in brackets."""

    def echo(line: str) -> None:
        console.print(line, markup=False, highlight=False)

    echo(f"找朋友 run {report['out']}: {report['hands']:,} hands at {report['tables']:,} tables")
    echo(f"the declarer's side wins: {rate_text(report['declarer_side_wins'])}; "
         + "; ".join(f"{side}: {rate_text(v)}" for side, v in report["wins_by_side"].items()))
    echo(f"1 vs 4: {rate_text(report['one_vs_four'])}; because of " + ", ".join(
        f"{cause} {rate_text(v)}" for cause, v in report["one_vs_four_causes"].items()))
    reveal = report["reveal"]
    echo(f"the friend reveals himself: {rate_text(reveal['revealed'])}, in trick (from 0) "
         f"{mean_text(reveal['trick'], 2)}; points cleared then {mean_text(reveal['points_cleared'], 2)} "
         f"(some: {rate_text(reveal['some_points_cleared'])})")
    echo(f"forced calls {rate_text(report['forced_calls'])}; overcalled {rate_text(report['overcalled'])}, "
         f"overcalls per hand {mean_text(report['overcalls_per_hand'])}; conceded {rate_text(report['conceded'])}")
    echo(f"the defenders' total T ({report['played']:,} hands played out), mean "
         f"{mean_text(report['defenders_total_mean'], 2)}:")
    for row in report["defenders_total"]:
        echo(f"  {row['row']:<14} {rate_text(row)}")
    kitty = report["kitty"]
    echo(f"kitty (a defender wins the last trick, m > 0): {rate_text(kitty['rate'])}; then the bonus "
         f"{mean_text(kitty['bonus_when_won'], 2)}, the multiplier {mean_text(kitty['multiplier_when_won'], 2)}; "
         f"bonus per hand {mean_text(kitty['bonus_per_hand'], 2)}")


# ----- sweeps: each variant, and its paired difference from the first on the same deals ---------------------------

def is_zhaopengyou_sweep(out: str | Path) -> bool:
    """Whether `out` holds a sweep of 找朋友 rules."""
    try:
        output = open_output(out, warn=lambda _: None)
    except ReportError:
        return False
    return isinstance(output, Sweep) and all(
        (variant.spec or {}).get("rules", {}).get("trump_selection") == TrumpSelection.DEAL_CALL_7
        for variant in output.variants)


def paired_differences(a: Run, b: Run) -> ReportZpy:
    """B − A on every PAIRED_METRICS metric, hand by hand over the hands both played (the same deals, DESIGN.md §4):
    the mean difference with its 95% CI."""
    return paired_metric_differences(a, b, PAIRED_METRICS)


def zhaopengyou_sweep_report(out: str | Path) -> ReportZpy:
    """Each variant's numbers (`run_numbers`), and each variant's paired difference from the first."""
    sweep = open_output(out)
    assert isinstance(sweep, Sweep)
    base, *others = sweep.variants
    return {"out": str(out), "vary": list(sweep.vary), "baseline": base.values,
            "variants": [{"values": v.values, **run_numbers(v)} for v in sweep.variants],
            "paired": [{"values": variant.values, **paired_differences(base, variant)} for variant in others]}


def print_zhaopengyou_sweep_report(report: ReportZpy, console: Console) -> None:
    def echo(line: str) -> None:
        console.print(line, markup=False, highlight=False)

    def values_text(values: dict[str, Any]) -> str:
        return ", ".join(f"{name} = {value}" for name, value in values.items())

    echo(f"找朋友 sweep {report['out']} over {', '.join(report['vary'])}: {len(report['variants'])} variants")
    for variant in report["variants"]:
        echo(f"{values_text(variant['values'])}: the declarer's side wins {rate_text(variant['declarer_side_wins'])}"
             f", 1 vs 4 {rate_text(variant['one_vs_four'])}, overcalled {rate_text(variant['overcalled'])}, "
             f"conceded {rate_text(variant['conceded'])}, T = {variant['threshold']} "
             f"{rate_text(variant['at_threshold'])}")
    for paired in report["paired"]:
        echo(f"paired, {values_text(paired['values'])} − {values_text(report['baseline'])} "
             f"({paired['hands']:,} hands):")
        for name, value in paired["differences"].items():
            echo(f"  {name:<24} {mean_text(value, 4)}")


def zhaopengyou_comparison(first: str | Path, second: str | Path) -> ReportZpy:
    """Two 找朋友 runs on the same deals: each run's numbers and the paired differences B − A."""
    a, b = open_paired_runs(first, second)
    return {"a": run_numbers(a), "b": run_numbers(b), **paired_differences(a, b)}


def print_zhaopengyou_comparison(report: ReportZpy, console: Console) -> None:
    def echo(line: str) -> None:
        console.print(line, markup=False, highlight=False)

    for name in ("a", "b"):
        numbers = report[name]
        echo(f"{name.upper()} {numbers['out']}: the declarer's side wins {rate_text(numbers['declarer_side_wins'])}, "
             f"1 vs 4 {rate_text(numbers['one_vs_four'])}, conceded {rate_text(numbers['conceded'])}")
    echo(f"paired, B − A ({report['hands']:,} hands):")
    for name, value in report["differences"].items():
        echo(f"  {name:<24} {mean_text(value, 4)}")


# ---- the game interface's report hooks (`Game.report`, `Game.compare`) ----


def run_report(request: ReportRequest) -> tuple[dict[str, Any], Printer]:
    """The report of a run (no options beyond the plain report yet)."""
    request.refuse_extras("找朋友")
    return zhaopengyou_report(request.out), print_zhaopengyou_report


def sweep_report(request: ReportRequest) -> tuple[dict[str, Any], Printer]:
    """The report of a sweep: each variant, and its paired differences from the first."""
    request.refuse_extras("找朋友")
    return zhaopengyou_sweep_report(request.out), print_zhaopengyou_sweep_report


def compare(a: Path, b: Path, by: tuple[str, ...]) -> tuple[dict[str, Any], Printer]:
    """Two runs on the same deals, hand by hand (no --by yet)."""
    if by:
        raise GameFeatureError("the 找朋友 comparison has no --by yet")
    return zhaopengyou_comparison(a, b), print_zhaopengyou_comparison
