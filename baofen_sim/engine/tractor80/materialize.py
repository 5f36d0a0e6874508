"""The materialize step of the 80分 result (STYLE.md §3): its §9.4 options become one RESULT_RULES_DTYPE record, once,
in Python; the kernels never see the options. `options` is anything that has the §9.4 names as attributes
(an 80分 `RuleSet`); enum values become their `baofen_sim.codes` integers."""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import NO_POINTS_FLOOR, option_code
from baofen_sim.engine.tractor80.records import RESULT_RULES_DTYPE

# §9.4 `kitty_multiplier` (single 2, pair 4, tractor 2 × cards), for options that do not name it.
KITTY_MULTIPLIERS = {"kitty_multiplier_single": 2, "kitty_multiplier_pair": 4, "kitty_multiplier_tractor": 2}


def result_rules(options) -> np.record:
    """The RESULT_RULES_DTYPE record of `options` (a recarray element: fields read as attributes)."""
    rules = np.zeros(1, dtype=RESULT_RULES_DTYPE).view(np.recarray)[0]
    rules.threshold, rules.level_step = options.threshold, options.level_step
    rules.zero_points_levels, rules.score_per_level = options.zero_points_levels, options.score_per_level
    floor = options.defender_points_floor
    rules.points_floor = NO_POINTS_FLOOR if floor is None else floor
    rules.single_multiplier, rules.pair_multiplier, rules.tractor_multiplier = (
        getattr(options, name, default) for name, default in KITTY_MULTIPLIERS.items())
    rules.kitty_basis = option_code("kitty_multiplier_basis", options.kitty_multiplier_basis)
    rules.multi_tractor = option_code("kitty_multiplier_multi_tractor", options.kitty_multiplier_multi_tractor)
    rules.next_on_hold = option_code("next_declarer_on_hold", options.next_declarer_on_hold)
    rules.game_end = option_code("game_end", options.game_end)
    return rules
