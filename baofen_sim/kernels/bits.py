"""uint64 bit helpers (DESIGN.md §3, §11): popcount, lowest/highest set bit, subsets.

Compiled, popcount / trailing_zeros / highest_index are the LLVM intrinsics ctpop / cttz / ctlz (one
instruction each; the shift-add SWAR form is ~15 instructions, which LLVM does not recognise), and
`deposit` / `select_bit` are BMI2's `pdep` where the target CPU has it (one instruction instead of a loop
over the bits; the random policy selects a bit on every draw). Under NUMBA_DISABLE_JIT=1 (and without
BMI2) the same names are loops or SWAR code on numpy scalars. Every constant is a `np.uint64` and no
operation can overflow (pure Python would warn on a wrapping multiply or a negation). Arguments must be
`np.uint64` (or non-negative Python ints in pure Python); bit indices are plain ints.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import config, types
from numba.core import cgutils
from numba.core.codegen import get_host_cpu_features
from numba.extending import intrinsic

from baofen_sim.kernels.jit import njit

ZERO = np.uint64(0)
ONE = np.uint64(1)
ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_LOW7 = np.uint64(0x7F)
_S1, _S2, _S4, _S8 = np.uint64(1), np.uint64(2), np.uint64(4), np.uint64(8)
_S16, _S32 = np.uint64(16), np.uint64(32)


@njit(cache=True)
def popcount_swar(x):
    """Number of set bits, SWAR without multiply (the pure-Python `popcount`)."""
    x = np.uint64(x)
    x = x - ((x >> _S1) & _M1)
    x = (x & _M2) + ((x >> _S2) & _M2)
    x = (x + (x >> _S4)) & _M4
    x = x + (x >> _S8)
    x = x + (x >> _S16)
    x = x + (x >> _S32)
    return np.int64(x & _LOW7)


@njit(cache=True)
def trailing_zeros_swar(x):
    """Index of the lowest set bit; 64 if x == 0 (SWAR)."""
    x = np.uint64(x)
    if x == ZERO:
        return np.int64(64)
    return popcount_swar((x ^ (x - ONE)) >> _S1)


@njit(cache=True)
def highest_index_swar(x):
    """Index of the highest set bit; -1 if x == 0 (SWAR: smear right, then count)."""
    x = np.uint64(x)
    x = x | (x >> _S1)
    x = x | (x >> _S2)
    x = x | (x >> _S4)
    x = x | (x >> _S8)
    x = x | (x >> _S16)
    x = x | (x >> _S32)
    return popcount_swar(x) - 1


@njit(cache=True)
def deposit_loop(compact, mask):
    """Scatter the low bits of `compact` onto the set bits of `mask`, lowest first (software PDEP)."""
    compact = np.uint64(compact)
    mask = np.uint64(mask)
    out = ZERO
    while mask != ZERO and compact != ZERO:
        low = mask & ~(mask - ONE)
        if compact & ONE:
            out |= low
        compact = compact >> _S1
        mask = mask ^ low
    return out


def target_has_pdep() -> bool:
    """Whether the code Numba generates may use BMI2's `pdep` (the target CPU's features: the host's unless
    NUMBA_CPU_FEATURES names others). The Numba cache key includes the CPU, so a cache never crosses."""
    features = config.CPU_FEATURES if config.CPU_FEATURES is not None else get_host_cpu_features()
    return "+bmi2" in features.split(",")


if config.DISABLE_JIT:
    popcount = popcount_swar
    trailing_zeros = trailing_zeros_swar
    highest_index = highest_index_swar
else:
    @intrinsic
    def _ctpop(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])
        return types.uint64(types.uint64), codegen

    @intrinsic
    def _cttz(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.cttz(args[0], context.get_constant(types.boolean, False))
        return types.uint64(types.uint64), codegen

    @intrinsic
    def _ctlz(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.ctlz(args[0], context.get_constant(types.boolean, False))
        return types.uint64(types.uint64), codegen

    @njit(cache=True)
    def popcount(x):
        """Number of set bits."""
        return np.int64(_ctpop(np.uint64(x)))

    @njit(cache=True)
    def trailing_zeros(x):
        """Index of the lowest set bit; 64 if x == 0."""
        return np.int64(_cttz(np.uint64(x)))

    @njit(cache=True)
    def highest_index(x):
        """Index of the highest set bit; -1 if x == 0."""
        return 63 - np.int64(_ctlz(np.uint64(x)))

if config.DISABLE_JIT or not target_has_pdep():
    deposit = deposit_loop
else:
    @intrinsic
    def _pdep(typingctx, src, mask):
        def codegen(context, builder, signature, args):
            i64 = ir.IntType(64)
            pdep = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]),
                                                  "llvm.x86.bmi.pdep.64")
            return builder.call(pdep, args)
        return types.uint64(types.uint64, types.uint64), codegen

    @njit(cache=True)
    def deposit(compact, mask):
        """Scatter the low bits of `compact` onto the set bits of `mask`, lowest first (PDEP)."""
        return _pdep(np.uint64(compact), np.uint64(mask))


@njit(cache=True)
def lowest_bit(x):
    """The lowest set bit of x as a mask (0 if x == 0)."""
    x = np.uint64(x)
    if x == ZERO:
        return ZERO
    return x & ~(x - ONE)


@njit(cache=True)
def bit(i):
    """The mask with bit i set (0 <= i < 64)."""
    return ONE << np.uint64(i)


@njit(cache=True)
def below(i):
    """The mask of bits 0..i-1 (0 <= i <= 64)."""
    if i >= 64:
        return ALL
    return (ONE << np.uint64(i)) - ONE


@njit(cache=True)
def shift_down(x, n):
    """x >> n for 0 <= n <= 64 (a shift by 64 gives 0)."""
    if n >= 64:
        return ZERO
    return np.uint64(x) >> np.uint64(n)


@njit(cache=True)
def select_bit(x, n):
    """The n-th set bit of x counting from the lowest (n = 0 → lowest), as a mask; 0 if x has ≤ n bits
    (0 <= n < 64)."""
    return deposit(ONE << np.uint64(n), x)


@njit(cache=True)
def nth_set_bit(x, n):
    """Index of the n-th set bit of x counting from the lowest (n = 0 → lowest); -1 if too few bits
    (0 <= n < 64)."""
    b = select_bit(x, n)
    return trailing_zeros(b) if b != ZERO else np.int64(-1)


@njit(cache=True)
def next_combination(x):
    """The next larger integer with the same popcount (Gosper's hack); x must be non-zero and have room."""
    x = np.uint64(x)
    low = x & ~(x - ONE)
    ripple = x + low
    ones = ((ripple ^ x) >> _S2) // low
    return ripple | ones


@njit(cache=True)
def remove_cards(ge1, eq2, less_ge1, less_eq2):
    """The card multiset (ge1, eq2) minus (less_ge1, less_eq2), which it contains: a pair taken from a pair
    empties the bit, one copy taken from a pair leaves a single."""
    return (ge1 & ~less_ge1) | (eq2 & less_ge1 & ~less_eq2), eq2 & ~less_ge1
