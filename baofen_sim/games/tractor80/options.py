"""80分's own house rules (RULES.md §9.4: the deal's showings, 反底, 抠底, the level table and the game's end), their
enums and their checks. `rules.ruleset.RuleSet` collects these fields with the shared §9.1–§9.2 options and the other
games' own.

Defaults are the 80 column of §9.4 (the `tractor-80fen` preset). Naming contract of the enums as `rules.options`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from baofen_sim.cards import SUIT_LETTERS

SECTION = "§9.4 80分 (S003) only"
# The §9.4 map option, flattened into one field per key: map name -> (field prefix, keys).
MAP_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "kitty_multiplier": ("kitty_multiplier_", ("single", "pair", "tractor")),
}
# Lower bounds (inclusive).
MINIMUM: dict[str, int | float] = {
    "kitty_multiplier_single": 0,
    "kitty_multiplier_pair": 0,
    "kitty_multiplier_tractor": 0,
    "threshold": 1,
    "level_step": 1,
    "zero_points_levels": 0,
    "score_per_level": 0,
    "defender_points_floor": 0,
}
FIRST_LEVEL = 2  # the lowest level a game can start at (face value of the 2)
FACE_A = 14  # the face value of the ace, where a game reaching it ends (§7.3.2)
# option -> the values the 80分 reference engine (reference/tractor80) implements
SUPPORTED: dict[str, tuple] = {
    "hand_size": (25,),
    "kitty_size": (8,),
    "constant_trump_ranks": ((),),  # §7.3.9 the level cards are the only constant trumps
    "allow_no_trump": (True,),  # §7.3.4 a joker pair is always a no-trump showing
    "joker_tractor_mode": ("none", "top"),  # A22: by role (r000) or by manner (r001) is not defined for 80分
    "special_tier_tractors": (False,),
    "level_gap_tractor": (True,),
    "failed_throw_penalty_kind": ("defender_points_per_failure",),  # §4.5 S003: the defenders' total moves
    "failed_throw_penalty_basis": ("per_failure",),
    "failed_throw_penalty_recipient": ("defenders_total_signed",),
    "eight_kind_mode": ("off",),  # §1.8: Baofen only
    "declaration_poll_order": ("recipient_first",),  # A28: seat_order is not specified further
    "fandi_ends_after_no_trump": (True,),  # A24: nothing says what a 反底 after a no-trump must beat
    "fandi_changes_declarer": (False,),  # A24 (i): a new 庄 from the other team would play at which level?
}


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


@dataclass(frozen=True, kw_only=True)
class Tractor80Options:
    """The §9.4 options; field names are the §9 names."""

    start_level: int = 2  # §7.3.2 [A27] both teams' level at a game's start, a face value (A = 14)
    game_end: GameEnd = GameEnd.REACH_A  # §7.3.2 [A27] "看誰先到A"
    declare_suit_order: tuple[str, ...] = ("S", "H", "C", "D")  # §7.3.4 level pairs, highest first: "黑紅梅方"
    declare_single_overcalls_single: bool = False  # §7.3.4 [A47]
    allow_self_reinforce: bool = True  # §7.3.4 自保
    allow_self_overcall: bool = False  # §7.3.4 "玩家不能反自己的主"
    declaration_poll_order: DeclarationPollOrder = DeclarationPollOrder.RECIPIENT_FIRST  # §7.3.4 [A28]
    undeclared_trump_rule: UndeclaredTrumpRule = UndeclaredTrumpRule.FLIP_KITTY  # §7.3.5 "翻底"
    undeclared_trump_tiebreak: UndeclaredTrumpTiebreak = UndeclaredTrumpTiebreak.FIRST_IN_KITTY_ORDER  # [A25]
    fandi_enabled: bool = True  # §7.3.8 反底
    fandi_first_challenge: FandiFirstChallenge = FandiFirstChallenge.OUTRANK_DECLARATION  # §7.3.8 [A24]
    fandi_eligible: FandiEligible = FandiEligible.NON_ZHUANG  # §7.3.8 [A24] "其他玩家可以反底"
    fandi_ends_after_no_trump: bool = True  # §7.3.8 "一對小王反無主后，一對大王就不能再反了"
    fandi_changes_declarer: bool = False  # §7.3.8 [A24]
    kitty_multiplier_single: int = 2  # §7.3.11 `kitty_multiplier.single` "什么都沒有 則乘的倍數等于 2"
    kitty_multiplier_pair: int = 4  # §7.3.11 `kitty_multiplier.pair`
    kitty_multiplier_tractor: int = 2  # §7.3.11 `kitty_multiplier.tractor`, per card: "2乘len"
    kitty_multiplier_basis: KittyMultiplierBasis = KittyMultiplierBasis.WINNER_PLAY  # §7.3.11 [A23]
    kitty_multiplier_multi_tractor: KittyMultiplierMultiTractor = KittyMultiplierMultiTractor.LONGEST  # [A23]
    threshold: int = 80  # §7.3.12 the 抓分方 take over from T = 80
    level_step: int = 40  # §7.3.12 "每增加40分，級別上升一級"
    zero_points_levels: int = 3  # §7.3.12 T = 0: "莊家方連升三級"
    score_per_level: int = 2  # §7.3.12 [A21] 积分 per level, a conjecture
    next_declarer_on_hold: NextDeclarerOnHold = NextDeclarerOnHold.PARTNER  # §7.3.6 [A26] "莊的對家做莊"
    defender_points_floor: int | None = 0  # §7.3.12 [A42] T floored at 0; None = no floor

    def section_problem(self, num_players: int) -> str | None:
        """The first value out of range or inconsistent with the others, in one line; None if they are sound."""
        if sorted(self.declare_suit_order) != sorted(SUIT_LETTERS):
            return (f"declare_suit_order: {list(self.declare_suit_order)} must list each suit "
                    f"{', '.join(SUIT_LETTERS)} once, highest first")
        last = FACE_A if self.game_end == GameEnd.WIN_HAND_AT_A else FACE_A - 1
        if not FIRST_LEVEL <= self.start_level <= last:
            why = "" if last == FACE_A else " with game_end = reach_A, where reaching A ends the game"
            return (f"start_level: {self.start_level} is not allowed{why} (a face value "
                    f"{FIRST_LEVEL}..{last}; J=11 Q=12 K=13 A=14)")
        return None
