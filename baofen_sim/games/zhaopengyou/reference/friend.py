"""The 找朋友 friend (朋友, RULES.md §7.4.8, A32, A44): the other copy of the calling card, and who holds it."""

from __future__ import annotations

from collections.abc import Sequence

from baofen_sim.games.zhaopengyou.reference.calling import Call
from baofen_sim.rules import RuleSet


def friend_card(call: Call, overcalled: bool, rules: RuleSet) -> int | None:
    """§7.4.8: the other copy of the calling card; none after an overcall (A32)."""
    if overcalled and rules.zpy_friend_only_without_overcall:
        return None
    return call.card


def friend_seat(card: int | None, declarer: int, hands: Sequence[Sequence[int]]) -> int | None:
    """§7.4.8 [A32] the seat holding the friend card after the bury, or None (1 vs 4) when it is the declarer's or
    in the kitty."""
    if card is None:
        return None
    holders = [s for s, hand in enumerate(hands) if card in hand and s != declarer]
    return holders[0] if holders else None
