"""The `sampler`'s lead and follow as the policy dispatch calls them (`policies.dispatch`), for the game whose rules
the engine passes: chosen when the engine compiles, by the type of the hand rules record `hr`. Baofen's engine passes
HAND_RULES_DTYPE (`policies.sampler`); the 80分 engine HAND80_RULES_DTYPE, which alone holds the §9.4 options
(`policies.tractor80.sampler`, imported only then: a Baofen engine compiles no 80分 code).
"""

from __future__ import annotations

from numba.extending import overload

TRACTOR80_FIELD = "threshold"  # a field of the 80分 hand rules (§7.3.12), of no Baofen record


def plays_80fen(field_names) -> bool:
    """Whether a hand rules record with these field names is the 80分 engine's."""
    return TRACTOR80_FIELD in field_names


def _sampler_module(field_names):
    if plays_80fen(field_names):
        from baofen_sim.policies.tractor80 import sampler as tractor80_sampler

        return tractor80_sampler.sampler80_lead, tractor80_sampler.sampler80_follow
    from baofen_sim.policies import sampler

    return sampler.sampler_lead, sampler.sampler_follow


def sampler_lead(params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    """(rng_state, ge1, eq2): the game's sampler lead (in pure Python, under NUMBA_DISABLE_JIT)."""
    lead, _ = _sampler_module(hr.dtype.names)
    return lead(params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state)


def sampler_follow(params, tb, hr, lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    """(rng_state, ge1, eq2): the game's sampler follow (in pure Python, under NUMBA_DISABLE_JIT)."""
    _, follow = _sampler_module(hr.dtype.names)
    return follow(params, tb, hr, lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state)


@overload(sampler_lead)
def _compiled_lead(params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    game_lead, _ = _sampler_module(hr.fields)

    def lead(params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
        return game_lead(params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state)
    return lead


@overload(sampler_follow)
def _compiled_follow(params, tb, hr, lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    _, game_follow = _sampler_module(hr.fields)

    def follow(params, tb, hr, lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
        return game_follow(params, tb, hr, lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state)
    return follow
