"""`HandRules`: the §9.3 (and §4.5) options the non-trick kernels need, as numpy arrays, ints and floats.

`hand_rules(rules)` is called once per RuleSet, in Python; the auction, scoring and ledger kernels and the
policies take the resulting bundle and never see the RuleSet (STYLE.md §3). Every enum option becomes an
integer code named below: one block per §9 parameter, the first value of each block is the `baofen`
default. Bools become 0/1 ints, optional ints use a named "off" value. Field types never vary (int64
arrays, Python ints, Python floats), so every rule variant shares one Numba type and compiles once.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from baofen_sim.rules import (
    AllPassMode,
    FailedThrowPenaltyBasis,
    FailedThrowPenaltyKind,
    FailedThrowPenaltyRecipient,
    KittyPointsOwner,
    RuleSet,
    SettlementMode,
    WangfenScope,
)

# ---- option codes -----------------------------------------------------------------------------------------

KITTY_NONE, KITTY_DECLARER, KITTY_DECLARER_IF_LAST_TRICK = 0, 1, 2  # kitty_points_owner (§6.2, A15)
WANGFEN_ALL_50, WANGFEN_PLAYED_ONLY = 0, 1  # wangfen_scope (§6.3, A14)
SETTLE_STAKES_000, SETTLE_CUMULATIVE_001 = 0, 1  # settlement_mode (§6.6 / §6.7)
ALL_PASS_SHARES_000, ALL_PASS_POINTS_001, ALL_PASS_DIRECT_001 = 0, 1, 2  # all_pass_mode (§5.7)
# failed_throw_penalty_kind (§4.5)
PENALTY_DECLARER_POINTS_PER_CARD = 0
PENALTY_THROWER_CUMULATIVE_PER_CARD = 1
PENALTY_DEFENDER_POINTS_PER_FAILURE = 2
PENALTY_NONE = 3
# failed_throw_penalty_basis (§4.5, A4)
BASIS_ALL_ATTEMPTED_CARDS, BASIS_FAILING_UNIT_CARDS, BASIS_PER_FAILURE = 0, 1, 2
# failed_throw_penalty_recipient (§4.5, A4)
RECIPIENT_S000_RULE, RECIPIENT_NONE, RECIPIENT_DEFENDERS_TOTAL_SIGNED, RECIPIENT_OPPONENTS_SPLIT = 0, 1, 2, 3

STREAK_OFF = 0  # shuicao_split_after_nobid_streak = null (the RuleSet allows only values >= 1)

# Hand categories (§6.4), also the index into `stake_multipliers`. ALL_PASS is an output code only.
CAT_NORMAL, CAT_QUANJI, CAT_BANJI, CAT_JINTAIYANG, CAT_ALL_PASS = 0, 1, 2, 3, 4
NUM_SCORED_CATEGORIES = 4
CATEGORY_NAMES = ("normal", "quanji", "banji", "jintaiyang", "all_pass")  # DESIGN §7 `category` values

_CODES: dict[str, dict[str, int]] = {
    "kitty_points_owner": {KittyPointsOwner.NONE: KITTY_NONE, KittyPointsOwner.DECLARER: KITTY_DECLARER,
                           KittyPointsOwner.DECLARER_IF_LAST_TRICK: KITTY_DECLARER_IF_LAST_TRICK},
    "wangfen_scope": {WangfenScope.ALL_50: WANGFEN_ALL_50, WangfenScope.PLAYED_ONLY: WANGFEN_PLAYED_ONLY},
    "settlement_mode": {SettlementMode.STAKES_000: SETTLE_STAKES_000,
                        SettlementMode.CUMULATIVE_001: SETTLE_CUMULATIVE_001},
    "all_pass_mode": {AllPassMode.SHUICAO_SHARES_000: ALL_PASS_SHARES_000,
                      AllPassMode.SHUICAO_POINTS_001: ALL_PASS_POINTS_001,
                      AllPassMode.DIRECT_001: ALL_PASS_DIRECT_001},
    "failed_throw_penalty_kind": {
        FailedThrowPenaltyKind.DECLARER_POINTS_PER_CARD: PENALTY_DECLARER_POINTS_PER_CARD,
        FailedThrowPenaltyKind.THROWER_CUMULATIVE_PER_CARD: PENALTY_THROWER_CUMULATIVE_PER_CARD,
        FailedThrowPenaltyKind.DEFENDER_POINTS_PER_FAILURE: PENALTY_DEFENDER_POINTS_PER_FAILURE,
        FailedThrowPenaltyKind.NONE: PENALTY_NONE},
    "failed_throw_penalty_basis": {
        FailedThrowPenaltyBasis.ALL_ATTEMPTED_CARDS: BASIS_ALL_ATTEMPTED_CARDS,
        FailedThrowPenaltyBasis.FAILING_UNIT_CARDS: BASIS_FAILING_UNIT_CARDS,
        FailedThrowPenaltyBasis.PER_FAILURE: BASIS_PER_FAILURE},
    "failed_throw_penalty_recipient": {
        FailedThrowPenaltyRecipient.S000_RULE: RECIPIENT_S000_RULE,
        FailedThrowPenaltyRecipient.NONE: RECIPIENT_NONE,
        FailedThrowPenaltyRecipient.DEFENDERS_TOTAL_SIGNED: RECIPIENT_DEFENDERS_TOTAL_SIGNED,
        FailedThrowPenaltyRecipient.OPPONENTS_SPLIT: RECIPIENT_OPPONENTS_SPLIT},
}


class HandRules(NamedTuple):
    """The non-trick rules of one RuleSet, in kernel form. Field comments give the §9 source."""

    num_players: int  # num_players
    first_zhujiao: int  # first_zhujiao_seat (§5.2)
    # §5.4 auction
    open_values: np.ndarray  # int64[:] bid_open_values, ascending: the 主叫's opening
    open_values_after_pass: np.ndarray  # int64[:] bid_open_values_after_pass (A9): a 副叫's opening
    raise_steps: np.ndarray  # int64[:] bid_raise_steps, ascending
    max_bid_choices: int  # capacity for a legal-bid list: the longest of the three lists above
    max_auction_steps: int  # capacity for an auction record: every possible bid, plus one pass per seat
    cap_default: int  # bid_cap_default
    cap_pairs_min: int  # bid_cap_pairs_min: pairs needed for cap_max
    cap_max: int  # bid_cap_max, never exceeded
    pairs_include_jokers: int  # bid_pairs_include_jokers (A10), 0/1
    # §6 scoring
    kitty_owner: int  # KITTY_* (kitty_points_owner)
    wangfen_scope: int  # WANGFEN_* (wangfen_scope)
    wangfen_full_bonus: int  # +50
    wangfen_zero_penalty: int  # 100, subtracted
    special_scores_fixed: int  # 0/1 (A12)
    quanji_score: int
    banji_score: int
    jintaiyang_declarer_score: int
    jintaiyang_defender_score: int
    categories_card_points_only: int  # categories_use_card_points_only (A16), 0/1
    zero_result_is_win: int  # 0/1 (A11)
    # §6.6 / §6.7 settlement
    settlement_mode: int  # SETTLE_*
    base_stake: float  # 底注 b
    stake_declarer_factor: float  # 3
    stake_multipliers: np.ndarray  # float64[4] indexed by CAT_NORMAL..CAT_JINTAIYANG
    # §5.7 all-pass and the 水草 pot
    all_pass_mode: int  # ALL_PASS_*
    keeps_pot: int  # 1 for the two 水草 modes, 0 for direct_001
    pot_unit_value: float  # settlement units per pot unit: share value × base stake, or 1 (A17)
    zhujiao_amount: float  # shuicao_zhujiao_amount (pot units)
    fujiao_amount: float  # shuicao_fujiao_amount (pot units)
    loss_multiple: float  # shuicao_loss_multiple ("等倍")
    split_threshold: float  # shuicao_split_threshold (pot units)
    nobid_streak_limit: int  # shuicao_split_after_nobid_streak, STREAK_OFF = null (A17)
    direct_amount: float  # direct_deduction_amount (settlement units, A18)
    # §4.5 failed-throw penalties
    penalty_kind: int  # PENALTY_*
    penalty_amount: int  # failed_throw_penalty_amount
    penalty_basis: int  # BASIS_*
    penalty_recipient: int  # RECIPIENT_*


def option_code(name: str, value) -> int:
    """The kernel code of an enum option (`option_code("all_pass_mode", "direct_001") == 2`)."""
    try:
        return _CODES[name][value]
    except KeyError:
        raise ValueError(f"{name}: no kernel code for value {value!r}") from None


def _int_array(values) -> np.ndarray:
    return np.ascontiguousarray(np.asarray(values, dtype=np.int64))


def _max_auction_steps(rules: RuleSet) -> int:
    """Every bid raises the high bid by >= the smallest step, so bids <= 1 + (cap − lowest open) / step."""
    lowest_open = min(rules.bid_open_values + rules.bid_open_values_after_pass)
    bids = 1 + (rules.bid_cap_max - lowest_open) // min(rules.bid_raise_steps)
    return bids + rules.num_players


def hand_rules(rules: RuleSet) -> HandRules:
    """The `HandRules` of `rules` (each field cast to its fixed type)."""
    keeps_pot = rules.all_pass_mode in (AllPassMode.SHUICAO_SHARES_000, AllPassMode.SHUICAO_POINTS_001)
    # A17: one share is worth share value × base stake; 水草 points are settlement points.
    if rules.all_pass_mode == AllPassMode.SHUICAO_SHARES_000:
        pot_unit_value = float(rules.shuicao_share_value * rules.base_stake)
    else:
        pot_unit_value = 1.0
    streak = rules.shuicao_split_after_nobid_streak
    multipliers = np.array([rules.stake_multiplier_normal, rules.stake_multiplier_quanji,
                            rules.stake_multiplier_banji, rules.stake_multiplier_jintaiyang], dtype=np.float64)
    return HandRules(
        num_players=int(rules.num_players),
        first_zhujiao=int(rules.first_zhujiao_seat),
        open_values=_int_array(rules.bid_open_values),
        open_values_after_pass=_int_array(rules.bid_open_values_after_pass),
        raise_steps=_int_array(rules.bid_raise_steps),
        max_bid_choices=max(len(rules.bid_open_values), len(rules.bid_open_values_after_pass),
                            len(rules.bid_raise_steps)),
        max_auction_steps=_max_auction_steps(rules),
        cap_default=int(rules.bid_cap_default),
        cap_pairs_min=int(rules.bid_cap_pairs_min),
        cap_max=int(rules.bid_cap_max),
        pairs_include_jokers=int(rules.bid_pairs_include_jokers),
        kitty_owner=option_code("kitty_points_owner", rules.kitty_points_owner),
        wangfen_scope=option_code("wangfen_scope", rules.wangfen_scope),
        wangfen_full_bonus=int(rules.wangfen_full_bonus),
        wangfen_zero_penalty=int(rules.wangfen_zero_penalty),
        special_scores_fixed=int(rules.special_scores_fixed),
        quanji_score=int(rules.quanji_score),
        banji_score=int(rules.banji_score),
        jintaiyang_declarer_score=int(rules.jintaiyang_declarer_score),
        jintaiyang_defender_score=int(rules.jintaiyang_defender_score),
        categories_card_points_only=int(rules.categories_use_card_points_only),
        zero_result_is_win=int(rules.zero_result_is_win),
        settlement_mode=option_code("settlement_mode", rules.settlement_mode),
        base_stake=float(rules.base_stake),
        stake_declarer_factor=float(rules.stake_declarer_factor),
        stake_multipliers=multipliers,
        all_pass_mode=option_code("all_pass_mode", rules.all_pass_mode),
        keeps_pot=int(keeps_pot),
        pot_unit_value=pot_unit_value,
        zhujiao_amount=float(rules.shuicao_zhujiao_amount),
        fujiao_amount=float(rules.shuicao_fujiao_amount),
        loss_multiple=float(rules.shuicao_loss_multiple),
        split_threshold=float(rules.shuicao_split_threshold),
        nobid_streak_limit=STREAK_OFF if streak is None else int(streak),
        direct_amount=float(rules.direct_deduction_amount),
        penalty_kind=option_code("failed_throw_penalty_kind", rules.failed_throw_penalty_kind),
        penalty_amount=int(rules.failed_throw_penalty_amount),
        penalty_basis=option_code("failed_throw_penalty_basis", rules.failed_throw_penalty_basis),
        penalty_recipient=option_code("failed_throw_penalty_recipient", rules.failed_throw_penalty_recipient),
    )
