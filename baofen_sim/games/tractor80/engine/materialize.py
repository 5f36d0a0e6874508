"""The materialize step of the 80分 engine (STYLE.md §3): a run's 80分 RuleSet and policies become every kernel input,
once, in Python; the kernels never see the options.

    RunSpec ─► Tractor80Inputs
                 tables       TRUMP_TABLES_DTYPE[13 × 5]  the trick tables of each level and trump (hand.trick_table)
                 hand_rules   HAND80_RULES_DTYPE[1]       what the shared trick machinery reads (failed throws),
                                                          then the §9.4 options (`tractor80_rules`)
                 policy_ids, params, constants            as Baofen's (baofen_sim.materialize)
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from baofen_sim import policy_set
from baofen_sim.cards import NUM_RANKS, NUM_SUITS
from baofen_sim.codes import NO_POINTS_FLOOR, NO_TRUMP, option_code
from baofen_sim.games.tractor80.engine.records import HAND80_RULES_DTYPE, TRACTOR80_RULES_DTYPE
from baofen_sim.games.tractor80.options import FandiEligible, FandiFirstChallenge
from baofen_sim.materialize import hand_rules_array, run_constants
from baofen_sim.policies.selection import policy_arrays
from baofen_sim.rules import RuleSet
from baofen_sim.tables import FACE_OFFSET, TRUMP_TABLES_DTYPE, materialize

TRUMPS = (*range(NUM_SUITS), NO_TRUMP)  # the trick tables of a level, in hand.trick_table's order


class Tractor80Inputs(NamedTuple):
    """Everything fixed for a whole 80分 run, in kernel form."""

    tables: np.ndarray  # TRUMP_TABLES_DTYPE[13 × 5]
    hand_rules: np.ndarray  # HAND80_RULES_DTYPE[1]
    policy_ids: np.ndarray  # int8[N]
    params: np.ndarray  # float64[N, MAX_PARAMS]
    constants: np.ndarray  # RUN_CONSTANTS_DTYPE[1]


def tractor80_rules(options) -> np.record:
    """The TRACTOR80_RULES_DTYPE record of an 80分 RuleSet (a recarray element: fields read as attributes)."""
    rules = np.zeros(1, dtype=TRACTOR80_RULES_DTYPE).view(np.recarray)[0]
    rules.threshold, rules.level_step = options.threshold, options.level_step
    rules.zero_points_levels, rules.score_per_level = options.zero_points_levels, options.score_per_level
    floor = options.defender_points_floor
    rules.points_floor = NO_POINTS_FLOOR if floor is None else floor
    rules.single_multiplier = options.kitty_multiplier_single
    rules.pair_multiplier = options.kitty_multiplier_pair
    rules.tractor_multiplier = options.kitty_multiplier_tractor
    rules.kitty_basis = option_code("kitty_multiplier_basis", options.kitty_multiplier_basis)
    rules.multi_tractor = option_code("kitty_multiplier_multi_tractor", options.kitty_multiplier_multi_tractor)
    rules.next_on_hold = option_code("next_declarer_on_hold", options.next_declarer_on_hold)
    rules.game_end = option_code("game_end", options.game_end)
    rules.start_level = options.start_level - FACE_OFFSET
    rules.singles_overcall = int(options.declare_single_overcalls_single)
    rules.self_reinforce = int(options.allow_self_reinforce)
    rules.fandi_enabled = int(options.fandi_enabled)
    rules.fandi_first_challenge_any_pair = int(options.fandi_first_challenge == FandiFirstChallenge.ANY_PAIR)
    rules.fandi_eligible_any_but_last_burier = int(options.fandi_eligible == FandiEligible.ANY_BUT_LAST_BURIER)
    return rules


def level_tables(rules: RuleSet) -> np.recarray:
    """The trick tables of every level (its rank the one constant trump rank, §7.3.9) and trump, level-major."""
    tables = np.zeros(NUM_RANKS * len(TRUMPS), dtype=TRUMP_TABLES_DTYPE).view(np.recarray)
    for level in range(NUM_RANKS):
        at_level = rules.replace(constant_trump_ranks=(level + FACE_OFFSET,))
        for slot, trump in enumerate(TRUMPS):
            tables[level * len(TRUMPS) + slot] = materialize(at_level, trump)
    return tables


def hand_rules80(rules: RuleSet) -> np.recarray:
    """The HAND80_RULES_DTYPE[1] record array of an 80分 RuleSet: its `hand_rules_array`, then `tractor80_rules`."""
    hand_rules = np.zeros(1, dtype=HAND80_RULES_DTYPE).view(np.recarray)
    for part in (hand_rules_array(rules)[0], tractor80_rules(rules)):
        for name in part.dtype.names:
            hand_rules[name] = part[name]
    return hand_rules


@functools.lru_cache(maxsize=8)
def _rules_and_policies(rules: RuleSet, policies: tuple[str, ...], params: tuple) -> tuple:
    policy_set.select(policies)
    ids, values = policy_arrays(policies, [dict(p) for p in params])
    return level_tables(rules), hand_rules80(rules), ids, values


def tractor80_inputs(spec, deals: int | None = None, log: bool = False) -> Tractor80Inputs:
    """The 80分 kernel inputs of a RunSpec; `deals` (default spec.deals) cuts the run short (replay)."""
    tables, hand_rules, ids, values = _rules_and_policies(spec.rules, spec.policies, spec.params)
    constants = run_constants(spec.seed, spec.hands_per_table, spec.deals, deals, False, log)
    return Tractor80Inputs(tables, hand_rules, ids, values, constants)
