"""The one materialize step (STYLE.md §3; DESIGN.md §2): a run's RuleSet and policies become every kernel
input, once, in Python. Kernels never see a RuleSet, a policy name or a Python object.

    RunSpec ─► KernelInputs
                 tables      TRUMP_TABLES_DTYPE[4]   tables.materialize(rules, trump) for each trump suit
                 hand_rules  HAND_RULES_DTYPE[1]     hand_rules(rules): auction, failed throws, scoring, pot
                 policy_ids  int8[N]                 the seats' policies, parsed once (policies.registry)
                 params      float64[N, MAX_PARAMS]  ... and their parameter rows
                 constants   RUN_CONSTANTS_DTYPE[1]  run_constants(...): seed, counts, output switches,
                                                     forced declarer and target, the evaluation_i weights

Every enum option becomes its `baofen_sim.codes` integer, bools 0/1, an optional int a named "off" value;
field types never vary, so every rule variant shares one Numba type and compiles once. `KernelInputs` is
flat (no nested tuple), so a prange loop can take it; its records are plain pointers in the kernels.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from baofen_sim import policy_set
from baofen_sim.codes import (
    ALL_PASS_POINTS_001,
    ALL_PASS_SHARES_000,
    DECLARER_BY_AUCTION,
    NO_LIMIT,
    STREAK_OFF,
    option_code,
)
from baofen_sim.policies.registry import DEFAULT_POLICY
from baofen_sim.policies.selection import default_params, policy_arrays
from baofen_sim.records import (
    HAND_RULES_DTYPE,
    MAX_BIDS,
    MAX_KITTY,
    MAX_PLAYERS,
    MAX_RULE_VALUES,
    MAX_TRICKS,
    RUN_CONSTANTS_DTYPE,
)
from baofen_sim.rules import RuleSet, require_supported
from baofen_sim.tables import TRUMP_TABLES_DTYPE, materialize

NUM_TRUMPS = 4  # Baofen names one of the four suits (§5.6)


class KernelInputs(NamedTuple):
    """Everything fixed for a whole run, in kernel form."""

    tables: np.ndarray  # TRUMP_TABLES_DTYPE[4]: the trick tables of each trump suit
    hand_rules: np.ndarray  # HAND_RULES_DTYPE[1]
    policy_ids: np.ndarray  # int8[N]
    params: np.ndarray  # float64[N, MAX_PARAMS]
    constants: np.ndarray  # RUN_CONSTANTS_DTYPE[1]


def max_auction_steps(rules: RuleSet) -> int:
    """Every bid raises the high bid by >= the smallest step, so bids <= 1 + (cap − lowest open) / step."""
    lowest_open = min(rules.bid_open_values + rules.bid_open_values_after_pass)
    bids = 1 + (rules.bid_cap_max - lowest_open) // min(rules.bid_raise_steps)
    return bids + rules.num_players


def _check_capacities(rules: RuleSet) -> None:
    lists = (rules.bid_open_values, rules.bid_open_values_after_pass, rules.bid_raise_steps)
    if (max_auction_steps(rules) > MAX_BIDS or max(map(len, lists)) > MAX_RULE_VALUES
            or rules.hand_size > MAX_TRICKS or rules.kitty_size > MAX_KITTY or rules.num_players > MAX_PLAYERS):
        raise ValueError("these rules exceed the engine's capacities (records.MAX_BIDS, MAX_RULE_VALUES, "
                         "MAX_TRICKS, MAX_KITTY, MAX_PLAYERS)")


def _set_list(hr: np.record, name: str, values: tuple[int, ...]) -> None:
    hr[name][:len(values)] = values
    hr[f"n_{name}"] = len(values)


def hand_rules(rules: RuleSet) -> np.record:
    """The HAND_RULES_DTYPE record of `rules` (a recarray element: fields read as attributes)."""
    _check_capacities(rules)
    hr = np.zeros(1, dtype=HAND_RULES_DTYPE).view(np.recarray)[0]
    hr.num_players = rules.num_players
    hr.hand_size, hr.kitty_size = rules.hand_size, rules.kitty_size
    hr.first_zhujiao = rules.first_zhujiao_seat
    _set_list(hr, "open_values", rules.bid_open_values)
    _set_list(hr, "open_values_after_pass", rules.bid_open_values_after_pass)
    _set_list(hr, "raise_steps", rules.bid_raise_steps)
    hr.max_bid_choices = max(len(rules.bid_open_values), len(rules.bid_open_values_after_pass),
                             len(rules.bid_raise_steps))
    hr.max_auction_steps = max_auction_steps(rules)
    hr.cap_default, hr.cap_pairs_min, hr.cap_max = rules.bid_cap_default, rules.bid_cap_pairs_min, rules.bid_cap_max
    hr.pairs_include_jokers = int(rules.bid_pairs_include_jokers)
    hr.forced_play = option_code("failed_throw_forced_play", rules.failed_throw_forced_play)
    limit = rules.max_failed_throws_per_player
    hr.max_failed_throws = NO_LIMIT if limit is None else limit
    hr.penalty_kind = option_code("failed_throw_penalty_kind", rules.failed_throw_penalty_kind)
    hr.penalty_amount = rules.failed_throw_penalty_amount
    hr.penalty_basis = option_code("failed_throw_penalty_basis", rules.failed_throw_penalty_basis)
    hr.penalty_recipient = option_code("failed_throw_penalty_recipient", rules.failed_throw_penalty_recipient)
    hr.kitty_owner = option_code("kitty_points_owner", rules.kitty_points_owner)
    hr.wangfen_scope = option_code("wangfen_scope", rules.wangfen_scope)
    hr.wangfen_full_bonus, hr.wangfen_zero_penalty = rules.wangfen_full_bonus, rules.wangfen_zero_penalty
    hr.special_scores_fixed = int(rules.special_scores_fixed)
    hr.quanji_score, hr.banji_score = rules.quanji_score, rules.banji_score
    hr.jintaiyang_declarer_score = rules.jintaiyang_declarer_score
    hr.jintaiyang_defender_score = rules.jintaiyang_defender_score
    hr.categories_card_points_only = int(rules.categories_use_card_points_only)
    hr.zero_result_is_win = int(rules.zero_result_is_win)
    hr.settlement_mode = option_code("settlement_mode", rules.settlement_mode)
    hr.base_stake, hr.stake_declarer_factor = rules.base_stake, rules.stake_declarer_factor
    hr.stake_multipliers[:] = (rules.stake_multiplier_normal, rules.stake_multiplier_quanji,
                               rules.stake_multiplier_banji, rules.stake_multiplier_jintaiyang)
    hr.all_pass_mode = option_code("all_pass_mode", rules.all_pass_mode)
    hr.keeps_pot = int(hr.all_pass_mode in (ALL_PASS_SHARES_000, ALL_PASS_POINTS_001))
    # A17: one share is worth share value × base stake; 水草 points are settlement points.
    shares = hr.all_pass_mode == ALL_PASS_SHARES_000
    hr.pot_unit_value = rules.shuicao_share_value * rules.base_stake if shares else 1.0
    hr.zhujiao_amount, hr.fujiao_amount = rules.shuicao_zhujiao_amount, rules.shuicao_fujiao_amount
    hr.loss_multiple, hr.split_threshold = rules.shuicao_loss_multiple, rules.shuicao_split_threshold
    streak = rules.shuicao_split_after_nobid_streak
    hr.nobid_streak_limit = STREAK_OFF if streak is None else streak
    hr.direct_amount = rules.direct_deduction_amount
    hr.table_start_rotation = int(rules.table_start_rotation)
    hr.pot_at_table_end = option_code("pot_at_table_end", rules.pot_at_table_end)
    return hr


def hand_rules_array(rules: RuleSet) -> np.ndarray:
    """`hand_rules(rules)` in a one-element array, the form a kernel takes it in (a record taken inside a prange
    body does not compile, so parallel kernels index it themselves)."""
    record = hand_rules(rules)
    array = np.zeros(1, dtype=record.dtype)
    array[0] = record
    return array


def run_constants(seed: int, hands_per_table: int, run_deals: int, deals: int | None = None,
                  do_tricks: bool = False, do_log: bool = False, forced_declarer: int = DECLARER_BY_AUCTION,
                  forced_target: int = 0, rows_per_hand: int = 1,
                  min_evaluation: float | None = None) -> np.recarray:
    """The RUN_CONSTANTS_DTYPE[1] record array of a run of `run_deals` hands, played up to `deals`; the
    evaluation_i columns use the weights of the default policy's defaults (default-bids.toml)."""
    cs = np.zeros(1, dtype=RUN_CONSTANTS_DTYPE).view(np.recarray)
    cs.seed, cs.hands_per_table = np.uint64(seed), hands_per_table
    cs.run_deals, cs.deals = run_deals, run_deals if deals is None else deals
    cs.do_tricks, cs.do_log = do_tricks, do_log
    cs.forced_declarer, cs.forced_target, cs.rows_per_hand = forced_declarer, forced_target, rows_per_hand
    cs.min_evaluation = -np.inf if min_evaluation is None else min_evaluation
    cs.evaluation_params[0] = default_params(DEFAULT_POLICY)
    return cs


@functools.lru_cache(maxsize=16)
def _rules_and_policies(rules: RuleSet, policies: tuple[str, ...], params: tuple) -> tuple:
    require_supported(rules)
    policy_set.select(policies)  # the engine must be built for every policy of the run
    tables = np.zeros(NUM_TRUMPS, dtype=TRUMP_TABLES_DTYPE).view(np.recarray)
    for trump in range(NUM_TRUMPS):
        tables[trump] = materialize(rules, trump)
    rules_record = hand_rules_array(rules).view(np.recarray)
    ids, values = policy_arrays(policies, [dict(p) for p in params])
    return tables, rules_record, ids, values


def kernel_inputs(spec, deals: int | None = None, tricks: bool = False, log: bool = False) -> KernelInputs:
    """The kernel inputs of a RunSpec; `deals` (default spec.deals) cuts the run short (replay)."""
    tables, rules_record, ids, values = _rules_and_policies(spec.rules, spec.policies, spec.params)
    constants = run_constants(spec.seed, spec.hands_per_table, spec.deals, deals, tricks, log, spec.forced_declarer,
                              spec.played_target, spec.rows_per_hand, spec.min_evaluation)
    return KernelInputs(tables, rules_record, ids, values, constants)
