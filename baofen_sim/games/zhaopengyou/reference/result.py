"""The result of a 找朋友 hand (RULES.md §7.4.11, §7.4.12, §7.4.2): the kitty bonus, who wins at the 80 line, and
the seat that receives the next first card. No levels and no stakes (A36)."""

from __future__ import annotations

from collections.abc import Sequence

from baofen_sim.games.tractor80.reference.kitty import last_trick_multiplier
from baofen_sim.games.zhaopengyou.options import ZpyKittyRule, ZpyTieAt80
from baofen_sim.games.zhaopengyou.reference.calling import NUM_PLAYERS
from baofen_sim.reference.order import Order
from baofen_sim.rules import RuleSet

FLAT_DOUBLE = 2  # "扣底翻番"


def kitty_multiplier(lead: Sequence[int], winning_play: Sequence[int], defenders_won_last: bool, order: Order,
                     rules: RuleSet) -> int:
    """§7.4.11 [A30] the multiplier of the final kitty's points: 0 unless a defender won the last trick; then 80分's
    multipliers of the winning play (s003_multipliers, §7.3.11), 2 (flat_double) or 0 (none)."""
    if not defenders_won_last or rules.zpy_kitty_rule == ZpyKittyRule.NONE:
        return 0
    if rules.zpy_kitty_rule == ZpyKittyRule.FLAT_DOUBLE:
        return FLAT_DOUBLE
    return last_trick_multiplier(lead, winning_play, True, order, rules)


def declarer_won(defenders_total: int, rules: RuleSet) -> bool:
    """§7.4.12 "超过80，则抓分方赢；低于80分则庄家赢"; exactly at the threshold by `zpy_tie_at_80` (A29)."""
    if defenders_total == rules.zpy_threshold:
        return rules.zpy_tie_at_80 == ZpyTieAt80.DECLARER_WIN
    return defenders_total < rules.zpy_threshold


def next_deal_first(declarer: int, won: bool) -> int:
    """§7.4.2: the next first card goes to the declarer if his side won, else to his 下家."""
    return declarer if won else (declarer + 1) % NUM_PLAYERS
