"""The heuristic lead (`policies.heuristic`, Lead rules 1-5): an eight of a kind, the declarer drawing
trumps, the sure winners of a plain suit that is not running out, the declarer's sure trumps, else the
cheapest single card."""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import NUM_EFFECTIVE_SUITS, TRUMP
from baofen_sim.kernels.bits import ONE, ZERO, popcount, trailing_zeros
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.units import (
    card_count,
    gap_shift,
    held_eight_rank,
    links,
    real_bits,
    run_bits,
    run_length,
    run_starts,
    suit_unit_count,
)
from baofen_sim.policies.heuristic.costs import POINT_COST, cheapest_single
from baofen_sim.policies.heuristic.last_trick import guarded_hand
from baofen_sim.policies.heuristic.unseen import (
    on_declarer_side,
    play_params,
    suit_running_out,
    sure_winner_mask,
    unseen_cards,
)

DRAW_LENGTH_RATIO = 3  # the declarer draws with low trumps while unseen trumps <= 3 x his own
EIGHT_PAIRS = 4  # an eight of a kind is four pairs (§1.8.1)
SINGLE_CARD = 1  # the fewest cards a lead takes from the hand


# ---- sure leads --------------------------------------------------------------------------------------


@njit(cache=True)
def best_unit(tb, ge1, eq2):
    """The unit of (ge1, eq2) (whole units of one suit) with most cards, then most points, then lowest:
    a tractor run, else a pair, else a single."""
    adj = links(tb, eq2)
    best_ge1 = ZERO
    best_len = 0
    starts = run_starts(adj)
    while starts != ZERO:
        low = trailing_zeros(starts)
        length = run_length(adj, low)
        if length > best_len:
            best_len = length
            best_ge1 = run_bits(low, length)
        starts = starts & (starts - ONE)
    if best_len > 0:
        best_ge1 = real_bits(gap_shift(tb, np.uint64(eq2)), best_ge1)  # chain view -> cards
        return best_ge1, best_ge1
    chosen = _most_points_lowest(tb, eq2) if eq2 != ZERO else _most_points_lowest(tb, ge1)
    return chosen, chosen & eq2


@njit(cache=True)
def _most_points_lowest(tb, mask):
    """The bit of `mask` worth most points, the lowest of those."""
    best = ZERO
    best_points = -1
    rest = mask
    while rest != ZERO:
        low = rest & ~(rest - ONE)
        points = card_points(tb, low, ZERO)
        if points > best_points:
            best, best_points = low, points
        rest ^= low
    return best


@njit(cache=True)
def sure_lead(tb, suit, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer, may_throw):
    """(ge1, eq2) the best sure-winner lead of `suit`: every sure unit together as a throw when there are
    several and `may_throw`, else the best single unit (`best_unit`); (0, 0) if there is none."""
    ge1, eq2 = sure_winner_mask(tb, suit, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer)
    if ge1 == ZERO:
        return ZERO, ZERO
    if suit_unit_count(tb, ge1, eq2) > 1 and may_throw:
        return ge1, eq2
    return best_unit(tb, ge1, eq2)


@njit(cache=True)
def best_plain_sure_lead(tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer, may_throw):
    """The best sure lead over the plain suits that are not running out (`suit_running_out`): most cards,
    then most points, then most unseen cards in the suit (the least likely to be ruffed). (0, 0) if none."""
    best_ge1 = ZERO
    best_eq2 = ZERO
    best_key = -1
    for suit in range(NUM_EFFECTIVE_SUITS):
        if (suit == TRUMP or (hand_ge1 & tb.suit_mask[suit]) == ZERO
                or suit_running_out(tb, suit, unseen_ge1, unseen_eq2)):
            continue
        ge1, eq2 = sure_lead(tb, suit, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer, may_throw)
        if ge1 == ZERO:
            continue
        smask = tb.suit_mask[suit]
        key = (card_count(ge1, eq2) * 1000 + card_points(tb, ge1, eq2) * 4
               + card_count(unseen_ge1 & smask, unseen_eq2 & smask))
        if key > best_key:
            best_ge1, best_eq2, best_key = ge1, eq2, key
    return best_ge1, best_eq2


# ---- the lead ----------------------------------------------------------------------------------------


@njit(cache=True)
def draw_trumps_lead(tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, may_throw):
    """The declarer draws trumps: a sure trump lead, else, holding at least a third as many trumps as are
    unseen (DRAW_LENGTH_RATIO), his cheapest trump. (0, 0) when neither applies."""
    ge1, eq2 = sure_lead(tb, TRUMP, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, True, may_throw)
    if ge1 != ZERO:
        return ge1, eq2
    tmask = tb.suit_mask[TRUMP]
    mine = card_count(hand_ge1 & tmask, hand_eq2 & tmask)
    if mine > 0 and DRAW_LENGTH_RATIO * mine >= card_count(unseen_ge1 & tmask, unseen_eq2 & tmask):
        return cheapest_single(tb, hand_ge1 & tmask, hand_eq2, POINT_COST)[0], ZERO
    return ZERO, ZERO


@njit(cache=True)
def heuristic_lead(params, tb, view, hand_ge1, hand_eq2, rng_state):
    """(rng_state, ge1, eq2): the lead of seat `view.seat` (`policies.heuristic`, Lead rules 1-5, from its hand
    less a guard card kept for the last trick: `last_trick`); the last card is led at once. Draws nothing from the
    stream."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    if hand_eq2 == ZERO and (hand_ge1 & (hand_ge1 - ONE)) == ZERO:  # one card: every rule below leads it
        return rng_state, hand_ge1, hand_eq2
    pp = play_params(params, view)
    unseen_ge1, unseen_eq2 = unseen_cards(tb, view, hand_ge1, hand_eq2)
    if tb.last_trick_kitty != 0:  # the rules below lead from the rest
        hand_ge1, hand_eq2 = guarded_hand(pp, tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, SINGLE_CARD)
    is_declarer = on_declarer_side(view, view.seat)
    may_throw = pp.throw_sure > 0.5 and tb.allow_throws != 0 and view.throw_allowed
    tmask = tb.suit_mask[TRUMP]
    rank = held_eight_rank(tb, hand_eq2) if popcount(hand_eq2) >= EIGHT_PAIRS else -1
    if rank >= 0:  # 1. an eight of a kind
        return rng_state, tb.eight_mask[rank], tb.eight_mask[rank]
    if (is_declarer and pp.draw_trumps > 0.5 and (unseen_ge1 & tmask) != ZERO
            and (hand_ge1 & tmask) != ZERO):  # 2. draw trumps
        ge1, eq2 = draw_trumps_lead(tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, may_throw)
        if ge1 != ZERO:
            return rng_state, ge1, eq2
    ge1, eq2 = best_plain_sure_lead(tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer, may_throw)
    if ge1 != ZERO:  # 3. cash sure winners
        return rng_state, ge1, eq2
    if is_declarer:  # 4. sure trumps
        ge1, eq2 = sure_lead(tb, TRUMP, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, True, may_throw)
        if ge1 != ZERO:
            return rng_state, ge1, eq2
    return rng_state, cheapest_single(tb, hand_ge1, hand_eq2, POINT_COST)[0], ZERO  # 5. a low card
