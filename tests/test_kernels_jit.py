"""kernels/jit.py: a kernel called from compiled code with literal arguments compiles once per plain
signature (numba.njit would compile one copy per literal value, which tripled parts of the cold compile).
kernels/scratch.py: stack_empty gives compiled code work arrays without a heap allocation."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import types

from baofen_sim.kernels import cache
from baofen_sim.kernels.jit import PlainArgumentDispatcher, njit
from baofen_sim.kernels.scratch import stack_empty


@njit
def _scaled(x, flag, factor):
    return x * factor if flag else x


@njit
def _three_literal_calls(x):
    return _scaled(x, True, 2) + _scaled(x, False, 3) + _scaled(x, True, 4)


def test_literal_arguments_share_one_compilation():
    assert _three_literal_calls(5) == 5 * 2 + 5 + 5 * 4
    assert isinstance(_scaled, PlainArgumentDispatcher)
    assert _scaled.signatures == [(types.int64, types.boolean, types.int64)]


@njit
def _stack_sums(rounds):
    """Sums of work arrays from scratch.stack_empty, refilled on every round (one array per call, reused)."""
    total = 0
    for r in range(rounds):
        ints = stack_empty(16, np.int64)
        bits = stack_empty(4, np.uint64)
        for i in range(ints.shape[0]):
            ints[i] = r + i
        bits[:] = np.uint64(r)
        total += ints.sum() + np.int64(bits[1:3].sum())
    return total


def test_stack_empty_gives_work_arrays_of_the_size_and_type_asked():
    assert _stack_sums(3) == sum(sum(range(r, r + 16)) + 2 * r for r in range(3))


def test_only_modules_that_reach_a_dispatcher_are_cached_per_policy_set():
    """kernels/cache.py: the import graph decides; a module that imports a dispatcher, directly or through
    another module, is the set's; the rest is shared by every set."""
    texts = {
        "baofen_sim.policies.dispatch": "",
        "baofen_sim.games.tractor80.policies.dispatch": "",
        "baofen_sim.engine.tricks": "from baofen_sim.policies.dispatch import follow_decision, lead_decision\n",
        "baofen_sim.games.baofen.engine.chunk": "from baofen_sim.engine.tricks import (\n    play_tricks,\n)\n",
        "baofen_sim.games.baofen.engine.result": "import baofen_sim.cards\n",
        "baofen_sim.kernels.trick": "from baofen_sim.cards import NUM_KINDS  # from baofen_sim.engine import tricks\n",
        "baofen_sim.cards": "",
    }
    assert cache.set_free_modules(texts) == {"baofen_sim.games.baofen.engine.result", "baofen_sim.kernels.trick",
                                             "baofen_sim.cards"}


def test_the_trick_machinery_and_policies_cache_beside_the_set_and_the_engine_layer_in_it():
    from baofen_sim.engine import tricks
    from baofen_sim.games.baofen.engine import chunk
    from baofen_sim.kernels import trick
    from baofen_sim.policies import sampler
    from baofen_sim.policies.heuristic import leads

    if cache.common_dir() is None:  # NUMBA_DISABLE_JIT
        return
    for shared in (trick.trick_winner, leads.heuristic_lead, sampler.sampler_lead):
        assert Path(shared._cache._cache_path).parent == cache.common_dir()
    for own in (chunk.play_tables, tricks.load_policies):
        assert Path(own._cache._cache_path).parent == cache.configure()
    assert cache.common_dir() != cache.configure()
