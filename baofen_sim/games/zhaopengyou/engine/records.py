"""The record layouts of the 找朋友 kernels (RULES.md §7.4), beside Baofen's (`baofen_sim.records`) and 80分's:

- `ZPY_RULES_DTYPE`: the §9.5 options (and the §7.3.11 multipliers the kitty rule borrows) as integers
  (`materialize.zpy_rules`); `HAND_ZPY_RULES_DTYPE` the hand's rules in one record: Baofen's `HAND_RULES_DTYPE`
  fields (the trick machinery's), then those;
- `ZPY_ROW_FIELDS` / `ZPY_ROW_DTYPE`: a hand's output row (the Parquet hand columns), `ZPY_LOG_DTYPE` what a game
  record needs of it, `ZPY_SCRATCH_DTYPE` a table's working memory and state.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS, PACK_SIZE
from baofen_sim.games.zhaopengyou.options import OVERCALL_LIMIT as ZPY_OVERCALL_LIMIT
from baofen_sim.records import HAND_RULES_DTYPE, MAX_KITTY, MAX_LOG, MAX_PLAYERS

NUM_SEATS = 5  # §7.4.1
DEALT = 100  # cards dealt (5 × 20); the kitty is the pack's last 8

ZPY_RULES_DTYPE = np.dtype([
    ("flip_card", np.int64),           # FLIP_* code: which dealt card is turned up (§7.4.3, A31)
    ("joker_suit_bj", np.int64),       # §7.4.5 the suit a turned-up BJ names
    ("joker_suit_lj", np.int64),       # ... and a turned-up LJ
    ("flip_call", np.int64),           # FLIP_CALL_* code (§7.4.5, A50)
    ("overcall_max", np.int64),        # §7.4.7 [A35]
    ("allow_concede", np.int64),       # §7.4.9, 0/1
    ("concede_condition", np.int64),   # CONCEDE_* code (§7.4.9, A32)
    ("threshold", np.int64),           # §7.4.12 (80)
    ("tie_declarer_wins", np.int64),   # zpy_tie_at_80 = declarer_win (A29), 0/1
    ("kitty_rule", np.int64),          # KITTY_RULE_* code (§7.4.11, A30)
    ("single_multiplier", np.int64),   # §7.3.11 multipliers of s003_multipliers
    ("pair_multiplier", np.int64),
    ("tractor_multiplier", np.int64),
    ("kitty_basis", np.int64),         # KITTY_BASIS_* code (A23)
    ("multi_tractor", np.int64),       # MULTI_TRACTOR_* code (A23)
], align=True)

HAND_ZPY_RULES_DTYPE = np.dtype(
    [(name, HAND_RULES_DTYPE.fields[name][0]) for name in HAND_RULES_DTYPE.names]
    + [(name, ZPY_RULES_DTYPE.fields[name][0]) for name in ZPY_RULES_DTYPE.names], align=True)

SEAT_SHAPE = (MAX_PLAYERS,)
# One hand, in the order and dtypes of the Parquet hand columns: (name, dtype, shape, description); a field without a
# description stays inside the engine. SEAT_SHAPE fields are one column per seat. A conceded hand has no tricks:
# its scored fields are −1.
ZPY_ROW_FIELDS = (
    ("hand", np.int64, (), "global hand index = table * hands_per_table + hand_in_table"),
    ("table", np.int64, (), "table index"),
    ("hand_in_table", np.int32, (), "hand number at its table, from 0"),
    ("deal_first", np.int8, (), "seat that received the first card (§7.4.2)"),
    ("flip_position", np.int8, (), "the turned-up card is card k = 1..100 of the deal (§7.4.3)"),
    ("flip_holder", np.int8, (), "seat that received the turned-up card"),
    ("flip_card", np.int8, (), "the turned-up card"),
    ("caller", np.int8, (), "seat that called (the first 7 shown, or the flip holder's forced call)"),
    ("call_card", np.int8, (), "the card called with (a 7, or the turned-up card in a forced call)"),
    ("call_after", np.int8, (), "cards dealt when the call was made (100: after the deal)"),
    ("call_forced", np.bool_, (), "nobody called: the flip holder's forced call (§7.4.5)"),
    ("overcalls", np.int8, (), "overcalls with a pair of 7s (§7.4.7)"),
    ("declarer", np.int8, (), "declarer: the caller, or the last overcaller"),
    ("trump", np.int8, (), "trump suit S/H/C/D"),
    ("friend_card", np.int8, (), "the friend card (the calling card; null after an overcall, §7.4.8)"),
    ("friend", np.int8, (), "the friend's seat; −1 when the declarer plays 1 vs 4"),
    ("friend_status", np.int8, (), "friend (a seat holds the friend card), or why 1 vs 4: overcall (no friend card), "
                                   "own_card (the declarer holds the other copy), buried (it is in the kitty)"),
    ("reveal_trick", np.int8, (), "trick (from 0) in which the friend played the friend card; −1 never"),
    ("points_cleared", np.int16, (), "the friend's points removed from the defenders' count at his reveal "
                                     "(§7.4.10)"),
    ("conceded", np.bool_, (), "the declarer conceded (§7.4.9): his side lost, nothing scored"),
    ("defenders_points", np.int16, (), "card points the defenders took in tricks, §7.4.10 (−1: conceded)"),
    ("kitty_points", np.int16, (), "card points in the final kitty (−1: conceded)"),
    ("kitty_multiplier", np.int8, (), "kitty multiplier (0 unless a defender won the last trick, §7.4.11; −1: "
                                      "conceded)"),
    ("kitty_bonus", np.int16, (), "kitty points × multiplier (−1: conceded)"),
    ("defenders_total", np.int16, (), "defenders' points + kitty bonus (−1: conceded)"),
    ("declarer_won", np.bool_, (), "the declarer's side won (§7.4.12)"),
    ("next_deal_first", np.int8, (), "seat that receives the next hand's first card (§7.4.2)"),
    ("tricks_played", np.int16, (), "tricks played"),
    ("points_won", np.int16, SEAT_SHAPE, "card points of the tricks the seat won"),
    ("policy", np.int8, SEAT_SHAPE, "policy id"),
)
ZPY_ROW_DTYPE = np.dtype([(name, dtype, shape) for name, dtype, shape, _ in ZPY_ROW_FIELDS], align=True)

ZPY_LOG_DTYPE = np.dtype([  # what a game record needs beyond the plays (engine.record; DESIGN.md §8)
    ("dealt", np.int64, (PACK_SIZE,)),  # the pack in deal order: card k of the deal is dealt[k − 1], then the kitty
    ("bury", np.int64, (MAX_KITTY,)),  # the caller's bury
    ("overcall_seat", np.int64, (ZPY_OVERCALL_LIMIT,)),
    ("overcall_kind", np.int64, (ZPY_OVERCALL_LIMIT,)),  # the 7 shown twice
    ("overcall_bury", np.int64, (ZPY_OVERCALL_LIMIT, MAX_KITTY)),
    ("n_plays", np.int64),  # the plays as attempted, in table order (engine.tricks.log_play)
    ("seat", np.int64, (MAX_LOG,)),
    ("kind", np.int64, (MAX_LOG,)),  # LOG_*
    ("ge1", np.uint64, (MAX_LOG,)),  # the cards, trump layout
    ("eq2", np.uint64, (MAX_LOG,)),
], align=True)

ZPY_SCRATCH_DTYPE = np.dtype([  # a table's working memory, allocated once and reused by every hand
    ("pack", np.int64, (PACK_SIZE,)),  # the shuffled pack (seat-stable: seat s's j-th card is pack[j N + s])
    ("counts", np.int8, (MAX_PLAYERS, NUM_KINDS)),  # each seat's cards, copies per kind
    ("shown", np.int8, (MAX_PLAYERS, NUM_KINDS)),  # the copies each seat showed (its call, its overcall pair)
    ("kitty", np.int64, (MAX_KITTY,)),  # the buried cards (kinds)
    ("options", np.int64, (NUM_KINDS,)),  # a decision's legal cards (kinds)
    ("option_trumps", np.int64, (NUM_KINDS,)),  # ... and the trump each names (the forced call)
    ("counted", np.int64, (MAX_PLAYERS,)),  # §7.4.10 the points each seat's tricks count for the defenders
    ("passed", np.int64, (MAX_PLAYERS, MAX_KITTY)),  # the kinds a seat buried last when an overcall took the kitty
    # from it (§7.4.7, kernels.kitty.pass_kitty), valid where bury_takers is not 0
    ("bury_takers", np.int64, (MAX_PLAYERS,)),  # bit t: seat t took the kitty after this seat last buried it
    ("deal_first", np.int64),  # the table state: the seat that receives the next first card
], align=True)
