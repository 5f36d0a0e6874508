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
  With `bid_mode` = 1 it is the table bidder instead (`table_bid`).
- table bidder (issue 12; the heuristic with bid_mode = 1): e = `features.hand_evaluation` (card points the
  declarer is expected to score), position p = the seat's place after the 主叫 (0 = the 主叫). With no bid yet
  it opens at the largest legal opening not above its wish: 95 if e ≥ open95_p, else 90 if e ≥ open90_p, else
  85 if e ≥ open85_p, else it passes. Once there is a bid it makes the smallest legal raise if that is at most
  its limit 85 + 5·⌊(e − contest_p) / contest_per_5⌋ (none if e < contest_p), else passes. It draws nothing.
  Its style: e is the evaluation plus `bid_margin` (`bidder_evaluation`), for openings and raises alike, so a
  seat with margin m bids as one whose evaluation is m higher (m > 0 bolder, m < 0 more cautious).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import AU_HIGH_BID, AU_TO_ACT, AU_ZHUJIAO, NO_BID, PASS
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import bounded, uniform01
from baofen_sim.policies.features import hand_evaluation, hand_strength
from baofen_sim.policies.registry import (
    BID_MODE_TABLE,
    HEURISTIC_BID_MARGIN,
    HEURISTIC_BID_MODE,
    HEURISTIC_CONTEST_PER_5,
    HEURISTIC_MAX_BID,
    HEURISTIC_OPEN_THRESHOLD,
    HEURISTIC_PER_5_POINTS,
    HEURISTIC_TABLE_CONTEST,
    HEURISTIC_TABLE_OPEN,
    RANDOM_PASS_WEIGHT,
    TABLE_POSITIONS,
)

HEURISTIC_BASE_BID = 85  # the bid a strength of exactly open_threshold is worth
TABLE_OPEN_BIDS = (85, 90, 95)  # the table's opening columns (open85_p, open90_p, open95_p)
BID_STEP = 5  # points per step of the heuristic's limit


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
def threshold_bid_at(params, strength, legal, n_legal):
    """The threshold bidder's step for a hand of strength `strength` (module docstring)."""
    limit = heuristic_limit(params, strength)
    if n_legal > 0 and legal[0] <= limit:  # legal bids are ascending: legal[0] is the cheapest
        return legal[0]
    return PASS


@njit(cache=True)
def table_position(auction_state):
    """The seat to act, counted from the 主叫 (0) in turn order."""
    return (auction_state[AU_TO_ACT] - auction_state[AU_ZHUJIAO]) % TABLE_POSITIONS


@njit(cache=True)
def table_opening(params, evaluation, position):
    """The opening the table wishes for (85, 90 or 95), or PASS."""
    wish = PASS
    for i in range(len(TABLE_OPEN_BIDS)):
        if evaluation >= params[HEURISTIC_TABLE_OPEN + i * TABLE_POSITIONS + position]:
            wish = TABLE_OPEN_BIDS[i]
    return wish


@njit(cache=True)
def table_limit(params, evaluation, position):
    """The highest bid the table raises to in a contested auction; 0 = none."""
    threshold = params[HEURISTIC_TABLE_CONTEST + position]
    if evaluation < threshold:
        return 0
    steps = np.int64(np.floor((evaluation - threshold) / params[HEURISTIC_CONTEST_PER_5]))
    return HEURISTIC_BASE_BID + BID_STEP * steps


@njit(cache=True)
def table_bid_at(params, evaluation, legal, n_legal, auction_state):
    """The table bidder's step for a hand evaluated at `evaluation` (module docstring)."""
    position = table_position(auction_state)
    if auction_state[AU_HIGH_BID] == NO_BID:
        wish = table_opening(params, evaluation, position)
        bid = PASS
        for i in range(n_legal):  # ascending: the last one within the wish
            if legal[i] <= wish:
                bid = legal[i]
        return bid
    if n_legal > 0 and legal[0] <= table_limit(params, evaluation, position):
        return legal[0]
    return PASS


@njit(cache=True)
def bidder_evaluation(params, hand_counts):
    """What the table bidder reads its table with: the hand's evaluation plus its style's `bid_margin`."""
    return hand_evaluation(params, hand_counts) + params[HEURISTIC_BID_MARGIN]


@njit(cache=True)
def bid_reaches(params, hand_counts, position):
    """How far the heuristic's bidder goes with these cards at `position` from the 主叫: (the highest opening,
    the highest bid in a contested auction); 0 = none. What the sampler reads the auction by."""
    if params[HEURISTIC_BID_MODE] == BID_MODE_TABLE:
        evaluation = bidder_evaluation(params, hand_counts)
        return table_opening(params, evaluation, position), table_limit(params, evaluation, position)
    limit = heuristic_limit(params, hand_strength(hand_counts))
    return limit, limit


@njit(cache=True)
def heuristic_bid(params, hand_counts, legal, n_legal, auction_state):
    """The smallest legal bid within the threshold limit, else PASS; with bid_mode 1 the table bidder
    (module docstring)."""
    if params[HEURISTIC_BID_MODE] == BID_MODE_TABLE:
        return table_bid_at(params, bidder_evaluation(params, hand_counts), legal, n_legal, auction_state)
    return threshold_bid_at(params, hand_strength(hand_counts), legal, n_legal)
