"""Baofen's own house rules (RULES.md §9.3: the auction, all-pass, scoring and settlement), their enums and their
checks. `rules.ruleset.RuleSet` collects these fields with the shared §9.1–§9.2 options and the other games' own.

Defaults are the `baofen` preset (the bf column of §9.3). Naming contract of the enums as `rules.options`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

SECTION = "§9.3 Baofen auction, all-pass and scoring"
# The §9.3 map option, flattened into one field per key: map name -> (field prefix, keys).
MAP_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "stake_multipliers": ("stake_multiplier_", ("normal", "quanji", "banji", "jintaiyang")),
}
# Lower bounds; a float bound is strict ("> 0"), an int bound inclusive (">= n").
MINIMUM: dict[str, int | float] = {
    "bid_cap_pairs_min": 0,
    "wangfen_full_bonus": 0,
    "wangfen_zero_penalty": 0,
    "quanji_score": 0,
    "banji_score": 0,
    "base_stake": 0.0,
    "stake_declarer_factor": 0,
    "stake_multiplier_normal": 0,
    "stake_multiplier_quanji": 0,
    "stake_multiplier_banji": 0,
    "stake_multiplier_jintaiyang": 0,
    "shuicao_zhujiao_amount": 0,
    "shuicao_fujiao_amount": 0,
    "shuicao_share_value": 0.0,
    "shuicao_loss_multiple": 0,
    "shuicao_split_threshold": 0.0,
    "shuicao_split_after_nobid_streak": 1,
    "direct_deduction_amount": 0,
}
BID_STEP = 5  # §5.4.4 bids are multiples of 5
# option -> the values the Baofen engines implement (other values are refused before any hand is played)
SUPPORTED: dict[str, tuple] = {
    "num_players": (4,),
    "constant_trump_ranks": ((2,),),
    "allow_no_trump": (False,),
    "special_tier_tractors": (False,),  # §9.1: no chain across BJ/LJ/主2/副2 is defined for Baofen
    "eight_kind_lead_only": (True,),  # A2 (iii): following/ruffing with an eight is not specified
    "eight_kind_promotion_scope": ("play_only",),  # A2 (ii): whole-hand promotion is not specified
}


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


@dataclass(frozen=True, kw_only=True)
class BaofenOptions:
    """The §9.3 options; field names are the §9 names."""

    first_zhujiao_seat: int = 0  # §5.2 "南" = seat 0
    bid_open_values: tuple[int, ...] = (85, 90, 95)  # §5.4.2 主叫 opening bids
    bid_open_values_after_pass: tuple[int, ...] = (85, 90, 95)  # §5.4.2 [A9] a 副叫 opening
    bid_raise_steps: tuple[int, ...] = (5, 10, 15, 20)  # §5.4.2 raises
    bid_cap_default: int = 150  # §5.4.2 cap with ≤ 4 pairs
    bid_cap_pairs_min: int = 5  # §5.4.2 pairs needed for the higher cap ("超过4对")
    bid_cap_max: int = 250  # §5.4.2 cap with enough pairs
    bid_pairs_include_jokers: bool = True  # §5.4.2 [A10]
    kitty_points_owner: KittyPointsOwner = KittyPointsOwner.NONE  # §6.2 [A15]
    wangfen_scope: WangfenScope = WangfenScope.ALL_50  # §6.3 [A14]
    wangfen_full_bonus: int = 50  # §6.3 王分全抓 +50
    wangfen_zero_penalty: int = 100  # §6.3 倒扣王分, subtracted
    special_scores_fixed: bool = True  # §6.5 [A12] 全击/半击 scores replace S − target
    quanji_score: int = 500  # §6.4 全击
    banji_score: int = 250  # §6.4 半击
    jintaiyang_declarer_score: int = -1500  # §6.5 [A13] 金太阳, S000 ledger
    jintaiyang_defender_score: int = 500  # §6.5 [A13] 金太阳, each defender
    categories_use_card_points_only: bool = True  # §6.4 [A16]
    zero_result_is_win: bool = True  # §6.5 [A11]
    settlement_mode: SettlementMode = SettlementMode.STAKES_000  # §6.6
    base_stake: float = 1.0  # §6.6 底注 b
    stake_declarer_factor: int = 3  # §6.6 declarer wins/loses 3b
    stake_multiplier_normal: int = 1  # §6.6 `stake_multipliers.normal`
    stake_multiplier_quanji: int = 4  # §6.6 `stake_multipliers.quanji` 全击
    stake_multiplier_banji: int = 2  # §6.6 `stake_multipliers.banji` 半击
    stake_multiplier_jintaiyang: int = 4  # §6.6 `stake_multipliers.jintaiyang` 金太阳
    all_pass_mode: AllPassMode = AllPassMode.SHUICAO_SHARES_000  # §5.7.1 捞水草
    shuicao_zhujiao_amount: float = 2.0  # §5.7.1 主叫 pays 2 shares
    shuicao_fujiao_amount: float = 1.0  # §5.7.1 each 副叫 pays 1 share
    shuicao_share_value: float = 1.0  # §5.7.1 [A17] one share in base_stake units
    shuicao_loss_multiple: float = 1.0  # §5.7.1 a losing declarer pays 1 × the pot ("等倍")
    shuicao_split_threshold: float = 50.0  # §5.7.1 split at ≥ 50 shares
    shuicao_split_after_nobid_streak: int | None = None  # §5.7.3 [A17] None = off
    direct_deduction_amount: float = 40.0  # §5.7.2 [A18]; bf "–": bf1 placeholder 40
    table_start_rotation: bool = True  # [A48] table t's first 主叫 is (first_zhujiao_seat + t) mod players
    pot_at_table_end: PotAtTableEnd = PotAtTableEnd.SPLIT  # [A48] a pot left after the last hand is shared

    def bid_values(self) -> tuple[int, ...]:
        """Every bid an auction can reach (§5.4.2): an opening value plus any raises, up to bid_cap_max;
        ascending."""
        reached = set(self.bid_open_values + self.bid_open_values_after_pass)
        frontier = sorted(reached)
        while frontier:
            bid = frontier.pop()
            for step in self.bid_raise_steps:
                if bid + step <= self.bid_cap_max and bid + step not in reached:
                    reached.add(bid + step)
                    frontier.append(bid + step)
        return tuple(sorted(reached))

    def section_problem(self, num_players: int) -> str | None:
        """The first value out of range or inconsistent with the others, in one line; None if they are sound."""
        if not 0 <= self.first_zhujiao_seat < num_players:
            return f"first_zhujiao_seat: {self.first_zhujiao_seat} is not a seat (0..{num_players - 1})"
        for name in ("bid_open_values", "bid_open_values_after_pass", "bid_raise_steps"):
            values = getattr(self, name)
            if not values or any(v <= 0 or v % BID_STEP for v in values) or list(values) != sorted(set(values)):
                return f"{name}: {list(values)} must be positive multiples of 5, ascending, not empty"
        for name in ("bid_cap_default", "bid_cap_max"):
            if getattr(self, name) % BID_STEP:
                return f"{name}: {getattr(self, name)} is not a multiple of 5"
        highest_open = max(self.bid_open_values + self.bid_open_values_after_pass)
        if highest_open > self.bid_cap_default:
            return f"bid_cap_default: {self.bid_cap_default} is below the opening bid {highest_open}"
        if self.bid_cap_max < self.bid_cap_default:
            return f"bid_cap_max: {self.bid_cap_max} is below bid_cap_default {self.bid_cap_default}"
        return None
