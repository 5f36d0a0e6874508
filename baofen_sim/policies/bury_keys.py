"""The bury of the 80分 and 找朋友 heuristics (`games.tractor80.policies.heuristic`,
`games.zhaopengyou.policies.heuristic`):
the kitty_size cheapest copies of a hand by a whole-number cost, with no allocation and no sort. Each copy's
(cost, kind) is packed into one integer key, cost × BURY_KEY_KINDS + kind, so that keys order by cost, then by
kind; `insert_key` keeps the smallest in order in the output, and `key & KIND_BITS` turns a key back into its kind
(negative costs too). The costs the two games' heuristics give a copy are below."""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS
from baofen_sim.kernels.jit import njit

KEEP_TRUMP = 1000.0  # trumps stay out of the kitty unless nothing else fills it
POINT_COST = 1.0  # per card point: points in the kitty risk a 抠底 (§7.3.11), but pairs and voids are worth more
# to the 庄家方 (docs/tractor80.md: at 10 per point the 庄家方 lost 0.3 points of T per hand)
PAIR_COST = 15.0  # a card of a pair
VOID_BONUS = 4.0  # per card a plain suit is short of SHORT_SUIT
SHORT_SUIT = 6

BURY_KEY_KINDS = 64
KIND_BITS = BURY_KEY_KINDS - 1
assert NUM_KINDS <= BURY_KEY_KINDS
assert all(float(c).is_integer() for c in (KEEP_TRUMP, POINT_COST, PAIR_COST, VOID_BONUS))


@njit(cache=True)
def bury_key(cost, kind):
    return np.int64(cost) * BURY_KEY_KINDS + kind


@njit(cache=True, inline="always")
def insert_key(keys, filled, key):
    """Insert `key` into the ascending keys[:filled] (the len(keys) smallest are kept; an equal key goes after the
    ones there); returns how many are filled."""
    size = keys.shape[0]
    if filled == size:
        if key >= keys[size - 1]:
            return filled
        i = size - 1
    else:
        i = filled
        filled += 1
    while i > 0 and keys[i - 1] > key:
        keys[i] = keys[i - 1]
        i -= 1
    keys[i] = key
    return filled
