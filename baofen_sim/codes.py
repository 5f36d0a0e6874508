"""Every integer code shared by the kernels, the engine, the policies and the output, defined once.

- Option codes: one block per RULES.md §9 enum option; the first value of each block is the `baofen`
  default. `option_code(name, value)` turns a RuleSet value into its code (the materialize step's only
  translation); `OPTION_CODES` lists them all.
- The trump-relative layout's suit codes; shapes, play classes and manners of the trick kernels (§1.9, §3.1,
  §1.6.2).
- Hand categories (§6.4) and lead kinds, with their output labels (DESIGN.md §7).
- Markers: pass, no bid, no seat, padding, no trump named.
- Layouts of the small state arrays: the auction state (`kernels.auction`) and the table ledger
  (`kernels.ledger`).
- Kinds of logged plays (game records, DESIGN.md §8).
"""

from __future__ import annotations

# ---- option codes (RULES.md §9) --------------------------------------------------------------------------

# trick tables (§1–§4)
JOKER_R000, JOKER_R001, JOKER_TOP, JOKER_NONE = 0, 1, 2, 3  # joker_tractor_mode (§1.6)
JOKER_RUFF_LARGEST, JOKER_RUFF_SMALLEST = 0, 1  # joker_tractor_ruff_001 (§1.6.2)
RUFF_SHAPE, RUFF_COUNT = 0, 1  # ruff_structure_rule (§3.2)
FOLLOW_LONGEST_UP_TO_LED, FOLLOW_SAME_LENGTH_ONLY = 0, 1  # follow_tractor_rule (§2.3.2)
COMPARE_PRIMARY_UNIT, COMPARE_LEXICOGRAPHIC = 0, 1  # multi_unit_compare (§3, A6)
EIGHT_S000, EIGHT_S001, EIGHT_OFF = 0, 1, 2  # eight_kind_mode (§1.8, §2.7)
LOWEST_CARD, FEWEST_CARDS_FIRST, MOST_CARDS_FIRST = 0, 1, 2  # failed_throw_unit_priority (§4.4.2, A3)
FORCED_SMALLEST_UNIT, FORCED_FREE_RELEAD = 0, 1  # failed_throw_forced_play (§4.4.2, A3)
NO_LIMIT = -1  # max_failed_throws_per_player = None (§4.6, Baofen)

# scoring, settlement and the 水草 pot (§4.5, §5.7, §6)
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
POT_END_SPLIT, POT_END_UNSETTLED = 0, 1  # pot_at_table_end (A48)

# the 80分 result (§7.3.2, §7.3.6, §7.3.11, §7.3.12; first value = the `tractor-80fen` default)
GAME_END_REACH_A, GAME_END_WIN_HAND_AT_A = 0, 1  # game_end (§7.3.2, A27)
KITTY_BASIS_WINNER_PLAY, KITTY_BASIS_LEAD_STRUCTURE = 0, 1  # kitty_multiplier_basis (§7.3.11, A23)
MULTI_TRACTOR_LONGEST, MULTI_TRACTOR_SUM = 0, 1  # kitty_multiplier_multi_tractor (§7.3.11, A23)
NEXT_ON_HOLD_PARTNER, NEXT_ON_HOLD_SELF = 0, 1  # next_declarer_on_hold (§7.3.6, A26)
NO_POINTS_FLOOR = -(1 << 62)  # defender_points_floor = none (A42): no total is below it

OPTION_CODES: dict[str, dict[str, int]] = {
    "joker_tractor_mode": {"r000": JOKER_R000, "r001": JOKER_R001, "top": JOKER_TOP, "none": JOKER_NONE},
    "joker_tractor_ruff_001": {"largest": JOKER_RUFF_LARGEST, "smallest": JOKER_RUFF_SMALLEST},
    "ruff_structure_rule": {"shape": RUFF_SHAPE, "count": RUFF_COUNT},
    "follow_tractor_rule": {"longest_up_to_led": FOLLOW_LONGEST_UP_TO_LED,
                            "same_length_only": FOLLOW_SAME_LENGTH_ONLY},
    "multi_unit_compare": {"primary_unit": COMPARE_PRIMARY_UNIT, "lexicographic": COMPARE_LEXICOGRAPHIC},
    "eight_kind_mode": {"s000": EIGHT_S000, "s001": EIGHT_S001, "off": EIGHT_OFF},
    "failed_throw_unit_priority": {"lowest_card": LOWEST_CARD, "fewest_cards_first": FEWEST_CARDS_FIRST,
                                   "most_cards_first": MOST_CARDS_FIRST},
    "failed_throw_forced_play": {"smallest_failing_unit": FORCED_SMALLEST_UNIT,
                                 "free_relead": FORCED_FREE_RELEAD},
    "kitty_points_owner": {"none": KITTY_NONE, "declarer": KITTY_DECLARER,
                           "declarer_if_last_trick": KITTY_DECLARER_IF_LAST_TRICK},
    "wangfen_scope": {"all_50": WANGFEN_ALL_50, "played_only": WANGFEN_PLAYED_ONLY},
    "settlement_mode": {"stakes_000": SETTLE_STAKES_000, "cumulative_001": SETTLE_CUMULATIVE_001},
    "all_pass_mode": {"shuicao_shares_000": ALL_PASS_SHARES_000, "shuicao_points_001": ALL_PASS_POINTS_001,
                      "direct_001": ALL_PASS_DIRECT_001},
    "failed_throw_penalty_kind": {
        "declarer_points_per_card": PENALTY_DECLARER_POINTS_PER_CARD,
        "thrower_cumulative_per_card": PENALTY_THROWER_CUMULATIVE_PER_CARD,
        "defender_points_per_failure": PENALTY_DEFENDER_POINTS_PER_FAILURE,
        "none": PENALTY_NONE},
    "failed_throw_penalty_basis": {"all_attempted_cards": BASIS_ALL_ATTEMPTED_CARDS,
                                   "failing_unit_cards": BASIS_FAILING_UNIT_CARDS,
                                   "per_failure": BASIS_PER_FAILURE},
    "failed_throw_penalty_recipient": {"s000_rule": RECIPIENT_S000_RULE, "none": RECIPIENT_NONE,
                                       "defenders_total_signed": RECIPIENT_DEFENDERS_TOTAL_SIGNED,
                                       "opponents_split": RECIPIENT_OPPONENTS_SPLIT},
    "pot_at_table_end": {"split": POT_END_SPLIT, "unsettled": POT_END_UNSETTLED},
    # §9.4 (80分)
    "game_end": {"reach_A": GAME_END_REACH_A, "win_hand_at_A": GAME_END_WIN_HAND_AT_A},
    "kitty_multiplier_basis": {"winner_play": KITTY_BASIS_WINNER_PLAY, "lead_structure": KITTY_BASIS_LEAD_STRUCTURE},
    "kitty_multiplier_multi_tractor": {"longest": MULTI_TRACTOR_LONGEST, "sum": MULTI_TRACTOR_SUM},
    "next_declarer_on_hold": {"partner": NEXT_ON_HOLD_PARTNER, "self": NEXT_ON_HOLD_SELF},
}


def option_code(name: str, value: object) -> int:
    """The kernel code of an enum option's value (`option_code("all_pass_mode", "direct_001") == 2`)."""
    try:
        return OPTION_CODES[name][str(value)]
    except KeyError:
        raise ValueError(f"{name}: no kernel code for value {value!r}") from None


# ---- the trump-relative layout and the trick kernels (baofen_sim.tables) -------------------------------------

TRUMP = 4  # effective-suit index of the trump suit; plain suits keep their printed index 0..3
NUM_EFFECTIVE_SUITS = 5
NO_TRUMP = -1  # `trump` argument for a no-trump (无主) hand, 80分 only
NO_BIT = -1  # bit_to_kind of an unused bit, kind_to_bit of a card outside the layout
JOKER_TRACTOR_HIGH, JOKER_TRACTOR_LOW = 100, 0  # §1.6.4 joker tractor values around the suit chains (1..13)

SINGLE, PAIR, TRACTOR, THROW, EIGHT_KIND = 1, 2, 3, 4, 5  # unit shapes (§1.9) and lead candidate kinds
LEAD, IN_SUIT, RUFF, DISCARD = 0, 1, 2, 3  # play classes (§3.1)
MANNER_LED, MANNER_FOLLOWED, MANNER_RUFFED = 0, 1, 2  # how a play reached the table (§1.6.2, R001)

# ---- hand outcomes and output labels (DESIGN.md §7) ------------------------------------------------------------

# Hand categories (§6.4, §5.7), also the index into the hand rules' stake_multipliers; ALL_PASS is an output only.
CAT_NORMAL, CAT_QUANJI, CAT_BANJI, CAT_JINTAIYANG, CAT_ALL_PASS = 0, 1, 2, 3, 4
NUM_SCORED_CATEGORIES = 4
CATEGORY_LABELS = ("normal", "quanji", "banji", "jintaiyang", "all_pass")

# The shape of the lead that stood in a trick (§1.9.2; a failed throw's forced unit).
LEAD_SINGLE, LEAD_PAIR, LEAD_TRACTOR, LEAD_THROW, LEAD_EIGHT = 0, 1, 2, 3, 4
LEAD_KIND_LABELS = ("single", "pair", "tractor", "throw", "eight")

TRUMP_LABELS = ("S", "H", "C", "D")  # a hand's trump 0..3

# 80分 (§7.3): the two teams (team 0: seats 0 and 2; team 1: seats 1 and 3); how the trump was set (the row's
# `trump_source`): the deal's last showing, a single, a level pair or a joker pair; the kitty (nobody showed); a 反底.
NUM_TEAMS = 2
SOURCE_SINGLE, SOURCE_PAIR, SOURCE_NO_TRUMP, SOURCE_KITTY, SOURCE_FANDI = 0, 1, 2, 3, 4
TRUMP_SOURCE_LABELS = ("single", "pair", "no_trump", "kitty", "fandi")

# ---- markers ---------------------------------------------------------------------------------------------------

PASS = 0  # a pass in the auction and in the `bids` column
NO_BID = 0  # the auction's high bid before any bid
NO_SEAT = -1  # no seat: the declarer of an all-pass hand, the seat to act once the auction is over
BID_PAD = -1  # right padding of a hand's bids; dropped on output
TRUMP_NOT_NAMED = -1  # `trump` of an all-pass hand
# A run's forced declarer (DESIGN.md §5, `--declarer`): a seat, or one of these.
DECLARER_BY_AUCTION = -1  # no forced declarer: the auction decides
DECLARER_EACH = -2  # every deal played once per seat as declarer (rows keyed by hand and declarer)

# ---- small state arrays --------------------------------------------------------------------------------------

# The auction state (kernels.auction): public information only.
AU_ZHUJIAO, AU_TO_ACT, AU_HIGH_BID, AU_HIGH_BIDDER, AU_PASSED, AU_STEPS = 0, 1, 2, 3, 4, 5
AUCTION_STATE_SIZE = 6

# The table ledger (kernels.ledger): 主叫, 水草 pot, no-bid streak, then one cumulative total per seat.
LG_ZHUJIAO, LG_POT, LG_NOBID_STREAK, LG_CUMULATIVE = 0, 1, 2, 3
LEDGER_STATE_SIZE_BASE = 3  # + num_players cumulative totals

# ---- logged plays (game records, DESIGN.md §8) ---------------------------------------------------------------

LOG_PLAY = 0  # a play as made (a valid lead, a re-lead, a follow)
LOG_FAILED_THROW = 1  # an attempted throw that failed (a game record lists it)
LOG_FORCED = 2  # the forced lead the engine applied after it (not in a game record: the judge applies it)
