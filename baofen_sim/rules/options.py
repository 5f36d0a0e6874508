"""One small enum per enum-typed house-rule parameter of RULES.md §9.1–§9.5.

Naming contract: class = CamelCase of the §9 parameter name, member = the value text upper-cased,
member value = the exact value text of §9 (so `JokerTractorMode.R000 == "r000"`). Each docstring gives the
source or ambiguity and the default of the presets that read it (`baofen`; §9.4: `tractor-80fen`; §9.5:
`zhaopengyou-5p`). The RuleSet (ruleset.py) only collects these.
"""

from __future__ import annotations

from enum import StrEnum

# ---- §9.1 Table layout and card ranking ----------------------------------------------------------


class Direction(StrEnum):
    """Deal/bid/play direction, §0.4 ("逆时针"); only counter-clockwise exists. Default ccw."""

    CCW = "ccw"


class TrumpSelection(StrEnum):
    """Trump choice: §5.6 after the kitty (Baofen), §7.3.4 declared in the deal, §7.4.4 called with a 7."""

    AFTER_KITTY = "after_kitty"
    DEAL_DECLARATION = "deal_declaration"
    DEAL_CALL_7 = "deal_call_7"


class JokerTractorMode(StrEnum):
    """Power of BJ BJ LJ LJ, §1.6 [A1, A22]: r000 by role (baofen), r001 by manner, top, or no tractor."""

    R000 = "r000"
    R001 = "r001"
    TOP = "top"
    NONE = "none"


class JokerTractorRuff001(StrEnum):
    """Under r001, a joker tractor used to ruff is largest (default) or smallest, §1.6.2 [A1]."""

    LARGEST = "largest"
    SMALLEST = "smallest"


class TieRule(StrEnum):
    """Equal plays, §1.7 ("同等大小的牌以先出者为大"): the first played wins. The only value."""

    FIRST_PLAYED = "first_played"


# ---- §9.2 Following, ruffing and throws ----------------------------------------------------------


class FollowTractorRule(StrEnum):
    """Tractor a follower must play, §2.3.2 [A8]: longest up to the led length (default) or same length."""

    LONGEST_UP_TO_LED = "longest_up_to_led"
    SAME_LENGTH_ONLY = "same_length_only"


class RuffStructureRule(StrEnum):
    """Ruff structure test, §3 [A5]: same shape as the lead (default, S003 "相應") or unit counts (C58)."""

    SHAPE = "shape"
    COUNT = "count"


class MultiUnitCompare(StrEnum):
    """Comparing multi-unit plays, §3 [A6]: by the primary unit (default) or lexicographically."""

    PRIMARY_UNIT = "primary_unit"
    LEXICOGRAPHIC = "lexicographic"


class FailedThrowForcedPlay(StrEnum):
    """Failed throw forces, §4.4.2 [A3]: the smallest failing unit (S001/S003, default) or re-lead (S000)."""

    SMALLEST_FAILING_UNIT = "smallest_failing_unit"
    FREE_RELEAD = "free_relead"


class FailedThrowUnitPriority(StrEnum):
    """Which beaten unit a failed throw forces, §4.4.2 [A3]: the one holding the lowest card (default, the
    seeds' "最小牌"), or by card count, fewest or most cards first."""

    LOWEST_CARD = "lowest_card"
    FEWEST_CARDS_FIRST = "fewest_cards_first"
    MOST_CARDS_FIRST = "most_cards_first"


class FailedThrowPenaltyKind(StrEnum):
    """Failed-throw penalty, §4.5 [A4]: S000 points/card (baofen), S001 积分/card, S003 per failure."""

    DECLARER_POINTS_PER_CARD = "declarer_points_per_card"
    THROWER_CUMULATIVE_PER_CARD = "thrower_cumulative_per_card"
    DEFENDER_POINTS_PER_FAILURE = "defender_points_per_failure"
    NONE = "none"


class FailedThrowPenaltyBasis(StrEnum):
    """Failed-throw penalty counts, §4.5 [A4]: all attempted cards (default), failing units, failures."""

    ALL_ATTEMPTED_CARDS = "all_attempted_cards"
    FAILING_UNIT_CARDS = "failing_unit_cards"
    PER_FAILURE = "per_failure"


class FailedThrowPenaltyRecipient(StrEnum):
    """Who gets a failed-throw penalty, §4.5 [A4]: S000 rule (baofen), nobody (S001), S003 signed, split."""

    S000_RULE = "s000_rule"
    NONE = "none"
    DEFENDERS_TOTAL_SIGNED = "defenders_total_signed"
    OPPONENTS_SPLIT = "opponents_split"


class EightKindMode(StrEnum):
    """Eight of a kind, §1.8/§2.7 [A2]: off, S000 (the leader wins; baofen), S001 (a held eight answers)."""

    OFF = "off"
    S000 = "s000"
    S001 = "s001"


class EightKindPromotionScope(StrEnum):
    """Where an eight's off-suit cards are trumps, §1.8.3 [A2]: only in the play (default) or whole hand."""

    PLAY_ONLY = "play_only"
    WHOLE_HAND = "whole_hand"


# ---- §9.3 Baofen auction, all-pass and scoring ---------------------------------------------------


class KittyPointsOwner(StrEnum):
    """Who scores the kitty, §6.2 [A15]: nobody (default), the declarer, or he if he wins the last trick."""

    NONE = "none"
    DECLARER = "declarer"
    DECLARER_IF_LAST_TRICK = "declarer_if_last_trick"


class WangfenScope(StrEnum):
    """王分 measured over all 50 points (default, literal) or only those not buried, §6.3 [A14]."""

    ALL_50 = "all_50"
    PLAYED_ONLY = "played_only"


class SettlementMode(StrEnum):
    """Payoff: S000 stakes ×3/×1 (baofen, §6.6) or S001 cumulative score (baofen-001, §6.7)."""

    STAKES_000 = "stakes_000"
    CUMULATIVE_001 = "cumulative_001"


class PotAtTableEnd(StrEnum):
    """A §5.7 水草 pot left after a simulated table's last hand, A48: shared equally (default) or left unpaid."""

    SPLIT = "split"
    UNSETTLED = "unsettled"


class AllPassMode(StrEnum):
    """All pass, §5.7 [A17, A18]: S000 水草 in shares (baofen), S001 水草 in points, S001 direct deduction."""

    SHUICAO_SHARES_000 = "shuicao_shares_000"
    SHUICAO_POINTS_001 = "shuicao_points_001"
    DIRECT_001 = "direct_001"


# ---- §9.4 80分 (S003) only ---------------------------------------------------------------------


class GameEnd(StrEnum):
    """End of an 80分 game, §7.3.2 [A27]: a team reaches A (default, "看誰先到A") or wins a hand at A."""

    REACH_A = "reach_A"
    WIN_HAND_AT_A = "win_hand_at_A"


class DeclarationPollOrder(StrEnum):
    """Who is asked first to declare after each dealt card, §7.3.4 [A28]: its recipient (default) or seat order."""

    RECIPIENT_FIRST = "recipient_first"
    SEAT_ORDER = "seat_order"


class UndeclaredTrumpRule(StrEnum):
    """Trump when nobody declared, §7.3.5: turn the kitty over ("翻底"). The only value."""

    FLIP_KITTY = "flip_kitty"


class UndeclaredTrumpTiebreak(StrEnum):
    """Equal highest cards of a kitty with no level card, §7.3.5 [A25]: the first in kitty order. The only value."""

    FIRST_IN_KITTY_ORDER = "first_in_kitty_order"


class FandiFirstChallenge(StrEnum):
    """What the first 反底 must beat, §7.3.8 [A24]: the trump it changes (default) or nothing (any pair)."""

    OUTRANK_DECLARATION = "outrank_declaration"
    ANY_PAIR = "any_pair"


class FandiEligible(StrEnum):
    """Who may 反底, §7.3.8 [A24]: everyone but the 庄 (default, "其他玩家") or everyone but the last burier."""

    NON_ZHUANG = "non_zhuang"
    ANY_BUT_LAST_BURIER = "any_but_last_burier"


class KittyMultiplierBasis(StrEnum):
    """Whose units set the 抠底 multiplier, §7.3.11 [A23]: the winning play's (default, "最大一方牌情") or the
    lead's."""

    WINNER_PLAY = "winner_play"
    LEAD_STRUCTURE = "lead_structure"


class KittyMultiplierMultiTractor(StrEnum):
    """A 抠底 play with several tractors, §7.3.11 [A23]: the longest counts (default) or their lengths add up."""

    LONGEST = "longest"
    SUM = "sum"


class NextDeclarerOnHold(StrEnum):
    """The next 庄 after the 庄家方 won, §7.3.6 [A26]: his partner (default, "莊的對家做莊") or the 庄 again."""

    PARTNER = "partner"
    SELF = "self"


# ---- §9.5 5-player (S002) only -----------------------------------------------------------------


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
