"""Overcalls with a pair of 7s after the 找朋友 call (反主, RULES.md §7.4.7, A35, A53). The check returns None or the
reason in words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from baofen_sim.cards import SUIT_LETTERS, card_name, suit_of
from baofen_sim.games.zhaopengyou.reference.calling import NUM_PLAYERS, is_seven
from baofen_sim.rules import RuleSet


def overcall_problem(cards: Sequence[int], hand: Sequence[int], suits_named: Sequence[int], overcalls: int,
                     rules: RuleSet) -> str | None:
    """§7.4.7: `cards` must be the two copies of one 7 held in `hand`, of a suit not yet trump in this hand
    (`suits_named`), and the hand must allow one more overcall (`zpy_overcall_max`, A35)."""
    limit = rules.zpy_overcall_max
    if limit == 0:
        return "no overcalls in this hand's rules (zpy_overcall_max = 0)"
    if overcalls >= limit:
        if limit == 1:
            return ("only one overcall per hand, against a standing single-7 call "
                    "(\"一旦有一个反主，其他玩家不能再反主\"; zpy_overcall_max = 1)")
        return f"at most {limit} overcalls per hand (zpy_overcall_max = {limit})"
    if len(cards) != 2 or cards[0] != cards[1] or not is_seven(cards[0]):
        shown = " ".join(card_name(k) for k in cards)
        return f"an overcall shows a pair of 7s of one suit, not {shown} (\"可用对7反主\")"
    if Counter(hand)[cards[0]] < 2:
        return f"does not hold {card_name(cards[0])} {card_name(cards[0])}"
    if suit_of(cards[0]) in suits_named:
        return f"{SUIT_LETTERS[suit_of(cards[0])]} has already been trump in this hand"
    return None


def overcall_poll_order(last_setter: int) -> list[int]:
    """§7.4.7 [A35] counter-clockwise from the 下家 of the caller (or of the last overcaller), he last."""
    return [(last_setter + i) % NUM_PLAYERS for i in range(1, NUM_PLAYERS + 1)]
