"""The `sampler`'s search for the game whose rules the engine passes (`policies.sampler.sampler_play` calls
`game_search`): chosen when the engine compiles, by the type of the hand rules record `hr`. Baofen's engine passes
HAND_RULES_DTYPE (`policies.sampler.search`); the 80分 engine HAND80_RULES_DTYPE, which alone holds the §9.4
options (`policies.tractor80.sampler.search80`, imported only then: a Baofen engine compiles no 80分 code).

The switch hands Numba the chosen search's own Python function (as `numba.extending.register_jitable` does), with
its cache: the call compiles, and caches, as that module-level function, so no function of its own stands between
`sampler_play` and the search (each compiled level re-optimises everything below it, DESIGN.md §11), and the
compile plan's workers compile the search (`warmup.plan.discover` records the call as one to the search itself).
"""

from __future__ import annotations

from numba.extending import overload

TRACTOR80_FIELD = "threshold"  # a field of the 80分 hand rules (§7.3.12), of no Baofen record


def search_of(field_names):
    """The search kernel for a hand rules record with these field names."""
    if TRACTOR80_FIELD in field_names:
        from baofen_sim.policies.tractor80.sampler import search80

        return search80
    from baofen_sim.policies.sampler import search

    return search


def game_search(params, tb, hr, lead, is_lead, real_view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state,
                cand_ge1, cand_eq2, count):
    """(rng_state, index): the game's search (in pure Python, under NUMBA_DISABLE_JIT)."""
    return search_of(hr.dtype.names)(params, tb, hr, lead, is_lead, real_view, hand_ge1, hand_eq2, known_ge1,
                                     known_eq2, rng_state, cand_ge1, cand_eq2, count)


@overload(game_search, jit_options={"cache": True})
def _compiled_search(params, tb, hr, lead, is_lead, real_view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state,
                     cand_ge1, cand_eq2, count):
    return search_of(hr.fields).py_func
