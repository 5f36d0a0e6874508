"""What a play costs the heuristic (`policies.heuristic`, Costs): a card's power, +TRUMP_COST for a trump,
a weight per card point (王分 points weigh WANGFEN_FACTOR), +PAIR_BREAK_COST for half of a held pair; and the
cheapest single card of a set. Every choice of the policy is a least cost under some point weight."""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import TRUMP
from baofen_sim.kernels.bits import ONE, ZERO, bit, popcount, trailing_zeros
from baofen_sim.kernels.jit import njit

TRUMP_COST = 20.0  # extra cost of spending a trump: above every plain card but a 10 or K given away
PAIR_BREAK_COST = 6.0  # cost of playing one card of a held pair
POINT_COST = 2.0  # cost per card point given to the other side (a 10 or K: 20)
WANGFEN_FACTOR = 2.0  # 王分 (§1.1.3) points weigh double: W = 0 costs the declarer 100, W = 50 earns 50
MAX_CARD_POINTS = 10.0 * WANGFEN_FACTOR  # the most a card's points can weigh (a 王分 10 or K)
NO_COST = 1e18  # "nothing found yet" for a minimum


# ---- costs -------------------------------------------------------------------------------------------


@njit(cache=True)
def card_cost(tb, b, point_weight):
    """Cost of giving up one copy of the card at bit b: its power, +TRUMP_COST for a trump, and
    point_weight per card point (王分 × WANGFEN_FACTOR)."""
    mask = bit(b)
    cost = float(tb.bit_power[b])
    if tb.bit_suit[b] == TRUMP:
        cost += TRUMP_COST
    points = 0.0
    if mask & tb.ten_mask:
        points = 10.0
    elif mask & tb.five_mask:
        points = 5.0
    if mask & tb.wangfen_mask:
        points *= WANGFEN_FACTOR
    return cost + point_weight * points


@njit(cache=True)
def play_cost(tb, ge1, eq2, hand_eq2, point_weight):
    """Cost of a play: its cards' `card_cost`, +PAIR_BREAK_COST per held pair it splits."""
    cost = PAIR_BREAK_COST * popcount(ge1 & ~eq2 & hand_eq2)
    rest = ge1
    while rest != ZERO:
        b = trailing_zeros(rest)
        copies = 2.0 if (eq2 >> np.uint64(b)) & ONE else 1.0
        cost += copies * card_cost(tb, b, point_weight)
        rest = rest & (rest - ONE)
    return cost


@njit(cache=True)
def cheapest_single(tb, mask, hand_eq2, point_weight):
    """(bit as a mask, cost): the card of `mask` with the lowest `card_cost` (+PAIR_BREAK_COST for half of a
    held pair), the lowest bit on ties; (0, NO_COST) if mask is empty. Within a suit cards only get dearer
    upwards apart from their points, so a suit is left as soon as its cards cannot beat the best cost even
    with the most points; but the 5-player trump 7 and 2 sit low on the trump chain with powers above the ace
    (`tb.lowered_mask`), so one of them is only passed over."""
    best = ZERO
    best_cost = NO_COST
    bonus = min(point_weight, 0.0) * MAX_CARD_POINTS
    rest = mask
    while rest != ZERO:
        b = trailing_zeros(rest)
        suit = tb.bit_suit[b]
        floor = float(tb.bit_power[b]) + bonus + (TRUMP_COST if suit == TRUMP else 0.0)
        if floor >= best_cost:
            if (tb.lowered_mask >> np.uint64(b)) & ONE:
                rest = rest & (rest - ONE)
            else:
                rest &= ~tb.suit_mask[suit]  # the rest of this suit cannot do better
            continue
        cost = card_cost(tb, b, point_weight)
        if (hand_eq2 >> np.uint64(b)) & ONE:
            cost += PAIR_BREAK_COST
        if cost < best_cost:
            best, best_cost = bit(b), cost
        rest = rest & (rest - ONE)
    return best, best_cost
