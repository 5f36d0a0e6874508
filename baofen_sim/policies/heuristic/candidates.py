"""The heuristic's candidate follows to a lead of two or more cards (`policies.heuristic`, Candidates):
every legal follow when there are at most FOLLOW_CAPACITY, else greedy ones built from the cheapest fill of
the follow constraints (`cheapest_fill`) around the lowest or highest winning primary unit
(`primary_above`), each checked legal."""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import MANNER_FOLLOWED, MANNER_RUFFED, RUFF, TRUMP
from baofen_sim.kernels.bits import ONE, ZERO, bit, popcount, remove_cards, trailing_zeros
from baofen_sim.kernels.follow import (
    EIGHT_OWN,
    FILTER_NONE,
    FILTER_TP,
    FOLLOW_FREE,
    FOLLOW_IN_SUIT,
    FollowNeeds,
    count_submultisets,
    enumerate_follows,
    is_legal_follow,
    tractor_pairs,
)
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.trick import NO_VALUE
from baofen_sim.kernels.units import (
    card_count,
    gap_shift,
    links,
    power,
    real_bits,
    real_index,
    run_bits,
    run_length,
    run_starts,
)
from baofen_sim.kernels.values import bottom_bit, top_bit, tractor_value
from baofen_sim.policies.heuristic.costs import (
    NO_COST,
    PAIR_BREAK_COST,
    POINT_COST,
    card_cost,
    cheapest_single,
    play_cost,
)

FOLLOW_CAPACITY = 48  # legal follows evaluated one by one; past that, greedy candidates
GREEDY_SLOTS = 8  # room for the greedy candidates (dump, feed, 2 in-suit wins, 2 ruffs)
CANDIDATE_SLOTS = FOLLOW_CAPACITY + GREEDY_SLOTS  # a follow's candidate arrays (scratch.stack_empty: a constant)


# ---- greedy building ---------------------------------------------------------------------------------


@njit(cache=True)
def cheapest_pair(tb, pairs, point_weight):
    """The bit (as a mask) of `pairs` whose pair costs least; 0 if none."""
    return cheapest_single(tb, pairs, ZERO, point_weight)[0]


@njit(cache=True)
def cheapest_window(tb, pairs, length, point_weight):
    """The cheapest `length` chain-consecutive pairs of `pairs` (a tractor piece), as a mask; 0 if none."""
    shift = gap_shift(tb, np.uint64(pairs))
    adj = links(tb, pairs)
    starts = run_starts(adj)
    best = ZERO
    best_cost = NO_COST
    while starts != ZERO:
        low = trailing_zeros(starts)
        run = run_length(adj, low)
        for start in range(low, low + run - length + 1):
            window = real_bits(shift, run_bits(start, length))  # chain view -> cards
            cost = play_cost(tb, window, window, ZERO, point_weight)
            if cost < best_cost:
                best, best_cost = window, cost
        starts = starts & (starts - ONE)
    return best


@njit(cache=True)
def cheapest_fill(tb, lead, needs, pre_ge1, pre_eq2, hand_eq2, point_weight):
    """The cheapest play meeting `needs` (follow.follow_constraints) that contains `pre` (cards of the
    pool): the forced cards, a tractor piece if §2.3.2(a) asks for one, the cheapest pairs §2.3.2(b) asks
    for, then the cheapest single cards. (0, 0) when the greedy steps cannot meet the needs."""
    ge1 = np.uint64(pre_ge1)
    eq2 = np.uint64(pre_eq2)
    pool_ge1, pool_eq2 = remove_cards(needs.pool_ge1, needs.pool_eq2, ge1, eq2)
    left = needs.take - card_count(ge1, eq2)
    if left < 0:
        return ZERO, ZERO
    if needs.filter == FILTER_TP:
        if tractor_pairs(tb, lead, eq2) < needs.min_tp:
            if lead.k != 1 or 2 * needs.min_tp > left:
                return ZERO, ZERO
            window = cheapest_window(tb, pool_eq2, needs.min_tp, point_weight)
            if window == ZERO:
                return ZERO, ZERO
            ge1 |= window
            eq2 |= window
            pool_ge1, pool_eq2 = remove_cards(pool_ge1, pool_eq2, window, window)
            left -= 2 * needs.min_tp
    elif needs.filter != FILTER_NONE:
        return ZERO, ZERO  # §2.7.1 trump tractors of an eight-of-a-kind answer: left to enumeration
    while popcount(eq2) < needs.min_pairs:
        b = cheapest_pair(tb, pool_eq2, point_weight)
        if b == ZERO or left < 2:
            return ZERO, ZERO
        ge1 |= b
        eq2 |= b
        pool_ge1, pool_eq2 = remove_cards(pool_ge1, pool_eq2, b, b)
        left -= 2
    while left > 0:
        b = _cheapest_copy(tb, pool_ge1, pool_eq2, ge1, hand_eq2, point_weight)
        if b == ZERO:
            return ZERO, ZERO
        if ge1 & b:
            eq2 |= b
        ge1 |= b
        pool_ge1, pool_eq2 = remove_cards(pool_ge1, pool_eq2, b, ZERO)
        left -= 1
    return needs.fixed_ge1 | ge1, needs.fixed_eq2 | eq2


@njit(cache=True)
def _cheapest_copy(tb, pool_ge1, pool_eq2, chosen_ge1, hand_eq2, point_weight):
    """The next single copy to add: the cheapest, +PAIR_BREAK_COST to split an untouched held pair,
    -PAIR_BREAK_COST to complete a pair already split."""
    best = ZERO
    best_cost = NO_COST
    rest = pool_ge1
    while rest != ZERO:
        b = trailing_zeros(rest)
        mask = bit(b)
        rest = rest & (rest - ONE)
        cost = card_cost(tb, b, point_weight)
        if chosen_ge1 & mask:
            cost -= PAIR_BREAK_COST
        elif pool_eq2 & hand_eq2 & mask:
            cost += PAIR_BREAK_COST
        if cost < best_cost:
            best, best_cost = mask, cost
    return best


@njit(cache=True)
def primary_above(tb, lead, pool_ge1, pool_eq2, threshold, highest, is_declarer, manner):
    """The lead's primary unit (§3.4: a tractor of the longest led length, else a pair, else a card) taken
    from the pool with value > threshold: the lowest such, or the highest when `highest`, by power (the
    5-player trump 7 and 2 sit low in the layout, `values.bottom_bit`). (0, 0) if none. Only for leads with at
    most one tractor."""
    if lead.k > 1:
        return ZERO, ZERO
    best = ZERO
    if lead.k == 1:
        length = lead.longest
        shift = gap_shift(tb, np.uint64(pool_eq2))
        adj = links(tb, pool_eq2)
        starts = run_starts(adj)
        while starts != ZERO:
            low = trailing_zeros(starts)
            run = run_length(adj, low)
            for top in range(low + length - 1, low + run):  # chain-view bits
                if tractor_value(tb, real_index(shift, top), is_declarer, manner) > threshold:
                    window = real_bits(shift, run_bits(top - length + 1, length))
                    if best == ZERO or highest:
                        best = window
            starts = starts & (starts - ONE)
        return best, best
    units = pool_eq2 if lead.pairs > 0 else pool_ge1
    rest = units
    while rest != ZERO:
        b = bottom_bit(tb, rest) if not highest else top_bit(tb, rest)
        if power(tb, b) > threshold:
            best = bit(b)
            break
        rest = rest ^ bit(b)
        if highest:
            break  # the highest is not enough: nothing is
    return best, best if lead.pairs > 0 else ZERO


# ---- the candidates ----------------------------------------------------------------------------------


@njit(cache=True)
def append_new(out_ge1, out_eq2, count, ge1, eq2):
    """Append the play (ge1, eq2) to the first `count` entries of out_* unless it is empty, already there or
    out_* is full; returns the new count."""
    if ge1 == ZERO or count >= out_ge1.shape[0]:
        return count
    for i in range(count):
        if out_ge1[i] == ge1 and out_eq2[i] == eq2:
            return count
    out_ge1[count] = ge1
    out_eq2[count] = eq2
    return count + 1


@njit(cache=True)
def _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count):
    """Append a greedy candidate if it is a new legal follow; returns the new count."""
    if ge1 == ZERO or not is_legal_follow(tb, lead, hand_ge1, hand_eq2, ge1, eq2):
        return count
    return append_new(out_ge1, out_eq2, count, ge1, eq2)


@njit(cache=True)
def greedy_candidates(tb, lead, needs, feeding, feed_weight, best_cls, best_value, is_declarer,
                      hand_ge1, hand_eq2, out_ge1, out_eq2, count):
    """Append the greedy candidates: the cheapest fill (DUMP, and FEED when `feeding`); the lowest and the
    highest in-suit primary unit that beats the current winner with the cheapest fill around it; and the
    lowest and the highest all-trump answer in the lead's shape (a void player's ruff)."""
    ge1, eq2 = cheapest_fill(tb, lead, needs, ZERO, ZERO, hand_eq2, POINT_COST)
    count = _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count)
    if feeding:
        ge1, eq2 = cheapest_fill(tb, lead, needs, ZERO, ZERO, hand_eq2, feed_weight)
        return _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count)
    if needs.mode == FOLLOW_IN_SUIT and best_cls != RUFF:
        for highest in (False, True):
            p_ge1, p_eq2 = primary_above(tb, lead, needs.pool_ge1, needs.pool_eq2, best_value, highest,
                                         is_declarer, MANNER_FOLLOWED)
            if p_ge1 != ZERO:
                ge1, eq2 = cheapest_fill(tb, lead, needs, p_ge1, p_eq2, hand_eq2, POINT_COST)
                count = _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count)
    if needs.mode == FOLLOW_FREE and lead.suit != TRUMP:
        tmask = tb.suit_mask[TRUMP]
        trumps = FollowNeeds(FOLLOW_FREE, ZERO, ZERO, hand_ge1 & tmask, hand_eq2 & tmask, lead.n, lead.pairs,
                             FILTER_NONE, 0)
        threshold = best_value if best_cls == RUFF else np.int64(NO_VALUE)
        for highest in (False, True):
            p_ge1, p_eq2 = primary_above(tb, lead, trumps.pool_ge1, trumps.pool_eq2, threshold, highest,
                                         is_declarer, MANNER_RUFFED)
            if p_ge1 != ZERO:
                ge1, eq2 = cheapest_fill(tb, lead, trumps, p_ge1, p_eq2, hand_eq2, POINT_COST)
                count = _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count)
    return count


@njit(cache=True)
def follow_candidates(tb, lead, needs, feeding, feed_weight, best_cls, best_value, is_declarer,
                      hand_ge1, hand_eq2, out_ge1, out_eq2):
    """Fill out_* with candidate follows: every legal follow when there are at most FOLLOW_CAPACITY
    (counted before §2.3.2(a)'s tractor filter), else the greedy ones; the enumeration's first
    FOLLOW_CAPACITY when greedy building fails. Returns the count."""
    if needs.mode == EIGHT_OWN or count_submultisets(needs.pool_ge1, needs.pool_eq2, needs.take,
                                                     needs.min_pairs) <= FOLLOW_CAPACITY:
        count, _ = enumerate_follows(tb, lead, hand_ge1, hand_eq2, out_ge1[:FOLLOW_CAPACITY],
                                     out_eq2[:FOLLOW_CAPACITY])
        return count
    count = greedy_candidates(tb, lead, needs, feeding, feed_weight, best_cls, best_value, is_declarer,
                              hand_ge1, hand_eq2, out_ge1, out_eq2, 0)
    if count == 0:
        count, _ = enumerate_follows(tb, lead, hand_ge1, hand_eq2, out_ge1[:FOLLOW_CAPACITY],
                                     out_eq2[:FOLLOW_CAPACITY])
    return count
