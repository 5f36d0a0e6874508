"""How the engine calls the `sampler`'s play: by address, so that the search compiles once, apart from the engine.

Each game has its own search, compiled as one function with plain C arguments (pointers to the seat's parameters
and to the tables, rules and view records, the lead's cards, the hand, the stream, a pointer to three outputs): the
game's `sampler_play` hook (games.interface.Hooks). Before a chunk runs, `link_play` compiles (or loads from the
cache) the run's game's one and writes its address into the hand rules record (`sampler_address`); the engine's
`sampler_lead` and `sampler_follow` call `play_at`, which calls that address (`call_play`, one indirect call per
decision, against the dozens of playouts inside it).

Why by address: each compiled Numba function links and optimises again everything it calls (DESIGN.md §11), so a
search called directly was optimised again by the engine's runners (two more times), for every policy set that
holds the sampler. Called by address, the engine of a set with the sampler compiles as cheaply as one without it,
and the search compiles in one process of the warm-up while the other compiles the engine (`warmup.plan`: it is a
plan entry of its own, ranked first, `warmup.parallel.caller_ranks`). Measured on 2 cores, cold, alternating: the
sampler's engine 40.2–50.5 s against the default engine's 46.2–57.2 s (157 s before; results/BENCHMARKS.md).

Under NUMBA_DISABLE_JIT (pure Python) `play_at` calls the game's typed play directly (`play_of`).
"""

from __future__ import annotations

import functools

import numpy as np
from llvmlite import ir
from numba import carray, config, types
from numba.core import cgutils
from numba.extending import intrinsic

from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.units import Lead, analyze_lead
from baofen_sim.policy_set import SEARCHING
from baofen_sim.records import PLAY_VIEW_DTYPE
from baofen_sim.tables import TRUMP_TABLES_DTYPE

NO_LEAD = Lead(np.uint64(0), np.uint64(0), *(np.int64(0),) * 8, np.int64(-1))  # the `lead` of a lead: unused
PLAY_OUTPUTS = 3  # (rng_state, ge1, eq2)

# The C signature of every game's `*_at` play: params, n_params, tables, hand rules, lead ge1, lead eq2, is_lead,
# view, hand ge1, hand eq2, known ge1, known eq2, rng_state, outputs.
C_ARGUMENTS = (types.voidptr, types.int64, types.voidptr, types.voidptr, types.uint64, types.uint64, types.int64,
               types.voidptr, types.uint64, types.uint64, types.uint64, types.uint64, types.uint64, types.voidptr)


def play_of(hr_dtype: np.dtype):
    """The sampler's typed play of the game whose hand rules record has dtype `hr_dtype` (`play_at` in pure
    Python)."""
    from baofen_sim.games import GAMES

    return next(game.hook("sampler_play_typed") for game in GAMES if game.hook("hand_rules") == hr_dtype)


def addressed_play(game: str):
    """The jitted `*_at` play of game `game` (an id)."""
    from baofen_sim.games import by_id

    return by_id(game).hook("sampler_play")


@functools.cache
def play_address(game: str) -> int:
    """The address of `game`'s `*_at` play, compiled (or loaded from the cache) for C_ARGUMENTS, once per process."""
    play = addressed_play(game)
    play.compile(C_ARGUMENTS)
    compiled = play.overloads[C_ARGUMENTS]
    return compiled.library.get_pointer_to_function(compiled.fndesc.llvm_cfunc_wrapper_name)


def link_play(hand_rules: np.ndarray, policies: tuple[str, ...], game: str) -> None:
    """Write the address of `game`'s sampler play into the hand rules records when `policies` has the sampler."""
    if SEARCHING in policies and not config.DISABLE_JIT:
        hand_rules["sampler_address"] = play_address(game)


# ---- the engine's side: the call ------------------------------------------------------------------------


@intrinsic
def call_play(typingctx, address, params, tb, hr, lead_ge1, lead_eq2, is_lead, view, hand_ge1, hand_eq2, known_ge1,
              known_eq2, rng_state):
    """Call the `*_at` play at `address` with C arguments: the parameters' data pointer and length, the records'
    pointers, the scalars as 64-bit integers, and three outputs on the stack, returned as a tuple."""
    returned = types.UniTuple(types.uint64, PLAY_OUTPUTS)

    def codegen(context, builder, signature, args):
        byte_pointer, word = ir.IntType(8).as_pointer(), ir.IntType(64)
        address, params, tb, hr, lead_ge1, lead_eq2, is_lead, view, *scalars = args
        array = context.make_array(signature.args[1])(context, builder, params)
        outputs = cgutils.alloca_once(builder, ir.ArrayType(word, PLAY_OUTPUTS))
        function_type = ir.FunctionType(ir.VoidType(), [byte_pointer, word, byte_pointer, byte_pointer, word, word,
                                                        word, byte_pointer, word, word, word, word, word,
                                                        byte_pointer])
        function = builder.inttoptr(address, function_type.as_pointer())
        builder.call(function, [builder.bitcast(array.data, byte_pointer), array.nitems,
                                builder.bitcast(tb, byte_pointer), builder.bitcast(hr, byte_pointer), lead_ge1,
                                lead_eq2, builder.zext(is_lead, word), builder.bitcast(view, byte_pointer), *scalars,
                                builder.bitcast(outputs, byte_pointer)])
        values = [builder.load(cgutils.gep_inbounds(builder, outputs, 0, k)) for k in range(PLAY_OUTPUTS)]
        return context.make_tuple(builder, returned, values)

    return returned(types.int64, params, tb, hr, types.uint64, types.uint64, types.boolean, view, types.uint64,
                    types.uint64, types.uint64, types.uint64, types.uint64), codegen


if config.DISABLE_JIT:  # pure Python: the game's play itself
    def play_at(address, params, tb, hr, lead_ge1, lead_eq2, is_lead, view, hand_ge1, hand_eq2, known_ge1,
                known_eq2, rng_state):
        lead = NO_LEAD if is_lead else analyze_lead(tb, lead_ge1, lead_eq2)
        return play_of(hr.dtype)(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2,
                                 rng_state)
else:
    @njit(cache=True, inline="always")
    def play_at(address, params, tb, hr, lead_ge1, lead_eq2, is_lead, view, hand_ge1, hand_eq2, known_ge1,
                known_eq2, rng_state):
        """(rng_state, ge1, eq2): the sampler's play of seat view.seat, a lead (is_lead) or a follow to the lead of
        cards (lead_ge1, lead_eq2): a call of the compiled play at `address` (`call_play`)."""
        if address == 0:
            raise RuntimeError("the sampler's play is not linked (policies.sampler.entry.link_play)")
        return call_play(address, params, tb, hr, np.uint64(lead_ge1), np.uint64(lead_eq2), is_lead, view,
                         np.uint64(hand_ge1), np.uint64(hand_eq2), np.uint64(known_ge1), np.uint64(known_eq2),
                         np.uint64(rng_state))


# ---- the play's side: the C arguments read back ---------------------------------------------------------


@njit(cache=True, inline="always")
def play_with_c_arguments(play, hr_dtype, params_at, n_params, tb_at, hr_at, lead_ge1, lead_eq2, is_lead_at, view_at,
                          hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state, outputs):
    """The body of a `*_at` play: its C arguments read back as the array, records and Lead of the typed `play`
    (the lead analysed again from its cards, as every follow's; `hr_dtype` the game's hand rules), and the play's
    (rng_state, ge1, eq2) written to `outputs`."""
    tb = carray(tb_at, 1, TRUMP_TABLES_DTYPE)[0]
    is_lead = is_lead_at != 0
    lead = NO_LEAD if is_lead else analyze_lead(tb, lead_ge1, lead_eq2)
    played = play(carray(params_at, n_params, np.float64), tb, carray(hr_at, 1, hr_dtype)[0], lead, is_lead,
                  carray(view_at, 1, PLAY_VIEW_DTYPE)[0], hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state)
    stored = carray(outputs, PLAY_OUTPUTS, np.uint64)
    stored[0], stored[1], stored[2] = played
