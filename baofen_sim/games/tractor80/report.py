"""`baofen-sim report` of an 80分 run (RULES.md §7.3): what a club asks of it, every rate with its Wilson 95% CI and
every mean with its normal 95% CI (hands of one table are not independent: the intervals treat them as if they were,
as the Baofen report does).

- the 庄家方's win rate (T < threshold), and the distribution of T over the rows of the level table (§7.3.12);
- levels gained per hand (by the winning team), and by which side;
- games: finished games, hands per finished game, the share of finished games each team wins;
- where the trump came from (a single, a pair, a joker pair, the kitty, a 反底), showings and 反底s per hand;
- 抠底: how often the 抓分方 win the last trick with kitty points at stake, and the bonus then;
- failed throws per hand.

On a sweep (`tractor80_sweep_report`): each variant's headline numbers, and each variant's paired difference from the
first variant, hand by hand on the same deals.
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
from baofen_sim.codes import NUM_TEAMS, TRUMP_SOURCE_LABELS
from baofen_sim.games.interface import GameFeatureError, Printer, ReportRequest
from baofen_sim.rules.options import TrumpSelection

Report80 = dict[str, Any]


def total_rows(threshold: int, step: int) -> list[tuple[str, int | None, int | None]]:
    """The level table's rows of T (§7.3.12): (label, low, high) with low ≤ T < high (None: open)."""
    rows = [("T = 0", 0, 1), (f"0 < T < {threshold - step}", 1, threshold - step),
            (f"{threshold - step} ≤ T < {threshold}", threshold - step, threshold)]
    for low in range(threshold, threshold + 3 * step, step):
        rows.append((f"{low} ≤ T < {low + step}", low, low + step))
    rows.append((f"T ≥ {threshold + 3 * step}", threshold + 3 * step, None))
    return rows


def is_tractor80_run(out: str | Path) -> bool:
    """Whether `out` holds a run (not a sweep) of 80分 rules."""
    try:
        output = open_output(out, warn=lambda _: None)
    except ReportError:
        return False
    rules = (output.spec or {}).get("rules", {}) if isinstance(output, Run) else {}
    return rules.get("trump_selection") == TrumpSelection.DEAL_DECLARATION


def tractor80_report(out: str | Path) -> Report80:
    """The numbers of the 80分 run in `out`."""
    return run_numbers(open_run(out))


def run_numbers(run: Run) -> Report80:
    """The numbers of an 80分 run, or of one variant of a sweep."""
    rules = (run.spec or {}).get("rules", {})
    threshold, step = rules.get("threshold", 80), rules.get("level_step", 40)
    hands = run.scan().collect()
    n = hands.height
    report: Report80 = {"out": str(run.out), "hands": n, "tables": hands["table"].n_unique(),
                        "zhuang_side_wins": rate(int(hands["declarer_won"].sum()), n)}
    total = hands["defenders_total"]
    report["defenders_total"] = [{"row": label, **rate(int(((total >= low) & (total < high if high else True)).sum()),
                                                      n)} for label, low, high in total_rows(threshold, step)]
    report["levels_per_hand"] = mean(hands["up_levels"].cast(pl.Float64))
    report["levels_per_hand_by_side"] = {
        side: mean(hands.filter(pl.col("declarer_won") == won)["up_levels"].cast(pl.Float64))
        for side, won in (("庄家方 holds", True), ("抓分方 take over", False))}
    report["games"] = _games(hands)
    source = hands["trump_source"].cast(pl.Utf8)
    report["trump_source"] = {label: rate(int((source == label).sum()), n) for label in TRUMP_SOURCE_LABELS}
    report["showings_per_hand"] = mean(hands["declarations"].cast(pl.Float64))
    report["fandi_per_hand"] = mean(hands["fandi"].cast(pl.Float64))
    won_last = hands.filter(pl.col("kitty_multiplier") > 0)
    report["koudi"] = {"rate": rate(won_last.height, n),
                       "bonus_when_won": mean(won_last["kitty_bonus"].cast(pl.Float64)),
                       "multiplier_when_won": mean(won_last["kitty_multiplier"].cast(pl.Float64))}
    report["failed_throws_per_hand"] = mean(hands["failed_throws"].cast(pl.Float64))
    return report


def _games(hands: pl.DataFrame) -> dict[str, Any]:
    """Finished games (a hand with game_over), their length in hands and the team that won each: the team that went
    up in the game's last hand (reach_A: it reached A; win_hand_at_A: it held at A)."""
    games = (hands.with_columns(pl.int_range(pl.len()).over(["table", "game"]).alias("hand_of_game"))
             .filter(pl.col("game_over")))
    finished = games.height
    out: dict[str, Any] = {"finished": finished, "hands_per_game": mean((games["hand_of_game"] + 1).cast(pl.Float64))}
    out["team_wins"] = {f"team {team}": rate(int((games["up_team"] == team).sum()), finished)
                        for team in range(NUM_TEAMS)}
    return out


def print_tractor80_report(report: Report80, console: Console) -> None:
    """The report as text on `console`: one line per number, CIs in brackets."""

    def echo(line: str) -> None:
        console.print(line, markup=False, highlight=False)

    echo(f"80分 run {report['out']}: {report['hands']:,} hands at {report['tables']:,} tables")
    echo(f"the 庄家方 win the hand (T below the threshold): {rate_text(report['zhuang_side_wins'])}")
    echo("the defenders' total T over the level table (§7.3.12):")
    for row in report["defenders_total"]:
        echo(f"  {row['row']:<16} {rate_text(row)}")
    echo(f"levels gained per hand: {mean_text(report['levels_per_hand'])}; "
         + "; ".join(f"{side}: {mean_text(v)}" for side, v in report["levels_per_hand_by_side"].items()))
    games = report["games"]
    echo(f"games finished: {games['finished']:,}, hands per finished game {mean_text(games['hands_per_game'], 2)}; "
         "won by " + ", ".join(f"{team} {rate_text(v)}" for team, v in games["team_wins"].items()))
    echo("trump set by: " + ", ".join(f"{label} {rate_text(v)}" for label, v in report["trump_source"].items()))
    echo(f"showings per hand {mean_text(report['showings_per_hand'])}, 反底 per hand "
         f"{mean_text(report['fandi_per_hand'])}")
    koudi = report["koudi"]
    echo(f"抠底 (the 抓分方 win the last trick, m > 0): {rate_text(koudi['rate'])}; then the bonus "
         f"{mean_text(koudi['bonus_when_won'], 2)}, the multiplier {mean_text(koudi['multiplier_when_won'], 2)}")
    echo(f"failed throws per hand: {mean_text(report['failed_throws_per_hand'])}")


# ----- sweeps: each variant, and its paired difference from the first on the same deals ---------------------------

# Per-hand metrics of the paired comparison: (name, expression).
PAIRED_METRICS = (
    ("庄家方 win rate", pl.col("declarer_won").cast(pl.Float64)),
    ("defenders' total T", pl.col("defenders_total").cast(pl.Float64)),
    ("levels gained per hand", pl.col("up_levels").cast(pl.Float64)),
    ("抠底 rate", (pl.col("kitty_multiplier") > 0).cast(pl.Float64)),
    ("抠底 bonus per hand", pl.col("kitty_bonus").cast(pl.Float64)),
    ("games ended per hand", pl.col("game_over").cast(pl.Float64)),
)


def is_tractor80_sweep(out: str | Path) -> bool:
    """Whether `out` holds a sweep of 80分 rules."""
    try:
        output = open_output(out, warn=lambda _: None)
    except ReportError:
        return False
    return isinstance(output, Sweep) and all(
        (variant.spec or {}).get("rules", {}).get("trump_selection") == TrumpSelection.DEAL_DECLARATION
        for variant in output.variants)


def tractor80_sweep_report(out: str | Path) -> Report80:
    """Each variant's numbers (`tractor80_report`), and each variant's paired difference from the first on every
    PAIRED_METRICS metric (the same hands: common deals, DESIGN.md §4), mean with its 95% CI."""
    sweep = open_output(out)
    assert isinstance(sweep, Sweep)
    base, *others = sweep.variants
    return {"out": str(out), "vary": list(sweep.vary), "baseline": base.values,
            "variants": [{"values": v.values, **run_numbers(v)} for v in sweep.variants],
            "paired": [{"values": variant.values, **paired_differences(base, variant)} for variant in others]}


def paired_differences(a: Run, b: Run) -> Report80:
    """B − A on every PAIRED_METRICS metric, hand by hand over the hands both played (the same deals, DESIGN.md §4):
    the mean difference with its 95% CI."""
    return paired_metric_differences(a, b, PAIRED_METRICS)


def tractor80_comparison(first: str | Path, second: str | Path) -> Report80:
    """Two 80分 runs on the same deals: each run's numbers and the paired differences B − A."""
    a, b = open_paired_runs(first, second)
    return {"a": run_numbers(a), "b": run_numbers(b), **paired_differences(a, b)}


def print_tractor80_comparison(report: Report80, console: Console) -> None:
    def echo(line: str) -> None:
        console.print(line, markup=False, highlight=False)

    for name in ("a", "b"):
        numbers = report[name]
        echo(f"{name.upper()} {numbers['out']}: the 庄家方 win {rate_text(numbers['zhuang_side_wins'])}, levels "
             f"per hand {mean_text(numbers['levels_per_hand'])}, games finished {numbers['games']['finished']:,}")
    echo(f"paired, B − A ({report['hands']:,} hands):")
    for name, value in report["differences"].items():
        echo(f"  {name:<24} {mean_text(value, 4)}")


def print_tractor80_sweep_report(report: Report80, console: Console) -> None:
    def echo(line: str) -> None:
        console.print(line, markup=False, highlight=False)

    echo(f"80分 sweep {report['out']} over {', '.join(report['vary'])}: {len(report['variants'])} variants")
    for variant in report["variants"]:
        echo(f"{_values_text(variant['values'])}: the 庄家方 win {rate_text(variant['zhuang_side_wins'])}, levels per "
             f"hand {mean_text(variant['levels_per_hand'])}, 抠底 {rate_text(variant['koudi']['rate'])}, games "
             f"finished {variant['games']['finished']:,}")
    for paired in report["paired"]:
        echo(f"paired, {_values_text(paired['values'])} − {_values_text(report['baseline'])} "
             f"({paired['hands']:,} hands):")
        for name, value in paired["differences"].items():
            echo(f"  {name:<24} {mean_text(value, 4)}")


def _values_text(values: dict[str, Any]) -> str:
    return ", ".join(f"{name} = {value}" for name, value in values.items())


# ---- the game interface's report hooks (`Game.report`, `Game.compare`) ----


def run_report(request: ReportRequest) -> tuple[dict[str, Any], Printer]:
    """The report of a run (no options beyond the plain report yet)."""
    request.refuse_extras("80分")
    return tractor80_report(request.out), print_tractor80_report


def sweep_report(request: ReportRequest) -> tuple[dict[str, Any], Printer]:
    """The report of a sweep: each variant, and its paired differences from the first."""
    request.refuse_extras("80分")
    return tractor80_sweep_report(request.out), print_tractor80_sweep_report


def compare(a: Path, b: Path, by: tuple[str, ...]) -> tuple[dict[str, Any], Printer]:
    """Two runs on the same deals, hand by hand (no --by yet)."""
    if by:
        raise GameFeatureError("the 80分 comparison has no --by yet")
    return tractor80_comparison(a, b), print_tractor80_comparison
