"""After the 找朋友 call: overcalls with a pair of 7s (反主, RULES.md §7.4.7, A35, A53), the friend card (§7.4.8,
A32, A44) and the declarer's concession (认输, §7.4.9, A32). Each check returns None or the reason in words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from baofen_sim.cards import SUIT_LETTERS, card_name, suit_of
from baofen_sim.reference.zhaopengyou.calling import NUM_PLAYERS, Call, is_seven
from baofen_sim.rules import RuleSet, ZpyConcedeCondition


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
