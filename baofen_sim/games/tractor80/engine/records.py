"""The record layouts of the 80分 kernels (RULES.md §7.3), defined once, beside Baofen's in `baofen_sim.records`:

- `TRACTOR80_RULES_DTYPE`: the §9.4 options, as integers (`materialize.tractor80_rules`); `HAND80_RULES_DTYPE` the
  hand's rules in one record: Baofen's `HAND_RULES_DTYPE` fields (the trick machinery's) and those;
- `RESULT_DTYPE`: one hand's result, the fields of DESIGN.md §8's result line: first what the flow and the tricks give
  (the 庄, the levels, P, K, X and the last trick), then what `result.hand_result` makes of them;
- `HAND80_ROW_FIELDS` / `HAND80_ROW_DTYPE`: a hand's output row (the Parquet hand columns), `HAND80_LOG_DTYPE` what a
  game record needs of it, `TABLE80_SCRATCH_DTYPE` a table's working memory and state.

Bitboards use the trump-relative layout of `baofen_sim.tables`.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS, PACK_SIZE
from baofen_sim.codes import NUM_TEAMS
from baofen_sim.games.tractor80.engine.declaring import MAX_SHOWINGS
from baofen_sim.records import HAND_RULES_DTYPE, MAX_KITTY, MAX_LOG, MAX_PLAYERS

NUM_SEATS = 4  # 80分 is played by four, partners opposite (§7.3.1)

TRACTOR80_RULES_DTYPE = np.dtype([
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
    ("start_level", np.int64),         # §7.3.2 a game's first level, rank 0..12
    ("singles_overcall", np.int64),    # declare_single_overcalls_single (A47), 0/1
    ("self_reinforce", np.int64),      # allow_self_reinforce (自保), 0/1
    ("fandi_enabled", np.int64),       # 0/1
    ("fandi_first_challenge_any_pair", np.int64),  # fandi_first_challenge = any_pair (A24), 0/1
    ("fandi_eligible_any_but_last_burier", np.int64),  # fandi_eligible = any_but_last_burier (A24), 0/1
], align=True)

HAND80_RULES_DTYPE = np.dtype(  # the rules the shared trick machinery reads, then the §9.4 options: the play
    # policies see both (the sampler's value, policies.sampler); the 80分 flow reads the second part
    [(name, HAND_RULES_DTYPE.fields[name][0]) for name in HAND_RULES_DTYPE.names]
    + [(name, TRACTOR80_RULES_DTYPE.fields[name][0]) for name in TRACTOR80_RULES_DTYPE.names], align=True)

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

MAX_DECLARATIONS = 64  # showings in one deal: each raises the ladder or is a 自保, so far fewer can happen
MAX_FANDI = 16  # 反底s in one hand: each outranks the last, so at most 4 pairs + 2 joker pairs

# One hand, in the order and dtypes of the Parquet hand columns: (name, dtype, shape, description); a field without
# a description stays inside the engine. SEAT_SHAPE fields are one column per seat, TEAM_SHAPE one per team.
SEAT_SHAPE = (MAX_PLAYERS,)
TEAM_SHAPE = (NUM_TEAMS,)
HAND80_ROW_FIELDS = (
    ("hand", np.int64, (), "global hand index = table * hands_per_table + hand_in_table"),
    ("table", np.int64, (), "table index"),
    ("hand_in_table", np.int32, (), "hand number at its table, from 0"),
    ("game", np.int32, (), "game number at its table, from 0 (a game ends as game_end says, §7.3.2)"),
    ("first_hand", np.bool_, (), "the game's first hand: the last declarer became 庄 (§7.3.6)"),
    ("zhuang", np.int8, (), "庄 seat (the declarer; his team is the 庄家方)"),
    ("level", np.int8, (), "rank played (0 = 2 … 12 = A): the 庄's team level"),
    ("levels_before", np.int8, TEAM_SHAPE, "each team's level before the hand (team 0: seats 0 and 2)"),
    ("trump", np.int8, (), "trump suit S/H/C/D, or NT"),
    ("trump_source", np.int8, (), "what set the trump: the deal's last showing (single, pair, no_trump), the kitty "
                                  "(nobody showed, §7.3.5) or a 反底 (fandi, §7.3.8)"),
    ("declarations", np.int8, (), "showings during the deal (§7.3.4)"),
    ("trump_setter", np.int8, (), "seat whose showing or 反底 set the trump; −1 = from the kitty"),
    ("fandi", np.int8, (), "反底s (§7.3.8)"),
    ("kitty_points", np.int16, (), "card points in the final kitty (K)"),
    ("kitty_multiplier", np.int8, (), "抠底 multiplier m (0 unless the 抓分方 won the last trick, §7.3.11)"),
    ("kitty_bonus", np.int16, (), "B = K × m"),
    ("defenders_points", np.int16, (), "card points the 抓分方 took in tricks (P)"),
    ("penalty_points", np.int16, (), "failed-throw adjustment to the defenders' total (X, §4.5)"),
    ("defenders_total", np.int16, (), "T = max(0, P + B + X)"),
    ("declarer_won", np.bool_, (), "the 庄家方 won (T < threshold)"),
    ("up_team", np.int8, (), "the team that goes up or takes over (0: seats 0 and 2)"),
    ("up_levels", np.int8, (), "levels it goes up (§7.3.12; 0 for a bare take-over)"),
    ("levels_after", np.int8, TEAM_SHAPE, "each team's level after the hand (never past A)"),
    ("next_zhuang", np.int8, (), "the next hand's 庄; −1 when the game is over (§7.3.6)"),
    ("game_over", np.bool_, (), "the hand ends the game (game_end)"),
    ("settle", np.float64, SEAT_SHAPE, "积分 change per seat (score_per_level × levels, A21)"),
    ("cumulative", np.float64, SEAT_SHAPE, "积分 per seat at the table after the hand"),
    ("failed_throws", np.int16, (), "failed throws in the hand"),
    ("tricks_played", np.int16, (), "tricks played"),
    ("policy", np.int8, SEAT_SHAPE, "policy id"),
)
HAND80_ROW_DTYPE = np.dtype([(name, dtype, shape) for name, dtype, shape, _ in HAND80_ROW_FIELDS], align=True)

HAND80_LOG_DTYPE = np.dtype([  # what a game record needs beyond the plays (engine.record; DESIGN.md §8)
    ("dealt", np.int64, (PACK_SIZE,)),  # the pack in deal order: card k of the deal is dealt[k − 1]
    ("first", np.int64),  # the seat that received the first card
    ("n_declarations", np.int64),
    ("declaration_after", np.int64, (MAX_DECLARATIONS,)),  # cards dealt when it was shown
    ("declaration_seat", np.int64, (MAX_DECLARATIONS,)),
    ("declaration_kind", np.int64, (MAX_DECLARATIONS,)),  # the card kind shown
    ("declaration_copies", np.int64, (MAX_DECLARATIONS,)),  # 1 or 2 (a 自保 shows one)
    ("bury", np.int64, (MAX_KITTY,)),  # the 庄's bury
    ("n_fandi", np.int64),
    ("fandi_seat", np.int64, (MAX_FANDI,)),
    ("fandi_kind", np.int64, (MAX_FANDI,)),  # the pair's card kind
    ("fandi_bury", np.int64, (MAX_FANDI, MAX_KITTY)),
    ("n_plays", np.int64),  # the plays as attempted, in table order (as HAND_LOG_DTYPE's: engine.tricks.log_play)
    ("seat", np.int64, (MAX_LOG,)),
    ("kind", np.int64, (MAX_LOG,)),  # LOG_*
    ("ge1", np.uint64, (MAX_LOG,)),  # the cards, trump layout
    ("eq2", np.uint64, (MAX_LOG,)),
], align=True)

TABLE80_SCRATCH_DTYPE = np.dtype([  # a table's working memory, allocated once and reused by every hand
    ("pack", np.int64, (PACK_SIZE,)),  # the shuffled pack (seat-stable: seat s's j-th card is pack[j N + s])
    ("counts", np.int8, (MAX_PLAYERS, NUM_KINDS)),  # each seat's cards so far, copies per kind
    ("shown", np.int8, (MAX_PLAYERS, NUM_KINDS)),  # the copies of each kind a seat has shown (its showings, its
    # 反底 pair; a 自保 shows it holds both): what the others know it holds (hand.note_shown)
    ("kitty", np.int64, (MAX_KITTY,)),  # the buried cards (kinds)
    ("passed", np.int64, (MAX_PLAYERS, MAX_KITTY)),  # the kinds a seat buried last when a 反底 took the kitty from
    # it (§7.3.8, kernels.kitty.pass_kitty), valid where bury_takers is not 0
    ("bury_takers", np.int64, (MAX_PLAYERS,)),  # bit t: seat t took the kitty after this seat last buried it
    ("showing_tiers", np.int64, (MAX_SHOWINGS,)),  # a seat's possible 反底s (declaring.held_showings)
    ("showing_suits", np.int64, (MAX_SHOWINGS,)),
    ("seat_options", np.int64, (MAX_PLAYERS,)),  # during the deal: each seat's legal showings, how many (hand.py)
    ("seat_declined", np.int8, (MAX_PLAYERS,)),  # ... and 1 if it declined them with nothing changed since
    ("seat_tiers", np.int64, (MAX_PLAYERS, MAX_SHOWINGS)),  # ... and which
    ("seat_suits", np.int64, (MAX_PLAYERS, MAX_SHOWINGS)),
    ("levels", np.int64, (NUM_TEAMS,)),  # the table state: each team's level,
    ("cumulative", np.float64, (MAX_PLAYERS,)),  # each seat's 积分,
    ("zhuang", np.int64),  # the next 庄 (NO_SEAT at a game's first hand),
    ("game", np.int64),  # the game number
], align=True)
