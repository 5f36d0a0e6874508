"""Bid policies (Numba): one bid decision of a seat (RULES.md §5.4; DESIGN.md §6), reached through
`policies.dispatch.bid_decision`; the auction that asks them is `engine.auction.play_auction`.

A bid policy sees its own hand (kind counts `int8[54]`), its own legal bids (already within its §5.4.2
cap) and the public auction state; never another hand or cap. It returns `(bid, rng_state)`, bid = PASS (0)
or one of the legal bids, and draws only from its seat's splitmix64 stream (`kernels.rng`,
STREAM_SEAT_BASE + seat).

- random: if there is no legal bid, pass (no draw). Otherwise pass with probability
  w / (w + n), where w = `pass_weight` and n = number of legal bids (one uniform draw u in [0, 1): pass iff
  u·(w + n) < w), else a uniformly chosen legal bid (a second draw, `bounded(n)`). w = 1 (the default)
  makes every choice, pass or bid, equally likely.
- heuristic, a threshold bidder: with s = `features.hand_strength(hand)`, it is willing
  to bid up to limit = 85 + 5·⌊(s − open_threshold) / per_5_points⌋ (no bid at all if s < open_threshold),
  and never above `max_bid`. It makes the smallest legal bid ≤ limit (opening low and raising by the least
  step keeps the price down), and passes if there is none. It draws nothing.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import PASS
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import bounded, next_u64
from baofen_sim.policies.features import hand_strength
from baofen_sim.policies.registry import (
    HEURISTIC_MAX_BID,
    HEURISTIC_OPEN_THRESHOLD,
    HEURISTIC_PER_5_POINTS,
    RANDOM_PASS_WEIGHT,
)

HEURISTIC_BASE_BID = 85  # the bid a strength of exactly open_threshold is worth
BID_STEP = 5  # points per step of the heuristic's limit
_S11 = np.uint64(11)
_UNIT_53 = 1.0 / 9007199254740992.0  # 2**-53: a 53-bit draw → [0, 1)


@njit(cache=True)
def uniform01(state):
    """(new state, a float64 uniform in [0, 1) with 53 random bits)."""
    state, r = next_u64(state)
    return state, np.float64(r >> _S11) * _UNIT_53


@njit(cache=True)
def random_bid(params, legal, n_legal, rng_state):
    """Pass with weight `pass_weight` against 1 per legal bid, else a uniform legal bid (module docstring)."""
    if n_legal == 0:
        return PASS, rng_state  # §5.4.2: no legal bid, must pass
    weight = params[RANDOM_PASS_WEIGHT]
    rng_state, u = uniform01(rng_state)
    if u * (weight + n_legal) < weight:
        return PASS, rng_state
    rng_state, i = bounded(rng_state, n_legal)
    return legal[i], rng_state


@njit(cache=True)
def heuristic_limit(params, strength):
    """The highest bid the threshold bidder will make with this strength; 0 = none."""
    if strength < params[HEURISTIC_OPEN_THRESHOLD]:
        return 0
    steps = np.int64(np.floor((strength - params[HEURISTIC_OPEN_THRESHOLD]) / params[HEURISTIC_PER_5_POINTS]))
    limit = HEURISTIC_BASE_BID + BID_STEP * steps
    return min(limit, np.int64(np.floor(params[HEURISTIC_MAX_BID])))


@njit(cache=True)
def heuristic_bid(params, hand_counts, legal, n_legal):
    """The smallest legal bid within the threshold limit, else PASS (module docstring)."""
    limit = heuristic_limit(params, hand_strength(hand_counts))
    if n_legal > 0 and legal[0] <= limit:  # legal bids are ascending: legal[0] is the cheapest
        return legal[0]
    return PASS
