"""The 80分 house rules of RULES.md §9.4 that these rules read, with their defaults."""

from __future__ import annotations

from dataclasses import dataclass

from baofen_sim.cards import RANK_2
from baofen_sim.rules.ruleset import RuleSet

REACH_A, WIN_HAND_AT_A = "reach_A", "win_hand_at_A"  # game_end [A27]
OUTRANK_DECLARATION, ANY_PAIR = "outrank_declaration", "any_pair"  # fandi_first_challenge [A24]
NON_ZHUANG, ANY_BUT_LAST_BURIER = "non_zhuang", "any_but_last_burier"  # fandi_eligible [A24]
WINNER_PLAY, LEAD_STRUCTURE = "winner_play", "lead_structure"  # kitty_multiplier_basis [A23]
LONGEST, SUM = "longest", "sum"  # kitty_multiplier_multi_tractor [A23]
PARTNER, SELF = "partner", "self"  # next_declarer_on_hold [A26]


@dataclass(frozen=True)
class Tractor80Options:
    start_level: int = RANK_2  # rank 0..12 (2..A)
    game_end: str = REACH_A
    declare_single_overcalls_single: bool = False  # A47
    allow_self_reinforce: bool = True  # 自保
    fandi_enabled: bool = True
    fandi_first_challenge: str = OUTRANK_DECLARATION
    fandi_eligible: str = NON_ZHUANG
    fandi_ends_after_no_trump: bool = True
    kitty_multiplier_basis: str = WINNER_PLAY
    kitty_multiplier_multi_tractor: str = LONGEST
    threshold: int = 80
    level_step: int = 40
    zero_points_levels: int = 3
    score_per_level: int = 2  # 积分 per level [A21]
    next_declarer_on_hold: str = PARTNER
    defender_points_floor: int | None = 0  # A42; None: no floor


# The §9.1–§9.2 options of the 80分 column that the shared trick machinery reads (the level cards are the hand's
# constant trumps, `Order.level`).
PLAY_RULES = RuleSet(
    name="tractor-80fen",
    trump_selection="deal_declaration",  # §7.3.4
    allow_no_trump=True,  # "亮2個王為打無主"
    joker_tractor_mode="none",  # "級牌以上的不算在拖拉機" [A22]
    failed_throw_penalty_kind="defender_points_per_failure",  # §4.5 S003 "扣10分"
    failed_throw_penalty_amount=10,
    failed_throw_penalty_basis="per_failure",
    failed_throw_penalty_recipient="defenders_total_signed",
    max_failed_throws_per_player=2,  # "每人每盤最多只能甩錯2次" [A4]
    eight_kind_mode="off",  # Baofen only
)
