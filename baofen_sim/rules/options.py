"""One small enum per enum-typed house-rule parameter of the shared sections, RULES.md §9.1 and §9.2 (each game's
own section declares its enums beside its options: `games/<game>/options.py`).

Naming contract: class = CamelCase of the §9 parameter name, member = the value text upper-cased,
member value = the exact value text of §9 (so `JokerTractorMode.R000 == "r000"`). Each docstring gives the
source or ambiguity and the default of the presets that read it. The RuleSet (ruleset.py) only collects these.
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
