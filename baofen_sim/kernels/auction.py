"""The Baofen auction (叫分) in Numba: pairs, caps, legal bids, stepping (RULES.md §5.4, A9, A10).

Hands are kind counts `int8[54]` (copies of each card kind 0..53, see `cards.py`). The auction state is
an `int64[AUCTION_STATE_SIZE]` array of public information only (what every player has seen)::

    index           meaning
    AU_ZHUJIAO      the 主叫: he acts first (§5.2)
    AU_TO_ACT       seat to act; NO_SEAT once the auction is over
    AU_HIGH_BID     current high bid; NO_BID before the first bid
    AU_HIGH_BIDDER  its bidder; NO_SEAT before the first bid
    AU_PASSED       bit mask of the seats that passed (a pass is final, §5.4.1)
    AU_STEPS        steps taken so far (bids and passes)

The per-seat caps (`int64[N]`, from `bid_cap`) are kept apart because they depend on hidden hands: a
policy is given only its own legal bids. A bid is a positive number of points; PASS = 0.

Contract (the same as `reference.auction.Auction`): `legal_bids` lists ascending the bids open to the seat
to act, an empty list meaning "must pass"; passing is always legal while the auction runs. Only the first
bid of the auction is an opening (`open_values` for the 主叫, `open_values_after_pass` for a 副叫 after
the 主叫 passed); every later bid raises the high bid by one of `raise_steps`. `apply_bid` assumes a legal
step (check with `is_legal_bid`).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, NUM_KINDS
from baofen_sim.codes import (
    AU_HIGH_BID,
    AU_HIGH_BIDDER,
    AU_PASSED,
    AU_STEPS,
    AU_TO_ACT,
    AU_ZHUJIAO,
    AUCTION_STATE_SIZE,
    NO_BID,
    NO_SEAT,
    PASS,
)
from baofen_sim.kernels.bits import popcount
from baofen_sim.kernels.jit import njit

PAIR_COPIES = 2  # §1.4: a pair is both copies of one card kind
JOKER_KINDS = np.uint64((1 << LITTLE_JOKER) | (1 << BIG_JOKER))  # the jokers' bits in a kind-space bitboard


@njit(cache=True)
def count_pairs(counts, include_jokers):
    """Card kinds held twice (§1.4, A10); joker pairs count iff `include_jokers`. BJ LJ is not a pair,
    and 2s of different suits are not (no trump during the auction)."""
    pairs = 0
    for kind in range(NUM_KINDS):
        if counts[kind] >= PAIR_COPIES and (include_jokers or (kind != LITTLE_JOKER and kind != BIG_JOKER)):
            pairs += 1
    return pairs


@njit(cache=True)
def count_pairs_bits(eq2, include_jokers):
    """`count_pairs` of a kind-space hand (`rng.deal_hands`): the kinds of its eq2 bitboard, the two jokers only
    when `include_jokers`."""
    return popcount(eq2 if include_jokers else eq2 & ~JOKER_KINDS)


@njit(cache=True)
def cap_for_pairs(hr, pairs):
    """§5.4.2: `cap_default` (150), or `cap_max` (250) with at least `cap_pairs_min` pairs ("超过4对")."""
    return hr.cap_max if pairs >= hr.cap_pairs_min else hr.cap_default


@njit(cache=True)
def bid_cap(hr, counts):
    """§5.4.2 the cap of a kind-count hand (`cap_for_pairs` of its `count_pairs`)."""
    return cap_for_pairs(hr, count_pairs(counts, hr.pairs_include_jokers != 0))


@njit(cache=True)
def auction_start(hr, zhujiao, state):
    """Reset `state` to a new auction whose 主叫 is `zhujiao` (he acts first, §5.4.1)."""
    state[AU_ZHUJIAO] = zhujiao
    state[AU_TO_ACT] = zhujiao
    state[AU_HIGH_BID] = NO_BID
    state[AU_HIGH_BIDDER] = NO_SEAT
    state[AU_PASSED] = 0
    state[AU_STEPS] = 0


@njit(cache=True)
def auction_over(state):
    return state[AU_TO_ACT] == NO_SEAT


@njit(cache=True)
def auction_declarer(state):
    """The winner once the auction is over (§5.4.3); NO_SEAT while running or after an all-pass."""
    if state[AU_TO_ACT] != NO_SEAT:
        return NO_SEAT
    return state[AU_HIGH_BIDDER]


@njit(cache=True)
def auction_target(state):
    """The declarer's bid (目标分) once the auction is over; NO_BID while running or after an all-pass."""
    if state[AU_TO_ACT] != NO_SEAT or state[AU_HIGH_BIDDER] == NO_SEAT:
        return NO_BID
    return state[AU_HIGH_BID]


@njit(cache=True)
def _choices(hr, state):
    """The candidate values before the cap: an opening list or the raise steps (added to the high bid)."""
    if state[AU_HIGH_BID] != NO_BID:
        return hr.raise_steps[:hr.n_raise_steps]
    if state[AU_TO_ACT] == state[AU_ZHUJIAO]:
        return hr.open_values[:hr.n_open_values]  # §5.4.2: the 主叫 opens with 85, 90 or 95
    return hr.open_values_after_pass[:hr.n_open_values_after_pass]  # A9: a 副叫 opening after the 主叫 passed


@njit(cache=True)
def seat_cap(hr, caps, seat):
    """§5.4.2 the highest bid `seat` may make: its cap, never above `cap_max`."""
    return min(caps[seat], hr.cap_max)


@njit(cache=True, inline="always")
def offered_bids(hr, state, out):
    """Write every bid the step offers the seat to act before its cap is applied into `out` (ascending) and
    return how many (`out` needs `hr.max_bid_choices` slots); 0 once the auction is over."""
    if state[AU_TO_ACT] == NO_SEAT:
        return 0
    base = state[AU_HIGH_BID]  # NO_BID = 0 for an opening, so base + value is the bid either way
    values = _choices(hr, state)
    for i in range(values.shape[0]):
        out[i] = base + values[i]
    return values.shape[0]


@njit(cache=True)
def within_cap(offered, n_offered, cap):
    """How many of the ascending `offered` bids are at most `cap`: they come first."""
    n = 0
    while n < n_offered and offered[n] <= cap:
        n += 1
    return n


@njit(cache=True, inline="always")
def legal_bids(hr, state, caps, out):
    """Write the bids open to the seat to act into `out` (ascending) and return how many.

    `out` needs `hr.max_bid_choices` slots. The lists of `hr` are ascending without repeats (the RuleSet
    checks it), so the bids within the seat's cap are the first of the offered ones. 0 = he must pass (or the
    auction is over).
    """
    n_offered = offered_bids(hr, state, out)
    if n_offered == 0:
        return 0
    return within_cap(out, n_offered, seat_cap(hr, caps, state[AU_TO_ACT]))


@njit(cache=True)
def is_legal_bid(hr, state, caps, bid):
    """True if `bid` (PASS = 0) is a legal step for the seat to act."""
    seat = state[AU_TO_ACT]
    if seat == NO_SEAT:
        return False
    if bid == PASS:
        return True  # §5.4.2: passing is always legal
    if bid > seat_cap(hr, caps, seat):
        return False
    base = state[AU_HIGH_BID]
    values = _choices(hr, state)
    for i in range(values.shape[0]):
        if base + values[i] == bid:
            return True
    return False


@njit(cache=True)
def _passed_count(passed_mask):
    count = 0
    while passed_mask:
        passed_mask &= passed_mask - 1
        count += 1
    return count


@njit(cache=True)
def apply_bid(hr, state, bid):
    """Play one step for the seat to act: PASS (final for him) or a legal bid. Advances AU_TO_ACT."""
    n = hr.num_players
    actor = state[AU_TO_ACT]
    if bid == PASS:
        state[AU_PASSED] |= 1 << actor
    else:
        state[AU_HIGH_BID] = bid
        state[AU_HIGH_BIDDER] = actor
    state[AU_STEPS] += 1
    passed = _passed_count(state[AU_PASSED])
    if passed == n:
        state[AU_TO_ACT] = NO_SEAT  # §5.4.3 / §5.7: all passed without a bid
        return
    if state[AU_HIGH_BIDDER] != NO_SEAT and passed == n - 1:
        state[AU_TO_ACT] = NO_SEAT  # §5.4.3: everyone except the high bidder passed
        return
    seat = (actor + 1) % n  # §5.4.1: counter-clockwise, skipping players who passed
    while (state[AU_PASSED] >> seat) & 1:
        seat = (seat + 1) % n
    state[AU_TO_ACT] = seat


def new_auction_state() -> np.ndarray:
    """A zeroed auction state array (Python helper for callers and tests)."""
    return np.zeros(AUCTION_STATE_SIZE, dtype=np.int64)
