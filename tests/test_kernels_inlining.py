"""`inline="always"` without Numba's defensive copies of the fresh callee IR (baofen_sim/kernels/inlining.py):
in place for every kernel, and a nest of inlined functions that reuse their local names, inlined twice into one
caller, computes what the same code computes in Python."""

from __future__ import annotations

import copy

import numpy as np
from numba.core import inline_closurecall
from numba.core.inline_closurecall import InlineWorker

from baofen_sim.kernels import inlining
from baofen_sim.kernels.jit import njit


@njit(inline="always")
def _scaled(values, factor):
    total = 0.0
    for i in range(len(values)):
        if values[i] > 0:
            total += values[i] * factor
        else:
            total -= factor
    return total


@njit(inline="always")
def _two_scales(values, factor):
    total = _scaled(values, factor)
    return total + _scaled(values[::-1], factor + 1.0)


@njit
def _nest(values):
    total = _two_scales(values, 2.0)
    return total, _two_scales(values[1:], 0.5)


def test_every_kernel_inlines_without_copying_the_fresh_ir():
    assert InlineWorker.inline_function is inlining.inline_fresh_function


def test_a_nest_of_inlined_functions_computes_what_python_does_and_copying_is_restored():
    values = np.array([1.5, -2.0, 3.0, 0.0, 4.25])
    assert _nest(values) == _nest.py_func(values)
    assert inline_closurecall.copy is copy
