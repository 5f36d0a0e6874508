"""The materialize step of the 找朋友 engine (STYLE.md §3): a run's 找朋友 RuleSet and policies become every kernel
input, once, in Python; the kernels never see the options.

    RunSpec ─► ZpyInputs
                 tables       TRUMP_TABLES_DTYPE[4]     the trick tables of each trump suit (a call always names one)
                 hand_rules   HAND_ZPY_RULES_DTYPE[1]   what the shared trick machinery reads, then the §9.5 options
                 policy_ids, params, constants          as Baofen's (baofen_sim.materialize)
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from baofen_sim import policy_set
from baofen_sim.cards import NUM_SUITS, SUIT_LETTERS
from baofen_sim.codes import option_code
from baofen_sim.games.zhaopengyou.engine.records import HAND_ZPY_RULES_DTYPE, ZPY_RULES_DTYPE
from baofen_sim.games.zhaopengyou.options import ZpyConcedeCondition, ZpyFlipCall, ZpyFlipCard, ZpyKittyRule, ZpyTieAt80
from baofen_sim.materialize import hand_rules_array, run_constants
from baofen_sim.policies.selection import policy_arrays
from baofen_sim.rules import RuleSet
from baofen_sim.rules.support import require_reference_supported
from baofen_sim.tables import TRUMP_TABLES_DTYPE, materialize

# The codes of the §9.5 enum options, in their StrEnum's order (FLIP_*: zpy_flip_card, FLIP_CALL_*: zpy_flip_call,
# CONCEDE_*: zpy_concede_condition, KITTY_RULE_*: zpy_kitty_rule).
FLIP_RANDOM, FLIP_FIRST, FLIP_LAST = range(3)
FLIP_CALL_FLIP_OR_TRUMP_7, FLIP_CALL_ANY_7, FLIP_CALL_FLIP_ONLY = range(3)
CONCEDE_HELD_BOTH, CONCEDE_HELD_BOTH_IN_DEAL, CONCEDE_HOLDS_BOTH_AFTER_BURY = range(3)
KITTY_RULE_S003, KITTY_RULE_FLAT_DOUBLE, KITTY_RULE_NONE = range(3)
assert list(ZpyFlipCard) == [ZpyFlipCard.RANDOM_DEALT, ZpyFlipCard.FIRST_DEALT, ZpyFlipCard.LAST_DEALT]
assert list(ZpyFlipCall) == [ZpyFlipCall.FLIP_OR_TRUMP_7, ZpyFlipCall.ANY_7, ZpyFlipCall.FLIP_ONLY]
assert list(ZpyConcedeCondition)[:3] == [ZpyConcedeCondition.HELD_BOTH, ZpyConcedeCondition.HELD_BOTH_IN_DEAL,
                                         ZpyConcedeCondition.HOLDS_BOTH_AFTER_BURY]
assert list(ZpyKittyRule) == [ZpyKittyRule.S003_MULTIPLIERS, ZpyKittyRule.FLAT_DOUBLE, ZpyKittyRule.NONE]


class ZpyInputs(NamedTuple):
    """Everything fixed for a whole 找朋友 run, in kernel form."""

    tables: np.ndarray  # TRUMP_TABLES_DTYPE[4]
    hand_rules: np.ndarray  # HAND_ZPY_RULES_DTYPE[1]
    policy_ids: np.ndarray  # int8[5]
    params: np.ndarray  # float64[5, MAX_PARAMS]
    constants: np.ndarray  # RUN_CONSTANTS_DTYPE[1]


def zpy_rules(options: RuleSet) -> np.record:
    """The ZPY_RULES_DTYPE record of a 找朋友 RuleSet (a recarray element: fields read as attributes)."""
    rules = np.zeros(1, dtype=ZPY_RULES_DTYPE).view(np.recarray)[0]
    rules.flip_card = list(ZpyFlipCard).index(options.zpy_flip_card)
    rules.joker_suit_bj = SUIT_LETTERS.index(str(options.zpy_joker_flip_suit_bj))
    rules.joker_suit_lj = SUIT_LETTERS.index(str(options.zpy_joker_flip_suit_lj))
    rules.flip_call = list(ZpyFlipCall).index(options.zpy_flip_call)
    rules.overcall_max = options.zpy_overcall_max
    rules.allow_concede = int(options.zpy_allow_concede)
    rules.concede_condition = list(ZpyConcedeCondition).index(options.zpy_concede_condition)
    rules.threshold = options.zpy_threshold
    rules.tie_declarer_wins = int(options.zpy_tie_at_80 == ZpyTieAt80.DECLARER_WIN)
    rules.kitty_rule = list(ZpyKittyRule).index(options.zpy_kitty_rule)
    rules.single_multiplier = options.kitty_multiplier_single
    rules.pair_multiplier = options.kitty_multiplier_pair
    rules.tractor_multiplier = options.kitty_multiplier_tractor
    rules.kitty_basis = option_code("kitty_multiplier_basis", options.kitty_multiplier_basis)
    rules.multi_tractor = option_code("kitty_multiplier_multi_tractor", options.kitty_multiplier_multi_tractor)
    return rules


def hand_rules_zpy(rules: RuleSet) -> np.recarray:
    """The HAND_ZPY_RULES_DTYPE[1] record array of a 找朋友 RuleSet: its `hand_rules_array`, then `zpy_rules`."""
    hand_rules = np.zeros(1, dtype=HAND_ZPY_RULES_DTYPE).view(np.recarray)
    for part in (hand_rules_array(rules)[0], zpy_rules(rules)):
        for name in part.dtype.names:
            hand_rules[name] = part[name]
    return hand_rules


def suit_tables(rules: RuleSet) -> np.recarray:
    """The trick tables of each trump suit S H C D (the 7s and 2s lowered onto its chain, §1.5.2)."""
    tables = np.zeros(NUM_SUITS, dtype=TRUMP_TABLES_DTYPE).view(np.recarray)
    for trump in range(NUM_SUITS):
        tables[trump] = materialize(rules, trump)
    return tables


@functools.lru_cache(maxsize=8)
def _rules_and_policies(rules: RuleSet, policies: tuple[str, ...], params: tuple) -> tuple:
    require_reference_supported(rules)
    policy_set.select(policies)
    ids, values = policy_arrays(policies, [dict(p) for p in params])
    return suit_tables(rules), hand_rules_zpy(rules), ids, values


def zpy_inputs(spec, deals: int | None = None, log: bool = False) -> ZpyInputs:
    """The 找朋友 kernel inputs of a RunSpec; `deals` (default spec.deals) cuts the run short (replay)."""
    tables, hand_rules, ids, values = _rules_and_policies(spec.rules, spec.policies, spec.params)
    constants = run_constants(spec.seed, spec.hands_per_table, spec.deals, deals, False, log)
    return ZpyInputs(tables, hand_rules, ids, values, constants)
