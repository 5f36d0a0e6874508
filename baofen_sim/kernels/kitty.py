"""The kitty multiplier of a play (RULES.md §7.3.11, A23), shared by the games whose last trick multiplies the kitty:
80分 (抠底, `engine/tractor80/result.py`) and 找朋友 under `s003_multipliers` (§7.4.11, `engine/zhaopengyou/result.py`).
`rules` is either game's rules record; both name the fields read here alike."""

from __future__ import annotations

from baofen_sim.codes import MULTI_TRACTOR_SUM
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.units import longest_run, run_pairs_total

CARDS_PER_PAIR = 2


@njit(cache=True)
def kitty_multiplier(tb, rules, pairs):
    """§7.3.11 the multiplier of a play whose pairs are `pairs` (its eq2), split into units (§1.9): with a tractor,
    tractor_multiplier × the cards of its longest tractor (of all its tractors under `sum`, A23); else, with a pair,
    pair_multiplier; else single_multiplier."""
    tractor_pairs = run_pairs_total(tb, pairs) if rules.multi_tractor == MULTI_TRACTOR_SUM else longest_run(tb, pairs)
    if tractor_pairs > 0:
        return rules.tractor_multiplier * CARDS_PER_PAIR * tractor_pairs
    if pairs != ZERO:
        return rules.pair_multiplier
    return rules.single_multiplier
