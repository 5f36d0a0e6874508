"""The result of a 找朋友 hand (RULES.md §7.4.11 the kitty, §7.4.12 the 80 line, §7.4.2 the next first card; A29, A30).
No levels and no stakes (A36). `zr` is the HAND_ZPY_RULES_DTYPE record."""

from __future__ import annotations

from baofen_sim.codes import KITTY_BASIS_LEAD_STRUCTURE
from baofen_sim.games.zhaopengyou.engine.materialize import KITTY_RULE_FLAT_DOUBLE, KITTY_RULE_NONE
from baofen_sim.games.zhaopengyou.engine.records import NUM_SEATS
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.kitty import kitty_multiplier

FLAT_DOUBLE = 2  # "扣底翻番"


@njit(cache=True)
def last_trick_multiplier(tb, zr, defenders_won_last, lead_eq2, win_eq2):
    """§7.4.11 [A30]: 0 unless a defender won the last trick; then 80分's multiplier of the winning play (of the lead
    under lead_structure) for s003_multipliers (§7.3.11), 2 for flat_double, 0 for none."""
    if not defenders_won_last or zr.kitty_rule == KITTY_RULE_NONE:
        return 0
    if zr.kitty_rule == KITTY_RULE_FLAT_DOUBLE:
        return FLAT_DOUBLE
    return kitty_multiplier(tb, zr, lead_eq2 if zr.kitty_basis == KITTY_BASIS_LEAD_STRUCTURE else win_eq2)


@njit(cache=True)
def declarer_won(zr, total):
    """§7.4.12: the defenders win above the threshold, the declarer's side below; at it as `zpy_tie_at_80` says."""
    if total == zr.threshold:
        return zr.tie_declarer_wins != 0
    return total < zr.threshold


@njit(cache=True)
def next_deal_first(declarer, won):
    """§7.4.2: the declarer if his side won, else his 下家."""
    return declarer if won else (declarer + 1) % NUM_SEATS
