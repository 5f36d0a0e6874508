"""Hands as bitboard pairs (ge1, eq2) in the trump layout of `baofen_sim.tables`: from kind counts, from a list
of card kinds (a bury, a kitty) or from the kind-space bitboards `rng.deal_hands` deals; and the card points
(RULES.md §1.1.2) of a bitboard pair.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS
from baofen_sim.kernels.bits import ONE, ZERO, bit, popcount, trailing_zeros
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.units import kind_bit


@njit(cache=True)
def counts_to_bits(tb, counts):
    """(ge1, eq2) in the trump layout of a kind-count hand."""
    ge1 = ZERO
    eq2 = ZERO
    for kind in range(NUM_KINDS):  # without branches: which kinds a hand holds is a coin toss for the predictor
        b = np.uint64(tb.kind_to_bit[kind])
        ge1 |= np.uint64(counts[kind] > 0) << b
        eq2 |= np.uint64(counts[kind] > 1) << b
    return ge1, eq2


@njit(cache=True)
def listed_to_bits(tb, kinds, n):
    """(ge1, eq2) in the trump layout of the cards kinds[:n] (card kinds, each at most twice): a bury, a kitty."""
    ge1 = ZERO
    eq2 = ZERO
    for i in range(n):
        b = ONE << np.uint64(tb.kind_to_bit[kinds[i]])
        eq2 |= ge1 & b
        ge1 |= b
    return ge1, eq2


@njit(cache=True)
def hand_from_kinds(tb, kind_ge1, kind_eq2):
    """Remap a kind-space bitboard pair (bit = card kind, as dealt by rng.deal_hands) to the trump layout."""
    ge1 = ZERO
    eq2 = ZERO
    rest = np.uint64(kind_ge1)
    while rest != ZERO:
        kind = trailing_zeros(rest)
        b = bit(kind_bit(tb, kind))
        ge1 |= b
        if (np.uint64(kind_eq2) >> np.uint64(kind)) & ONE:
            eq2 |= b
        rest = rest & (rest - ONE)
    return ge1, eq2


@njit(cache=True)
def card_points(tb, ge1, eq2):
    """Card points (§1.1.2) of a bitboard pair."""
    fives = popcount(ge1 & tb.five_mask) + popcount(eq2 & tb.five_mask)
    tens = popcount(ge1 & tb.ten_mask) + popcount(eq2 & tb.ten_mask)
    return 5 * fives + 10 * tens
