"""Baofen hand scoring in Numba (RULES.md §6.1–§6.5, A11–A16, A41; §4.5 throw penalties).

The port of `reference.scoring`; a differential test keeps the two equal. Inputs are in card points:
target; C = declarer_points (tricks he won, the kitty excluded); W = wangfen_points (trump-suit 5/10/K among
them); wangfen_in_kitty (王分 he buried); K = kitty_points (his 8 buried cards); Pen = penalty_points (the
S000 failed-throw adjustments, `penalty_points`). Preconditions, not checked here (the reference checks
them): 0 <= C, C + K <= 200, 0 <= K <= 80, 0 <= W <= min(C, 50), 0 <= wangfen_in_kitty <= min(K, 50 − W),
target > 0.

Category codes are `codes.CAT_*` (0 normal, 1 全击 quanji, 2 半击 banji, 3 金太阳 jintaiyang,
4 all-pass for outputs).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import POINTS, TOTAL_POINTS
from baofen_sim.codes import (
    BASIS_ALL_ATTEMPTED_CARDS,
    BASIS_FAILING_UNIT_CARDS,
    CAT_BANJI,
    CAT_JINTAIYANG,
    CAT_NORMAL,
    CAT_QUANJI,
    KITTY_DECLARER,
    KITTY_DECLARER_IF_LAST_TRICK,
    PENALTY_DECLARER_POINTS_PER_CARD,
    SETTLE_CUMULATIVE_001,
    WANGFEN_PLAYED_ONLY,
)
from baofen_sim.kernels.jit import njit

WANGFEN_TOTAL = 50  # trump-suit 5 5 10 10 K K (§6.3)
KIND_POINTS = np.array(POINTS, dtype=np.int64)  # card points of one copy, by card kind (§1.1.2)


# ----- §4.5 failed-throw penalties ----------------------------------------------------------------------


@njit(cache=True)
def counted_throw_cards(hr, attempted_cards, failing_unit_cards):
    """Cards one failed throw is charged for (§4.5, A4, `failed_throw_penalty_basis`)."""
    if hr.penalty_basis == BASIS_ALL_ATTEMPTED_CARDS:
        return attempted_cards
    if hr.penalty_basis == BASIS_FAILING_UNIT_CARDS:
        return failing_unit_cards
    return 1  # per_failure


@njit(cache=True)
def failed_throw_penalty(hr, thrower_is_declarer, counted_cards):
    """The S000 Pen contribution of one failed throw of `counted_cards` (§4.5, §6.1), in declarer points:
    +amount × cards for a defender failure, −amount × cards for a declarer failure (A41: S may go below 0).
    Every other penalty kind contributes 0 (the S001 积分 penalty is a ledger transfer)."""
    if hr.penalty_kind != PENALTY_DECLARER_POINTS_PER_CARD:
        return 0
    amount = hr.penalty_amount * counted_cards
    return -amount if thrower_is_declarer else amount


@njit(cache=True)
def penalty_points(hr, declarer, throw_seats, throw_cards, n_throws):
    """Pen of a hand: the sum of `failed_throw_penalty` over its failed throws (seat, counted cards)."""
    total = 0
    for i in range(n_throws):
        total += failed_throw_penalty(hr, throw_seats[i] == declarer, throw_cards[i])
    return total


# ----- §6.2–§6.5 the hand score ---------------------------------------------------------------------------


@njit(cache=True)
def kitty_points_to_declarer(hr, kitty_points, declarer_won_last_trick):
    """§6.2 / A15: the part of K that counts for the declarer (none by default)."""
    if hr.kitty_owner == KITTY_DECLARER:
        return kitty_points
    if hr.kitty_owner == KITTY_DECLARER_IF_LAST_TRICK and declarer_won_last_trick:
        return kitty_points
    return 0


@njit(cache=True)
def wangfen_adjustment(hr, wangfen_points, wangfen_in_kitty):
    """§6.3 / A14 / C47: +50 when all 王分 are taken, −100 when none is."""
    in_play = WANGFEN_TOTAL  # all_50: buried 王分 make 全抓 impossible and do not prevent 倒扣
    if hr.wangfen_scope == WANGFEN_PLAYED_ONLY:
        in_play = WANGFEN_TOTAL - wangfen_in_kitty
        if in_play == 0:
            return 0  # all six buried: nothing to take or to miss
    if wangfen_points == in_play:
        return hr.wangfen_full_bonus
    if wangfen_points == 0:
        return -hr.wangfen_zero_penalty
    return 0


@njit(cache=True)
def hand_category(hr, declarer_points, kitty_points, penalty_points):
    """§6.4 / A16: CAT_QUANJI, CAT_BANJI, CAT_JINTAIYANG or CAT_NORMAL, tested on C (or C + Pen)."""
    c = declarer_points
    if hr.categories_card_points_only == 0:
        c = declarer_points + penalty_points
    if kitty_points == 0 and c >= TOTAL_POINTS:
        return CAT_QUANJI  # every played point taken, nothing buried
    if kitty_points > 0 and c >= TOTAL_POINTS - kitty_points:
        return CAT_BANJI  # every played point taken, points buried
    if c <= 0:
        return CAT_JINTAIYANG  # 一分未得
    return CAT_NORMAL


@njit(cache=True)
def _special_score(hr, category):
    if category == CAT_QUANJI:
        return hr.quanji_score
    if category == CAT_BANJI:
        return hr.banji_score
    return hr.jintaiyang_declarer_score


@njit(cache=True)
def result_at_target(hr, score, category, target):
    """§6.5 (R, declarer_won) of a hand scored S in `category` at `target`: the play fixes S and the
    category, the target only this step."""
    if category == CAT_NORMAL:
        result = score - target
        return result, (result >= 0 if hr.zero_result_is_win != 0 else result > 0)  # A11
    # A12: the special scores replace the subtraction (or, if not fixed, minus the target).
    result = score if hr.special_scores_fixed != 0 else score - target
    return result, category != CAT_JINTAIYANG  # 全击 / 半击 always win (C43), 金太阳 always loses


@njit(cache=True)
def score_hand(hr, target, declarer_points, wangfen_points, wangfen_in_kitty, kitty_points, penalty_points,
               declarer_won_last_trick):
    """Score one hand with a declarer (§6.1–§6.5): (S, R, category, declarer_won, wangfen adjustment)."""
    adjustment = wangfen_adjustment(hr, wangfen_points, wangfen_in_kitty)
    category = hand_category(hr, declarer_points, kitty_points, penalty_points)
    if category == CAT_NORMAL:
        # §6.5: S = C + Pen (+50 | 0 | −100); A41: S may be negative.
        score = (declarer_points + kitty_points_to_declarer(hr, kitty_points, declarer_won_last_trick)
                 + penalty_points + adjustment)
    else:
        score = _special_score(hr, category)
    result, won = result_at_target(hr, score, category, target)
    return score, result, category, won, adjustment


@njit(cache=True)
def score_ledger(hr, category, result):
    """(declarer, each defender) in the information-only score ledger (A13), as `reference.scoring`:
    a fixed 金太阳 uses its two scores; cumulative_001 gives +R / −R; stakes_000 shares −R among the
    defenders."""
    if category == CAT_JINTAIYANG and hr.special_scores_fixed != 0:
        return float(hr.jintaiyang_declarer_score), float(hr.jintaiyang_defender_score)
    if hr.settlement_mode == SETTLE_CUMULATIVE_001:
        return float(result), float(-result)
    return float(result), -result / (hr.num_players - 1)
