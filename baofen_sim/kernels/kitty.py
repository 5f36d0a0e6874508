"""The kitty kernels of the games that declare during the deal, 80分 and 找朋友 (each game's records name the fields
read here alike): the kitty multiplier of a play (RULES.md §7.3.11, A23: 80分's 抠底, `engine/tractor80/result.py`,
and 找朋友's under `s003_multipliers`, §7.4.11, `engine/zhaopengyou/result.py`), and a bury passed on when another
seat takes the kitty (80分's 反底, §7.3.8; 找朋友's overcall, §7.4.7)."""

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


@njit(cache=True)
def pass_kitty(sc, burier, taker, kitty_size, n):
    """`taker` takes the kitty `burier` buried (§7.3.8, §7.4.7). The burier knows those cards (`sc.passed`) and that
    they lie with the taker or in its bury, and so on down the later takers (`sc.bury_takers`, as every earlier
    burier's)."""
    for i in range(kitty_size):
        sc.passed[burier, i] = sc.kitty[i]
    for seat in range(n):
        if seat == burier or sc.bury_takers[seat] != 0:
            sc.bury_takers[seat] |= 1 << taker
    sc.bury_takers[taker] = 0  # its own bury is the kitty now
