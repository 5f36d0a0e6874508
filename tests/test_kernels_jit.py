"""kernels/jit.py: a kernel called from compiled code with literal arguments compiles once per plain
signature (numba.njit would compile one copy per literal value, which tripled parts of the cold compile).
kernels/scratch.py: stack_empty gives compiled code work arrays without a heap allocation."""

from __future__ import annotations

import numpy as np
from numba import types

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
