"""Units of one effective suit (RULES.md §1.9): tractor runs, loose pairs and singles, and lead profiles.

A set of cards is a bitboard pair (ge1, eq2) over the layout of `baofen_sim.tables`. Pairs are `eq2`;
two pairs at bits i, i+1 are chain neighbours iff `link_mask` bit i is set, so every tractor is a run of
set bits in `links(tb, eq2)`. §1.9.1: maximal runs of ≥ 2 linked pairs are tractors, the other pairs are
loose pairs, cards held once are singles.

Two exceptions of the 5-player layout (tables.py): the lowered t7 and t2 sit on the trump chain by face but
above tA by power, so "the highest card" is `values.top_bit` (power-aware), not the highest bit; and a trump run
may skip an empty t7 place (zpy_trump_gap_tractor). Runs are therefore found in the *chain view* of the
pairs (`gap_shift`: the bits below t7 moved up one place when t6 and t8 are paired and t7 is not), where
every run is adjacent bits; `real_bits` / `real_index` turn view masks and bits back into cards. Elsewhere
the view is the layout itself.

Tractor-length multisets (a lead's Λ) are packed histograms: nibble L of `slots` counts tractors of L pairs.
Beside this module: tractor values and the highest card by power (`values`), tractor packing (`packing`), hands as
bitboard pairs and their card points (`hands`).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from baofen_sim.cards import NUM_RANKS
from baofen_sim.codes import EIGHT_OFF, TRUMP
from baofen_sim.kernels.bits import ONE, ZERO, below, popcount, trailing_zeros
from baofen_sim.kernels.jit import njit

MAX_RUNS = 16  # more runs than a suit can hold (≤ 13 chain positions → ≤ 7 runs)
_NIBBLE = np.int64(0xF)

# The profile of a lead (§1.9.3), or of an eight of a kind (§1.8.2: a trump lead of four pairs).
Lead = namedtuple("Lead", [
    "ge1",  # uint64: the led cards
    "eq2",
    "suit",  # effective suit 0..3 or TRUMP
    "n",  # cards led
    "k",  # number of tractors
    "slots",  # packed histogram of tractor lengths (Λ)
    "longest",  # ℓ1, 0 without tractors
    "loose",  # p, loose pairs
    "singles",  # q
    "pairs",  # P = Σℓi + p
    "eight_rank",  # rank index 1..12 of an eight-of-a-kind lead, -1 otherwise
])


# ---- per-bit facts (tables.py layout) -------------------------------------------------------------------


@njit(cache=True)
def power(tb, b):
    """Power of the card at bit b (§1.3; equal powers tie, §1.7). Comparable within one effective suit."""
    return tb.bit_power[b]


@njit(cache=True)
def suit_of_bit(tb, b):
    """Effective suit (0..3 or TRUMP) of bit b; -1 for an unused bit."""
    return tb.bit_suit[b]


@njit(cache=True)
def beat_mask(tb, b):
    """The bits of b's effective suit with strictly higher power (§4.2 "higher")."""
    return tb.beat_mask[b]


@njit(cache=True)
def kind_bit(tb, kind):
    """The bit of a card kind."""
    return tb.kind_to_bit[kind]


# ---- counting and decomposition -------------------------------------------------------------------------


@njit(cache=True)
def card_count(ge1, eq2):
    """Number of cards in a bitboard pair."""
    return popcount(ge1) + popcount(eq2)


@njit(cache=True, inline="always")
def gap_shift(tb, pairs):
    """The trump-chain bits below t7 when `pairs` hold t6 and t8 but not t7 on the 5-player lowered chain with
    zpy_trump_gap_tractor (§1.5.2: a run then skips the empty t7 place); 0 otherwise, and always 0 outside
    that layout. The chain view moves these bits up one place, so the run is adjacent bits there."""
    below = tb.gap_below
    if below != ZERO and (pairs & tb.gap_test) == tb.gap_want:  # Baofen, 80分: one test
        return below
    return ZERO


@njit(cache=True, inline="always")
def chain_view(shift, pairs):
    """`pairs` in the chain view of `gap_shift`'s `shift` (the identity when shift = 0)."""
    if shift == ZERO:
        return pairs
    return (pairs & ~shift) | ((pairs & shift) << ONE)


@njit(cache=True, inline="always")
def real_bits(shift, view):
    """The cards (real bits) of a mask `view` in the chain view of `shift`."""
    if shift == ZERO:
        return view
    moved = shift << ONE
    return (view & ~moved) | ((view & moved) >> ONE)


@njit(cache=True, inline="always")
def real_index(shift, b):
    """The real bit of the chain-view bit b."""
    return b - np.int64(((shift << ONE) >> np.uint64(b)) & ONE)


@njit(cache=True, inline="always")
def view_index(shift, b):
    """The chain-view bit of the real bit b."""
    return b + np.int64((shift >> np.uint64(b)) & ONE)


@njit(cache=True, inline="always")
def view_links(tb, shift, pairs):
    """`links` of `pairs` in the chain view of `shift` (= gap_shift(tb, pairs))."""
    view = chain_view(shift, pairs)
    return view & (view >> ONE) & tb.link_mask


@njit(cache=True)
def links(tb, pairs):
    """Bit i set iff the pairs at chain-view bits i and i+1 are neighbours on a tractor chain (`gap_shift`:
    the view is the real layout except for a closed 5-player trump gap)."""
    pairs = np.uint64(pairs)
    return view_links(tb, gap_shift(tb, pairs), pairs)


@njit(cache=True)
def run_starts(adj):
    """The lowest pair of each tractor run of the links `adj` (`links`): one set bit per run, in the chain
    view. The runs are walked from these bits, lowest first, with `run_length`."""
    return adj & ~(adj << ONE)


@njit(cache=True)
def run_length(adj, low):
    """Pairs in the tractor run of the links `adj` whose lowest pair is at bit `low` (a bit of `run_starts`)."""
    return trailing_zeros(~(adj >> np.uint64(low))) + 1


@njit(cache=True)
def run_bits(low, length):
    """The bits of `length` chain-consecutive pairs from bit `low` up: a tractor (or a run) as a mask (in the
    chain view: `real_bits` gives its cards)."""
    return below(low + length) & ~below(low)


@njit(cache=True)
def tractor_bits(tb, pairs):
    """The pairs that belong to some tractor (a run of ≥ 2 linked pairs)."""
    pairs = np.uint64(pairs)
    shift = gap_shift(tb, pairs)
    adj = view_links(tb, shift, pairs)
    return real_bits(shift, adj | (adj << ONE))


@njit(cache=True)
def run_piece(tb, pairs, top, length):
    """The cards of the `length` chain-consecutive pairs of `pairs` whose top pair is at (real) bit `top`."""
    shift = gap_shift(tb, np.uint64(pairs))
    return real_bits(shift, run_bits(view_index(shift, top) + 1 - length, length))


@njit(cache=True)
def runs_of(tb, pairs, out_len, out_top):
    """Maximal tractor runs (≥ 2 pairs) of `pairs`, lowest first: lengths (pairs) and top (real) bits. Returns
    the count."""
    pairs = np.uint64(pairs)
    shift = gap_shift(tb, pairs)
    adj = links(tb, pairs)
    starts = run_starts(adj)
    m = 0
    while starts != ZERO:
        low = trailing_zeros(starts)
        length = run_length(adj, low)
        out_len[m] = length
        out_top[m] = real_index(shift, low + length - 1)
        m += 1
        starts = starts & (starts - ONE)
    return m


@njit(cache=True)
def longest_run(tb, pairs):
    """Length of the longest tractor run of `pairs` (0 if none)."""
    adj = links(tb, pairs)
    best = 0
    while adj != ZERO:  # each pass shortens every run by one link
        best += 1
        adj = adj & (adj >> ONE)
    return best + 1 if best > 0 else 0


@njit(cache=True)
def run_pairs_total(tb, pairs):
    """Pairs lying in tractor runs (Σ r over runs of ≥ 2 pairs)."""
    return popcount(tractor_bits(tb, pairs))


@njit(cache=True)
def tractor_count(tb, pairs):
    """T(F) of §3.2 `count`: the largest number of disjoint tractors, Σ r // 2 over the runs."""
    adj = links(tb, pairs)
    starts = run_starts(adj)
    total = 0
    while starts != ZERO:
        total += run_length(adj, trailing_zeros(starts)) // 2
        starts = starts & (starts - ONE)
    return total


@njit(cache=True, inline="always")
def slots_of(tb, pairs):
    """(k, packed histogram of run lengths, longest) of the tractor runs of `pairs`."""
    adj = links(tb, pairs)
    starts = run_starts(adj)
    k = 0
    hist = np.int64(0)
    longest = 0
    while starts != ZERO:
        length = run_length(adj, trailing_zeros(starts))
        hist += np.int64(1) << np.int64(4 * length)
        k += 1
        longest = max(longest, length)
        starts = starts & (starts - ONE)
    return k, hist, longest


@njit(cache=True)
def slot_lengths(slots, out):
    """Unpack a length histogram into `out`, longest first. Returns the number of lengths."""
    k = 0
    for length in range(15, 1, -1):
        count = (slots >> np.int64(4 * length)) & _NIBBLE
        for _ in range(count):
            out[k] = length
            k += 1
    return k


@njit(cache=True)
def eight_rank_of(tb, ge1, eq2):
    """Rank index of an eight of a kind (§1.8.1: both copies of one rank ≠ 2 in all four suits), else -1."""
    if tb.eight_mode == EIGHT_OFF or ge1 != eq2 or popcount(eq2) != 4:
        return -1
    for rank in range(NUM_RANKS):
        if tb.eight_mask[rank] == eq2:
            return rank
    return -1


@njit(cache=True)
def held_eight_rank(tb, eq2):
    """Highest rank index whose eight cards are all in the hand `eq2`, else -1."""
    if tb.eight_mode == EIGHT_OFF:
        return -1
    for rank in range(NUM_RANKS - 1, -1, -1):
        mask = tb.eight_mask[rank]
        if mask != ZERO and (eq2 & mask) == mask:
            return rank
    return -1


@njit(cache=True)
def analyze_lead(tb, ge1, eq2):
    """The Lead (profile §1.9.3) of a lead; an eight of a kind is a trump lead of four pairs (§1.8.2)."""
    ge1 = np.uint64(ge1)
    eq2 = np.uint64(eq2)
    rank = eight_rank_of(tb, ge1, eq2)
    if rank >= 0:
        return Lead(ge1, eq2, TRUMP, 8, 0, np.int64(0), 0, 4, 0, 4, rank)
    suit = suit_of_bit(tb, trailing_zeros(ge1))
    k, hist, longest = slots_of(tb, eq2)
    pairs = popcount(eq2)
    singles = popcount(ge1 & ~eq2)
    loose = popcount(eq2 & ~tractor_bits(tb, eq2))
    return Lead(ge1, eq2, suit, 2 * pairs + singles, k, hist, longest, loose, singles, pairs, -1)


@njit(cache=True)
def unit_count(lead):
    """Number of units of a lead (1 = single, pair or tractor; more = a throw)."""
    return lead.k + lead.loose + lead.singles


# ---- units of one suit ----------------------------------------------------------------------------------


@njit(cache=True)
def suit_units(tb, ge1, eq2, out_ge1, out_eq2):
    """§1.9.1 units of one suit's cards, written as bitboard pairs (tractors, loose pairs, singles).
    Returns the number of units."""
    shift = gap_shift(tb, np.uint64(eq2))
    adj = links(tb, eq2)
    n = 0
    starts = run_starts(adj)
    while starts != ZERO:
        low = trailing_zeros(starts)
        run = real_bits(shift, run_bits(low, run_length(adj, low)))
        out_ge1[n] = run
        out_eq2[n] = run
        n += 1
        starts = starts & (starts - ONE)
    loose = eq2 & ~tractor_bits(tb, eq2)
    while loose != ZERO:
        b = loose & ~(loose - ONE)
        out_ge1[n] = b
        out_eq2[n] = b
        n += 1
        loose ^= b
    singles = ge1 & ~eq2
    while singles != ZERO:
        b = singles & ~(singles - ONE)
        out_ge1[n] = b
        out_eq2[n] = ZERO
        n += 1
        singles ^= b
    return n


@njit(cache=True)
def unit_marks(tb, ge1, eq2):
    """One bit per §1.9.1 unit of the cards: the lowest pair of each tractor run, each loose pair and each
    single. Chains never cross effective suits, so `unit_marks(...) & suit_mask[s]` marks the units of
    suit s: one pass serves every suit."""
    eq2 = np.uint64(eq2)
    shift = gap_shift(tb, eq2)
    adj = view_links(tb, shift, eq2)
    return real_bits(shift, run_starts(adj)) | (eq2 & ~real_bits(shift, adj | (adj << ONE))) | (ge1 & ~eq2)


@njit(cache=True)
def suit_unit_count(tb, ge1, eq2):
    """Number of §1.9.1 units of one suit's cards (tractor runs, loose pairs, singles), as `suit_units`
    would write them."""
    return popcount(unit_marks(tb, ge1, eq2))
