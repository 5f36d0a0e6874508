"""The 找朋友 declarer's concession (认输, RULES.md §7.4.9, A32). The check returns None or the reason in words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from baofen_sim.cards import card_name
from baofen_sim.games.zhaopengyou.options import ZpyConcedeCondition
from baofen_sim.games.zhaopengyou.reference.calling import Call, is_seven
from baofen_sim.rules import RuleSet


def concede_problem(call: Call, overcalled: bool, dealt: Sequence[int], kitty: Sequence[int],
                    hand_now: Sequence[int], rules: RuleSet) -> str | None:
    """§7.4.9 [A32]: the declarer may concede if the option allows it, nobody overcalled, he called with one 7,
    and he held both copies of it as `zpy_concede_condition` says: among his `dealt` cards and the `kitty`
    (held_both), among his dealt cards (held_both_in_deal), or in `hand_now` after the bury."""
    if not rules.zpy_allow_concede:
        return "conceding is off (zpy_allow_concede = false)"
    if overcalled:
        return "an overcaller cannot concede (\"如果是玩家反主成为庄家，则没有认输的机会\")"
    if not is_seven(call.card):
        return "only a declarer who called with one 7 may concede"
    where = {ZpyConcedeCondition.HELD_BOTH: [*dealt, *kitty], ZpyConcedeCondition.HELD_BOTH_IN_DEAL: dealt,
             ZpyConcedeCondition.HOLDS_BOTH_AFTER_BURY: hand_now}[rules.zpy_concede_condition]
    if Counter(where)[call.card] < 2:
        return (f"he may concede only when both {card_name(call.card)} were his "
                f"(zpy_concede_condition = {rules.zpy_concede_condition})")
    return None
