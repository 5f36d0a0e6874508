"""Baofen hand scoring, written plainly after RULES.md §6.1–§6.5 (A11–A16, A41) and §4.5.

Inputs (§6.1), all in card points:

- C `declarer_points`: points in the tricks the declarer won (the kitty excluded), 0..200.
- W `wangfen_points`: the trump-suit 5s, 10s and Ks among them (王分 taken), 0..50.
- `wangfen_in_kitty`: the 王分 the declarer buried (needed for `wangfen_scope` = played_only, C47).
- K `kitty_points`: points in the 8 buried cards, 0..80.
- Pen `penalty_points`: the S000 failed-throw adjustments, the sum of `failed_throw_penalty` (§4.5).

Choices where RULES.md leaves room (each documented where it is applied):

- Kitty points owned by the declarer (§6.2 alternatives) add K to S, like Pen; the categories are still
  tested on C and K as in §6.4 (A16).
- `wangfen_scope` = played_only with all 王分 buried: nothing was in play, so neither +50 nor −100 (A14).
- `categories_use_card_points_only` = false tests the categories on C + Pen: 全击 C + Pen ≥ 200 with K = 0,
  半击 C + Pen ≥ 200 − K with K > 0, 金太阳 C + Pen ≤ 0 (A16 alternative).
- 全击 and 半击 are wins and 金太阳 a loss whatever the numbers (§6.5); with `special_scores_fixed` = false
  their R is the special score minus the target (A12).
- The information-only score ledger (A13): under stakes_000 the defenders share −R equally
  (S000 "正常输分平分给闲家", which gives −1500 / +500 each for 金太阳); under cumulative_001 each defender
  gets −R (§6.7). A fixed 金太阳 uses `jintaiyang_declarer_score` / `jintaiyang_defender_score` directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from baofen_sim.cards import TOTAL_POINTS
from baofen_sim.games.baofen.options import KittyPointsOwner, SettlementMode, WangfenScope
from baofen_sim.reference.throws import counted_throw_cards
from baofen_sim.rules import FailedThrowPenaltyKind, RuleSet

WANGFEN_TOTAL = 50  # trump-suit 5 5 10 10 K K (§6.3)
KITTY_MAX_POINTS = 80

NORMAL = "normal"
QUANJI = "quanji"  # 全击
BANJI = "banji"  # 半击
JINTAIYANG = "jintaiyang"  # 金太阳
CATEGORIES = (NORMAL, QUANJI, BANJI, JINTAIYANG)


@dataclass(frozen=True)
class HandScore:
    """The score of one hand with a declarer (§6)."""

    target: int
    declarer_points: int  # C
    wangfen_points: int  # W
    kitty_points: int  # K
    penalty_points: int  # Pen (S000 failed throws)
    wangfen_adjustment: int  # +50 (王分全抓) / 0 / −100 (倒扣王分)
    score: int  # S = C (+K if owned) + Pen + adjustment, or the special category score
    result: int  # R
    category: str  # "normal" | "quanji" | "banji" | "jintaiyang"
    declarer_won: bool
    ledger_declarer: float  # information-only score ledger (A13)
    ledger_defender: float  # each defender's entry in that ledger


# ----- §4.5 failed-throw penalties ------------------------------------------------------------------


def failed_throw_penalty(rules: RuleSet, thrower_is_declarer: bool, attempted_cards: int,
                         failing_unit_cards: int) -> int:
    """The S000 Pen contribution of one failed throw (§4.5, §6.1), in declarer card points.

    declarer_points_per_card: a defender failure adds amount × cards to the declarer's points, a declarer
    failure subtracts it (A41: S may go negative). Every other penalty kind contributes 0 to Pen (the S001
    积分 penalty is a table-ledger transfer, see `table.TableLedger.declared`).
    """
    if rules.failed_throw_penalty_kind != FailedThrowPenaltyKind.DECLARER_POINTS_PER_CARD:
        return 0
    amount = rules.failed_throw_penalty_amount * counted_throw_cards(rules, attempted_cards,
                                                                     failing_unit_cards)
    return -amount if thrower_is_declarer else amount


# ----- §6.2–§6.5 the hand score ----------------------------------------------------------------------


def _check_inputs(target: int, c: int, w: int, w_kitty: int, k: int) -> None:
    if not 0 <= c <= TOTAL_POINTS:
        raise ValueError(f"declarer_points must be 0..{TOTAL_POINTS}, got {c}")
    if not 0 <= k <= KITTY_MAX_POINTS:
        raise ValueError(f"kitty_points must be 0..{KITTY_MAX_POINTS}, got {k}")
    if c + k > TOTAL_POINTS:
        raise ValueError(f"declarer_points + kitty_points = {c + k} exceeds the {TOTAL_POINTS} in the pack")
    if not 0 <= w <= min(c, WANGFEN_TOTAL):
        raise ValueError(f"wangfen_points must be 0..min(C, 50), got {w}")
    if not 0 <= w_kitty <= min(k, WANGFEN_TOTAL - w):
        raise ValueError(f"wangfen_in_kitty must be 0..min(K, 50 − W), got {w_kitty}")
    if target <= 0:
        raise ValueError(f"target must be positive, got {target}")


def kitty_points_to_declarer(rules: RuleSet, kitty_points: int, declarer_won_last_trick: bool) -> int:
    """§6.2 / A15: the part of K that counts for the declarer (none by default)."""
    owner = rules.kitty_points_owner
    if owner == KittyPointsOwner.DECLARER:
        return kitty_points
    if owner == KittyPointsOwner.DECLARER_IF_LAST_TRICK and declarer_won_last_trick:
        return kitty_points
    return 0


def wangfen_adjustment(rules: RuleSet, wangfen_points: int, wangfen_in_kitty: int) -> int:
    """§6.3 / A14 / C47: +50 when all 王分 are taken, −100 when none is."""
    if rules.wangfen_scope == WangfenScope.PLAYED_ONLY:
        in_play = WANGFEN_TOTAL - wangfen_in_kitty
        if in_play == 0:
            return 0  # all six buried: nothing to take or to miss (our reading of played_only)
    else:  # all_50: buried 王分 make 全抓 impossible and do not prevent 倒扣
        in_play = WANGFEN_TOTAL
    if wangfen_points == in_play:
        return rules.wangfen_full_bonus
    if wangfen_points == 0:
        return -rules.wangfen_zero_penalty
    return 0


def hand_category(rules: RuleSet, declarer_points: int, kitty_points: int, penalty_points: int) -> str:
    """§6.4 / A16: 全击, 半击, 金太阳 or normal, tested on C (or C + Pen if so configured)."""
    c = declarer_points if rules.categories_use_card_points_only else declarer_points + penalty_points
    if kitty_points == 0 and c >= TOTAL_POINTS:
        return QUANJI  # every played point taken, nothing buried
    if kitty_points > 0 and c >= TOTAL_POINTS - kitty_points:
        return BANJI  # every played point taken, points buried
    if c <= 0:
        return JINTAIYANG  # 一分未得
    return NORMAL


def _is_win(rules: RuleSet, result: int) -> bool:
    # §6.5 / A11: R = 0 is a win by default.
    return result >= 0 if rules.zero_result_is_win else result > 0


def _ledger(rules: RuleSet, category: str, result: int) -> tuple[float, float]:
    """(declarer, each defender) in the information-only score ledger (A13)."""
    if category == JINTAIYANG and rules.special_scores_fixed:
        return float(rules.jintaiyang_declarer_score), float(rules.jintaiyang_defender_score)
    if rules.settlement_mode == SettlementMode.CUMULATIVE_001:
        return float(result), float(-result)  # §6.7: each defender −= R
    return float(result), -result / (rules.num_players - 1)  # S000: the defenders share −R


def score_hand(rules: RuleSet, target: int, declarer_points: int, wangfen_points: int,
               wangfen_in_kitty: int, kitty_points: int, penalty_points: int,
               declarer_won_last_trick: bool = False) -> HandScore:
    """Score one hand with a declarer (§6.1–§6.5). See the module docstring for the inputs."""
    _check_inputs(target, declarer_points, wangfen_points, wangfen_in_kitty, kitty_points)
    adjustment = wangfen_adjustment(rules, wangfen_points, wangfen_in_kitty)
    category = hand_category(rules, declarer_points, kitty_points, penalty_points)
    if category == NORMAL:
        # §6.5: S = C + Pen (+50 | 0 | −100), R = S − target; A41: S may be negative.
        score = (declarer_points + kitty_points_to_declarer(rules, kitty_points, declarer_won_last_trick)
                 + penalty_points + adjustment)
        result = score - target
        won = _is_win(rules, result)
    else:
        score = {QUANJI: rules.quanji_score, BANJI: rules.banji_score,
                 JINTAIYANG: rules.jintaiyang_declarer_score}[category]
        # §6.5 / A12: the special scores replace the subtraction (or, if not fixed, minus the target).
        result = score if rules.special_scores_fixed else score - target
        won = category != JINTAIYANG  # 全击 / 半击 always win (C43), 金太阳 always loses
    ledger_declarer, ledger_defender = _ledger(rules, category, result)
    return HandScore(
        target=target,
        declarer_points=declarer_points,
        wangfen_points=wangfen_points,
        kitty_points=kitty_points,
        penalty_points=penalty_points,
        wangfen_adjustment=adjustment,
        score=score,
        result=result,
        category=category,
        declarer_won=won,
        ledger_declarer=ledger_declarer,
        ledger_defender=ledger_defender,
    )
