"""kernels/jit.py: a kernel called from compiled code with literal arguments compiles once per plain
signature (numba.njit would compile one copy per literal value, which tripled parts of the cold compile)."""

from __future__ import annotations

from numba import types

from baofen_sim.kernels.jit import PlainArgumentDispatcher, njit


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
