"""Throw validation (RULES.md §4.2–§4.3) and the forced lead of a failed throw (§4.4.2)."""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import FEWEST_CARDS_FIRST, LOWEST_CARD, MANNER_FOLLOWED, MANNER_LED
from baofen_sim.kernels.bits import ZERO, bit, trailing_zeros
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.units import MAX_RUNS, beat_mask, power, run_piece, runs_of, suit_of_bit, tractor_bits
from baofen_sim.kernels.values import bottom_bit, tractor_value


@njit(cache=True)
def _precedes(tb, cards, value, low, best_cards, best_value, best_low):
    """§4.4.2 [A3] order of beaten units (`low`: the bit of the unit's lowest card, `values.bottom_bit`).
    LOWEST_CARD: the lower lowest card, ties in power (副2s) to fewer cards; FEWEST/MOST_CARDS_FIRST: card
    count, then the lower value. Last, the lower bit: the first suit in ♠♥♣♦ among equal 副2s."""
    if best_cards < 0:
        return True
    if tb.failed_priority == LOWEST_CARD:
        if power(tb, low) != power(tb, best_low):
            return power(tb, low) < power(tb, best_low)
        if cards != best_cards:
            return cards < best_cards
        return low < best_low
    if cards != best_cards:
        return cards < best_cards if tb.failed_priority == FEWEST_CARDS_FIRST else cards > best_cards
    if value != best_value:
        return value < best_value
    return low < best_low


@njit(cache=True)
def _tractor_beaten(tb, length, value, smask, thrower, declarer, hands_eq2):
    """§4.2: does one other player hold, in the suit, a tractor of ≥ `length` pairs (a sub-run of it
    counts, and the top sub-run is the best) worth more than `value`? A held joker tractor is valued as
    its holder would play it in answer (R000 by role, R001 as a follow)."""
    run_len = np.empty(MAX_RUNS, dtype=np.int64)
    run_top = np.empty(MAX_RUNS, dtype=np.int64)
    for seat in range(hands_eq2.shape[0]):
        if seat == thrower:
            continue
        m = runs_of(tb, hands_eq2[seat] & smask, run_len, run_top)
        for j in range(m):
            if run_len[j] >= length and tractor_value(tb, run_top[j], seat == declarer, MANNER_FOLLOWED) > value:
                return True
    return False


@njit(cache=True)
def validate_throw(tb, ge1, eq2, thrower, declarer, hands_ge1, hands_eq2):
    """§4.2 check each unit of the throw (ge1, eq2) against the current hands of the other seats
    (hands_*[seat], uint64[N]; the thrower's entry is ignored). Returns (valid, forced_ge1, forced_eq2):
    for a failed throw, the beaten unit that §4.4.2 forces (failed_throw_unit_priority, `_precedes`);
    (True, 0, 0) for a valid throw. Equal power never beats (§1.7)."""
    ge1 = np.uint64(ge1)
    eq2 = np.uint64(eq2)
    suit = suit_of_bit(tb, trailing_zeros(ge1))
    smask = tb.suit_mask[suit]
    others_ge1 = ZERO
    others_eq2 = ZERO
    for seat in range(hands_ge1.shape[0]):
        if seat != thrower:
            others_ge1 |= hands_ge1[seat] & smask
            others_eq2 |= hands_eq2[seat] & smask
    best_cards = -1
    best_value = 0
    best_low = 0
    forced_ge1 = ZERO
    forced_eq2 = ZERO
    singles = ge1 & ~eq2
    if singles != ZERO:  # whatever beats a higher single beats the lowest one
        low = bottom_bit(tb, singles)
        if (others_ge1 & beat_mask(tb, low)) != ZERO:
            best_cards, best_value, best_low = 1, power(tb, low), low
            forced_ge1, forced_eq2 = bit(low), ZERO
    loose = eq2 & ~tractor_bits(tb, eq2)
    if loose != ZERO:  # a higher pair anywhere (tractors included) beats the lowest loose pair
        low = bottom_bit(tb, loose)
        value = power(tb, low)
        if (others_eq2 & beat_mask(tb, low)) != ZERO and _precedes(tb, 2, value, low, best_cards, best_value,
                                                                   best_low):
            best_cards, best_value, best_low = 2, value, low
            forced_ge1, forced_eq2 = bit(low), bit(low)
    if eq2 == loose:  # no tractor in the throw
        return best_cards < 0, forced_ge1, forced_eq2
    run_len = np.empty(MAX_RUNS, dtype=np.int64)
    run_top = np.empty(MAX_RUNS, dtype=np.int64)
    m = runs_of(tb, eq2, run_len, run_top)
    for i in range(m):
        length = run_len[i]
        run = run_piece(tb, eq2, run_top[i], length)
        low = bottom_bit(tb, run)  # its lowest card (t7 t7 t8 t8: the t8)
        value = tractor_value(tb, run_top[i], thrower == declarer, MANNER_LED)
        if not _precedes(tb, 2 * length, value, low, best_cards, best_value, best_low):
            continue
        if _tractor_beaten(tb, length, value, smask, thrower, declarer, hands_eq2):
            best_cards, best_value, best_low = 2 * length, value, low
            forced_ge1, forced_eq2 = run, run
    return best_cards < 0, forced_ge1, forced_eq2
