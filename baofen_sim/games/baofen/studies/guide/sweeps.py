"""The guide's auction figures and studies (sections 4–6): one run's auction and result figures (`variant_numbers`:
all-pass, 水草, how often a bid reached its cap or a cap held a bidder back, RULES.md §5.4.2, make rate and
settlement), a sweep's variants and their paired differences, and per bidding style the cap study's verdict: does
the 150/250 rule change anything, and from what cap would a cap start to.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from baofen_sim.analysis.columns import at_declarer
from baofen_sim.analysis.runs import Run, Sweep, open_output
from baofen_sim.analysis.stats import mean_summary, rate_summary
from baofen_sim.games.baofen.studies.guide.steps import STYLES, GuidePlan

CAP_NONE = "250"  # the baseline of the cap comparisons: a default cap at the top bid binds nobody below it

rate = rate_summary
mean_of = mean_summary


def variant_numbers(run: Run) -> dict[str, Any]:
    """One run's auction and result figures: all-pass, 水草 (a hand with a pot flow), how often the declarer's
    bid reached his cap (§5.4.2: `capped`) and how often a cap held a bidder back (`cap_limited`), with the make
    rate and mean declarer settlement in those hands (`limited_make`, `limited_settle`), make rate and mean
    declarer settlement overall and by target."""
    seats = run.spec["rules"]["num_players"]
    hands = run.scan()
    declarer = pl.col("declarer").cast(pl.Int64)
    settle = at_declarer("settle", seats)
    flows = pl.any_horizontal([pl.col(f"pot_flow_{s}") != 0 for s in range(seats)])
    frame = hands.select(declarer.alias("declarer"), pl.col("target").cast(pl.Int64), pl.col("declarer_won"),
                         settle.alias("settle"), pl.col("cap_reached").alias("capped"), pl.col("cap_limited"),
                         flows.alias("pot"), pl.col("pot_after")).collect()
    declared = frame.filter(pl.col("declarer") >= 0)
    limited = declared.filter(pl.col("cap_limited"))
    n, d = frame.height, declared.height
    by_target = []
    for (target,), group in declared.group_by("target", maintain_order=False):
        by_target.append({"target": int(target), "make": rate(int(group["declarer_won"].sum()), group.height),
                          "settle": mean_of(group["settle"].to_numpy())})
    return {"values": run.values, "hands": n, "all_pass": rate(n - d, n), "pot_hands": rate(int(frame["pot"].sum()), n),
            "pot_after": mean_of(frame["pot_after"].to_numpy()), "capped": rate(int(declared["capped"].sum()), d),
            "cap_limited": rate(limited.height, d), "limited_make": rate(int(limited["declarer_won"].sum()),
                                                                           limited.height),
            "limited_settle": mean_of(limited["settle"].to_numpy()),
            "make": rate(int(declared["declarer_won"].sum()), d), "settle": mean_of(declared["settle"].to_numpy()),
            "by_target": sorted(by_target, key=lambda row: row["target"])}


PAIRED_METRICS = ("all_pass_rate", "declarer_win_rate", "settle_declarer", "pot_after_mean")
CAP_PAIRED_METRICS = ("cap_reached_rate", "cap_limited_rate", "target_cap_bound", "declarer_win_rate_cap_bound",
                      "settle_declarer_cap_bound")  # analysis.caps.cap_metrics
VERDICT_METRICS = ("declarer_win_rate", "settle_declarer", "all_pass_rate")  # "the cap changes something"


def sweep_numbers(directory: Path, compare: list[tuple[str, str | None]]) -> dict[str, Any]:
    """Every variant's figures and the paired differences along each (name, baseline) of `compare`."""
    from baofen_sim.games.baofen.report.sweep import compare_sweep

    source = open_output(directory)
    assert isinstance(source, Sweep), directory
    out: dict[str, Any] = {"variants": [variant_numbers(v) for v in source.variants], "paired": {}}
    for name, baseline in compare:
        result = compare_sweep(directory, name, baseline)
        out["paired"][name] = {"baseline": result["baseline"], "comparisons": [
            {"fixed": c["fixed"], "value": c["value"],
             **{m: c["metrics"][m] for m in (*PAIRED_METRICS, *CAP_PAIRED_METRICS) if m in c["metrics"]}}
            for c in result["comparisons"]]}
    return out


def excludes_zero(difference: dict[str, Any] | None, key: str = "difference") -> bool:
    """Whether a paired difference's 95% CI lies wholly on one side of zero."""
    ci = None if difference is None else difference.get("ci95")
    return bool(ci) and (ci[0] > 0 or ci[1] < 0)


def cap_verdict(study: dict[str, Any]) -> dict[str, Any]:
    """For one style's cap sweep: whether the rule (bid_cap_default 150, the pairs rule at 5) changes the
    declarer's make rate, his mean or the all-pass rate against no cap (a default cap of 250) on the same deals,
    and the highest default cap at which one of them first changes (None: at none of CAP_DEFAULTS)."""
    rows = {int(c["value"]): c for c in study["paired"]["bid_cap_default"]["comparisons"]
            if str(c["fixed"].get("bid_cap_pairs_min")) == "5"}
    changed = {cap: [m for m in VERDICT_METRICS if excludes_zero(row.get(m))] for cap, row in rows.items()}
    starts = max((cap for cap, names in changed.items() if names), default=None)
    return {"rule": rows.get(150), "rule_changes": bool(changed.get(150)), "changed_metrics": changed.get(150, []),
            "starts_at": starts}


def cap_study_numbers(plan: GuidePlan) -> dict[str, Any]:
    """Per style: every cap variant's figures, the paired differences from no cap (bid_cap_default 250) and
    from the pairs rule at 5, and the verdict."""
    out = {}
    for style in STYLES:
        study = sweep_numbers(plan.path(f"caps-{style}"), [("bid_cap_default", CAP_NONE),
                                                           ("bid_cap_pairs_min", "5")])
        out[style] = {**study, "verdict": cap_verdict(study)}
    return out
