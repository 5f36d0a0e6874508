"""The result of an 80分 hand (RULES.md §7.3.11 抠底, §7.3.12 the level table and 积分, §7.3.6 the next 庄, §7.3.2 the
levels and the end of a game; A20–A23, A26, A27, A42).

`hand_result(tb, rules, result)` fills the result fields of a RESULT_DTYPE record from the fields the flow and the
tricks gave it; `tb` is the hand's trump layout (`baofen_sim.tables`), `rules` the TRACTOR80_RULES_DTYPE record
(`materialize.tractor80_rules`). Each step is its own short kernel.
"""

from __future__ import annotations

from baofen_sim.cards import RANK_A
from baofen_sim.codes import (
    GAME_END_REACH_A,
    KITTY_BASIS_LEAD_STRUCTURE,
    NEXT_ON_HOLD_PARTNER,
    NO_SEAT,
)
from baofen_sim.games.tractor80.engine.records import NUM_SEATS, NUM_TEAMS
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.kitty import kitty_multiplier

PARTNER_OFFSET = 2  # a seat's partner sits opposite (§7.3.1)


@njit(cache=True)
def team_of(seat):
    """Team 0 (seats 0 and 2) or team 1 (seats 1 and 3)."""
    return seat % NUM_TEAMS


@njit(cache=True)
def last_trick_multiplier(tb, rules, result):
    """The 抠底 multiplier m: 0 if the 庄家方 won the last trick; else that of its winning play, or of its lead under
    lead_structure (A23)."""
    if team_of(result.last_winner) == team_of(result.zhuang):
        return 0
    if rules.kitty_basis == KITTY_BASIS_LEAD_STRUCTURE:
        return kitty_multiplier(tb, rules, result.last_lead_eq2)
    return kitty_multiplier(tb, rules, result.last_win_eq2)


@njit(cache=True)
def throw_adjustment(hr, st, zhuang):
    """X (§4.5, DESIGN.md §8): −amount per failed throw of the 抓分方, +amount per failure of the 庄家方."""
    total = 0
    for i in range(st.n_failed):
        total += hr.penalty_amount if team_of(st.throw_seats[i]) == team_of(zhuang) else -hr.penalty_amount
    return total


@njit(cache=True)
def defenders_total(rules, points, bonus, adjustment):
    """T = P + B + X, never below defender_points_floor (A42; NO_POINTS_FLOOR: no floor)."""
    return max(rules.points_floor, points + bonus + adjustment)


@njit(cache=True)
def level_change(rules, total):
    """§7.3.12 [RECON, A20]: (the 庄家方 won, levels the winning team rises). Below the threshold the 庄家方 rise one
    level per level_step short of it, rounded up (0 < T < 40: 2; 40 ≤ T < 80: 1), and zero_points_levels at T = 0;
    from it the 抓分方 take over and rise one level per full level_step above it."""
    if total >= rules.threshold:
        return False, (total - rules.threshold) // rules.level_step
    if total == 0:
        return True, rules.zero_points_levels
    return True, (rules.threshold - total + rules.level_step - 1) // rules.level_step


@njit(cache=True)
def next_zhuang(rules, zhuang, zhuang_won):
    """§7.3.6 [A26]: after a hold, the 庄's partner (the 庄 himself under `self`); otherwise the 庄's 下家."""
    if not zhuang_won:
        return (zhuang + 1) % NUM_SEATS
    if rules.next_on_hold == NEXT_ON_HOLD_PARTNER:
        return (zhuang + PARTNER_OFFSET) % NUM_SEATS
    return zhuang


@njit(cache=True)
def raised_level(rules, level, levels):
    """§7.3.2 [A27]: a team's level after rising `levels`, never past A, and whether that ends the game (reach_A:
    reaching A does)."""
    reached = min(RANK_A, level + levels)
    return reached, rules.game_end == GAME_END_REACH_A and reached == RANK_A


@njit(cache=True)
def won_at_ace(rules, level, zhuang_won):
    """§7.3.2 [A27] win_hand_at_A: the game ends when the 庄家方 win a hand played at A."""
    return rules.game_end != GAME_END_REACH_A and level == RANK_A and zhuang_won


@njit(cache=True)
def hand_result(tb, rules, result):
    """Fill m, B, T, who won, the team going up and its levels, the levels after, the next 庄, the end of the game
    and each seat's 积分 (A21: score_per_level per level, + to the team going up, − to the other) of `result`."""
    result.kitty_multiplier = last_trick_multiplier(tb, rules, result)
    result.kitty_bonus = result.kitty_points * result.kitty_multiplier
    total = defenders_total(rules, result.defenders_points, result.kitty_bonus, result.penalty_points)
    won, levels = level_change(rules, total)
    up = team_of(result.zhuang) if won else team_of(result.zhuang + 1)
    result.defenders_total, result.declarer_won, result.up_team, result.up_levels = total, won, up, levels
    for team in range(NUM_TEAMS):
        result.levels_after[team] = result.levels[team]
    reached, ended = raised_level(rules, result.levels[up], levels)
    result.levels_after[up] = reached
    result.game_over = ended or won_at_ace(rules, result.level, won)
    result.next_zhuang = NO_SEAT if result.game_over else next_zhuang(rules, result.zhuang, won)
    score = rules.score_per_level * levels
    for seat in range(NUM_SEATS):
        result.settlement[seat] = score if team_of(seat) == up else -score
