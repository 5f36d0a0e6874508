"""The result of an 80分 hand (RULES.md §7.3.12, A20, A21): levels won, 积分, the next 庄 (§7.3.6, A26) and the
teams' levels with the end of a game (§7.3.2, A27)."""

from __future__ import annotations

from dataclasses import dataclass

from baofen_sim.cards import RANK_A
from baofen_sim.games.tractor80.options import GameEnd, NextDeclarerOnHold
from baofen_sim.rules import RuleSet

NUM_PLAYERS = 4  # partners sit opposite: seats 0 & 2 against 1 & 3 (§7.3.1)


def team_of(seat: int) -> int:
    return seat % 2


def partner_of(seat: int) -> int:
    return (seat + 2) % NUM_PLAYERS


@dataclass(frozen=True)
class HandResult:
    defender_total: int  # T
    zhuang_side_won: bool  # T < threshold
    levels: int  # levels the winning side rises
    score_each: dict[int, int]  # 积分 per seat
    next_zhuang: int


def defender_total(card_points: int, kitty_bonus: int, penalties: int, rules: RuleSet) -> int:
    """T = the defenders' card points + the 抠底 bonus ± throw penalties (signed for the defenders), floored."""
    total = card_points + kitty_bonus + penalties
    floor = rules.defender_points_floor
    return total if floor is None else max(floor, total)


def hand_result(total: int, zhuang: int, rules: RuleSet) -> HandResult:
    """§7.3.12: T = 0 the 庄家方 +3; below 40 +2; below 80 +1; from 80 the defenders take over, +1 per 40 above 80."""
    threshold, step = rules.threshold, rules.level_step
    won = total < threshold
    if total == 0:
        levels = rules.zero_points_levels
    elif won:
        levels = (threshold - total + step - 1) // step  # 1..39 → 2, 40..79 → 1
    else:
        levels = (total - threshold) // step
    winners = team_of(zhuang) if won else 1 - team_of(zhuang)
    score = rules.score_per_level * levels
    score_each = {seat: score if team_of(seat) == winners else -score for seat in range(NUM_PLAYERS)}
    if won:
        next_zhuang = partner_of(zhuang) if rules.next_declarer_on_hold == NextDeclarerOnHold.PARTNER else zhuang
    else:
        next_zhuang = (zhuang + 1) % NUM_PLAYERS  # the 庄's 下家
    return HandResult(total, won, levels, score_each, next_zhuang)


def raised_level(level: int, levels: int, rules: RuleSet) -> tuple[int, bool]:
    """A team's level after rising `levels`, and whether that ends the game under reach_A (a rise to or past A
    stops at A). Under win_hand_at_A levels never pass A and the game ends elsewhere (`game_over`)."""
    new = min(RANK_A, level + levels)
    return new, rules.game_end == GameEnd.REACH_A and new == RANK_A


def game_over(level_played: int, result: HandResult, rules: RuleSet) -> bool:
    """Under win_hand_at_A: the 庄家方 won a hand played at level A."""
    return rules.game_end != GameEnd.REACH_A and level_played == RANK_A and result.zhuang_side_won
