"""Every target from one play (DESIGN.md §5; RunSpec target = each): when the play policies ignore the
target, a hand played once fixes the declarer's score S and its category (§6.4, §6.5), and only the last
step depends on the target T: R = S − T (or the fixed special score), won = R ≥ 0 (A11), and the result's
settlement (§6.6 / §6.7). So the make probability and the declarer's expected settlement at every bid
value follow from the rows, computed by the kernels' own functions (`scoring.result_at_target`,
`ledger.result_settlement`, run as plain Python on the few distinct (S, category) pairs).

The declarer's settlement at T is the row's declarer settlement with the result part at the played target
replaced by the result part at T (what stays is the S001 throw penalties; a forced declarer's table holds
one hand, so no 水草 pot flows).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from baofen_sim.analysis.stats import interval_list, mean_interval, wilson_interval
from baofen_sim.codes import CATEGORY_LABELS
from baofen_sim.rules import RuleSet


def target_outcomes(rules: RuleSet, pairs: np.ndarray, targets: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """won[pair, target] (bool) and the declarer's result settlement [pair, target] of each (S, category)."""
    # Imported here: importing the kernels fixes this process's policy set (policy_set), which a report must
    # leave to the commands that run the engine.
    from baofen_sim.kernels.ledger import result_settlement
    from baofen_sim.kernels.scoring import result_at_target
    from baofen_sim.materialize import hand_rules

    hr = hand_rules(rules)
    won = np.zeros((len(pairs), len(targets)), dtype=bool)
    change = np.zeros((len(pairs), len(targets)), dtype=np.float64)
    for i, (score, category) in enumerate(pairs):
        for j, target in enumerate(targets):
            result, made = result_at_target.py_func(hr, int(score), int(category), target)
            won[i, j] = made
            change[i, j] = result_settlement.py_func(hr, made, int(category), result)[0]
    return won, change


def every_target(hands: pl.LazyFrame, rules: RuleSet, seats: int, by: list[str] | None = None) -> list[dict[str, Any]]:
    """Per group of the `by` columns (one group without): per bid value T of the rules, the hands, the
    declarer's make rate at T with its Wilson 95% CI, and his mean settlement at T with its 95% CI."""
    keys = list(by or [])
    category = pl.col("category").cast(pl.String).replace_strict(
        {label: code for code, label in enumerate(CATEGORY_LABELS)}, return_dtype=pl.Int64)
    settle = pl.coalesce([pl.when(pl.col("declarer") == s).then(pl.col(f"settle_{s}")) for s in range(seats)])
    rows = (hands.filter(pl.col("declarer") >= 0)
            .select(*keys, pl.col("score").cast(pl.Int64), category.alias("__category"),
                    pl.col("target").cast(pl.Int64).alias("__played"), settle.alias("__settle"))
            .group_by([*keys, "score", "__category", "__played"])
            .agg(pl.len().alias("__n"), pl.col("__settle").sum().alias("__sum"),
                 (pl.col("__settle") ** 2).sum().alias("__sum_sq"))
            .collect())
    targets = rules.bid_values()
    if rows.is_empty():
        return []
    pairs = rows.select("score", "__category").unique(maintain_order=True)
    won, change = target_outcomes(rules, pairs.to_numpy(), targets)
    index = {(s, c): i for i, (s, c) in enumerate(pairs.iter_rows())}
    pair_of = np.array([index[(s, c)] for s, c in rows.select("score", "__category").iter_rows()])
    played = np.array([targets.index(t) if t in targets else -1 for t in rows["__played"]])
    if (played < 0).any():
        raise ValueError("rows played at a target that is not a bid value of these rules")
    n = rows["__n"].to_numpy().astype(np.float64)
    # The rest of each row's settlement, beside the result part at the played target.
    rest_sum = rows["__sum"].to_numpy() - n * change[pair_of, played]
    rest_sq = (rows["__sum_sq"].to_numpy() - 2 * change[pair_of, played] * rows["__sum"].to_numpy()
               + n * change[pair_of, played] ** 2)
    groups = [()] if not keys else rows.select(keys).unique(maintain_order=True).sort(keys).iter_rows()
    out = []
    for group in groups:
        mask = np.ones(len(rows), dtype=bool)
        for key, value in zip(keys, group, strict=True):
            mask &= (rows[key] == value).to_numpy() if value is not None else rows[key].is_null().to_numpy()
        size = n[mask].sum()
        per_target = []
        for j, target in enumerate(targets):
            part = change[pair_of[mask], j]
            total = rest_sum[mask].sum() + (n[mask] * part).sum()
            total_sq = rest_sq[mask].sum() + 2 * (part * rest_sum[mask]).sum() + (n[mask] * part ** 2).sum()
            wins = int((n[mask] * won[pair_of[mask], j]).sum())
            mean = float(total / size)
            std = float(np.sqrt(max(0.0, (total_sq - size * mean ** 2) / (size - 1)))) if size > 1 else None
            per_target.append({"target": target, "hands": int(size), "wins": wins, "make_rate": wins / size,
                               "make_ci95": interval_list(wilson_interval(wins, int(size))),
                               "mean_settle_declarer": mean,
                               "settle_ci95": interval_list(mean_interval(mean, std, int(size)))})
        out.append({**dict(zip(keys, group, strict=True)), "targets": per_target})
    return out
