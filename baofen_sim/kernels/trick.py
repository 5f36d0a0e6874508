"""Trick resolution (RULES.md §3): play classes, play values, the winner.

Plays are bitboard pairs indexed by seat. A follower counts as void in the led suit (§3.1 RUFF) when his
play holds no card of that suit: for legal plays this is exactly "held none when he played" (§2.3.1).

Values (§3.4) are ints comparable within one class of one trick: tractor values are the top pair's chain value
(§1.5.3; the joker tractor 0 or 100, §1.6.4), pair and card values are powers. `multi_unit_compare` = lexicographic is
decided by the primary value first and, on a tie, by the full key (`lex_key`).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import (
    COMPARE_LEXICOGRAPHIC,
    DISCARD,
    EIGHT_S001,
    IN_SUIT,
    LEAD,
    MANNER_FOLLOWED,
    MANNER_LED,
    MANNER_RUFFED,
    RUFF,
    RUFF_COUNT,
    TRUMP,
)
from baofen_sim.kernels.bits import ONE, ZERO, bit, popcount, trailing_zeros
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.packing import _next_assignment, shape_primary
from baofen_sim.kernels.units import (
    MAX_RUNS,
    eight_rank_of,
    gap_shift,
    links,
    longest_run,
    power,
    real_bits,
    real_index,
    run_bits,
    run_length,
    run_starts,
    runs_of,
    slot_lengths,
    tractor_count,
    unit_count,
    view_index,
)
from baofen_sim.kernels.values import top_bit, top_power, tractor_value

KEY_SIZE = 64  # a lexicographic key has at most 25 entries
NO_VALUE = -1
RUFF_STANDING = 1 << 16  # above every card power: `_one_unit_winner` ranks a ruff over any in-suit play


@njit(cache=True)
def manner_of(play_class):
    """How a play of this class reached the table (R001 joker tractor, §1.6.2)."""
    if play_class == LEAD:
        return MANNER_LED
    if play_class == RUFF:
        return MANNER_RUFFED
    return MANNER_FOLLOWED


# ---- structure tests and values -------------------------------------------------------------------------


@njit(cache=True)
def best_run_value(tb, pairs, min_length, is_declarer, manner):
    """The best tractor value among the runs of `pairs` with at least `min_length` pairs (NO_VALUE if none);
    a run's best sub-run is its top one."""
    shift = gap_shift(tb, np.uint64(pairs))
    adj = links(tb, pairs)
    starts = run_starts(adj)
    best = NO_VALUE
    while starts != ZERO:
        low = trailing_zeros(starts)
        length = run_length(adj, low)
        if length >= min_length:
            best = max(best, tractor_value(tb, real_index(shift, low + length - 1), is_declarer, manner))
        starts = starts & (starts - ONE)
    return best


@njit(cache=True)
def _multi_tractor_value(tb, lead, eq2, is_declarer, manner):
    """shape_value for a lead with several tractors: pack them into the play's runs (packing.shape_primary)."""
    run_len = np.empty(MAX_RUNS, dtype=np.int64)
    run_top = np.empty(MAX_RUNS, dtype=np.int64)
    run_val = np.empty(MAX_RUNS, dtype=np.int64)
    m = runs_of(tb, eq2, run_len, run_top)
    for j in range(m):
        run_val[j] = tractor_value(tb, run_top[j], is_declarer, manner)
    slot = np.empty(MAX_RUNS, dtype=np.int64)
    k = slot_lengths(lead.slots, slot)
    return shape_primary(slot, k, run_len, run_val, m)


@njit(cache=True)
def shape_value(tb, lead, ge1, eq2, is_declarer, manner):
    """§3.2 shape / §3.3 / §3.4 primary_unit: the value of cards (of one suit) split one-to-one into the
    lead's units, or NO_VALUE when they do not have the lead's shape. With tractors: the best piece matched
    to a longest lead tractor; else the highest pair (needs P pairs); else the highest card."""
    if popcount(eq2) < lead.pairs:
        return NO_VALUE
    if lead.k == 1:
        return best_run_value(tb, eq2, lead.longest, is_declarer, manner)
    if lead.k > 1:
        return _multi_tractor_value(tb, lead, eq2, is_declarer, manner)
    if lead.pairs > 0:
        return top_power(tb, eq2)
    return top_power(tb, ge1)


@njit(cache=True)
def count_value(tb, lead, ge1, eq2, is_declarer):
    """§3.2 `count`: T(F) >= k and pairs(F) >= P, else NO_VALUE. Value (§3.4): the play's own longest
    tractor (the best of equally long ones), else its highest pair, else its highest card."""
    if tractor_count(tb, eq2) < lead.k or popcount(eq2) < lead.pairs:
        return NO_VALUE
    if lead.k > 0:
        return best_run_value(tb, eq2, longest_run(tb, eq2), is_declarer, MANNER_RUFFED)
    if lead.pairs > 0:
        return top_power(tb, eq2)
    return top_power(tb, ge1)


@njit(cache=True)
def _is_mixed_ruff(tb, lead, ge1):
    """A7 alternative: with ruff_all_trump_required_for_singles off, a void play of some trumps and some
    plain cards ruffs a pairless lead."""
    tmask = tb.suit_mask[TRUMP]
    return lead.pairs == 0 and (ge1 & tmask) != ZERO and tb.ruff_all_trump_for_singles == 0


@njit(cache=True)
def _classify_eight_follow(tb, ge1, eq2):
    """After an eight-of-a-kind lead only an S001 eight of a kind competes (§1.8.4)."""
    rank = eight_rank_of(tb, ge1, eq2)
    if tb.eight_mode == EIGHT_S001 and rank >= 0:
        return IN_SUIT, rank
    return DISCARD, NO_VALUE


@njit(cache=True)
def classify_play(tb, lead, ge1, eq2, is_declarer):
    """§3.1 (class, value) of a follower's play: IN_SUIT (all in the led suit with the lead's shape),
    RUFF (void, all trumps, passing §3.2), else DISCARD (value NO_VALUE). After an eight-of-a-kind lead
    only an S001 eight of a kind competes (class IN_SUIT, value = its rank)."""
    ge1 = np.uint64(ge1)
    eq2 = np.uint64(eq2)
    if lead.eight_rank >= 0:
        return _classify_eight_follow(tb, ge1, eq2)
    smask = tb.suit_mask[lead.suit]
    if (ge1 & ~smask) == ZERO:  # §3.3 in suit: the lead's shape
        cls = IN_SUIT
    elif lead.suit == TRUMP or (ge1 & smask) != ZERO:
        return DISCARD, NO_VALUE  # a trump lead cannot be ruffed; a partial follow is a discard
    elif (ge1 & ~tb.suit_mask[TRUMP]) != ZERO:  # §3.2, A7: a ruff is all trumps
        if _is_mixed_ruff(tb, lead, ge1):
            return RUFF, top_power(tb, ge1 & tb.suit_mask[TRUMP])
        return DISCARD, NO_VALUE
    else:
        cls = RUFF
    if cls == RUFF and tb.ruff_rule == RUFF_COUNT and lead.pairs > 0:
        value = count_value(tb, lead, ge1, eq2, is_declarer)
    else:
        value = shape_value(tb, lead, ge1, eq2, is_declarer, manner_of(cls))
    return (cls, value) if value != NO_VALUE else (DISCARD, NO_VALUE)


@njit(cache=True)
def play_class(tb, lead, ge1, eq2):
    """§3.1 class of a follower's play (LEAD is the leader's own class)."""
    return classify_play(tb, lead, ge1, eq2, False)[0]


@njit(cache=True)
def lead_value(tb, lead, is_declarer):
    """§3.4 the lead's own value (its highest longest tractor, else highest pair, else highest card)."""
    return shape_value(tb, lead, lead.ge1, lead.eq2, is_declarer, MANNER_LED)


# ---- lexicographic comparison (A6) ---------------------------------------------------------------------


@njit(cache=True)
def _rest_key(tb, lead, ge1, eq2, used, key, n):
    """Append the pair and single parts of a key: the `loose` highest remaining pairs, then every remaining
    card, each by power, high first. `used` = bits taken by tractor pieces."""
    pairs_left = eq2 & ~used
    chosen = ZERO
    for _ in range(lead.loose):
        top = top_bit(tb, pairs_left)
        key[n] = power(tb, top)
        n += 1
        chosen |= bit(top)
        pairs_left ^= bit(top)
    rest = ge1 & ~(used | chosen)
    while rest != ZERO:
        top = top_bit(tb, rest)
        key[n] = power(tb, top)
        n += 1
        if (eq2 >> np.uint64(top)) & ONE:
            key[n] = power(tb, top)
            n += 1
        rest ^= bit(top)
    return n


@njit(cache=True)
def compare_keys(a, na, b, nb):
    """Lexicographic comparison of a[:na] and b[:nb] (a proper prefix is smaller): 1, 0 or -1."""
    for i in range(min(na, nb)):
        if a[i] != b[i]:
            return 1 if a[i] > b[i] else -1
    if na == nb:
        return 0
    return 1 if na > nb else -1


@njit(cache=True)
def lex_key(tb, lead, ge1, eq2, play_class, is_declarer, key):
    """A6 `lexicographic`: the best key over the one-to-one splits of a competing play: its tractors
    (longest first, then by value), the pairs matched to loose lead pairs, then the single cards, each high
    first. Count-rule and mixed ruffs have only their primary value. Writes `key`, returns its length."""
    if play_class == RUFF and ((tb.ruff_rule == RUFF_COUNT and lead.pairs > 0) or
                               (ge1 & ~tb.suit_mask[TRUMP]) != ZERO):
        key[0] = classify_play(tb, lead, ge1, eq2, is_declarer)[1]
        return 1
    if lead.k == 0:
        return _rest_key(tb, lead, ge1, eq2, ZERO, key, 0)
    manner = manner_of(play_class)
    shift = gap_shift(tb, np.uint64(eq2))
    run_len = np.empty(MAX_RUNS, dtype=np.int64)
    run_top = np.empty(MAX_RUNS, dtype=np.int64)
    m = runs_of(tb, eq2, run_len, run_top)
    slot = np.empty(MAX_RUNS, dtype=np.int64)
    k = slot_lengths(lead.slots, slot)
    assign = np.zeros(k, dtype=np.int64)
    offset = np.empty(MAX_RUNS, dtype=np.int64)
    trial = np.empty(KEY_SIZE, dtype=np.int64)
    best_n = 0
    if m == 0:
        return 0
    while True:
        for j in range(m):
            offset[j] = 0
        used = ZERO
        fits = True
        for i in range(k):  # longest slots first, each placed top-down in its run
            j = assign[i]
            if offset[j] + slot[i] > run_len[j]:
                fits = False
                break
            top = view_index(shift, run_top[j]) - offset[j]  # in the chain view (units.gap_shift)
            trial[i] = tractor_value(tb, real_index(shift, top), is_declarer, manner)
            used |= real_bits(shift, run_bits(top - slot[i] + 1, slot[i]))
            offset[j] += slot[i]
        if fits:
            for i in range(1, k):  # equal lengths: values high first (insertion sort)
                i2 = i
                while i2 > 0 and slot[i2 - 1] == slot[i2] and trial[i2 - 1] < trial[i2]:
                    trial[i2 - 1], trial[i2] = trial[i2], trial[i2 - 1]
                    i2 -= 1
            n = _rest_key(tb, lead, ge1, eq2, used, trial, k)
            if best_n == 0 or compare_keys(trial, n, key, best_n) > 0:
                key[:n] = trial[:n]
                best_n = n
        if not _next_assignment(assign, k, m - 1):
            return best_n


# ---- the winner ---------------------------------------------------------------------------------------


@njit(cache=True)
def seat_after(seat, steps, n):
    """The seat `steps` places after `seat` in play order, for 0 <= seat, steps < n: (seat + steps) % n
    without the division (it ran on every play of every trick)."""
    following = seat + steps
    return following - n if following >= n else following


@njit(cache=True)
def compare_plays(cls, value, best_cls, best_value):
    """§3.5 on primary values, a play (cls, value) against the best so far: 1 when it replaces it (a RUFF
    over a LEAD or IN_SUIT play, or the same class with a greater value), 0 for the same class and value
    (it stays with the earlier play, §1.7, unless A6 `lexicographic` decides: `_beats_on_tie`), else -1
    (a DISCARD never wins)."""
    if cls == DISCARD:
        return -1
    if (cls == RUFF) != (best_cls == RUFF):
        return 1 if cls == RUFF else -1
    if value != best_value:
        return 1 if value > best_value else -1
    return 0


@njit(cache=True)
def eight_kind_winner(tb, lead, plays_ge1, plays_eq2, leader, n_played):
    """`winning_play` after an eight-of-a-kind lead (§1.8.4 / §3.6): S000 the leader wins; S001 the highest
    eight of a kind played (class IN_SUIT, value its rank)."""
    best = leader
    best_cls = LEAD
    best_rank = lead.eight_rank
    if tb.eight_mode != EIGHT_S001:
        return best, best_cls, best_rank
    n = plays_ge1.shape[0]
    for i in range(1, n_played):
        seat = seat_after(leader, i, n)
        rank = eight_rank_of(tb, plays_ge1[seat], plays_eq2[seat])
        if rank > best_rank:
            best, best_cls, best_rank = seat, IN_SUIT, rank
    return best, best_cls, best_rank


@njit(cache=True)
def _beats_on_tie(tb, lead, ge1, eq2, cls, is_declarer, best_ge1, best_eq2, best_cls, best_declarer):
    """A6 lexicographic tie-break between two plays of one class with equal primary values."""
    if tb.compare_rule != COMPARE_LEXICOGRAPHIC or unit_count(lead) <= 1:
        return False
    a = np.empty(KEY_SIZE, dtype=np.int64)
    b = np.empty(KEY_SIZE, dtype=np.int64)
    na = lex_key(tb, lead, ge1, eq2, cls, is_declarer, a)
    nb = lex_key(tb, lead, best_ge1, best_eq2, best_cls, best_declarer, b)
    return compare_keys(a, na, b, nb) > 0


@njit(cache=True, inline="always")
def _one_unit_winner(tb, lead, plays_ge1, plays_eq2, leader, n_played):
    """`winning_play` for a single or pair lead (no tractor, one unit): the value is the top card (single)
    or the top pair, in suit or as an all-trump ruff (§3.1-§3.5, without the general machinery).

    `compare_plays` for these plays is one number each, the standing: the value, plus RUFF_STANDING for a
    ruff (any ruff beats any in-suit play, plays of one class compare by value); a later play replaces the
    best only with a greater standing (ties stay with the earlier play, §1.7)."""
    n = plays_ge1.shape[0]
    smask = tb.suit_mask[lead.suit]
    tmask = tb.suit_mask[TRUMP]
    ruffable = lead.suit != TRUMP
    pair = lead.pairs > 0
    best = leader
    best_standing = power(tb, top_bit(tb, lead.eq2 if pair else lead.ge1))
    for i in range(1, n_played):
        seat = seat_after(leader, i, n)
        ge1 = plays_ge1[seat]
        top = plays_eq2[seat] if pair else ge1
        if top == ZERO:
            continue  # a pair lead answered without a pair: a discard
        if (ge1 & ~smask) == ZERO:  # in suit
            standing = power(tb, top_bit(tb, top))
        elif ruffable and (ge1 & ~tmask) == ZERO and (ge1 & smask) == ZERO:  # all trumps, void: a ruff
            standing = power(tb, top_bit(tb, top)) + RUFF_STANDING
        else:
            continue  # a discard
        if standing > best_standing:
            best, best_standing = seat, standing
    if best_standing >= RUFF_STANDING:
        return best, RUFF, best_standing - RUFF_STANDING
    return best, LEAD if best == leader else IN_SUIT, best_standing


@njit(cache=True, inline="always")
def winning_play(tb, lead, plays_ge1, plays_eq2, leader, declarer, n_played):
    """§3.5 (seat, class, value) of the best of the first `n_played` plays of a trick: plays_*[seat] hold
    each seat's play (uint64[N]), in play order from `leader`, who led `lead`. The best starts as the lead
    (class LEAD) and a later play replaces it by `compare_plays`, a tie by the A6 rule. With every play
    made (n_played = N) the seat is the trick's winner; with fewer, the play a follower has to beat."""
    if lead.eight_rank >= 0:
        return eight_kind_winner(tb, lead, plays_ge1, plays_eq2, leader, n_played)
    if lead.k == 0 and unit_count(lead) == 1:
        return _one_unit_winner(tb, lead, plays_ge1, plays_eq2, leader, n_played)
    n = plays_ge1.shape[0]
    best = leader
    best_cls = LEAD
    best_value = lead_value(tb, lead, leader == declarer)
    for i in range(1, n_played):
        seat = seat_after(leader, i, n)
        cls, value = classify_play(tb, lead, plays_ge1[seat], plays_eq2[seat], seat == declarer)
        order = compare_plays(cls, value, best_cls, best_value)
        if order == 0:
            order = 1 if _beats_on_tie(tb, lead, plays_ge1[seat], plays_eq2[seat], cls, seat == declarer,
                                       plays_ge1[best], plays_eq2[best], best_cls, best == declarer) else -1
        if order > 0:
            best, best_cls, best_value = seat, cls, value
    return best, best_cls, best_value


@njit(cache=True, inline="always")
def trick_winner(tb, lead, plays_ge1, plays_eq2, leader, declarer):
    """§3.5 the winning seat of a whole trick: `winning_play` over every seat's play (plays_*[seat],
    uint64[N]; `leader` led `lead`)."""
    return winning_play(tb, lead, plays_ge1, plays_eq2, leader, declarer, plays_ge1.shape[0])[0]


@njit(cache=True)
def play_classes(tb, lead, plays_ge1, plays_eq2, leader, out):
    """§3.1 class of every seat's play (LEAD for the leader) into out[seat]."""
    n = plays_ge1.shape[0]
    out[leader] = LEAD
    for i in range(1, n):
        seat = seat_after(leader, i, n)
        out[seat] = classify_play(tb, lead, plays_ge1[seat], plays_eq2[seat], False)[0]


@njit(cache=True)
def trick_points(tb, plays_ge1, plays_eq2):
    """Card points (§1.1.2) on the table."""
    total = 0
    for seat in range(plays_ge1.shape[0]):
        total += card_points(tb, plays_ge1[seat], plays_eq2[seat])
    return total

