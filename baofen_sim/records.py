"""Every record dtype the kernels fill and every capacity they are sized by, defined once (DESIGN.md §1, §7).

A record is one numpy structured element: the kernels pass records, not tuples of arrays (a record is a
plain pointer; every array in an argument tuple costs a reference count at each non-inlined call, and
threads sharing one contend for it). Allocated once per table by the chunk runner and reused for every
hand:

- `HAND_RULES_DTYPE`: the RuleSet's options beyond the trick tables (auction, failed throws, scoring,
  settlement, the 水草 pot); `RUN_CONSTANTS_DTYPE`: the run's seed, counts and output switches.
- `DEAL_SCRATCH_DTYPE`: the deal, auction, bury and settlement scratch of one hand, and the table's ledger.
- `PLAY_STATE_DTYPE`: the play of a hand (hands, current trick, streams, failed throws, tallies, tricks).
- `PLAY_VIEW_DTYPE`: what a play policy may see (DESIGN.md §6).
- `HAND_ROW_DTYPE`: one output row per hand, in the order and dtypes of the Parquet hand columns
  (`io.schema.hand_columns` derives them from it); `TRICK_ROW_DTYPE`: one output row per trick.
- `HAND_LOG_DTYPE`: a hand's actions in table order, for game records (DESIGN.md §8).

Bitboards use the trump-relative layout of `baofen_sim.tables` (ge1 = at least one copy, eq2 = both).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS, PACK_SIZE
from baofen_sim.codes import AUCTION_STATE_SIZE, LEDGER_STATE_SIZE_BASE, NUM_SCORED_CATEGORIES

# ---- capacities ------------------------------------------------------------------------------------------------

MAX_PLAYERS = 5  # seats: 4 in Baofen and 80分, 5 in 找朋友
MAX_PARAMS = 64  # width of a seat's parameter row (room for the play policies' and the table bidder's)
MAX_TRICKS = 32  # capacity: a hand has at most hand_size (25) tricks
MAX_FAILED = MAX_TRICKS  # one throw attempt per lead at most (§4.4.2: no second attempt in the same turn)
MAX_KITTY = 16
MAX_LOG = MAX_PLAYERS * MAX_TRICKS + MAX_FAILED  # every play plus one attempted throw per trick
MAX_UNITS = 32  # units of one suit's cards (suit_units scratch)

MAX_BIDS = 48  # capacity of an auction record (max_auction_steps is 38 for Baofen)
MAX_RULE_VALUES = 16  # capacity of each list of bid values in HAND_RULES_DTYPE (openings, raises)
MAX_EVAL_FEATURES = 16  # capacity for the features of the hand evaluation (policies.features.NUM_EVAL_FEATURES)

PLAY_VIEW_DTYPE = np.dtype([
    ("seat", np.int64),             # the player to act
    ("declarer", np.int64),         # 庄家 seat
    ("side_mask", np.int64),        # bit s: seat s is known to score with the declarer (Baofen: he alone)
    ("private_side", np.int64),     # more seats the acting seat alone knows score with the declarer
    # (`st.private_side[seat]`, `kernels.play.act_as`; 找朋友: the friend, himself, until he plays the friend card;
    # the declarer, himself, when he knows he plays 1 vs 4)
    ("suspect_side", np.int64),     # 找朋友: seats the table suspects of being the unrevealed friend, from the play
    # (`games.zhaopengyou.engine.suspects`); 0 in Baofen and 80分
    ("leader", np.int64),           # seat that led the current trick
    ("n_played", np.int64),         # plays already made in the current trick (0: the player leads)
    ("trick_index", np.int64),      # 0-based trick number
    ("trick_ge1", np.uint64, (MAX_PLAYERS,)),  # current trick, by seat (valid for seats that played)
    ("trick_eq2", np.uint64, (MAX_PLAYERS,)),
    ("played_ge1", np.uint64),      # every card played in earlier tricks: >= 1 copy
    ("played_eq2", np.uint64),      # ... both copies
    ("declarer_points", np.int64),  # card points the declarer's side has won so far (§6.1 C)
    ("wangfen_points", np.int64),   # ... of them 王分 (§6.3 W)
    ("penalty", np.int64),          # Pen so far (§4.5: failed throws are public)
    ("target", np.int64),           # the declarer's bid
    ("hand_sizes", np.int64, (MAX_PLAYERS,)),
    ("throw_allowed", np.bool_),    # §4.4.2 / §4.6: may the leader attempt a throw now
    ("voids", np.int64, (MAX_PLAYERS,)),  # bit s: the seat has shown it holds no card of effective suit s
    ("seat_played_ge1", np.uint64, (MAX_PLAYERS,)),  # the cards each seat has played in earlier tricks
    ("seat_played_eq2", np.uint64, (MAX_PLAYERS,)),
    ("bid_high", np.int64, (MAX_PLAYERS,)),  # the highest bid each seat made in the auction (0: none)
    ("passed_under", np.int64, (MAX_PLAYERS,)),  # the lowest bid it could have made when it passed (0: none)
    ("passed_opening", np.int64),  # bit s: seat s passed with no bid standing (a pass of the opening)
    ("zhujiao", np.int64),          # the 主叫 of the auction (positions of the table bidder)
    ("pairless", np.int64, (MAX_PLAYERS,)),  # bit s: the seat has shown it holds no pair of effective suit s
    ("shown_ge1", np.uint64, (MAX_PLAYERS,)),  # cards a seat showed (a failed throw, §4.4.1; 80分: its showings
    # and 反底 pair, §7.3.4, §7.3.8), not played since
    ("shown_eq2", np.uint64, (MAX_PLAYERS,)),
    ("bury_takers", np.int64, (MAX_PLAYERS,)),  # bit t: seat t took the kitty after seat s last buried it (80分's
    # 反底s, §7.3.8: s's bury lies with them or in the final kitty); 0 for the last burier and a seat that never buried
    ("friend_ge1", np.uint64),  # 找朋友: the friend card (the calling card's other copy, §7.4.8), one bit; 0 when
    # there is none (after an overcall; Baofen, 80分). Who holds it is known once he plays it (`side_mask`)
    ("points_won", np.int64, (MAX_PLAYERS,)),  # 找朋友: card points of the tricks each seat has won so far (a
    # friend's count for the defenders until his reveal, §7.4.10); 0 in Baofen and 80分
])


PLAY_STATE_DTYPE = np.dtype([
    ("hand_ge1", np.uint64, (MAX_PLAYERS,)),  # each seat's current cards (trump layout), >= 1 copy
    ("hand_eq2", np.uint64, (MAX_PLAYERS,)),  # ... both copies
    ("play_ge1", np.uint64, (MAX_PLAYERS,)),  # the current trick, by seat
    ("play_eq2", np.uint64, (MAX_PLAYERS,)),
    ("rng", np.uint64, (MAX_PLAYERS,)),  # each seat's policy stream, for every decision of the hand
    ("policy_ids", np.int64, (MAX_PLAYERS,)),  # each seat's policy, copied from KernelInputs once per table
    ("params", np.float64, (MAX_PLAYERS, MAX_PARAMS)),  # ... and its parameters (a row of a record field
    # is a plain pointer: no reference counting per policy call, unlike a row of KernelInputs.params)
    ("failed_count", np.int64, (MAX_PLAYERS,)),  # failed throws per seat in this hand (§4.6)
    ("throw_seats", np.int64, (MAX_FAILED,)),  # thrower of each failed throw
    ("throw_cards", np.int64, (MAX_FAILED,)),  # cards it is charged for (`counted_throw_cards`)
    ("n_failed", np.int64),  # failed throws so far
    ("penalty", np.int64),  # Pen so far (§6.1, S000 kind only)
    ("declarer_points", np.int64),  # C so far: the points of the tricks won by the declarer's side
    ("wangfen_points", np.int64),  # W so far
    ("tricks", np.int64),  # tricks finished
    ("declarer_won_last", np.bool_),  # the declarer's side won the last trick
    ("bury_ge1", np.uint64),  # the final kitty (trump layout): its burier alone knows it (§5.5, §7.3.8)
    ("bury_eq2", np.uint64),
    ("bury_owner", np.int64),  # who buried it (Baofen: the declarer; 80分: the 庄 or the last 反底)
    ("passed_ge1", np.uint64, (MAX_PLAYERS,)),  # 80分: the cards a seat buried last when a 反底 then took the kitty
    ("passed_eq2", np.uint64, (MAX_PLAYERS,)),  # from it (§7.3.8), which it alone knows but for their takers
    ("bury_takers", np.int64, (MAX_PLAYERS,)),  # view.bury_takers
    ("private_side", np.int64, (MAX_PLAYERS,)),  # view.private_side of each seat (0: it knows no more than
    # side_mask; 找朋友: the unrevealed friend's own bit, §7.4.8, and the declarer's when he knows he is alone)
    ("shown_before_ge1", np.uint64, (MAX_PLAYERS,)),  # cards each seat showed before the play (80分: its showings
    ("shown_before_eq2", np.uint64, (MAX_PLAYERS,)),  # and 反底 pair, §7.3.4, §7.3.8; Baofen: none): view.shown_*
    # one summary per trick (RUN_CONSTANTS.do_tricks): the TRICK_ROW_DTYPE fields
    ("trick_leader", np.int64, (MAX_TRICKS,)),
    ("trick_winner", np.int64, (MAX_TRICKS,)),
    ("trick_points", np.int64, (MAX_TRICKS,)),
    ("trick_cards", np.int64, (MAX_TRICKS,)),
    ("trick_lead_kind", np.int64, (MAX_TRICKS,)),
    ("trick_throw_failed", np.uint8, (MAX_TRICKS,)),  # 0/1 (numba types no nested bool array)
    ("trick_ruffed", np.uint8, (MAX_TRICKS,)),
], align=True)

TRICK_ROW_DTYPE = np.dtype([
    ("trick", np.int64),  # from 0
    ("leader", np.int64),
    ("winner", np.int64),
    ("points", np.int64),  # card points in the trick
    ("cards", np.int64),  # cards per player
    ("lead_kind", np.int64),  # io.schema LEAD_* of the lead that stood (a failed throw's forced unit)
    ("throw_failed", np.bool_),  # a throw was attempted and failed (§4.4)
    ("ruffed", np.bool_),  # won by a ruff (§3.1 RUFF) of a plain-suit lead
], align=True)

HAND_LOG_DTYPE = np.dtype([
    ("bury", np.int64, (MAX_KITTY,)),  # the buried card kinds (the first kitty_size entries)
    ("n_plays", np.int64),
    ("seat", np.int64, (MAX_LOG,)),
    ("kind", np.int64, (MAX_LOG,)),  # LOG_*
    ("ge1", np.uint64, (MAX_LOG,)),  # the cards, trump layout
    ("eq2", np.uint64, (MAX_LOG,)),
], align=True)


HAND_RULES_DTYPE = np.dtype([  # the RuleSet's non-table options in kernel form (materialize.hand_rules)
    ("sampler_address", np.int64),  # the game's compiled sampler play (policies.sampler.entry.link_play), 0 if unlinked
    ("num_players", np.int64),  # num_players
    ("hand_size", np.int64),  # cards dealt to each player
    ("kitty_size", np.int64),  # cards in the kitty
    ("first_zhujiao", np.int64),  # first_zhujiao_seat (§5.2)
    # §5.4 auction; a list of values is its first n_* entries
    ("open_values", np.int64, (MAX_RULE_VALUES,)),  # bid_open_values, ascending: the 主叫's opening
    ("n_open_values", np.int64),
    ("open_values_after_pass", np.int64, (MAX_RULE_VALUES,)),  # bid_open_values_after_pass (A9): a 副叫's
    ("n_open_values_after_pass", np.int64),
    ("raise_steps", np.int64, (MAX_RULE_VALUES,)),  # bid_raise_steps, ascending
    ("n_raise_steps", np.int64),
    ("max_bid_choices", np.int64),  # capacity for a legal-bid list: the longest of the three lists above
    ("max_auction_steps", np.int64),  # capacity for an auction record: every possible bid, one pass per seat
    ("cap_default", np.int64),  # bid_cap_default
    ("cap_pairs_min", np.int64),  # bid_cap_pairs_min: pairs needed for cap_max
    ("cap_max", np.int64),  # bid_cap_max, never exceeded
    ("pairs_include_jokers", np.int64),  # bid_pairs_include_jokers (A10), 0/1
    # §4.4–§4.6 failed throws
    ("forced_play", np.int64),  # FORCED_* (failed_throw_forced_play)
    ("max_failed_throws", np.int64),  # max_failed_throws_per_player, NO_LIMIT = None
    ("penalty_kind", np.int64),  # PENALTY_* (failed_throw_penalty_kind)
    ("penalty_amount", np.int64),  # failed_throw_penalty_amount
    ("penalty_basis", np.int64),  # BASIS_* (failed_throw_penalty_basis)
    ("penalty_recipient", np.int64),  # RECIPIENT_* (failed_throw_penalty_recipient)
    # §6 scoring
    ("kitty_owner", np.int64),  # KITTY_* (kitty_points_owner)
    ("wangfen_scope", np.int64),  # WANGFEN_* (wangfen_scope)
    ("wangfen_full_bonus", np.int64),  # +50
    ("wangfen_zero_penalty", np.int64),  # 100, subtracted
    ("special_scores_fixed", np.int64),  # 0/1 (A12)
    ("quanji_score", np.int64),
    ("banji_score", np.int64),
    ("jintaiyang_declarer_score", np.int64),
    ("jintaiyang_defender_score", np.int64),
    ("categories_card_points_only", np.int64),  # categories_use_card_points_only (A16), 0/1
    ("zero_result_is_win", np.int64),  # 0/1 (A11)
    # §6.6 / §6.7 settlement
    ("settlement_mode", np.int64),  # SETTLE_*
    ("base_stake", np.float64),  # 底注 b
    ("stake_declarer_factor", np.float64),  # 3
    ("stake_multipliers", np.float64, (NUM_SCORED_CATEGORIES,)),  # indexed by CAT_NORMAL..CAT_JINTAIYANG
    # §5.7 all-pass and the 水草 pot
    ("all_pass_mode", np.int64),  # ALL_PASS_*
    ("keeps_pot", np.int64),  # 1 for the two 水草 modes, 0 for direct_001
    ("pot_unit_value", np.float64),  # settlement units per pot unit: share value × base stake, or 1 (A17)
    ("zhujiao_amount", np.float64),  # shuicao_zhujiao_amount (pot units)
    ("fujiao_amount", np.float64),  # shuicao_fujiao_amount (pot units)
    ("loss_multiple", np.float64),  # shuicao_loss_multiple ("等倍")
    ("split_threshold", np.float64),  # shuicao_split_threshold (pot units)
    ("nobid_streak_limit", np.int64),  # shuicao_split_after_nobid_streak, STREAK_OFF = null (A17)
    ("direct_amount", np.float64),  # direct_deduction_amount (settlement units, A18)
    # A48 simulated tables
    ("table_start_rotation", np.int64),  # 0/1: table t's first 主叫 is (first_zhujiao + t) mod players
    ("pot_at_table_end", np.int64),  # POT_END_* (pot_at_table_end)
], align=True)

RUN_CONSTANTS_DTYPE = np.dtype([  # what is fixed for a whole run besides the rules (materialize.run_constants)
    ("seed", np.uint64),
    ("hands_per_table", np.int64),
    ("deals", np.int64),  # hands to play: the run's, or fewer when a replay stops early
    ("run_deals", np.int64),  # hands in the run: where its tables end (only the last table may be short)
    ("do_tricks", np.bool_),  # keep a summary of every trick
    ("do_log", np.bool_),  # log every action (replay)
    ("forced_declarer", np.int64),  # the seat that declares without an auction, or codes.DECLARER_*
    ("forced_target", np.int64),  # ... at this target (DESIGN.md §5)
    ("rows_per_hand", np.int64),  # output rows per hand: num_players with DECLARER_EACH, else 1
    ("min_evaluation", np.float64),  # a forced declarer with a lower evaluation_i passes (-inf: every one plays)
    ("evaluation_params", np.float64, (MAX_PARAMS,)),  # a heuristic row with the fitted evaluation's weights
    # (the registry defaults): what the evaluation_i columns are, whatever the seats' policies
], align=True)


DEAL_SCRATCH_DTYPE = np.dtype([
    ("pack", np.int64, (PACK_SIZE,)),  # the shuffled pack (card kinds)
    ("deal_ge1", np.uint64, (MAX_PLAYERS,)),  # dealt hands in kind space (bit = card kind)
    ("deal_eq2", np.uint64, (MAX_PLAYERS,)),
    ("kitty_ge1", np.uint64),  # the dealt kitty, kind space
    ("kitty_eq2", np.uint64),
    ("counts", np.int8, (MAX_PLAYERS, NUM_KINDS)),  # dealt hands as kind counts (bid policies, features)
    ("declarer_counts", np.int8, (NUM_KINDS,)),  # the declarer's 33 cards, then his 25 after the bury
    ("caps", np.int64, (MAX_PLAYERS,)),  # §5.4.2 bid caps
    ("auction", np.int64, (AUCTION_STATE_SIZE,)),
    ("bid_seats", np.int64, (MAX_BIDS,)),
    ("bid_values", np.int64, (MAX_BIDS,)),  # PASS = 0
    ("legal_bids", np.int64, (MAX_RULE_VALUES,)),  # the legal bids of one auction step
    ("bid_cheapest", np.int64, (MAX_BIDS,)),  # the cheapest legal bid at each auction step (0: none)
    ("eval_features", np.float64, (MAX_EVAL_FEATURES,)),  # one seat's evaluation features (the deal's scratch)
    ("bury", np.int64, (MAX_KITTY,)),  # buried kinds (the first kitty_size entries)
    ("settlement", np.float64, (MAX_PLAYERS,)),  # this hand's per-seat change
    ("pot_flow", np.float64, (MAX_PLAYERS,)),  # ... its 水草 part (kernels.ledger)
    ("ledger", np.float64, (LEDGER_STATE_SIZE_BASE + MAX_PLAYERS,)),  # the table state (kernels.ledger)
], align=True)

# One hand, in the order and dtypes of the Parquet hand columns: (name, dtype, shape, description). A field
# of shape SEAT_SHAPE is one column per seat (`settle_0` ...); `bids` is a list column (the auction's steps,
# PASS = 0, padded with BID_PAD); a field without a description stays inside the engine.
SEAT_SHAPE = (MAX_PLAYERS,)
HAND_ROW_FIELDS = (
    ("hand", np.int64, (), "global hand index = table * hands_per_table + hand_in_table"),
    ("table", np.int64, (), "table index"),
    ("hand_in_table", np.int32, (), "hand number at its table, from 0"),
    ("zhujiao", np.int8, (), "主叫 seat (§5.2)"),
    ("declarer", np.int8, (), "declarer seat; −1 = all-pass"),
    ("target", np.int16, (), "winning bid (目标分)"),
    ("trump", np.int8, (), "trump suit S/H/C/D"),
    ("bids", np.int16, (MAX_BIDS,), "bids in auction order from the 主叫; 0 = pass"),
    ("n_bids", np.int16, (), None),
    ("cap_reached", np.bool_, (), "the target equals the declarer's bid cap (§5.4.2); false without an auction"),
    ("cap_limited", np.bool_, (), "some seat's bidder would have bid above its bid cap (§5.4.2) at some step"),
    ("kitty_points", np.int16, (), "card points in the final kitty (K)"),
    ("declarer_points", np.int16, (), "card points the declarer took (C)"),
    ("wangfen_points", np.int16, (), "王分 the declarer took (W)"),
    ("penalty_points", np.int16, (), "failed-throw adjustment (Pen)"),
    ("score", np.int32, (), "本局得分 S (§6.5)"),
    ("result", np.int32, (), "R = S − target, or the fixed special score (§6.5)"),
    ("category", np.int8, (), "hand category (§6.4)"),
    ("declarer_won", np.bool_, (), "R ≥ 0 (or > 0, §6.5 [A11])"),
    ("settle", np.float64, SEAT_SHAPE, "settlement incl. 水草 transfers (§6.6/§6.7)"),
    ("pot_flow", np.float64, SEAT_SHAPE, "the 水草 part of settle_i: pot pay-ins, the pot taken, split "
                                          "shares (§5.7, A48); settle_i − pot_flow_i is the stakes part"),
    ("pot_after", np.float64, (), "水草 pot after the hand (§5.7), after any table-end split"),
    ("table_end_split", np.float64, (), "pot shared equally after the table's last hand (A48), in pot units; "
                                         "its shares are in settle_i"),
    ("failed_throws", np.int16, (), "failed throws in the hand"),
    ("tricks_played", np.int16, (), "tricks played (0 in an all-pass hand)"),
    ("pairs", np.int8, SEAT_SHAPE, "pairs among the dealt cards (§5.4.2)"),
    ("strength", np.float32, SEAT_SHAPE, "bidder's hand-strength feature"),
    ("evaluation", np.float32, SEAT_SHAPE, "the fitted hand evaluation (card points; default-bids weights, "
                                           "the guide's point count) of the 25 dealt cards, whatever the policy"),
    ("policy", np.int8, SEAT_SHAPE, "policy id"),
)
HAND_ROW_DTYPE = np.dtype([(name, dtype, shape) for name, dtype, shape, _ in HAND_ROW_FIELDS], align=True)
