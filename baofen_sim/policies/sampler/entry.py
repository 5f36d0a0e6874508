"""The `sampler`'s play for the game whose rules the engine passes (`policies.sampler.sampler_lead` and
`sampler_follow` call `game_play`): chosen when the engine compiles, by the type of the hand rules record `hr`.
Baofen's engine passes HAND_RULES_DTYPE (`policies.sampler.sampler_play`); the 80分 engine HAND80_RULES_DTYPE, which
alone holds the §9.4 options (`policies.tractor80.sampler.sampler_play80`, imported only then: a Baofen engine
compiles no 80分 code); the 找朋友 engine HAND_ZPY_RULES_DTYPE, with the §9.5 options
(`policies.zhaopengyou.sampler.sampler_play_zpy`).

The switch hands Numba the chosen play's own Python function (as `numba.extending.register_jitable` does), with its
cache: the call compiles, and caches, as that module-level function, so no function of the switch's own stands
between the engine and the play (each compiled level re-optimises everything below it, DESIGN.md §11), and the
compile plan's workers compile the play (`warmup.plan.discover` records the call as one to the play itself).
"""

from __future__ import annotations

from numba.extending import overload

TRACTOR80_FIELD = "threshold"  # a field of the 80分 hand rules (§7.3.12), of no Baofen record
ZPY_FIELD = "overcall_max"  # a field of the 找朋友 hand rules (§7.4.7), of no Baofen or 80分 record (找朋友's has
# a threshold too: it is asked first)


def play_of(field_names):
    """The sampler's play kernel for a hand rules record with these field names."""
    if ZPY_FIELD in field_names:
        from baofen_sim.policies.zhaopengyou.sampler import sampler_play_zpy

        return sampler_play_zpy
    if TRACTOR80_FIELD in field_names:
        from baofen_sim.policies.tractor80.sampler import sampler_play80

        return sampler_play80
    from baofen_sim.policies.sampler import sampler_play

    return sampler_play


def game_play(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    """(rng_state, ge1, eq2): the game's play (in pure Python, under NUMBA_DISABLE_JIT)."""
    return play_of(hr.dtype.names)(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2,
                                   rng_state)


@overload(game_play, jit_options={"cache": True})
def _compiled_play(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    return play_of(hr.fields).py_func


def compiled_plays() -> list:
    """The dispatchers this process's `game_play` calls compiled (one per game's play; their signatures count the
    play's specialisations)."""
    from numba.core.registry import cpu_target

    function_type = cpu_target.typing_context.resolve_value_type(game_play)
    return [dispatcher for template in function_type.templates
            for dispatcher, _ in template._impl_cache.values() if dispatcher is not None]
