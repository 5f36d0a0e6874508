"""The 80分 decisions of this process's policy set (DESIGN.md §6, `baofen_sim.policy_set`), by policy id: a showing
during the deal, a 反底, a bury. `random` and `heuristic` (module docstrings of policies.declare and
.heuristic; the sampler shows, challenges and buries as the heuristic), and a plug-in's own `showing`, `fandi` and
`bury80` functions (`policies.plugins`), the rest from its fallback; the play is the shared lead and follow dispatch
(policies.dispatch). Generated as Baofen's dispatchers are (`policies.dispatch.dispatch_source`), from this table:

    showing_decision(policy_id, params, counts, received, level, cur_seat, cur_tier, cur_suit, seat, n_options,
                     tiers, suits, rng_state) -> (tier, suit, rng)
        the seat's showing among its n legal options (TIER_NONE: it does not show); `counts` its `received` cards
    fandi_decision(policy_id, params, counts, level, set_seat, set_tier, set_suit, seat, n_options, tiers, suits,
                   rng_state) -> (tier, suit, rng)
        the seat's 反底 among its n legal pairs (TIER_NONE: it does not challenge)
    bury_decision80(policy_id, params, counts, level, trump, rng_state, out) -> rng
        the seat's bury (len(out) copies of its cards, kitty included) into out
"""

from __future__ import annotations

from baofen_sim import policy_set
from baofen_sim.policies.dispatch import DispatchTable, load_dispatch

HEURISTIC_BODIES = {
    "showing": "tier, suit = heuristic_showing(counts, received, level, cur_seat, cur_tier, cur_suit, seat, "
               "n_options, tiers, suits)\n        return tier, suit, rng_state",
    "fandi": "tier, suit = heuristic_fandi(counts, level, set_seat, set_tier, set_suit, seat, n_options, tiers, "
             "suits)\n        return tier, suit, rng_state",
    "bury80": "heuristic_bury(counts, level, trump, out)\n        return rng_state",
}
HEURISTIC_IMPORTS = ("from baofen_sim.games.tractor80.policies.heuristic import heuristic_bury, heuristic_fandi, "
                     "heuristic_showing",)
TRACTOR80_DISPATCH = DispatchTable(
    generator="baofen_sim.games.tractor80.policies.dispatch",
    prefix="tractor80_dispatch",
    decorator="@njit(cache=True)",
    dispatchers={
        "showing": ("showing_decision(policy_id, params, counts, received, level, cur_seat, cur_tier, cur_suit, "
                    "seat, n_options, tiers, suits, rng_state)", {
                        "random": "return random_choice(n_options, SHOW_PROBABILITY, tiers, suits, rng_state)",
                        "heuristic": HEURISTIC_BODIES["showing"]}),
        "fandi": ("fandi_decision(policy_id, params, counts, level, set_seat, set_tier, set_suit, seat, n_options, "
                  "tiers, suits, rng_state)", {
                      "random": "return random_choice(n_options, FANDI_PROBABILITY, tiers, suits, rng_state)",
                      "heuristic": HEURISTIC_BODIES["fandi"]}),
        "bury80": ("bury_decision80(policy_id, params, counts, level, trump, rng_state, out)", {
            "random": "return random_bury(counts, rng_state, out)",
            "heuristic": HEURISTIC_BODIES["bury80"]}),
    },
    plugin_bodies={
        "showing": "tier, suit, rng_state = {f}(params, counts, received, level, cur_seat, cur_tier, cur_suit, seat, "
                   "n_options, tiers, suits, rng_state)\n"
                   "        return np.int64(tier), np.int64(suit), np.uint64(rng_state)",
        "fandi": "tier, suit, rng_state = {f}(params, counts, level, set_seat, set_tier, set_suit, seat, n_options, "
                 "tiers, suits, rng_state)\n"
                 "        return np.int64(tier), np.int64(suit), np.uint64(rng_state)",
        "bury80": "return np.uint64({f}(params, counts, level, trump, rng_state, out))",
    },
    imports={
        "random": ("from baofen_sim.policies.bury import random_bury",
                   "from baofen_sim.games.tractor80.policies.declare import FANDI_PROBABILITY, SHOW_PROBABILITY, "
                   "random_choice"),
        "heuristic": HEURISTIC_IMPORTS,
    },
)

_module = load_dispatch(policy_set.selected(), TRACTOR80_DISPATCH)
showing_decision = _module.showing_decision
fandi_decision = _module.fandi_decision
bury_decision80 = _module.bury_decision80
