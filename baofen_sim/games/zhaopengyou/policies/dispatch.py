"""The 找朋友 decisions of this process's policy set (DESIGN.md §6, `baofen_sim.policy_set`), by policy id: the call
with a 7 during the deal, the forced call, an overcall, the concession and the bury; `random` and `heuristic`
(policies.random_calls and .heuristic; the sampler calls, overcalls, concedes and buries as the
heuristic, policies.sampler), and a plug-in's own `call7`, `forced_call`, `overcall`, `concede` and
`bury_zpy` functions (`policies.plugins`), the rest from its fallback; the play is the shared lead and follow dispatch
(policies.dispatch). Generated as 80分's are (`policies.dispatch.dispatch_source`), from this table:

    call_decision(policy_id, params, counts, received, n_options, options, rng_state) -> (card, rng)
        the 7 the seat calls with among the n copies it holds (NO_CARD: it does not call)
    forced_call_decision(policy_id, params, counts, n_options, options, option_trumps, rng_state) -> (card, rng)
        the flip holder's card among the n allowed (option_trumps: the trump each names)
    overcall_decision(policy_id, params, counts, n_options, options, rng_state) -> (card, rng)
        the 7 of which the seat shows the pair, among the n legal (NO_CARD: it does not overcall)
    concede_decision(policy_id, params, counts, trump, rng_state) -> (concede, rng)
    bury_decision_zpy(policy_id, params, counts, trump, rng_state, out) -> rng
        the seat's bury (len(out) copies of its cards, kitty included) into out
"""

from __future__ import annotations

from baofen_sim import policy_set
from baofen_sim.policies.dispatch import DispatchTable, load_dispatch

ZPY_DISPATCH = DispatchTable(
    generator="baofen_sim.games.zhaopengyou.policies.dispatch",
    prefix="zhaopengyou_dispatch",
    decorator="@njit(cache=True)",
    dispatchers={
        "call7": ("call_decision(policy_id, params, counts, received, n_options, options, rng_state)", {
            "random": "return random_option(n_options, CALL_PROBABILITY, options, rng_state)",
            "heuristic": "return heuristic_call(counts, received, n_options, options), rng_state"}),
        "forced_call": ("forced_call_decision(policy_id, params, counts, n_options, options, option_trumps, "
                        "rng_state)", {
                            "random": "return random_pick(n_options, options, rng_state)",
                            "heuristic": "return heuristic_forced_call(counts, n_options, options, option_trumps), "
                                         "rng_state"}),
        "overcall": ("overcall_decision(policy_id, params, counts, n_options, options, rng_state)", {
            "random": "return random_option(n_options, OVERCALL_PROBABILITY, options, rng_state)",
            "heuristic": "return heuristic_overcall(counts, n_options, options), rng_state"}),
        "concede": ("concede_decision(policy_id, params, counts, trump, rng_state)", {
            "random": "return random_concede(rng_state)",
            "heuristic": "return heuristic_concede(counts, trump), rng_state"}),
        "bury_zpy": ("bury_decision_zpy(policy_id, params, counts, trump, rng_state, out)", {
            "random": "return random_bury(counts, rng_state, out)",
            "heuristic": "heuristic_bury(counts, trump, out)\n        return rng_state"}),
    },
    plugin_bodies={  # a plug-in's own call7, forced_call, overcall, concede and bury_zpy (`policies.plugins`)
        "call7": "card, rng_state = {f}(params, counts, received, n_options, options, rng_state)\n"
                 "        return np.int64(card), np.uint64(rng_state)",
        "forced_call": "card, rng_state = {f}(params, counts, n_options, options, option_trumps, rng_state)\n"
                       "        return np.int64(card), np.uint64(rng_state)",
        "overcall": "card, rng_state = {f}(params, counts, n_options, options, rng_state)\n"
                    "        return np.int64(card), np.uint64(rng_state)",
        "concede": "concede, rng_state = {f}(params, counts, trump, rng_state)\n"
                   "        return bool(concede), np.uint64(rng_state)",
        "bury_zpy": "return np.uint64({f}(params, counts, trump, rng_state, out))",
    },
    imports={
        "random": ("from baofen_sim.policies.bury import random_bury",
                   "from baofen_sim.games.zhaopengyou.policies.random_calls import CALL_PROBABILITY, "
                   "OVERCALL_PROBABILITY, random_concede, random_option, random_pick"),
        "heuristic": ("from baofen_sim.games.zhaopengyou.policies.heuristic import heuristic_bury, heuristic_call, "
                      "heuristic_concede, heuristic_forced_call, heuristic_overcall",),
    },
)

_module = load_dispatch(policy_set.selected(), ZPY_DISPATCH)
call_decision = _module.call_decision
forced_call_decision = _module.forced_call_decision
overcall_decision = _module.overcall_decision
concede_decision = _module.concede_decision
bury_decision_zpy = _module.bury_decision_zpy
