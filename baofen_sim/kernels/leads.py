"""Lead legality (RULES.md §2.1, §4.1, §4.6, §1.8.2) and the candidate leads of a hand: check, enumerate,
sample — the same outline as `follow.py` for follows.

`is_legal_lead` checks a lead; `enumerate_leads` lists the candidate leads (every single, pair and tractor,
with throws the whole holding of a suit and each union of two of its units, and eights of a kind) and
`count_leads` / `sample_lead` count them and draw one uniformly without listing them. A throw's
validation against the other hands is `throws.validate_throw`.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_RANKS
from baofen_sim.codes import EIGHT_KIND, EIGHT_OFF, NUM_EFFECTIVE_SUITS, PAIR, SINGLE, THROW, TRACTOR
from baofen_sim.kernels.bits import ONE, ZERO, bit, nth_set_bit, popcount, trailing_zeros
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import bounded
from baofen_sim.kernels.units import (
    analyze_lead,
    eight_rank_of,
    gap_shift,
    links,
    real_bits,
    run_bits,
    run_length,
    run_starts,
    suit_of_bit,
    suit_units,
    tractor_bits,
    unit_count,
    unit_marks,
)

EIGHT_PAIRS = 4  # pairs in an eight of a kind (§1.8.1): a hand with fewer pairs holds none
MAX_LEAD_CHOICES = 1024  # capacity `enumerate_leads` never fills: a 25-card hand has at most ~210 candidates


# ---- check ---------------------------------------------------------------------------------------------


@njit(cache=True)
def is_one_suit(tb, ge1):
    """All cards in one effective suit (and at least one card)."""
    if ge1 == ZERO:
        return False
    suit = suit_of_bit(tb, trailing_zeros(ge1))
    return (ge1 & ~tb.suit_mask[suit]) == ZERO


@njit(cache=True)
def is_legal_lead(tb, hand_ge1, hand_eq2, ge1, eq2, throw_allowed):
    """§2.1: held cards forming a single, pair or tractor of one effective suit; a throw of one suit when
    throws are allowed (and `throw_allowed`, §4.6); an eight of a kind (§1.8.2). Throw validation against
    the other hands is separate (throws.validate_throw)."""
    if ge1 == ZERO or (ge1 & ~hand_ge1) != ZERO or (eq2 & ~hand_eq2) != ZERO or (eq2 & ~ge1) != ZERO:
        return False
    if eight_rank_of(tb, ge1, eq2) >= 0:
        return True
    if not is_one_suit(tb, ge1):
        return False
    lead = analyze_lead(tb, ge1, eq2)
    return unit_count(lead) == 1 or (tb.allow_throws != 0 and throw_allowed)


# ---- enumerate and sample ------------------------------------------------------------------------------


@njit(cache=True)
def _push(out_ge1, out_eq2, out_kind, count, ge1, eq2, kind):
    if count < out_ge1.shape[0]:
        out_ge1[count] = ge1
        out_eq2[count] = eq2
        out_kind[count] = kind
        return count + 1
    return count


@njit(cache=True)
def enumerate_leads(tb, hand_ge1, hand_eq2, throw_allowed, out_ge1, out_eq2, out_kind):
    """Candidate leads of a hand, written to out_* (kind = SINGLE/PAIR/TRACTOR/THROW/EIGHT_KIND):
    every distinct single; every pair; every tractor (each sub-run of ≥ 2 pairs of each run); if throws are
    allowed (tables and `throw_allowed`, §4.6), per effective suit the whole holding and each union of two
    of its units (§1.9.1), which may fail validation; every eight of a kind held (§1.8). Returns the count
    (capped at the capacity of out_*; MAX_LEAD_CHOICES always suffices)."""
    count = 0
    singles = np.uint64(hand_ge1)
    while singles != ZERO:
        b = singles & ~(singles - ONE)
        count = _push(out_ge1, out_eq2, out_kind, count, b, ZERO, SINGLE)
        singles ^= b
    pairs = np.uint64(hand_eq2)
    while pairs != ZERO:
        b = pairs & ~(pairs - ONE)
        count = _push(out_ge1, out_eq2, out_kind, count, b, b, PAIR)
        pairs ^= b
    shift = gap_shift(tb, np.uint64(hand_eq2))
    adj = links(tb, hand_eq2)
    starts = run_starts(adj)
    while starts != ZERO:
        low = trailing_zeros(starts)
        length = run_length(adj, low)
        for start in range(low, low + length - 1):
            for top in range(start + 1, low + length):
                run = real_bits(shift, run_bits(start, top + 1 - start))
                count = _push(out_ge1, out_eq2, out_kind, count, run, run, TRACTOR)
        starts = starts & (starts - ONE)
    if tb.allow_throws != 0 and throw_allowed:
        unit_ge1 = np.empty(32, dtype=np.uint64)
        unit_eq2 = np.empty(32, dtype=np.uint64)
        for suit in range(NUM_EFFECTIVE_SUITS):
            sg = hand_ge1 & tb.suit_mask[suit]
            se = hand_eq2 & tb.suit_mask[suit]
            n = suit_units(tb, sg, se, unit_ge1, unit_eq2)
            if n < 2:
                continue
            if n > 2:
                count = _push(out_ge1, out_eq2, out_kind, count, sg, se, THROW)
            for i in range(n):
                for j in range(i + 1, n):
                    count = _push(out_ge1, out_eq2, out_kind, count, unit_ge1[i] | unit_ge1[j],
                                  unit_eq2[i] | unit_eq2[j], THROW)
    if tb.eight_mode != EIGHT_OFF:
        for rank in range(NUM_RANKS):
            mask = tb.eight_mask[rank]
            if mask != ZERO and (hand_eq2 & mask) == mask:
                count = _push(out_ge1, out_eq2, out_kind, count, mask, mask, EIGHT_KIND)
    return count


@njit(cache=True, inline="always")
def _nth_unit(tb, ge1, eq2, i):
    """(ge1, eq2) of unit i of one suit's cards, in `suit_units` order (runs, loose pairs, singles)."""
    adj = links(tb, eq2)
    starts = run_starts(adj)
    runs = popcount(starts)
    if i < runs:
        low = nth_set_bit(starts, i)
        run = real_bits(gap_shift(tb, np.uint64(eq2)), run_bits(low, run_length(adj, low)))
        return run, run
    i -= runs
    loose = eq2 & ~tractor_bits(tb, eq2)
    if i < popcount(loose):
        b = bit(nth_set_bit(loose, i))
        return b, b
    i -= popcount(loose)
    return bit(nth_set_bit(ge1 & ~eq2, i)), ZERO


@njit(cache=True)
def _throws_of(units):
    """Throw candidates of a suit with `units` units: each pair of units, plus the whole suit if > 2 (no
    branch: 0 for 0 or 1 unit)."""
    return units * (units - 1) // 2 + (units > 2)


@njit(cache=True)
def _sub_runs(length):
    return length * (length - 1) // 2


@njit(cache=True, inline="always")
def _lead_counts(tb, hand_ge1, hand_eq2, throw_allowed):
    """(singles, pairs, tractors, throws, eights): the sizes of `enumerate_leads`' categories."""
    singles = popcount(hand_ge1)
    pairs = popcount(hand_eq2)
    tractors = 0
    adj = links(tb, hand_eq2)
    starts = run_starts(adj)
    while starts != ZERO:
        tractors += _sub_runs(run_length(adj, trailing_zeros(starts)))
        starts = starts & (starts - ONE)
    throws = 0
    if tb.allow_throws != 0 and throw_allowed:
        units = unit_marks(tb, hand_ge1, hand_eq2)
        for suit in range(NUM_EFFECTIVE_SUITS):
            throws += _throws_of(popcount(units & tb.suit_mask[suit]))
    eights = 0
    if tb.eight_mode != EIGHT_OFF and popcount(hand_eq2) >= EIGHT_PAIRS:
        for rank in range(NUM_RANKS):
            mask = tb.eight_mask[rank]
            if mask != ZERO and (hand_eq2 & mask) == mask:
                eights += 1
    return singles, pairs, tractors, throws, eights


@njit(cache=True)
def count_leads(tb, hand_ge1, hand_eq2, throw_allowed):
    """Number of candidate leads `enumerate_leads` would list (without listing them)."""
    singles, pairs, tractors, throws, eights = _lead_counts(tb, hand_ge1, hand_eq2, throw_allowed)
    return singles + pairs + tractors + throws + eights


@njit(cache=True)
def _nth_tractor(tb, hand_eq2, i):
    """Sub-run i of the hand's tractor runs (lowest run first; in a run, by start then top)."""
    adj = links(tb, hand_eq2)
    starts = run_starts(adj)
    while starts != ZERO:
        low = trailing_zeros(starts)
        length = run_length(adj, low)
        if i < _sub_runs(length):
            for start in range(low, low + length - 1):
                tops = low + length - 1 - start
                if i < tops:
                    return real_bits(gap_shift(tb, np.uint64(hand_eq2)), run_bits(start, 2 + i))
                i -= tops
        i -= _sub_runs(length)
        starts = starts & (starts - ONE)
    return ZERO


@njit(cache=True, inline="always")
def _nth_throw(tb, hand_ge1, hand_eq2, i):
    """Throw candidate i (suits in order; in a suit, the whole suit first if > 2 units, then unit pairs)."""
    marks = unit_marks(tb, hand_ge1, hand_eq2)
    for suit in range(NUM_EFFECTIVE_SUITS):
        sg = hand_ge1 & tb.suit_mask[suit]
        se = hand_eq2 & tb.suit_mask[suit]
        units = popcount(marks & tb.suit_mask[suit])
        count = _throws_of(units)
        if i >= count:
            i -= count
            continue
        if units > 2:
            if i == 0:
                return sg, se
            i -= 1
        for a in range(units):
            if i < units - 1 - a:
                ag, ae = _nth_unit(tb, sg, se, a)
                bg, be = _nth_unit(tb, sg, se, a + 1 + i)
                return ag | bg, ae | be
            i -= units - 1 - a
    return ZERO, ZERO


@njit(cache=True, inline="always")
def sample_lead(tb, hand_ge1, hand_eq2, throw_allowed, state):
    """(state, ge1, eq2, kind): one of `enumerate_leads`' candidates, uniformly, without listing them."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    singles, pairs, tractors, throws, eights = _lead_counts(tb, hand_ge1, hand_eq2, throw_allowed)
    total = singles + pairs + tractors + throws + eights
    if total == 0:
        return state, ZERO, ZERO, 0  # an empty hand has no lead
    state, r = bounded(state, total)
    if r < singles:
        b = bit(nth_set_bit(hand_ge1, r))
        return state, b, ZERO, SINGLE
    r -= singles
    if r < pairs:
        b = bit(nth_set_bit(hand_eq2, r))
        return state, b, b, PAIR
    r -= pairs
    if r < tractors:
        run = _nth_tractor(tb, hand_eq2, r)
        return state, run, run, TRACTOR
    r -= tractors
    if r < throws:
        ge1, eq2 = _nth_throw(tb, hand_ge1, hand_eq2, r)
        return state, ge1, eq2, THROW
    r -= throws
    for rank in range(NUM_RANKS):
        mask = tb.eight_mask[rank]
        if mask != ZERO and (hand_eq2 & mask) == mask:
            if r == 0:
                return state, mask, mask, EIGHT_KIND
            r -= 1
    return state, ZERO, ZERO, 0
