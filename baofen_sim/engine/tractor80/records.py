"""The record layouts of the 80分 kernels (RULES.md §7.3), defined once, beside Baofen's in `baofen_sim.records`:

- `RESULT_RULES_DTYPE`: the §9.4 options the result reads, as integers (`materialize.result_rules`);
- `RESULT_DTYPE`: one hand's result, the fields of DESIGN.md §8's result line: first what the flow and the tricks give
  (the 庄, the levels, P, K, X and the last trick), then what `result.hand_result` makes of them.

Bitboards use the trump-relative layout of `baofen_sim.tables`.
"""

from __future__ import annotations

import numpy as np

NUM_SEATS = 4  # 80分 is played by four, partners opposite (§7.3.1)
NUM_TEAMS = 2  # team 0: seats 0 and 2; team 1: seats 1 and 3

RESULT_RULES_DTYPE = np.dtype([
    ("threshold", np.int64),           # §7.3.12 T from which the 抓分方 take over (80)
    ("level_step", np.int64),          # §7.3.12 points per level, above and below the threshold (40)
    ("zero_points_levels", np.int64),  # §7.3.12 the 庄家方's levels at T = 0 (3)
    ("score_per_level", np.int64),     # §7.3.12 积分 per level and player (2, A21)
    ("points_floor", np.int64),        # defender_points_floor (0), NO_POINTS_FLOOR for none (A42)
    ("single_multiplier", np.int64),   # §7.3.11 抠底: the winning play holds only singles (×2)
    ("pair_multiplier", np.int64),     # ... a pair but no tractor (×4)
    ("tractor_multiplier", np.int64),  # ... a tractor: this many times its cards (2 × len)
    ("kitty_basis", np.int64),         # KITTY_BASIS_* code (A23)
    ("multi_tractor", np.int64),       # MULTI_TRACTOR_* code (A23)
    ("next_on_hold", np.int64),        # NEXT_ON_HOLD_* code (§7.3.6, A26)
    ("game_end", np.int64),            # GAME_END_* code (§7.3.2, A27)
], align=True)

RESULT_DTYPE = np.dtype([
    # given by the flow and the tricks
    ("zhuang", np.int64),                 # the 庄 (declarer)
    ("level", np.int64),                  # the rank played, 0..12 (2..A): the 庄's team's level
    ("levels", np.int64, (NUM_TEAMS,)),   # the teams' levels before the hand
    ("defenders_points", np.int64),       # P: card points the 抓分方 took in tricks
    ("kitty_points", np.int64),           # K: card points of the final kitty
    ("penalty_points", np.int64),         # X: failed throws, −10 per 抓分方 failure, +10 per 庄家方 failure (§4.5)
    ("last_winner", np.int64),            # the seat that won the last trick
    ("last_lead_ge1", np.uint64),         # the last trick's lead
    ("last_lead_eq2", np.uint64),
    ("last_win_ge1", np.uint64),          # ... and its winning play
    ("last_win_eq2", np.uint64),
    # made by result.hand_result
    ("kitty_multiplier", np.int64),       # m: 0 unless the 抓分方 won the last trick (§7.3.11)
    ("kitty_bonus", np.int64),            # B = K × m
    ("defenders_total", np.int64),        # T = P + B + X, floored (A42)
    ("declarer_won", np.bool_),           # the 庄家方 won the hand: T < threshold
    ("up_team", np.int64),                # the team that goes up or takes over
    ("up_levels", np.int64),              # ... and its levels (0: a bare take-over)
    ("levels_after", np.int64, (NUM_TEAMS,)),  # the levels reached, never past A
    ("next_zhuang", np.int64),            # §7.3.6; NO_SEAT when the game is over
    ("game_over", np.bool_),              # §7.3.2 game_end
    ("settlement", np.int64, (NUM_SEATS,)),  # each seat's 积分 change (§7.3.12, A21)
], align=True)
