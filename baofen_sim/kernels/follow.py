"""Follow legality (RULES.md §2.2–§2.7) and the legal follows of a hand: check, enumerate, sample.

`follow_constraints` turns (lead, hand) into a `FollowNeeds`: which cards are forced, which pool the rest
comes from, and how many pairs / tractor pairs the play must show. `is_legal_follow` checks a play against
it; `enumerate_follows` lists every legal play (as distinct card multisets) and `sample_follow` draws one
uniformly. A play is counted once per multiset of kinds: the two copies of a card are interchangeable.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from baofen_sim.cards import NUM_RANKS
from baofen_sim.codes import EIGHT_S001, FOLLOW_SAME_LENGTH_ONLY, TRUMP
from baofen_sim.kernels.bits import ONE, ZERO, deposit, next_combination, popcount, select_bit
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.packing import tractor_cover
from baofen_sim.kernels.rng import bounded, bounded64, next_u64
from baofen_sim.kernels.units import (
    MAX_RUNS,
    card_count,
    eight_rank_of,
    held_eight_rank,
    longest_run,
    run_pairs_total,
    runs_of,
    slot_lengths,
)

# Follow situations (what §2.3 / §2.7 leave open).
FOLLOW_FREE = 0  # §2.3.3 void in the led suit: any n cards
FOLLOW_ALL_OF_SUIT = 1  # §2.3.1 |Hs| <= n: all of Hs, the rest free
FOLLOW_IN_SUIT = 2  # §2.3.2 |Hs| > n: n cards of Hs with tractors first, then pairs
EIGHT_OWN = 3  # §2.7.2 S001: a held eight of a kind must be played (fixed = the highest; any held one)
EIGHT_TRUMPS = 4  # §2.7.1 ≥ 8 trumps: 8 trumps, trump tractors first (≤ 4 pairs), then pairs
EIGHT_ALL_TRUMPS = 5  # §2.7.1 < 8 trumps: all trumps, the fill with enough plain pairs

# What the optional filter on a candidate checks.
FILTER_NONE, FILTER_TP, FILTER_TP8 = 0, 1, 2

EIGHT = 8  # cards in an eight of a kind
EIGHT_TP_CAP = 4  # §2.7.1 tractor pairs are capped at 4
REJECTION_TRIES = 512  # sample_follow: draws before falling back to enumeration
FALLBACK_CAPACITY = 8192

FollowNeeds = namedtuple("FollowNeeds", [
    "mode",  # FOLLOW_* / EIGHT_*
    "fixed_ge1",  # cards every legal play contains
    "fixed_eq2",
    "pool_ge1",  # the remaining cards come from here
    "pool_eq2",
    "take",  # how many cards come from the pool
    "min_pairs",  # pairs the pool part must contain
    "filter",  # FILTER_*: tractor-pair requirement on the pool part
    "min_tp",  # tractor pairs the pool part must contain (TP of §2.3.2a, or capped at 4 for §2.7.1)
])


def _binomials(size: int) -> np.ndarray:
    table = np.zeros((size, size), dtype=np.int64)
    for n in range(size):
        table[n, 0] = 1
        for r in range(1, n + 1):
            table[n, r] = table[n - 1, r - 1] + table[n - 1, r]
    return table


BINOMIAL = _binomials(64)  # BINOMIAL[n, r] = C(n, r), exact in int64 for n < 64


# ---- tractor pairs --------------------------------------------------------------------------------------


@njit(cache=True)
def tractor_pairs(tb, lead, pairs):
    """TP(X) of §2.3.2(a) for the lead's tractor lengths, over the pairs `pairs` of one suit."""
    if lead.k == 0:
        return 0
    if lead.k == 1:  # one led tractor: the longest run, cut to the led length
        longest = longest_run(tb, pairs)
        if tb.follow_rule == FOLLOW_SAME_LENGTH_ONLY:
            return lead.longest if longest >= lead.longest else 0
        return min(lead.longest, longest)
    run_len = np.empty(MAX_RUNS, dtype=np.int64)
    run_top = np.empty(MAX_RUNS, dtype=np.int64)
    m = runs_of(tb, pairs, run_len, run_top)
    slot = np.empty(MAX_RUNS, dtype=np.int64)
    k = slot_lengths(lead.slots, slot)
    return tractor_cover(slot, k, run_len, m, tb.follow_rule == FOLLOW_SAME_LENGTH_ONLY)


@njit(cache=True)
def eight_tractor_pairs(tb, pairs):
    """§2.7.1 pairs in disjoint trump tractors, capped at 4 (any runs of ≥ 2 pairs can reach min(4, Σr))."""
    return min(EIGHT_TP_CAP, run_pairs_total(tb, pairs))


@njit(cache=True)
def _passes(tb, lead, needs, pool_eq2):
    """The tractor-pair filter of `needs` on the pool part of a play."""
    if needs.filter == FILTER_TP:
        return tractor_pairs(tb, lead, pool_eq2) >= needs.min_tp
    if needs.filter == FILTER_TP8:
        return eight_tractor_pairs(tb, pool_eq2) >= needs.min_tp
    return True


# ---- constraints ----------------------------------------------------------------------------------------


@njit(cache=True)
def _eight_constraints(tb, hand_ge1, hand_eq2):
    """§2.7: following an eight-of-a-kind lead (a trump lead of 8 cards, four pairs, tractors first)."""
    if tb.eight_mode == EIGHT_S001:
        rank = held_eight_rank(tb, hand_eq2)
        if rank >= 0:  # §2.7.2 "有8張必出8張"
            mask = tb.eight_mask[rank]
            return FollowNeeds(EIGHT_OWN, mask, mask, ZERO, ZERO, 0, 0, FILTER_NONE, 0)
    tmask = tb.suit_mask[TRUMP]
    t_ge1 = hand_ge1 & tmask
    t_eq2 = hand_eq2 & tmask
    trumps = card_count(t_ge1, t_eq2)
    if trumps >= EIGHT:  # §2.7.1: tractors (≤ 4 pairs), then pairs, then singles
        min_pairs = min(EIGHT // 2, popcount(t_eq2))
        return FollowNeeds(EIGHT_TRUMPS, ZERO, ZERO, t_ge1, t_eq2, EIGHT, min_pairs, FILTER_TP8,
                           eight_tractor_pairs(tb, t_eq2))
    plain_ge1 = hand_ge1 & ~tmask
    plain_eq2 = hand_eq2 & ~tmask
    fill = EIGHT - trumps
    min_pairs = 0
    if trumps == 0 and tb.eight_void_must_play_pairs != 0:  # "没有主的必出副牌中的对"
        min_pairs = min(EIGHT // 2, popcount(plain_eq2))
    elif trumps > 0 and tb.eight_fill_pairs != 0:  # A2 (iv)
        min_pairs = min(fill // 2, popcount(plain_eq2))
    return FollowNeeds(EIGHT_ALL_TRUMPS, t_ge1, t_eq2, plain_ge1, plain_eq2, fill, min_pairs, FILTER_NONE, 0)


@njit(cache=True, inline="always")
def follow_constraints(tb, lead, hand_ge1, hand_eq2):
    """§2.3 (§2.7 for an eight of a kind): what every legal answer to `lead` from this hand must contain."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    if lead.eight_rank >= 0:
        return _eight_constraints(tb, hand_ge1, hand_eq2)
    smask = tb.suit_mask[lead.suit]
    s_ge1 = hand_ge1 & smask
    s_eq2 = hand_eq2 & smask
    held = card_count(s_ge1, s_eq2)
    n = lead.n
    if held == 0:  # §2.3.3 void: any n cards (discard or ruff)
        return FollowNeeds(FOLLOW_FREE, ZERO, ZERO, hand_ge1, hand_eq2, n, 0, FILTER_NONE, 0)
    if held <= n:  # §2.3.1 all of the suit, the rest free
        return FollowNeeds(FOLLOW_ALL_OF_SUIT, s_ge1, s_eq2, hand_ge1 & ~smask, hand_eq2 & ~smask,
                           n - held, 0, FILTER_NONE, 0)
    # §2.3.2 (a) tractors first, (b) then pairs, (c) then any cards of the suit
    min_pairs = min(lead.pairs, popcount(s_eq2))
    if lead.k > 0:
        tp = tractor_pairs(tb, lead, s_eq2)
        if tp > 0:
            return FollowNeeds(FOLLOW_IN_SUIT, ZERO, ZERO, s_ge1, s_eq2, n, min_pairs, FILTER_TP, tp)
    return FollowNeeds(FOLLOW_IN_SUIT, ZERO, ZERO, s_ge1, s_eq2, n, min_pairs, FILTER_NONE, 0)


@njit(cache=True)
def is_legal_follow(tb, lead, hand_ge1, hand_eq2, ge1, eq2):
    """§2.2–§2.7: may the play (ge1, eq2) answer `lead` from the hand (hand_ge1, hand_eq2)?"""
    ge1 = np.uint64(ge1)
    eq2 = np.uint64(eq2)
    if (ge1 & ~np.uint64(hand_ge1)) != ZERO or (eq2 & ~np.uint64(hand_eq2)) != ZERO or (eq2 & ~ge1) != ZERO:
        return False  # §2.2 cards not held
    if card_count(ge1, eq2) != lead.n:
        return False  # §2.2 card count
    needs = follow_constraints(tb, lead, hand_ge1, hand_eq2)
    if needs.mode == EIGHT_OWN:  # §2.7.2 one of the held eights of a kind (held: checked above)
        return eight_rank_of(tb, ge1, eq2) >= 0
    if (ge1 & needs.fixed_ge1) != needs.fixed_ge1 or (eq2 & needs.fixed_eq2) != needs.fixed_eq2:
        return False  # forced cards missing
    rest_ge1 = ge1 & ~needs.fixed_ge1  # the fixed part holds every copy of its kinds
    rest_eq2 = eq2 & ~needs.fixed_ge1
    if (rest_ge1 & ~needs.pool_ge1) != ZERO:
        return False  # cards from outside the allowed pool
    if popcount(rest_eq2) < needs.min_pairs:
        return False  # §2.3.2(b) / §2.7.1 pairs
    return _passes(tb, lead, needs, rest_eq2)  # §2.3.2(a) / §2.7.1 tractors first


# ---- sub-multisets -------------------------------------------------------------------------------------


@njit(cache=True)
def _split_weight(pairs, kinds, take, j):
    """Number of `take`-card sub-multisets with exactly j pairs of a pool of `kinds` kinds, `pairs` of them
    held twice (0 <= j <= take // 2)."""
    rest = take - 2 * j
    return BINOMIAL[pairs, j] * BINOMIAL[kinds - j, rest] if rest <= kinds - j else np.int64(0)


@njit(cache=True)
def count_submultisets(ge1, eq2, take, min_pairs):
    """Number of `take`-card sub-multisets of (ge1, eq2) with at least `min_pairs` pairs."""
    pairs = popcount(eq2)
    kinds = popcount(ge1)
    total = np.int64(0)
    for j in range(min_pairs, min(pairs, take // 2) + 1):
        total += _split_weight(pairs, kinds, take, j)
    return total


@njit(cache=True)
def only_follow(tb, lead, hand_ge1, hand_eq2):
    """(ge1, eq2) of the hand's one legal answer to `lead` when it has no other, else (0, 0): the forced cards
    with the whole pool or none of it (§2.3.1: all of the suit held, or the last cards of the hand), or the one
    way to take the pairs §2.3.2(b) asks for. Read from the follow constraints by counting
    (`count_submultisets`), without listing; a tractor requirement (§2.3.2a, §2.7.1) or a held eight of a kind
    (§2.7.2) gives (0, 0)."""
    needs = follow_constraints(tb, lead, hand_ge1, hand_eq2)
    if needs.mode == EIGHT_OWN or needs.filter != FILTER_NONE:
        return ZERO, ZERO
    if count_submultisets(needs.pool_ge1, needs.pool_eq2, needs.take, needs.min_pairs) != 1:
        return ZERO, ZERO
    pairs = popcount(needs.pool_eq2)
    kinds = popcount(needs.pool_ge1)
    for j in range(needs.min_pairs, min(pairs, needs.take // 2) + 1):
        if _split_weight(pairs, kinds, needs.take, j) == 1:  # C(pairs, j) = C(kinds - j, rest) = 1
            chosen_pairs = needs.pool_eq2 if j > 0 else ZERO  # j = 0 or every pair
            rest = needs.take - 2 * j
            chosen = needs.pool_ge1 & ~chosen_pairs if rest > 0 else ZERO  # no other kind or every one once
            return needs.fixed_ge1 | chosen_pairs | chosen, needs.fixed_eq2 | chosen_pairs
    return ZERO, ZERO


@njit(cache=True)
def _random_bits(state, mask, t):
    """(state, t distinct bits drawn uniformly from mask): each draw takes the r-th of the bits left."""
    out = ZERO
    left = popcount(mask)
    for _ in range(t):
        state, r = bounded(state, left)
        low = select_bit(mask, r)
        out |= low
        mask ^= low
        left -= 1
    return state, out


@njit(cache=True, inline="always")
def sample_submultiset(state, ge1, eq2, take, min_pairs):
    """(state, ge1, eq2) of a uniformly drawn `take`-card sub-multiset with at least `min_pairs` pairs.
    The pool must allow one (count_submultisets > 0).

    A first draw picks the number of pairs j by weight, then the pairs and the other cards are drawn. When
    only one j is possible (a single card, a pair answered with a pair) that first draw is still made, to
    keep the stream, but its value is not needed (no division)."""
    pairs = popcount(eq2)
    kinds = popcount(ge1)
    most = min(pairs, take // 2)  # pairs a play can hold
    if min_pairs == most:
        if take - 2 * most > kinds - most:  # too few other kinds to fill the play (_split_weight 0)
            return state, ZERO, ZERO
        state, _ = next_u64(state)
        j = most
    else:
        total = count_submultisets(ge1, eq2, take, min_pairs)
        if total == 0:
            return state, ZERO, ZERO
        state, r = bounded64(state, total)
        j = min_pairs
        for j in range(min_pairs, most + 1):  # number of pairs taken, by weight
            weight = _split_weight(pairs, kinds, take, j)
            if r < weight:
                break
            r -= weight
    state, chosen_pairs = _random_bits(state, eq2, j)
    state, chosen_singles = _random_bits(state, ge1 & ~chosen_pairs, take - 2 * j)
    return state, chosen_pairs | chosen_singles, chosen_pairs


@njit(cache=True)
def _first_combination(t):
    return (ONE << np.uint64(t)) - ONE


@njit(cache=True)
def _enumerate_pool(tb, lead, needs, out_ge1, out_eq2, count, limit):
    """Append every legal play of `needs` to out_* from index `count`; stop at `limit` found.
    Returns the new count (which may exceed the capacity of out_*: only the first ones are stored)."""
    pairs = popcount(needs.pool_eq2)
    kinds = popcount(needs.pool_ge1)
    capacity = out_ge1.shape[0]
    for j in range(needs.min_pairs, min(pairs, needs.take // 2) + 1):
        rest = needs.take - 2 * j
        if rest > kinds - j:
            continue
        pick = _first_combination(j)
        while pick < (ONE << np.uint64(pairs)) or (j == 0 and pick == ZERO):
            chosen_pairs = deposit(pick, needs.pool_eq2)
            if _passes(tb, lead, needs, chosen_pairs):
                free = needs.pool_ge1 & ~chosen_pairs
                nfree = popcount(free)
                single = _first_combination(rest)
                while single < (ONE << np.uint64(nfree)) or (rest == 0 and single == ZERO):
                    chosen = deposit(single, free)
                    if count < capacity:
                        out_ge1[count] = needs.fixed_ge1 | chosen_pairs | chosen
                        out_eq2[count] = needs.fixed_eq2 | chosen_pairs
                    count += 1
                    if count >= limit:
                        return count
                    if rest == 0:
                        break
                    single = next_combination(single)
            if j == 0:
                break
            pick = next_combination(pick)
    return count


@njit(cache=True)
def enumerate_follows(tb, lead, hand_ge1, hand_eq2, out_ge1, out_eq2):
    """Every legal answer to `lead` (distinct multisets), written to out_*. Returns (count, complete):
    complete is False when there were more than the capacity of out_* (the first ones are stored)."""
    needs = follow_constraints(tb, lead, hand_ge1, hand_eq2)
    capacity = out_ge1.shape[0]
    if needs.mode == EIGHT_OWN:
        count = 0
        for rank in range(NUM_RANKS):
            mask = tb.eight_mask[rank]
            if mask != ZERO and (np.uint64(hand_eq2) & mask) == mask:
                if count < capacity:
                    out_ge1[count] = mask
                    out_eq2[count] = mask
                count += 1
        return min(count, capacity), count <= capacity
    count = _enumerate_pool(tb, lead, needs, out_ge1, out_eq2, 0, capacity + 1)
    return min(count, capacity), count <= capacity


@njit(cache=True)
def sample_follow(tb, lead, hand_ge1, hand_eq2, state):
    """(state, ge1, eq2): a legal answer to `lead` drawn uniformly over the distinct legal plays.

    Pair requirements are met exactly by the sub-multiset sampler; a tractor requirement (§2.3.2a, §2.7.1)
    by rejection, then, after REJECTION_TRIES misses, by enumerating (uniform over the first
    FALLBACK_CAPACITY legal plays)."""
    needs = follow_constraints(tb, lead, hand_ge1, hand_eq2)
    if needs.mode == EIGHT_OWN:
        out_ge1 = np.empty(NUM_RANKS, dtype=np.uint64)
        out_eq2 = np.empty(NUM_RANKS, dtype=np.uint64)
        count, _ = enumerate_follows(tb, lead, hand_ge1, hand_eq2, out_ge1, out_eq2)
        state, i = bounded(state, count)
        return state, out_ge1[i], out_eq2[i]
    for _ in range(REJECTION_TRIES):
        state, ge1, eq2 = sample_submultiset(state, needs.pool_ge1, needs.pool_eq2, needs.take,
                                             needs.min_pairs)
        if needs.filter == FILTER_NONE or _passes(tb, lead, needs, eq2):
            return state, needs.fixed_ge1 | ge1, needs.fixed_eq2 | eq2
    out_ge1 = np.empty(FALLBACK_CAPACITY, dtype=np.uint64)
    out_eq2 = np.empty(FALLBACK_CAPACITY, dtype=np.uint64)
    count = min(_enumerate_pool(tb, lead, needs, out_ge1, out_eq2, 0, FALLBACK_CAPACITY), FALLBACK_CAPACITY)
    if count == 0:
        return state, ZERO, ZERO  # no legal play: the hand cannot have come from a legal game
    state, i = bounded(state, count)
    return state, out_ge1[i], out_eq2[i]
