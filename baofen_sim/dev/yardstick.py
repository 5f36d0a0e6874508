"""The deal yardstick (issue 37.9): what one core of this machine does on the project's simplest kernel, the
measure that the bench's rates are read against (`dev.bench`: "1/23.4 of the yardstick"), so that figures from
different machines compare.

It is a bare Numba loop on one thread dealing hands 0 .. n − 1 of a seed with the engine's own deal, nothing else:
`rng.deal_pack` (the splitmix64 stream (seed, hand, STREAM_DEAL), a Fisher-Yates shuffle of the 108 cards) and
`rng.deal_hands` (4 seats × 25 cards and the 8 of the kitty into kind-space bitboards, ge1 / eq2). Its rate is
deals per second.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import PACK_SIZE
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import deal_hands, deal_pack

SEATS = 4
HAND_SIZE = 25  # 4 × 25 dealt, PACK_SIZE − 100 = 8 to the kitty


@njit
def deal_yardstick(seed, n):
    """Deal hands 0 .. n − 1 of `seed` into 4 × 25 + 8 kind-space bitboards; returns the XOR of every bitboard
    dealt, so that no deal can be optimised away."""
    pack = np.empty(PACK_SIZE, dtype=np.int64)
    ge1 = np.empty(SEATS, dtype=np.uint64)
    eq2 = np.empty(SEATS, dtype=np.uint64)
    check = np.uint64(0)
    for hand in range(n):
        deal_pack(seed, hand, pack)
        kitty_ge1, kitty_eq2 = deal_hands(pack, SEATS, HAND_SIZE, ge1, eq2)
        check ^= kitty_ge1 ^ kitty_eq2
        for seat in range(SEATS):
            check ^= ge1[seat] ^ eq2[seat]
    return check
