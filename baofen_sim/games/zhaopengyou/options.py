"""The 5-player 找朋友's own house rules (RULES.md §9.5: the turned-up card, the call with a 7, overcalls, the
friend, the concession and the 80 line), their enums and their checks. `rules.ruleset.RuleSet` collects these fields
with the shared §9.1–§9.2 options and the other games' own.

Defaults are the 5p column of §9.5 (the `zhaopengyou-5p` preset). Naming contract of the enums as `rules.options`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

SECTION = "§9.5 5-player (S002) only"
# The §9.5 map option, flattened into one field per key: map name -> (field prefix, keys).
MAP_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "zpy_joker_flip_suits": ("zpy_joker_flip_suit_", ("bj", "lj")),
}
# Lower bounds (inclusive).
MINIMUM: dict[str, int | float] = {
    "zpy_overcall_max": 0,
    "zpy_threshold": 1,
}
OVERCALL_LIMIT = 3  # §7.4.7 [A35] each overcall names a suit not yet trump: at most the three others
# option -> the values the 5-player reference engine (reference/zhaopengyou) implements
SUPPORTED: dict[str, tuple] = {
    "hand_size": (20,),
    "kitty_size": (8,),
    "constant_trump_ranks": ((7, 2),),  # §1.2.1 the 7s and the 2s are the constant trumps
    "allow_no_trump": (False,),  # §7.4.4 a call is always a suit
    "joker_tractor_mode": ("none", "top"),  # A33 (iii): by role or by manner is not defined for 找朋友
    "special_tier_tractors": (False,),  # A33 (iv)
    "failed_throw_penalty_kind": ("none",),  # A34: throws, where allowed, cost nothing
    "eight_kind_mode": ("off",),  # §1.8: Baofen only
    "zpy_friend_only_without_overcall": (True,),  # A32: who would the friend be after an overcall?
    "zpy_friend_points_cleared_on_reveal": (True,),  # §7.4.10: nothing says what his later tricks count otherwise
}


class ZpyFirstDealSeat(StrEnum):
    """Who receives the first card of a table's first hand, §7.4.2 (S002 1.3): a random seat. The only value."""

    RANDOM = "random"


class ZpyFlipCard(StrEnum):
    """Which dealt card is turned up, §7.4.3 [A31]: a uniformly random one (default), the first or the last."""

    RANDOM_DEALT = "random_dealt"
    FIRST_DEALT = "first_dealt"
    LAST_DEALT = "last_dealt"


class ZpyJokerFlipSuit(StrEnum):
    """A suit letter (§0.3): the trump suit a turned-up joker names, §7.4.5 (S002 1.8: BJ → H, LJ → S)."""

    S = "S"
    H = "H"
    C = "C"
    D = "D"


class ZpyCallPollOrder(StrEnum):
    """Who is asked first to call after each dealt card, §7.4.4 [A28]: its recipient. The only value."""

    RECIPIENT_FIRST = "recipient_first"


class ZpyFlipCall(StrEnum):
    """The flip holder's forced call, §7.4.5 [A50]: the turned-up card or a trump 7 (default), any 7, or only the
    turned-up card."""

    FLIP_OR_TRUMP_7 = "flip_or_trump_7"
    ANY_7 = "any_7"
    FLIP_ONLY = "flip_only"


class ZpyOvercallPollOrder(StrEnum):
    """Who is asked first to overcall, §7.4.7 [A35]: the caller's 下家, the caller last. The only value."""

    CALLER_NEXT_FIRST_CALLER_LAST = "caller_next_first_caller_last"


class ZpyConcedeCondition(StrEnum):
    """When the declarer must hold both trump 7s to concede, §7.4.9 [A32]: among his dealt cards and the kitty
    (default), among his dealt cards only, or in his hand after the bury."""

    HELD_BOTH = "held_both"
    HELD_BOTH_IN_DEAL = "held_both_in_deal"
    HOLDS_BOTH_AFTER_BURY = "holds_both_after_bury"


class ZpyConcedeOutcome(StrEnum):
    """What a concession is, §7.4.9 [A32]: a declarer-side loss with no further scoring. The only value."""

    DECLARER_LOSS = "declarer_loss"


class ZpyTieAt80(StrEnum):
    """Defenders at exactly the threshold, §7.4.12 [A29]: the defenders win (default) or the declarer."""

    DEFENDERS_WIN = "defenders_win"
    DECLARER_WIN = "declarer_win"


class ZpyKittyRule(StrEnum):
    """The kitty when a defender wins the last trick, §7.4.11 [A30]: the 80分 multipliers (default), ×2, or
    nothing."""

    S003_MULTIPLIERS = "s003_multipliers"
    FLAT_DOUBLE = "flat_double"
    NONE = "none"


@dataclass(frozen=True, kw_only=True)
class ZhaopengyouOptions:
    """The §9.5 options; field names are the §9 names."""

    zpy_first_deal_seat: ZpyFirstDealSeat = ZpyFirstDealSeat.RANDOM  # §7.4.2 hand 1's first card, S002 1.3
    zpy_flip_card: ZpyFlipCard = ZpyFlipCard.RANDOM_DEALT  # §7.4.3 [A31] the turned-up card
    zpy_joker_flip_suit_bj: ZpyJokerFlipSuit = ZpyJokerFlipSuit.H  # §7.4.5 `zpy_joker_flip_suits.bj` "大王主花色为红桃"
    zpy_joker_flip_suit_lj: ZpyJokerFlipSuit = ZpyJokerFlipSuit.S  # §7.4.5 `zpy_joker_flip_suits.lj` "小王主花色为黑桃"
    zpy_call_poll_order: ZpyCallPollOrder = ZpyCallPollOrder.RECIPIENT_FIRST  # §7.4.4 [A28]
    zpy_flip_call: ZpyFlipCall = ZpyFlipCall.FLIP_OR_TRUMP_7  # §7.4.5 [A50]
    zpy_overcall_max: int = 1  # §7.4.7 [A35] "一旦有一个反主，其他玩家不能再反主"
    # §7.4.7 [A35] from the caller's 下家, the caller last
    zpy_overcall_poll_order: ZpyOvercallPollOrder = ZpyOvercallPollOrder.CALLER_NEXT_FIRST_CALLER_LAST
    zpy_friend_only_without_overcall: bool = True  # §7.4.8 [A32] "如无人反主"
    zpy_friend_points_cleared_on_reveal: bool = True  # §7.4.10 "一旦亮出该分数清零"
    zpy_allow_concede: bool = True  # §7.4.9 认输
    zpy_concede_condition: ZpyConcedeCondition = ZpyConcedeCondition.HELD_BOTH  # §7.4.9 [A32]
    zpy_concede_outcome: ZpyConcedeOutcome = ZpyConcedeOutcome.DECLARER_LOSS  # §7.4.9 [A32]
    zpy_threshold: int = 80  # §7.4.12 "抓分超过80，则抓分方赢"
    zpy_tie_at_80: ZpyTieAt80 = ZpyTieAt80.DEFENDERS_WIN  # §7.4.12 [A29]
    zpy_kitty_rule: ZpyKittyRule = ZpyKittyRule.S003_MULTIPLIERS  # §7.4.11 [A30]

    def section_problem(self, num_players: int) -> str | None:
        """The first value out of range or inconsistent with the others, in one line; None if they are sound."""
        if self.zpy_overcall_max > OVERCALL_LIMIT:
            return (f"zpy_overcall_max: {self.zpy_overcall_max} is not allowed (0..{OVERCALL_LIMIT}: "
                    "each overcall names a suit not yet trump this hand)")
        return None
